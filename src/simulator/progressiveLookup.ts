/**
 * Looking up what progressive billing already billed (invoice.md §3, §12): the latest
 * progressive-billing invoice of a charges period, what of it is still creditable, the
 * progressive-billed amount and the invoiced usage of a subscription.
 */
import type { Instant } from "../core/instant.js";
import type { ProgressiveCreditSource } from "../invoice/index.js";
import type { InvoiceBook } from "./invoiceBook.js";
import type { InvoiceRecord } from "./invoices.js";
import type { AppliedUsageThreshold } from "./runs.js";
import type { Subscription } from "./state.js";

/** The finalized progressive-billing invoices of `s` (other than `inv`) whose charges period holds `chargesFrom`, oldest first. */
export function progressiveInvoices(book: InvoiceBook, s: Subscription, chargesFrom: Instant, inv?: InvoiceRecord): InvoiceRecord[] {
  return book.invoicesNamed(s.external_id).filter((i) => {
    if (i === inv || i.invoice_type !== "progressive_billing" || i.status !== "finalized" || !i.runs.some((r) => r.subscription === s)) return false;
    const p = i.billing_periods[0];
    if (p === undefined || p.charges_from_datetime === null || p.charges_to_datetime === null) return false;
    return Date.parse(p.charges_from_datetime) <= chargesFrom && chargesFrom <= Date.parse(p.charges_to_datetime);
  });
}

/** The latest of {@link progressiveInvoices}. */
export function latestProgressive(book: InvoiceBook, s: Subscription, chargesFrom: Instant, inv?: InvoiceRecord): InvoiceRecord | undefined {
  return progressiveInvoices(book, s, chargesFrom, inv).at(-1);
}

/** The progressive-billing invoice `p` as a credit source for `inv`: what other invoices and credit notes already took. */
export function progressiveSource(book: InvoiceBook, p: InvoiceRecord, inv: InvoiceRecord): ProgressiveCreditSource {
  const taken = book.invoicesOf(p.customer).filter((i) => i !== inv && i !== p && i.status !== "voided" && i.status !== "closed")
    .flatMap((i) => i.credits).filter((c) => c.item.type === "invoice" && c.item.svc_item_id === p.svc_id).reduce((a, c) => a + c.amount_cents, 0n);
  const notes = book.creditNotes.filter((n) => n.svc_invoice_id === p.svc_id && (n.credit_status === "available" || n.credit_status === "consumed"))
    .reduce((a, n) => a + n.credit_amount_cents, 0n);
  return {
    svc_id: p.svc_id, number: p.number, fees_amount_cents: p.totals.fees_amount_cents, coupons_amount_cents: p.totals.coupons_amount_cents,
    credits_taken_amount_cents: taken, credit_notes_amount_cents: notes, fees: p.lines.map((l) => l.fee),
  };
}

/** The progressive-billed amount `P` of the period holding `at` for `s` (§12.3). */
export function progressiveBilled(book: InvoiceBook, s: Subscription, chargesFrom: Instant): bigint {
  return latestProgressive(book, s, chargesFrom)?.totals.fees_amount_cents ?? 0n;
}

/** Σ charge fees of `s`'s subscription invoices, drafts included (§12.2 invoiced usage). */
export function invoicedUsage(book: InvoiceBook, s: Subscription): bigint {
  return book.invoicesNamed(s.external_id).filter((i) => i.invoice_type === "subscription" && (i.status === "finalized" || i.status === "draft"))
    .flatMap((i) => i.lines).filter((l) => l.fee.fee_type === "charge" && l.run?.subscription.external_id === s.external_id && l.run.subscription.subscription_at === s.subscription_at)
    .reduce((a, l) => a + l.fee.amount_cents, 0n);
}

/**
 * The thresholds the progressive-billing invoices of `s` applied (the records under its external
 * id with its `subscription_at`, not canceled), each with its invoice's creation: when the
 * threshold was reached (§12.4 `reached_at`).
 */
export function appliedThresholds(book: InvoiceBook, s: Subscription): { readonly threshold: AppliedUsageThreshold; readonly at: Instant }[] {
  return book.invoicesNamed(s.external_id).filter((i) => i.invoice_type === "progressive_billing").flatMap((i) => i.runs
    .filter((r) => r.subscription.subscription_at === s.subscription_at && r.subscription.canceled_at === null)
    .flatMap((r) => (r.thresholds ?? []).map((threshold) => ({ threshold, at: i.created_at }))));
}

