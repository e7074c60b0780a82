/**
 * Credit notes and voiding on issued invoices (invoice.md §10, §16): creating and estimating
 * a note, recording one (with its webhook), the fee a termination note credits, and
 * `void_invoice` with its coupon and wallet give-backs.
 */
import { type Instant, formatInstant } from "../core/instant.js";
import {
  type CreditNote, type CreditNoteOutcome, type EstimatedCreditNote, createCreditNote, estimateCreditNote, parseCreateCreditNote,
  parseEstimateCreditNote, parseVoidInvoiceBody, recreditCoupons, recreditVoidedInvoice, voidInvoiceCreditNotes, voidWalletCents,
} from "../invoice/index.js";
import { issue } from "../core/issue.js";
import { creditNoteJson, isoDay, issuedInvoice } from "./creditNotes.js";
import { validItemMetadata } from "./metadataEntries.js";
import { type InvoiceBook, setInvoicePayment } from "./invoiceBook.js";
import { type InvoiceLine, type InvoiceRecord, invoiceJson } from "./invoices.js";
import type { Subscription } from "./state.js";

/** `create_credit_note` on an invoice (§10). */
export function createNote(book: InvoiceBook, inv: InvoiceRecord, body: Readonly<Record<string, unknown>>, at: Instant): CreditNoteOutcome<CreditNote> {
  // A draft has nothing creditable yet (§10.4): only its own automatic notes are drafts. A voided
  // invoice keeps its amounts and takes notes, which are finalized (§10.1).
  if (inv.status !== "finalized" && inv.status !== "voided") return { ok: false, code: "invalid_type_or_status" };
  const issued = issuedInvoice(inv, book.creditNotes, walletCreditable(book, inv));
  const req = parseCreateCreditNote(body, issued);
  if (!req.ok) return req;
  if (!validItemMetadata(body["metadata"])) return { ok: false, code: "validation_errors", issues: [issue("invalid_value", ["metadata"])] };
  const r = createCreditNote(issued, req.value, { created_at: at, issuing_date: isoDay(at, book.ctx.timezoneOf(inv.customer)) });
  if (!r.ok) return r;
  // Its metadata, a free map kept as sent (objects.md §3; none when empty).
  const meta = body["metadata"];
  const note = typeof meta === "object" && meta !== null && !Array.isArray(meta) && Object.keys(meta).length > 0
    ? Object.assign({}, r.value, { metadata: { ...(meta as Record<string, unknown>) } }) : r.value;
  addNote(book, note, at);
  if (inv.invoice_type === "credit") debitPurchase(book, inv, note, at);
  return { ok: true, value: note };
}

/**
 * What the wallet of a credit invoice (a purchase of credits) can give back (§10.3): its
 * balance, or on a traceable wallet what is left of that purchase; null when the wallet
 * is not active (no note is then possible).
 */
function walletCreditable(book: InvoiceBook, inv: InvoiceRecord): bigint | null {
  if (inv.invoice_type !== "credit") return null;
  const p = book.ctx.wallets.purchaseOf(inv.svc_id);
  if (p === undefined || p.account.wallet.status !== "active") return null;
  if (!p.account.wallet.traceable) return p.account.wallet.balance_cents;
  return p.account.transactions.find((t) => t.svc_id === p.svc_transaction_id)?.remaining_amount_cents ?? 0n;
}

/** A note on a credit invoice takes its amount back from the wallet: a `voided` transaction (§10.3). */
function debitPurchase(book: InvoiceBook, inv: InvoiceRecord, note: CreditNote, at: Instant): void {
  const p = book.ctx.wallets.purchaseOf(inv.svc_id);
  if (p === undefined) return;
  const r = voidWalletCents(p.account, note.total_amount_cents, at, { svc_inbound_transaction_id: p.svc_transaction_id, svc_credit_note_id: note.svc_id });
  if (r.transaction !== null) book.ctx.wallets.update([r.account], [r.transaction], at);
}

