/**
 * `void_credit_note` (`{credit_note_id}`): the credit note's remaining credit is withdrawn
 * (invoice.md §10.1 `credit_status` `voided`; the reference's credit-note void). Answers
 * `{credit_note}`; a draft or unknown note is `credit_note_not_found`, one with nothing left to
 * void `no_voidable_amount`. Invoices issued afterwards no longer take credit from it.
 */
import { voidCreditNote as voided } from "../../invoice/index.js";
import { creditNoteJson } from "../creditNotes.js";
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function voidCreditNote(sim: Sim, step: Step): Answer {
  const id = step.body["credit_note_id"] ?? step.body["svc_id"];
  const note = sim.invoicing.creditNotes.find((n) => n.svc_id === id);
  if (note === undefined) return refusal("credit_note_not_found");
  const r = voided(note, step.at);
  if (!r.ok) return refusal(r.code);
  // Checked: from here on the step is accepted.
  sim.invoicing.creditNotes = sim.invoicing.creditNotes.map((n) => (n === note ? r.value : n));
  return { credit_note: creditNoteJson(r.value, { invoice: sim.invoicing.invoiceById(r.value.svc_invoice_id), organization: sim.catalog.organization }) };
}
