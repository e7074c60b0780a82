/**
 * Fees created without invoice (non-invoiceable pay-in-advance charges, invoice.md §1.2): their
 * payment, and their JSON in the result's `fees` (`update_fee` is operations/updateFee.ts).
 */
import { formatInstant, type Instant } from "../core/instant.js";
import type { FeePayment, InvoiceEntry } from "./invoiceBook.js";
import { feeJson, type InvoiceLine } from "./invoices.js";

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
