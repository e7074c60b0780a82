/**
 * The amount checks of a credit note against its invoice (invoice.md §10.3), run after the
 * note's taxes are computed. "Previous" notes are the invoice's finalized notes.
 */
import type { Decimal } from "../../core/decimal.js";
import { type Issue, type IssueCode, issue } from "../../core/issue.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import { feeTotalAmountCents, finalizedNotes } from "./creditNoteCreditable.js";
import type { IssuedInvoice } from "./creditNoteTypes.js";

export interface NoteFigures {
  readonly credit_amount_cents: bigint;
  readonly refund_amount_cents: bigint;
  readonly offset_amount_cents: bigint;
  /** Σ precise item amounts. */
  readonly items_amount_cents: Decimal;
  readonly precise_coupons_adjustment_amount_cents: Decimal;
  /** After the last-note correction. */
  readonly precise_taxes_amount_cents: Decimal;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** Every failed check, as issues on `base`, `credit_amount_cents`, `refund_amount_cents` or `offset_amount_cents`. */
export function validateCreditNoteAmounts(invoice: IssuedInvoice, n: NoteFigures): Issue[] {
  const out: Issue[] = [];
  const add = (code: IssueCode, field?: string) => out.push(issue(code, field === undefined ? [] : [field]));
  const prev = finalizedNotes(invoice);
  const credited = prev.reduce((a, x) => a + x.credit_amount_cents, 0n);
  const refunded = prev.reduce((a, x) => a + x.refund_amount_cents, 0n);
  const offset = prev.reduce((a, x) => a + x.offset_amount_cents, 0n);
  const feeTotal = feeTotalAmountCents(invoice);
  const creditable = feeTotal - credited - offset;
  const total = n.credit_amount_cents + n.refund_amount_cents + n.offset_amount_cents;
  const paid = invoice.total_paid_amount_cents;
  const isCredit = invoice.invoice_type === "credit";

  // Invoice status: a refund on an invoice paid in full but not marked succeeded.
  if (n.refund_amount_cents > 0n && invoice.payment_status !== "succeeded" && paid === invoice.totals.total_amount_cents && paid > 0n) {
    add("cannot_refund_unpaid_invoice", "refund_amount_cents");
  }
  // Items: the requested total matches the items within one cent.
  const fromItems = roundCents(n.items_amount_cents.minus(n.precise_coupons_adjustment_amount_cents).plus(n.precise_taxes_amount_cents));
  if (abs(total - fromItems) > 1n) add("does_not_match_item_amounts");
  // Refund: only what was paid and not refunded yet.
  if (n.refund_amount_cents > 0n) {
    if (paid <= 0n) add("cannot_refund_unpaid_invoice", "refund_amount_cents");
    else if (n.refund_amount_cents > paid - refunded) add("higher_than_remaining_invoice_amount", "refund_amount_cents");
  }
  // Credit: not on credit invoices; at most the fees' total left (one-cent tolerance).
  if (isCredit && n.credit_amount_cents > 0n) add("cannot_credit_invoice", "credit_amount_cents");
  else if (n.credit_amount_cents > creditable && n.credit_amount_cents - creditable > 1n) {
    add("higher_than_remaining_invoice_amount", "credit_amount_cents");
  }
  // Offset: at most what is due and creditable; on a credit invoice exactly its unpaid total.
  if (n.offset_amount_cents > 0n) {
    if (isCredit && paid > 0n) add("cannot_apply_to_paid_invoice", "offset_amount_cents");
    else if (isCredit && n.offset_amount_cents !== invoice.totals.total_amount_cents) add("not_equal_to_total_amount", "offset_amount_cents");
    else {
      const due = invoice.totals.total_amount_cents - paid - offset;
      if (n.offset_amount_cents > (due < creditable ? due : creditable)) add("higher_than_remaining_invoice_amount", "offset_amount_cents");
    }
  }
  // Total: within what remains of the fees' total (one-cent tolerance), and positive.
  const remaining = feeTotal - credited - refunded - offset;
  if (total > remaining && total - remaining > 1n) add("higher_than_remaining_invoice_amount");
  if (total <= 0n) add("total_amount_must_be_positive");
  return out;
}
