/**
 * `update_fee {fee_id, payment_status}`: the payment status of a fee without invoice
 * (non-invoiceable pay-in-advance charges, invoice.md §1.2; contract §4). A fee on an invoice
 * follows its invoice (invoice.md §1.1 Payments), so the service refuses it (`invoiced_fee`),
 * as it does once the fee is regrouped on an `advance_charges` invoice. Answers `{fee}`.
 */
import { FEE_PAYMENT_STATUSES, type FeePaymentStatus, type StandaloneFee, setFeePayment, standaloneFeeJson } from "../standaloneFees.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function updateFee(sim: Sim, step: Step): Answer {
  const id = step.body["fee_id"];
  const entry = sim.invoicing.entries.find((e): e is StandaloneFee => "line" in e && e.line.fee.svc_id === id);
  if (entry === undefined) {
    const invoiced = typeof id === "string" && sim.invoicing.invoices.some((i) => i.status !== "closed" && i.lines.some((l) => l.fee.svc_id === id));
    return refusal(invoiced ? "invoiced_fee" : "fee_not_found");
  }
  if (Object.hasOwn(step.body, "payment_status")) {
    if (entry.payment.invoice !== null) return refusal("invoiced_fee");
    const status = step.body["payment_status"];
    if (!(FEE_PAYMENT_STATUSES as readonly unknown[]).includes(status)) return invalidField("value_is_invalid", ["payment_status"]);
    setFeePayment(entry.payment, status as FeePaymentStatus, step.at);
  }
  return { fee: standaloneFeeJson(entry) };
}
