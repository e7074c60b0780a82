/**
 * The simulator's side of an invoice's composition (invoice.md §1.1): the pipeline's steps are
 * pure (src/invoice/compose.ts); here their inputs are looked up and what they consumed is
 * stored.
 */
import { type Decimal, dec } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import type { Fee } from "../fees/index.js";
import type { InvoiceFee } from "../invoice/index.js";
import {
  type ComposeInput, type CreditNote, createCreditNote, creditAfterTaxes, creditBeforeTaxes, estimateCreditNote, feeCreditableAmountCents,
} from "../invoice/index.js";
import { isoDay, issuedInvoice } from "./creditNotes.js";
import { addNote } from "./invoiceNotes.js";
import { TARGET_WALLET } from "./catalog.js";
import type { InvoiceBook } from "./invoiceBook.js";
import type { InvoiceLine, InvoiceRecord } from "./invoices.js";
import { latestProgressive, progressiveSource } from "./progressiveLookup.js";
import type { Subscription } from "./state.js";

/**
 * Composes the invoice from its `source` lines (invoice.md §1.1, src/invoice/compose.ts): the
 * simulator looks up what each step reads — the progressive invoices to credit (not in a
 * preview), the coupons (`apply` when finalizing, §4.4's when previewing; a draft carries
 * none), the customer's credit notes and wallets (finalizing or previewing; one-off and credit
 * invoices take none) — then stores what they consumed, unless it is a preview: the customer's
 * coupons, the credit notes drawn on, the wallet transactions, and, once the invoice is final,
 * the automatic note of a progressive credit's excess (§3, §10.6). Sets the invoice's lines,
 * credits, totals, taxes and prepaid parts.
 */
export function applyInvoiceCredits(
  book: InvoiceBook, inv: InvoiceRecord, source: readonly InvoiceLine[], chargesFrom: ReadonlyMap<Subscription, Instant>,
  at: Instant, finalizing: boolean, preview: boolean,
): void {
  const credited = (finalizing || preview) && inv.invoice_type !== "one_off" && inv.invoice_type !== "credit";
  const invoice = { svc_id: inv.svc_id, currency: inv.currency, invoice_type: inv.invoice_type };
  const stage = creditBeforeTaxes<InvoiceLine>({
    invoice, lines: source, at,
    progressive: chargesFrom.size > 0 && !preview ? progressiveSources(book, inv, source, chargesFrom) : null,
    coupons: preview
      ? { mode: "preview", applied_coupons: inv.customer.applied_coupons.filter((a) => a.status === "active"), first_plan_code: inv.runs[0]?.subscription.plan.code ?? null }
      : credited ? { mode: "apply", applied_coupons: inv.customer.applied_coupons } : { mode: "none" },
  });
  // The credit above the fees it offsets goes back on an automatic note, once the invoice is final
  // (§3, §10.6) — before the customer's notes are read, so that it can be drawn on at once.
  if (finalizing) {
    for (const x of stage.progressive_excess) {
      const p = book.invoiceById(x.progressive_invoice_id);
      const note = p === undefined ? undefined : excessCreditNote(book, p, x.amount_cents, at);
      if (note !== undefined) addNote(book, note, at);
    }
  }
  const r = creditAfterTaxes(stage, {
    invoice, at,
    credit_notes: credited ? book.creditNotes.filter((n) => book.invoiceById(n.svc_invoice_id)?.customer === inv.customer) : null,
    wallets: credited ? { accounts: book.ctx.wallets.of(inv.customer), target_wallet_code: (l) => targetWallet(l.billed.fee) } : null,
  });
  if (!preview) {
    if (r.consumed.applied_coupons !== null) inv.customer.applied_coupons = r.consumed.applied_coupons;
    if (r.consumed.credit_notes.length > 0) {
      const updated = new Map(r.consumed.credit_notes.map((n) => [n.svc_id, n]));
      book.creditNotes = book.creditNotes.map((n) => updated.get(n.svc_id) ?? n);
    }
    if (r.consumed.wallets !== null) book.ctx.wallets.update(r.consumed.wallets.accounts, r.consumed.wallets.transactions, at);
  }
  inv.lines = r.lines;
  inv.computed_at = at;
  inv.updated_at = at;
  inv.credits = r.credits;
  inv.totals = r.totals;
  inv.taxes = r.taxes;
  inv.prepaid = r.prepaid;
}

/**
 * §3: per subscription, the latest progressive-billing invoice whose charges period holds
 * this invoice's charges start (capped at the charge fees it billed), and how a progressive
 * fee finds the fee of this invoice it lands on (same charge, filter and group).
 */
function progressiveSources(
  book: InvoiceBook, inv: InvoiceRecord, lines: readonly InvoiceLine[], chargesFrom: ReadonlyMap<Subscription, Instant>,
): NonNullable<ComposeInput<InvoiceLine>["progressive"]> {
  const keyOf = (l: InvoiceLine): string => JSON.stringify([l.fee.svc_charge_id, l.billed.fee.item.filters ?? null, l.billed.fee.item.grouped_by ?? {}]);
  const found: (InvoiceRecord | undefined)[] = [];
  const subscriptions = [...chargesFrom].map(([s, from]) => {
    const latest = latestProgressive(book, s, from, inv);
    found.push(latest);
    return { subscription_id: s.svc_id, latest: latest === undefined ? null : progressiveSource(book, latest, inv) };
  });
  // The keys are written when first asked for (most invoices have no progressive invoice to credit, and never ask).
  let keys: Map<string, string> | undefined;
  const fee_key = (f: InvoiceFee): string => {
    if (keys === undefined) {
      keys = new Map();
      for (const latest of found) for (const l of [...lines, ...(latest?.lines ?? [])]) keys.set(l.fee.svc_id, keyOf(l));
    }
    return keys.get(f.svc_id) ?? "";
  };
  return { subscriptions, fee_key };
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
