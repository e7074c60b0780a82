/** `refresh_invoice` (`{invoice_id}`, invoice.md §1.2.1): a draft recomputed from what its period holds now. Answers `{invoice}`. */
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function refreshInvoice(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  sim.invoicing.refresh(inv, step.at);
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}
