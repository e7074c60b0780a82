/**
 * The credit steps of an invoice build (invoice.md §1.1): (a) progressive-billing credits
 * (§3), (b) coupons (preview coupons §4.4 when previewing), then after taxes (d) the
 * customer's credit notes, oldest first, and (e) the prepaid credits of its wallets.
 */
import { type Decimal, dec } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import type { Fee } from "../fees/index.js";
import {
  type CreditNote, type InvoiceCredit, applyCoupons, applyCreditNoteCredits, applyPrepaidCredits, createCreditNote, estimateCreditNote,
  feeCreditableAmountCents, feeTaxAmounts, previewCoupons, progressiveBillingCredits,
} from "../invoice/index.js";
import { isoDay, issuedInvoice } from "./creditNotes.js";
import { addNote } from "./invoiceNotes.js";
import { TARGET_WALLET } from "./catalog.js";
import type { InvoiceBook } from "./invoiceBook.js";
import { type InvoiceLine, type InvoiceRecord, invoiceTotals } from "./invoices.js";
import { latestProgressive, progressiveSource } from "./progressiveLookup.js";
import type { Subscription } from "./state.js";

/** The lines after every credit step, the credits given and the amounts each step took. */
export interface CreditedLines {
  readonly lines: readonly InvoiceLine[];
  readonly credits: readonly InvoiceCredit[];
  readonly progressive: bigint;
  readonly coupons: bigint;
  readonly after: { readonly credit_notes: bigint; readonly prepaid: bigint };
}

/**
 * Applies the credit steps to the invoice's `source` lines; coupons, credit notes and
 * wallets only when `finalizing` or `preview` (a draft carries none; a one-off invoice
 * takes none). A preview consumes nothing; otherwise the customer's coupons, its credit
 * notes and its wallets are updated. Sets `inv.prepaid`.
 */
export function applyInvoiceCredits(
  book: InvoiceBook, inv: InvoiceRecord, source: readonly InvoiceLine[], chargesFrom: ReadonlyMap<Subscription, Instant>,
  at: Instant, finalizing: boolean, preview: boolean,
): CreditedLines {
  let lines = source;
  const feesAmount = lines.reduce((a, l) => a + l.fee.amount_cents, 0n);
  const credits: InvoiceCredit[] = [];
  // (a) progressive-billing credits, drafts included (§3).
  let progressive = 0n;
  if (chargesFrom.size > 0 && !preview) {
    const r = progressiveCredits(book, inv, lines, chargesFrom, at, finalizing);
    lines = r.lines;
    progressive = r.amount;
    credits.push(...r.credits);
  }
  let coupons = 0n;
  // One-off and credit invoices take no coupons, credit notes or prepaid credits (§1.2).
  const credited = (finalizing || preview) && inv.invoice_type !== "one_off" && inv.invoice_type !== "credit";
  if (preview && feesAmount > 0n) {
    // §4.4: the customer's active coupons, never metric-limited ones, nothing consumed.
    const r = previewCoupons({
      invoice_id: inv.svc_id, currency: inv.currency, fees: lines.map((l) => l.fee), sub_total_excluding_taxes_amount_cents: feesAmount,
      applied_coupons: inv.customer.applied_coupons.filter((a) => a.status === "active"), first_plan_code: inv.runs[0]?.subscription.plan.code ?? null,
    });
    lines = lines.map((l, i) => ({ ...l, fee: r.fees[i]!, taxes: feeTaxAmounts(r.fees[i]!) }));
    coupons = r.coupons_amount_cents;
    credits.push(...r.credits);
  } else if (credited && feesAmount > 0n && inv.customer.applied_coupons.length > 0) {
    const r = applyCoupons({
      invoice_id: inv.svc_id, currency: inv.currency, at, fees: lines.map((l) => l.fee),
      sub_total_excluding_taxes_amount_cents: feesAmount - progressive, applied_coupons: inv.customer.applied_coupons,
    });
    lines = lines.map((l, i) => ({ ...l, fee: r.fees[i]!, taxes: feeTaxAmounts(r.fees[i]!) }));
    coupons = r.coupons_amount_cents;
    credits.push(...r.credits);
    inv.customer.applied_coupons = r.applied_coupons;
  }
  // (c) taxes, then (d) credit notes of the customer, oldest first (finalizing only).
  let after = { credit_notes: 0n, prepaid: 0n };
  if (credited) {
    const before = invoiceTotals(lines, { progressive, coupons }, after).totals;
    const r = applyCreditNoteCredits({
      invoice: { svc_id: inv.svc_id, currency: inv.currency, invoice_type: inv.invoice_type, total_amount_cents: before.total_amount_cents, fees: lines.map((l) => l.fee) },
      credit_notes: book.creditNotes.filter((n) => book.invoiceById(n.svc_invoice_id)?.customer === inv.customer),
    });
    if (r.credits.length > 0) {
      lines = lines.map((l, i) => ({ ...l, fee: r.fees[i]! }));
      const updated = new Map(r.credit_notes.map((n) => [n.svc_id, n]));
      if (!preview) book.creditNotes = book.creditNotes.map((n) => updated.get(n.svc_id) ?? n);
      credits.push(...r.credits);
      after = { credit_notes: r.credit_notes_amount_cents, prepaid: 0n };
    }
  }
  // (e) prepaid credits of the customer's wallets (finalizing, total > 0).
  inv.prepaid = { granted: null, purchased: null };
  if (credited) {
    const total = invoiceTotals(lines, { progressive, coupons }, after).totals.total_amount_cents;
    const accounts = book.ctx.wallets.of(inv.customer);
    if (total > 0n && accounts.length > 0) {
      const r = applyPrepaidCredits({
        svc_invoice_id: inv.svc_id, currency: inv.currency, total_amount_cents: total, at,
        fees: lines.map((l) => ({ fee: l.fee, taxes_precise_amount_cents: l.taxes.taxes_precise_amount_cents, target_wallet_code: targetWallet(l.billed.fee) })), accounts,
      });
      if (!preview) book.ctx.wallets.update(r.accounts, r.transactions);
      after = { ...after, prepaid: r.prepaid_credit_amount_cents };
      inv.prepaid = { granted: r.prepaid_granted_credit_amount_cents, purchased: r.prepaid_purchased_credit_amount_cents };
    }
  }
  return { lines, credits, progressive, coupons, after };
}

