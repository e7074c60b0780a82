/**
 * `void_invoice` (`{invoice_id, generate_credit_note?, credit_amount?, refund_amount?}`,
 * invoice.md §10.7): a finalized invoice voided, with the credit note it asks for. Answers
 * `{invoice}`.
 */
import { type Answer, fromResult, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function voidInvoice(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  const r = fromResult(sim.invoicing.void(inv, step.at, step.body));
  if (isRefusal(r)) return r;
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}
