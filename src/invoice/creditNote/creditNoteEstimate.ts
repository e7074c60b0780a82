/**
 * The estimate of a credit note (invoice.md §10.5): the same tax math on the proposed items, the
 * maximum creditable and refundable amounts, and the estimate's own rounding fix.
 */
import { type Decimal, ZERO, dec, min, round, sum } from "../../core/decimal.js";
import type { CurrencyCode } from "../../core/currency.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import { type CreditNoteTax, creditNoteAmounts, taxesRoundingAdjustment } from "./creditNoteAmounts.js";
import { q5 } from "../wallet/walletCredit.js";
import { feeCreditableAmountCents, refundableAmountCents } from "./creditNoteCreditable.js";
import type { IssuedInvoice, RequestedItem } from "./creditNoteTypes.js";

/** The `estimated_credit_note` answer (`v1/credit_notes/estimate_serializer.rb` names). */
export interface EstimatedCreditNote {
  readonly currency: CurrencyCode;
  readonly max_creditable_amount_cents: bigint;
  readonly max_refundable_amount_cents: bigint;
  readonly taxes_amount_cents: bigint;
  readonly precise_taxes_amount_cents: Decimal;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  readonly coupons_adjustment_amount_cents: bigint;
  readonly precise_coupons_adjustment_amount_cents: Decimal;
  readonly taxes_rate: Decimal;
  readonly items: readonly { readonly fee_id: string; readonly amount_cents: bigint }[];
  readonly taxes: readonly CreditNoteTax[];
}

/**
 * Estimates a note on `items` (from {@link parseEstimateCreditNote}). The last-note correction
 * applies when the items equal the invoice's remaining creditable fee amounts.
 * @example items 17900 + 39900 (coupons 25000 on the second), taxes 10 % / 10 + 10 %, paid 1200 →
 *   taxes 4770, sub-total 32800, max creditable 37570, max refundable 1200, taxes_rate 14.54268.
 */
export function estimateCreditNote(invoice: IssuedInvoice, items: readonly RequestedItem[]): EstimatedCreditNote {
  const a = creditNoteAmounts(items);
  const remaining = sum(invoice.fees.map((f) => dec(feeCreditableAmountCents(invoice, f))));
  const last = a.items_amount_cents.eq(remaining);
  const preciseTaxes = last ? q5(a.precise_taxes_amount_cents.minus(taxesRoundingAdjustment(invoice.credit_notes))) : a.precise_taxes_amount_cents;
  let taxes = roundCents(preciseTaxes);
  const itemCents = items.map((i) => roundCents(i.precise_amount_cents));
  let total = roundCents(sum(itemCents.map((c) => dec(c))).minus(a.coupons_adjustment).plus(preciseTaxes));
  const refundable = min(dec(total), refundableAmountCents(invoice));
  const refund = BigInt(round(refundable.gt(ZERO) ? refundable : ZERO, 0, "down").toFixed(0));
  if (invoice.invoice_type === "credit") total = 0n;
  const net = total - taxes;
  if (net > a.sub_total_excluding_taxes_amount_cents) total -= 1n;
  else if (net < a.sub_total_excluding_taxes_amount_cents && taxes > 0n) taxes -= 1n;
  return {
    currency: invoice.currency,
    max_creditable_amount_cents: total,
    max_refundable_amount_cents: refund,
    taxes_amount_cents: taxes,
    precise_taxes_amount_cents: preciseTaxes,
    sub_total_excluding_taxes_amount_cents: a.sub_total_excluding_taxes_amount_cents,
    coupons_adjustment_amount_cents: a.coupons_adjustment_amount_cents,
    precise_coupons_adjustment_amount_cents: a.precise_coupons_adjustment_amount_cents,
    taxes_rate: a.taxes_rate,
    items: items.map((i, k) => ({ fee_id: i.fee.svc_id, amount_cents: itemCents[k] ?? 0n })),
    taxes: a.taxes,
  };
}