/**
 * §3: per subscription, the latest progressive-billing invoice whose charges period holds
 * this invoice's charges start is credited (capped at the charge fees it billed), and its
 * fees' full amounts are spread on the matching fees.
 */
function progressiveCredits(
  book: InvoiceBook, inv: InvoiceRecord, lines: readonly InvoiceLine[], chargesFrom: ReadonlyMap<Subscription, Instant>, at: Instant, finalizing: boolean,
): { lines: InvoiceLine[]; credits: InvoiceCredit[]; amount: bigint } {
  const keys = new Map<string, string>();
  const keyOf = (l: InvoiceLine): string => JSON.stringify([l.fee.svc_charge_id, l.billed.fee.item.filters ?? null, l.billed.fee.item.grouped_by ?? {}]);
  const subscriptions = [...chargesFrom].map(([s, from]) => {
    const latest = latestProgressive(book, s, from, inv);
    for (const l of [...lines, ...(latest?.lines ?? [])]) keys.set(l.fee.svc_id, keyOf(l));
    return { subscription_id: s.svc_id, latest: latest === undefined ? null : progressiveSource(book, latest, inv) };
  });
  if (subscriptions.every((x) => x.latest === null)) return { lines: [...lines], credits: [], amount: 0n };
  const r = progressiveBillingCredits({
    invoice_id: inv.svc_id, currency: inv.currency, fees: lines.map((l) => l.fee), subscriptions, fee_key: (f) => keys.get(f.svc_id) ?? "",
  });
  // The credit above the fees it offsets goes back on an automatic note, once the invoice is final (§3, §10.6).
  if (finalizing) {
    for (const x of r.excess) {
      const p = book.invoiceById(x.progressive_invoice_id);
      const note = p === undefined ? undefined : excessCreditNote(book, p, x.amount_cents, at);
      if (note !== undefined) addNote(book, note, at);
    }
  }
  return { lines: lines.map((l, i) => ({ ...l, fee: r.fees[i]!, taxes: feeTaxAmounts(r.fees[i]!) })), credits: r.credits, amount: r.progressive_billing_credit_amount_cents };
}

/**
 * The automatic note for `excess` cents on progressive invoice `p` (§3): items from its fees
 * in decreasing amount, each what is still creditable on the fee up to what is left to
 * cover; reason `other`, credited (credit = the note's total, amounts as §10.2).
 */
function excessCreditNote(book: InvoiceBook, p: InvoiceRecord, excess: bigint, at: Instant): CreditNote | undefined {
  const issued = issuedInvoice(p, book.creditNotes);
  let left = excess;
  const items: { fee: InvoiceRecord["lines"][number]["fee"]; precise_amount_cents: Decimal }[] = [];
  for (const fee of [...issued.fees].sort((a, b) => (a.amount_cents < b.amount_cents ? 1 : a.amount_cents > b.amount_cents ? -1 : 0))) {
    if (left <= 0n) break;
    const creditable = feeCreditableAmountCents(issued, fee);
    const take = creditable < left ? creditable : left;
    if (take <= 0n) continue;
    items.push({ fee, precise_amount_cents: dec(take) });
    left -= take;
  }
  if (items.length === 0) return undefined;
  const estimate = estimateCreditNote(issued, items);
  const r = createCreditNote(issued, {
    reason: "other", description: null, credit_amount_cents: estimate.max_creditable_amount_cents, refund_amount_cents: 0n, offset_amount_cents: 0n, items,
  }, { created_at: at, issuing_date: isoDay(at, book.ctx.timezoneOf(p.customer)) });
  return r.ok ? r.value : undefined;
}

/** The wallet an event targeted, carried by the fee's group (invoice.md §9 buckets). */
export function targetWallet(fee: Fee): string | null {
  return fee.item.grouped_by?.[TARGET_WALLET] ?? null;
}
