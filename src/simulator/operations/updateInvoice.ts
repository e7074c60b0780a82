/**
 * `update_invoice` (`{invoice_id, payment_status?, metadata?: [{id?, key, value}]}`): a finalized invoice's payment
 * status (a draft's is refused, `payment_status_update_on_draft_invoice`; an unknown one
 * `value_is_invalid`), and the invoice's metadata (`[{key, value}]`, at most 5 — else
 * `metadata: invalid_count` —, not on a draft — `metadata_on_draft_invoice` —: the list replaces
 * the stored one: an entry naming a stored one by `id` updates it, keeping its id and `created_at`,
 * the others are new), the reference's
 * codes; a voided invoice is refused (`update_on_voided_invoice`). Answers `{invoice}`.
 */
import { IssueCollector } from "../../core/issue.js";
import type { InvoiceMetadata } from "../invoices.js";
import { entryIdentity, metadataRecordIssues, stripMetadataNuls } from "../metadataEntries.js";
import { type Answer, fromOutcome, invalid, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isObj, type Step } from "../steps.js";

const MAX_METADATA = 5;

export function updateInvoice(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  // A voided invoice does not change (the reference answers 405).
  if (inv.status === "voided") return refusal("update_on_voided_invoice");
  const raw = stripMetadataNuls(step.body["metadata"]);
  const c = new IssueCollector();
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) c.add("invalid_value", ["metadata"]);
  const entries = Array.isArray(raw) ? raw : [];
  // The reference keeps at most five metadata entries on an invoice.
  if (entries.length > MAX_METADATA) c.add("invalid_count", ["metadata"]);
  entries.forEach((e: unknown, i) => {
    if (!isObj(e)) return c.add("invalid_value", ["metadata", i]);
    if (typeof e["key"] !== "string" || e["key"] === "") c.add(e["key"] == null ? "value_is_mandatory" : "invalid_value", ["metadata", i, "key"]);
    if (e["value"] != null && typeof e["value"] !== "string") c.add("invalid_value", ["metadata", i, "value"]);
  });
  const status = step.body["payment_status"];
  if (status != null && status !== "pending" && status !== "succeeded" && status !== "failed") c.add("value_is_invalid", ["payment_status"]);
  const issues = c.issues();
  if (issues) return invalid(issues);
  // The entries well formed, their records are checked as the reference's (keys of 20 characters, once each; values of 140).
  const metadataIssues = metadataRecordIssues(entries as { key: string; value?: string | null }[], 140);
  if (metadataIssues) return invalid(metadataIssues);
  if (status != null && inv.status === "draft") return refusal("payment_status_update_on_draft_invoice");
  if (Array.isArray(raw) && inv.status === "draft") return refusal("metadata_on_draft_invoice");
  // Checked: from here on the step is accepted.
  const refused = fromOutcome(sim.invoicing.setPaymentStatus(inv, status, step.at), "payment_status");
  if (refused !== undefined) return refused;
  if (Array.isArray(raw)) {
    // The reference's metadata update (metadataEntries.ts): by id in place, others new, the rest deleted.
    const stored = inv.metadata;
    inv.metadata = (raw as { id?: unknown; key: string; value?: string | null }[]).map((e, i): InvoiceMetadata =>
      Object.assign(entryIdentity(stored, "invoice_metadata", inv.svc_id, e.key, e.id, step.at, i), { key: e.key, value: e.value ?? null }));
    inv.updated_at = step.at;
  }
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}
