/**
 * What is left to credit or refund on an invoice (invoice.md §10.3 `fee.creditable_amount_cents`,
 * `fee_total_amount_cents`, §10.4 `creditable_amount_cents` / `refundable_amount_cents`).
 */
import { type Decimal, HUNDRED, ZERO, dec, divOrZero, max, min, round, sum } from "../../core/decimal.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import type { CreditNote, IssuedInvoice } from "./creditNoteTypes.js";
import type { InvoiceFee } from "../types.js";

/** An item counted against its fee: `amount_cents` is the rounded item amount. */
export interface CountedItem {
  readonly fee_id: string;
  readonly amount_cents: bigint;
}

/** The plain sum of the fee's tax rates (`fee.taxes_rate`). */
export function feeTaxesRate(fee: InvoiceFee): Decimal {
  return sum(fee.taxes.map((t) => t.rate));
}

/**
 * `fee.amount_cents − Σ items already on the fee` (items of every earlier note, any status, plus
 * `extra`); for the credit fee of a wallet top-up also ≤ what the wallet can give back.
 */
export function feeCreditableAmountCents(invoice: IssuedInvoice, fee: InvoiceFee, extra: readonly CountedItem[] = []): bigint {
  let remaining = fee.amount_cents;
  for (const n of invoice.credit_notes) for (const it of n.items) if (it.fee_id === fee.svc_id) remaining -= it.amount_cents;
  for (const it of extra) if (it.fee_id === fee.svc_id) remaining -= it.amount_cents;
  if (fee.fee_type !== "credit") return remaining;
  const wallet = invoice.wallet_creditable_amount_cents ?? 0n;
  return remaining < wallet ? remaining : wallet;
}

/** `Σ fee.amount + rhu(Σ fee.amount × fee.taxes_rate / 100)`. */
export function feeTotalAmountCents(invoice: IssuedInvoice): bigint {
  const amounts = invoice.fees.reduce((a, f) => a + f.amount_cents, 0n);
  const taxes = sum(invoice.fees.map((f) => dec(f.amount_cents).times(feeTaxesRate(f)))).div(HUNDRED);
  return amounts + roundCents(taxes);
}

/** Notes that count as issued: every earlier note except drafts. */
export function finalizedNotes(invoice: IssuedInvoice): readonly CreditNote[] {
  return invoice.credit_notes.filter((n) => n.status === "finalized");
}

/**
 * `available_to_credit` (§10.4): 0 on a draft; else `fees_creditable − adj + vat` with
 * `adj = (coupons + progressive credits) / fees_amount × fees_creditable` and
 * `vat = rhu(Σ_fee (creditable − adj × creditable / fees_creditable) × taxes_rate / 100)`.
 */
export function availableToCreditAmountCents(invoice: IssuedInvoice, extra: readonly CountedItem[] = []): Decimal {
  if (invoice.status === "draft") return ZERO;
  const creditable = invoice.fees.map((f) => dec(feeCreditableAmountCents(invoice, f, extra)));
  const total = sum(creditable);
  if (total.eq(ZERO)) return ZERO;
  const t = invoice.totals;
  // adj × c / total = credits × c / fees_amount: multiply first, so that the shares stay exact.
  const credits = dec(t.coupons_amount_cents + t.progressive_billing_credit_amount_cents);
  const share = (c: Decimal): Decimal => divOrZero(credits.times(c), dec(t.fees_amount_cents));
  const adj = share(total);
  const vat = sum(invoice.fees.map((f, i) => {
    const c = creditable[i] ?? ZERO;
    return c.minus(share(c)).times(feeTaxesRate(f));
  })).div(HUNDRED);
  return total.minus(adj).plus(round(vat, 0, "half_up"));
}

/** `creditable_amount_cents`: the available amount, 0 for credit (wallet top-up) invoices. */
export function creditableAmountCents(invoice: IssuedInvoice, extra: readonly CountedItem[] = []): Decimal {
  return invoice.invoice_type === "credit" ? ZERO : availableToCreditAmountCents(invoice, extra);
}

/**
 * `refundable_amount_cents = min(total_paid − Σ refunds, available)`, ≥ 0; 0 on a draft or an
 * unpaid invoice; on a credit invoice also ≤ what the wallet can give back.
 */
export function refundableAmountCents(invoice: IssuedInvoice): Decimal {
  if (invoice.status === "draft" || invoice.total_paid_amount_cents <= 0n) return ZERO;
  // Paid in full but not succeeded (the payment failed or is pending again): nothing to refund (the reference's rule).
  if (invoice.payment_status !== "succeeded" && invoice.total_paid_amount_cents === invoice.totals.total_amount_cents) return ZERO;
  const refunded = finalizedNotes(invoice).reduce((a, n) => a + n.refund_amount_cents, 0n);
  let amount = min(dec(invoice.total_paid_amount_cents - refunded), availableToCreditAmountCents(invoice));
  if (invoice.invoice_type === "credit") amount = min(amount, dec(invoice.wallet_creditable_amount_cents ?? 0n));
  return max(amount, ZERO);
}