/** `estimate_credit_note` (§10.5): nothing changes. */
export function estimateNote(book: InvoiceBook, inv: InvoiceRecord, body: Readonly<Record<string, unknown>>): CreditNoteOutcome<EstimatedCreditNote> {
  const issued = issuedInvoice(inv, book.creditNotes, walletCreditable(book, inv));
  const items = parseEstimateCreditNote(body, issued);
  return items.ok ? { ok: true, value: estimateCreditNote(issued, items.value) } : items;
}

/** Records a note and its `credit_note.created` webhook. */
export function addNote(book: InvoiceBook, note: CreditNote, at: Instant): void {
  book.creditNotes.push(note);
  book.webhooks.push({ type: "credit_note.created", at: formatInstant(at), object: creditNoteJson(note, { invoice: book.invoiceById(note.svc_invoice_id), organization: book.ctx.organization }) });
  if (note.offset_amount_cents > 0n) settleByOffsets(book, note.svc_invoice_id, at);
}

/**
 * An offset settles what it covers: when the manual payments and the credit-note offsets of a
 * finalized invoice reach its total, it is paid (§1.1 Payments, the rule of `create_payment`).
 * A credit invoice is left alone: its offset cancels the purchase, it does not pay for it.
 */
function settleByOffsets(book: InvoiceBook, invoiceId: string, at: Instant): void {
  const inv = book.invoiceById(invoiceId);
  if (inv === undefined || inv.status !== "finalized" || inv.invoice_type === "credit" || inv.payment_status === "succeeded") return;
  const offsets = book.creditNotes.reduce((a, n) => (n.svc_invoice_id === invoiceId ? a + n.offset_amount_cents : a), 0n);
  if (inv.totals.total_amount_cents > 0n && inv.total_paid_amount_cents + offsets >= inv.totals.total_amount_cents) setInvoicePayment(inv, "succeeded", at);
}

/** The last subscription fee of `s` on a live invoice, with that invoice (termination credit notes). */
export function lastSubscriptionFee(book: InvoiceBook, s: Subscription): { line: InvoiceLine; invoice: InvoiceRecord } | undefined {
  const invoices = book.invoicesNamed(s.external_id);
  for (let i = invoices.length - 1; i >= 0; i--) {
    const inv = invoices[i]!;
    if (inv.status === "closed") continue;
    const line = [...inv.lines].reverse().find((l) => l.fee.fee_type === "subscription" && l.run?.subscription === s);
    if (line !== undefined) return { line, invoice: inv };
  }
  return undefined;
}

/** `void_invoice`: only a finalized invoice; its coupon credits are given back, credit notes as asked (§16, §4.3). */
export function voidInvoice(book: InvoiceBook, inv: InvoiceRecord, at: Instant, body: Readonly<Record<string, unknown>>): CreditNoteOutcome<null> {
  if (inv.status !== "finalized") return { ok: false, code: "not_voidable" };
  const request = parseVoidInvoiceBody(body);
  if (!request.ok) return { ok: false, code: "validation_errors", issues: request.issues };
  const notes = voidInvoiceCreditNotes(issuedInvoice(inv, book.creditNotes), request.value, { created_at: at, issuing_date: isoDay(at, book.ctx.timezoneOf(inv.customer)) });
  if (!notes.ok) return notes;
  for (const n of notes.value.credit_notes) addNote(book, n, at);
  // Without a note, the wallets that paid get their credits back (§16).
  if (notes.value.recredit_wallets) {
    for (const account of book.ctx.wallets.of(inv.customer)) {
      const r = recreditVoidedInvoice(account, inv.svc_id, at);
      book.ctx.wallets.update([r.account], r.transactions, at);
    }
  }
  inv.status = "voided";
  inv.voided_at = at;
  inv.updated_at = at;
  inv.customer.applied_coupons = recreditCoupons(inv.customer.applied_coupons, inv.svc_id, at);
  book.webhooks.push({ type: "invoice.voided", at: formatInstant(at), object: invoiceJson(inv, book.ctx.organization) });
  return { ok: true, value: null };
}
