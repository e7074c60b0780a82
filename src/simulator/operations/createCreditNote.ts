/** `create_credit_note` (invoice.md §10): a credit note on a finalized invoice. Answers `{credit_note}`. */
import { creditNoteJson } from "../creditNotes.js";
import { type Answer, fromResult, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function createCreditNote(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  const note = fromResult(sim.invoicing.createNote(inv, step.body, step.at));
  if (isRefusal(note)) return note;
  return { credit_note: creditNoteJson(note, { invoice: inv, organization: sim.catalog.organization }) };
}
