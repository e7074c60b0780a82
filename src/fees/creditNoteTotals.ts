/**
 * Taxes, total and the credit / refund / offset split of an automatic credit note
 * with one item (invoice.md §10.2, periods.md §9).
 */
import { type Decimal, ZERO, divOrZero, dec, round, toScaledBigInt } from "../core/decimal.js";
import { floatToDecimal } from "../core/float.js";

/** The fee a credit-note item credits, with the money fields the note reads. */
export interface CreditedFee {
  readonly amount_cents: bigint;
  readonly precise_amount_cents: Decimal;
  /** Share of coupons carried by the fee (5 decimals); 0 when none. */
  readonly precise_coupons_amount_cents?: Decimal;
  /** Unrounded taxes of the fee. */
  readonly taxes_precise_amount_cents?: Decimal;
  /** The fee's tax rates, in percent (20 for 20 %). */
  readonly tax_rates?: readonly Decimal[];
}

export interface ItemTotals {
  readonly coupons_adjustment: Decimal;
  /** Σ per-tax `double(base × rate) / 100`. */
  readonly precise_taxes: Decimal;
  readonly taxes_amount_cents: bigint;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  /** `round(item − coupons adjustment + precise taxes)`. */
  readonly total_amount_cents: bigint;
}

/** The coupon adjustment and taxes of an item of `item` cents (precise) on `fee`. */
export function itemTotals(item: Decimal, fee: CreditedFee): ItemTotals {
  const rate = divOrZero(item, dec(fee.amount_cents));
  const coupons = (fee.precise_coupons_amount_cents ?? ZERO).times(rate);
  const base = item.minus(coupons);
  // The reference multiplies exactly, then divides by 100 as a double (invoice.md §0.2).
  let taxes = 0;
  for (const r of fee.tax_rates ?? []) taxes += Number(base.times(r).toString()) / 100;
  const preciseTaxes = floatToDecimal(taxes);
  return {
    coupons_adjustment: coupons,
    precise_taxes: preciseTaxes,
    taxes_amount_cents: roundCents(preciseTaxes),
    sub_total_excluding_taxes_amount_cents: roundCents(base),
    total_amount_cents: roundCents(base.plus(preciseTaxes)),
  };
}

export interface CreditNoteSplit {
  readonly total_amount_cents: bigint;
  readonly credit_amount_cents: bigint;
  readonly refund_amount_cents: bigint;
  readonly offset_amount_cents: bigint;
}

/**
 * The reference's rounding reconciliation, run on the requested split: when
 * `total − taxes ≠ sub_total`, the total moves by one cent toward it, then
 * `credit = total − refund` when credit > 0, else `refund = total` (literally so).
 */
export function reconcileCreditNote(split: CreditNoteSplit, totals: Pick<ItemTotals, "taxes_amount_cents" | "sub_total_excluding_taxes_amount_cents">): CreditNoteSplit {
  let total = split.credit_amount_cents + split.refund_amount_cents + split.offset_amount_cents;
  const net = total - totals.taxes_amount_cents;
  if (net === totals.sub_total_excluding_taxes_amount_cents) return { ...split, total_amount_cents: total };
  total += net > totals.sub_total_excluding_taxes_amount_cents ? -1n : 1n;
  if (split.credit_amount_cents > 0n) {
    return { ...split, total_amount_cents: total, credit_amount_cents: total - split.refund_amount_cents };
  }
  return { ...split, total_amount_cents: total, refund_amount_cents: total };
}

export function roundCents(x: Decimal): bigint {
  return toScaledBigInt(round(x, 0, "half_up"), 0);
}
