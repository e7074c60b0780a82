/**
 * `finalize_invoice` (`{invoice_id}`, invoice.md §1.3): a draft is refreshed with what arrived
 * since, then finalized. Only a draft: any other invoice is `invoice_not_found`, as the reference's
 * API answers it (its controller looks the id up among drafts; the service below it would answer a
 * finalized invoice unchanged, which no call reaches). Answers `{invoice}`.
 */
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function finalizeInvoice(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined || inv.status !== "draft") return refusal("invoice_not_found");
  sim.invoicing.finalize(inv, step.at);
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}
