/**
 * Small helpers every model uses.
 */
import { type Decimal, ZERO, divOrZero } from "../core/decimal.js";
import type { Aggregation } from "./types.js";

/** `full_units_number ?? units`: the divisor of `unit_amount` for most models (§1). */
export function divisorOf(a: Aggregation): Decimal {
  return a.full_units_number ?? a.units;
}

/** `amount / divisor`, 0 when the divisor is 0. */
export function unitAmount(amount: Decimal, divisor: Decimal): Decimal {
  return divOrZero(amount, divisor);
}

/** `amount / period_ratio` (0 when the amount is 0 or the ratio is null or 0): percentage, dynamic… */
export function projectByRatio(amount: Decimal, ratio: Decimal | null): Decimal {
  if (amount.eq(ZERO) || ratio === null || ratio.eq(ZERO)) return ZERO;
  return amount.div(ratio);
}
