/**
 * A fee's taxes (invoice.md §2, §5.2 with the double call sites of §0.2) and the invoice's
 * applied taxes (§5.3).
 */
import { type Decimal, HUNDRED, ZERO, dec, shift } from "../../core/decimal.js";
import { decimalToFloat, roundHalfAwayToBigInt } from "../../core/float.js";
import { type InvoiceTaxAmounts, type Tax, invoiceTaxes } from "./taxes.js";
import type { InvoiceFee } from "../types.js";

export interface AppliedFeeTax {
  readonly tax: Tax;
  /** `rha(double(remainder × rate) / 100)`. */
  readonly amount_cents: bigint;
}

export interface FeeTaxAmounts {
  /** `rha(Σ_t double(remainder × rate_t) / 100)`: one rounding of the sum of doubles. */
  readonly taxes_amount_cents: bigint;
  /** `Σ_t (precise_amount − precise_coupons) × rate_t / 100`, exact. */
  readonly taxes_precise_amount_cents: Decimal;
  /** The plain sum of the rates. */
  readonly taxes_rate: Decimal;
  readonly applied_taxes: readonly AppliedFeeTax[];
}

/** The fee's remainder: `amount_cents − precise_coupons_amount_cents` (§ Definitions). */
export function feeRemainder(fee: InvoiceFee): Decimal {
  return ZERO.plus(fee.amount_cents.toString()).minus(fee.precise_coupons_amount_cents);
}

export function feeTaxAmounts(fee: InvoiceFee): FeeTaxAmounts {
  // Without coupons (the usual fee) the remainder is the amount itself: no decimals made for it.
  const noCoupons = fee.precise_coupons_amount_cents.eq(ZERO);
  const remainder = noCoupons ? dec(fee.amount_cents) : feeRemainder(fee);
  const precise = noCoupons ? fee.precise_amount_cents : fee.precise_amount_cents.minus(fee.precise_coupons_amount_cents);
  let total = 0;
  // One pass over the taxes, the sums taken in the same order as core `sum` (ZERO + the first + …).
  const applied: AppliedFeeTax[] = [];
  let preciseTaxes = ZERO;
  let rates = ZERO;
  for (const tax of fee.taxes) {
    const t = decimalToFloat(remainder.times(tax.rate)) / 100;
    total += t;
    applied.push({ tax, amount_cents: roundHalfAwayToBigInt(t) });
  }
  for (const tax of fee.taxes) preciseTaxes = preciseTaxes.plus(percentOf(precise, tax.rate));
  for (const tax of fee.taxes) rates = rates.plus(tax.rate);
  return {
    taxes_amount_cents: roundHalfAwayToBigInt(total),
    taxes_precise_amount_cents: preciseTaxes,
    taxes_rate: rates,
    applied_taxes: applied,
  };
}

/**
 * `x × rate / 100` as big.js computes it (`times`, then `div` at 40 places): a product with at
 * most 38 decimals divides by 100 exactly, so its point just moves (no long division).
 */
function percentOf(x: Decimal, rate: Decimal): Decimal {
  const p = x.times(rate);
  return p.c.length - p.e - 1 <= DIV_EXACT_DECIMALS ? shift(p, -2) : p.div(HUNDRED);
}

const DIV_EXACT_DECIMALS = 38;

/** §5.3 over the invoice's fees (before-tax credits already spread on them). */
export function invoiceTaxAmounts(fees: readonly InvoiceFee[], subtotal: bigint): InvoiceTaxAmounts {
  return invoiceTaxes(fees.map((f) => ({ base: feeRemainder(f), taxes: f.taxes })), subtotal);
}
