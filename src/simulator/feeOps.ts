/**
 * Fees created without invoice (non-invoiceable pay-in-advance charges, invoice.md §1.2): their
 * payment and its `update_fee {fee_id, payment_status}` step (contract §4; interface spec Fee),
 * and their JSON in the result's `fees`.
 */
import { issue, ValidationError } from "../core/issue.js";
import { FEE_PAYMENT_STATUSES, type FeePaymentStatus, type StandaloneFee, setFeePayment, standaloneFeeJson } from "./standaloneFees.js";
import type { Sim } from "./sim.js";
import { refuse, type Step } from "./steps.js";

/**
 * `update_fee {fee_id, payment_status}`: the payment status of a fee without invoice. A fee on
 * an invoice follows its invoice (invoice.md §1.1 Payments), so the service refuses it
 * (`invoiced_fee`), as it does once the fee is regrouped on an `advance_charges` invoice.
 * Answers `{fee}`.
 */
export function updateFee(sim: Sim, step: Step): unknown {
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
