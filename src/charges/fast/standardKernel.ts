/**
 * Standard on scaled integers: `units × amount` (§2).
 */
import type { Decimal } from "../../core/decimal.js";
import { absBig, numberLimit, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

export function standardKernel(amount: Decimal): Kernel {
  const a = scaled(amount);
  const aN = Number(a.m);
  const slope = absBig(a.m) > 1n ? absBig(a.m) : 1n;
  const limit = numberLimit(slope, 0n, 1n, [a.m]);
  return {
    amountScale: (s) => s + a.s,
    num: (m) => (m <= limit && m >= -limit ? m * aN : OVERFLOW),
    big: (m) => m * a.m,
  };
}
