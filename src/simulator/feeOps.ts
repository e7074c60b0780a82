/**
 * Fees created without invoice (non-invoiceable pay-in-advance charges, invoice.md §1.2): their
 * payment and its `update_fee {fee_id, payment_status}` step (contract §4; interface spec Fee),
 * and their JSON in the result's `fees`.
 */
import { formatInstant, type Instant } from "../core/instant.js";
import { issue, ValidationError } from "../core/issue.js";
import type { FeePayment, InvoiceEntry } from "./invoiceBook.js";
import { feeJson, type InvoiceLine } from "./invoices.js";
import type { Simulation } from "./simulate.js";
import { refuse, type Step } from "./steps.js";

/** An invoice-less fee with its payment. */
export type StandaloneFee = Extract<InvoiceEntry, { readonly line: InvoiceLine }>;

/** The payment states of a fee (interface spec Fee `payment_status`). */
export const FEE_PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;
export type FeePaymentStatus = (typeof FEE_PAYMENT_STATUSES)[number];

/** A fee's payment when it is created: pending, on no invoice. */
export const newFeePayment = (): FeePayment => ({ status: "pending", succeeded_at: null, failed_at: null, refunded_at: null, invoice: null });

/**
 * Sets the payment status at `at`: only the instant of the current status is kept (a fee may go
 * pending → failed → pending → succeeded; `succeeded_at` is what invoice.md §1.4 compares).
 */
export function setFeePayment(p: FeePayment, status: FeePaymentStatus, at: Instant): void {
  p.status = status;
  p.succeeded_at = status === "succeeded" ? at : null;
  p.failed_at = status === "failed" ? at : null;
  p.refunded_at = status === "refunded" ? at : null;
}

/** An invoice-less fee as `fees` and `update_fee` show it: its payment, and the `advance_charges` invoice holding it once regrouped. */
export function standaloneFeeJson(e: StandaloneFee): Record<string, unknown> {
  const iso = (t: Instant | null): string | null => (t === null ? null : formatInstant(t));
  return {
    ...(feeJson(e.payment.invoice, e.line) as Record<string, unknown>),
    payment_status: e.payment.status,
    succeeded_at: iso(e.payment.succeeded_at),
    failed_at: iso(e.payment.failed_at),
    refunded_at: iso(e.payment.refunded_at),
  };
}

/**
 * `update_fee {fee_id, payment_status}`: the payment status of a fee without invoice. A fee on
 * an invoice follows its invoice (invoice.md §1.1 Payments), so the service refuses it
 * (`invoiced_fee`), as it does once the fee is regrouped on an `advance_charges` invoice.
 * Answers `{fee}`.
 */
export function updateFee(sim: Simulation, step: Step): unknown {
  const id = step.body["fee_id"];
  const entry = sim.invoicing.entries.find((e): e is StandaloneFee => "line" in e && e.line.fee.svc_id === id);
  if (entry === undefined) {
    const invoiced = typeof id === "string" && sim.invoicing.invoices.some((i) => i.status !== "closed" && i.lines.some((l) => l.fee.svc_id === id));
    return refuse(invoiced ? "invoiced_fee" : "fee_not_found");
  }
  if (Object.hasOwn(step.body, "payment_status")) {
    if (entry.payment.invoice !== null) return refuse("invoiced_fee");
    const status = step.body["payment_status"];
    if (!(FEE_PAYMENT_STATUSES as readonly unknown[]).includes(status)) throw new ValidationError([issue("invalid_value", ["payment_status"])]);
    setFeePayment(entry.payment, status as FeePaymentStatus, step.at);
  }
  return { fee: standaloneFeeJson(entry) };
}
