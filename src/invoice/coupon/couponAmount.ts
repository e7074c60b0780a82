/**
 * One coupon's value on a base, and its spread over the fees it targets (invoice.md §4.3,
 * §0.2). The reference computes on an integer base (the running subtotal, or a preview's
 * Σ amounts) with doubles, and on a decimal base (Σ remainders of a limited coupon's fees)
 * exactly: the base's kind decides, so both paths are kept.
 */
import { type Decimal, HUNDRED, ZERO, dec, round } from "../../core/decimal.js";
import { dec16, decimalToFloat, fdiv, floatToDecimal, fmul, roundHalfAwayToBigInt } from "../../core/float.js";
import { type AppliedCoupon, amountCentsRemaining } from "./couponTypes.js";
import type { InvoiceFee } from "../types.js";

/** The base of a coupon: an integer column, or a decimal sum. */
export type CouponBase = { readonly kind: "integer"; readonly value: bigint } | { readonly kind: "decimal"; readonly value: Decimal };

export const baseValue = (b: CouponBase): Decimal => (b.kind === "integer" ? dec(b.value) : b.value);

/**
 * The coupon's value `c` on `base` (before truncation):
 * - percentage: `base` when `v ≥ base`, else `round(v)`, with `v = double(base) × (double(rate) / 100)`
 *   rounded half away (integer base), or `v = base × r` exact, `r` the shortest form of
 *   `double(rate) / 100`, rounded half up (decimal base);
 * - fixed: `min(amount, base)` where `amount` is `amount_cents` (recurring, forever) or what is left
 *   of a `once` coupon.
 */
export function couponValue(ac: AppliedCoupon, base: CouponBase): Decimal {
  const b = baseValue(base);
  if (ac.coupon.coupon_type === "percentage") {
    const rate = ac.percentage_rate ?? ZERO;
    if (base.kind === "integer") {
      const v = fmul(b, fdiv(rate, HUNDRED));
      return dec16(v).gte(b) ? b : dec(roundHalfAwayToBigInt(v));
    }
    const v = b.times(floatToDecimal(fdiv(rate, HUNDRED)));
    return v.gte(b) ? b : round(v, 0, "half_up");
  }
  const amount = dec((ac.frequency === "once" ? amountCentsRemaining(ac) : ac.amount_cents) ?? 0n);
  return amount.gt(b) ? b : amount;
}

/** `trunc(c)`: what an integer column keeps of a value. */
export function truncToBigInt(c: Decimal): bigint {
  return BigInt(round(c, 0, "down").toFixed(0));
}

/**
 * Adds the coupon's share to each targeted fee: `q5(pc + double(c × remainder) / B)`, capped
 * at the fee's amount; each fee uses its value before this coupon; nothing when `B = 0`.
 * With a decimal `B` the double `c × remainder` is divided exactly (the reference coerces it
 * to a decimal). Fees not targeted are returned as they are.
 */
export function spreadCoupon(fees: readonly InvoiceFee[], targeted: ReadonlySet<number>, c: Decimal, base: CouponBase): InvoiceFee[] {
  const b = baseValue(base);
  if (b.eq(ZERO)) return [...fees];
  return fees.map((fee, i) => {
    if (!targeted.has(i)) return fee;
    const amount = dec(fee.amount_cents);
    const part = c.times(amount.minus(fee.precise_coupons_amount_cents));
    const inc = base.kind === "integer" ? dec16(fdiv(part, b)) : dec16(decimalToFloat(part)).div(b);
    const next = round(fee.precise_coupons_amount_cents.plus(inc), 5, "half_up");
    return Object.assign({}, fee, { precise_coupons_amount_cents: next.gt(amount) ? amount : next });
  });
}
