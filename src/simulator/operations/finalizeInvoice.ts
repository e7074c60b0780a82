/**
 * `finalize_invoice` (`{invoice_id}`, invoice.md §1.3): a draft is refreshed with what arrived
 * since, then finalized; a finalized invoice answers as it is. Answers `{invoice}`.
 */
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function finalizeInvoice(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  sim.invoicing.finalize(inv, step.at);
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}
