/**
 * `update_credit_note` (`{credit_note_id, refund_status?}`; beyond the contract's list, the
 * service's `PUT /credit_notes/{id}` `{credit_note: {refund_status, metadata}}`): the note's
 * `refund_status` becomes `pending`, `succeeded` or `failed` (as the reference's update, whatever
 * its refund), its `updated_at` the step's instant. `metadata` is not kept (an `ignored_field`
 * warning). Answers `{credit_note}`.
 */
import { creditNoteJson } from "../creditNotes.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isObj, type Step } from "../steps.js";

const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

export function updateCreditNote(sim: Sim, step: Step): Answer {
  const b = isObj(step.body["credit_note"]) ? { ...step.body["credit_note"], credit_note_id: step.body["credit_note_id"] } : step.body;
  const id = b["credit_note_id"] ?? b["svc_id"];
  const note = sim.invoicing.creditNotes.find((n) => n.svc_id === id);
  if (note === undefined || note.status === "draft") return refusal("credit_note_not_found");
  const status = b["refund_status"];
  if (status !== undefined && !(REFUND_STATUSES as readonly unknown[]).includes(status)) return invalidField("value_is_invalid", ["refund_status"]);
  // Checked: from here on the step is accepted.
  if (b["metadata"] !== undefined) sim.warn(step.at, `credit note ${note.number}: metadata is not kept by the simulator; ignored`, step.index, "ignored_field");
  const updated = status === undefined ? note : Object.assign({}, note, { refund_status: status as (typeof REFUND_STATUSES)[number], updated_at: step.at });
  sim.invoicing.creditNotes = sim.invoicing.creditNotes.map((n) => (n === note ? updated : n));
  return { credit_note: creditNoteJson(updated, { invoice: sim.invoicing.invoiceById(updated.svc_invoice_id), organization: sim.catalog.organization }) };
}
