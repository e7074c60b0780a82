/**
 * Dynamic on scaled integers: a constant amount, 0 when the divisor is 0 (§8).
 */
import { type Decimal, ZERO } from "../../core/decimal.js";
import { MAX_SAFE, absBig, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

/** `fixedDivisor`: `full_units_number` when known up front (then the units do not matter). */
export function dynamicKernel(amount: Decimal, fixedDivisor: Decimal | undefined): Kernel {
  const a = scaled(amount);
  const aN = absBig(a.m) <= MAX_SAFE ? Number(a.m) : OVERFLOW;
  const fixedZero = fixedDivisor === undefined ? undefined : fixedDivisor.eq(ZERO);
  return {
    amountScale: () => a.s,
    num: (m) => ((fixedZero ?? m === 0) ? 0 : aN),
    big: (m) => ((fixedZero ?? m === 0n) ? 0n : a.m),
  };
}
