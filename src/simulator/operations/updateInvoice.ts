/**
 * `update_invoice` (`{invoice_id, payment_status, metadata?}`): a finalized invoice's payment
 * status (a draft's is refused, `payment_status_update_on_draft_invoice`). Answers `{invoice}`.
 */
import { type Answer, fromOutcome, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function updateInvoice(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  const refused = fromOutcome(sim.invoicing.setPaymentStatus(inv, step.body["payment_status"], step.at), "payment_status");
  if (refused !== undefined) return refused;
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}
