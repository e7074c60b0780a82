/** `estimate_credit_note` (the body of a credit note, invoice.md §10.5): what it would credit. Answers `{estimated_credit_note}` and changes nothing. */
import { estimatedNoteJson } from "../creditNotes.js";
import { type Answer, fromResult, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function estimateCreditNote(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  const estimate = fromResult(sim.invoicing.estimateNote(inv, step.body));
  if (isRefusal(estimate)) return estimate;
  return { estimated_credit_note: estimatedNoteJson(estimate, inv) };
}
