/**
 * Draft credit notes follow their draft invoice (invoice.md §1.2.1, §10.1): when the draft is
 * refreshed, its notes are recomputed on the new fee keeping their items' proportions; when it
 * is finalized, they are finalized with it.
 */
import { ZERO, dec, round, sum } from "../../core/decimal.js";
import { decimalToFloat, floatToDecimal } from "../../core/float.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import { appliedTaxRows, creditNoteAmounts } from "./creditNoteAmounts.js";
import type { CreditNote } from "./creditNoteTypes.js";
import type { InvoiceFee } from "../types.js";
import { q5 } from "../wallet/walletCredit.js";

/**
 * The draft `note` moved onto `fee` (the refreshed draft's new fee). With the old fee's amount,
 * each item becomes `double(item) / double(old) × new amount` (0 when the old amount was 0);
 * without it, the items keep their amounts. Taxes are the sum of the rounded applied taxes;
 * `credit = rhu(trunc5(Σ items) − adjustment + taxes)`, then the one-cent fix on the total
 * (`credit = total − refund`). A finalized note is returned unchanged.
 */
export function refreshDraftCreditNote(note: CreditNote, fee: InvoiceFee, old_fee_amount_cents: bigint | null): CreditNote {
  if (note.status !== "draft") return note;
  const precise = note.items.map((it) => {
    if (old_fee_amount_cents === null) return it.precise_amount_cents;
    if (old_fee_amount_cents === 0n) return ZERO;
    return q5(floatToDecimal((decimalToFloat(it.precise_amount_cents) / Number(old_fee_amount_cents)) * Number(fee.amount_cents)));
  });
  const a = creditNoteAmounts(precise.map((p) => ({ fee, precise_amount_cents: p })));
  const taxes = a.taxes.reduce((acc, t) => acc + t.amount_cents, 0n);
  const credit = roundCents(round(sum(precise), 5, "down").minus(a.coupons_adjustment).plus(dec(taxes)));
  let total = credit + note.refund_amount_cents;
  const net = total - taxes;
  if (net !== a.sub_total_excluding_taxes_amount_cents) total += net > a.sub_total_excluding_taxes_amount_cents ? -1n : 1n;
  const credited = total - note.refund_amount_cents;
  return {
    ...note,
    items: note.items.map((it, i) => {
      const p = precise[i] ?? ZERO;
      return { ...it, fee_id: fee.svc_id, precise_amount_cents: p, amount_cents: roundCents(p) };
    }),
    precise_coupons_adjustment_amount_cents: a.precise_coupons_adjustment_amount_cents,
    coupons_adjustment_amount_cents: a.coupons_adjustment_amount_cents,
    precise_taxes_amount_cents: dec(taxes),
    taxes_amount_cents: taxes,
    taxes_rate: a.taxes_rate,
    sub_total_excluding_taxes_amount_cents: a.sub_total_excluding_taxes_amount_cents,
    applied_taxes: appliedTaxRows(note.svc_id, a.taxes, note.currency),
    credit_amount_cents: credited,
    balance_amount_cents: credited,
    total_amount_cents: total,
  };
}

/** The invoice's draft notes become finalized when it is (§10.1); other notes are unchanged. */
/** The notes of invoice `invoiceId` under its new number `invoiceNumber` (given when a draft is finalized). */
export function renumberCreditNotes(notes: readonly CreditNote[], invoiceId: string, invoiceNumber: string): CreditNote[] {
  return notes.map((n) => (n.svc_invoice_id === invoiceId
    ? { ...n, invoice_number: invoiceNumber, number: `${invoiceNumber}-CN${String(n.sequential_id).padStart(3, "0")}` }
    : n));
}

export function finalizeDraftCreditNotes(notes: readonly CreditNote[], invoiceId: string): CreditNote[] {
  return notes.map((n) => (n.svc_invoice_id === invoiceId && n.status === "draft" ? { ...n, status: "finalized" } : n));
}
