/**
 * Percentage (without per-transaction min/max) on scaled integers (§6.4):
 * `(units − free) × rate / 100` (0 when the free units exceed the units) plus the fixed
 * fees, which do not depend on the units except that 0 units pay none.
 */
import type { Decimal } from "../../core/decimal.js";
import { absBig, align, numberLimit, perScale, pow10, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

export function percentageKernel(rate: Decimal, freeUnits: Decimal, fixedTotal: Decimal): Kernel {
  const r = scaled(rate);
  const free = scaled(freeUnits);
  const fixed = scaled(fixedTotal);
  const variant = perScale((s: number) => {
    const S = Math.max(s, free.s);
    const T = Math.max(S + r.s + 2, fixed.s);
    const f = pow10(S - s);
    const freeB = align(free, S);
    const rateB = r.m * pow10(T - S - r.s - 2);
    const fixedB = align(fixed, T);
    const slope = absBig(rateB) > 1n ? absBig(rateB) : 1n;
    const limit = numberLimit(slope, absBig(freeB) * slope + absBig(fixedB), f, [freeB, rateB, fixedB]);
    return { T, f, freeB, rateB, fixedB, limit, fN: Number(f), freeN: Number(freeB), rateN: Number(rateB), fixedN: Number(fixedB) };
  });
  return {
    amountScale: (s) => variant(s).T,
    num(m, s) {
      const v = variant(s);
      if (!(m <= v.limit && m >= -v.limit)) return OVERFLOW;
      if (m === 0) return 0;
      const U = m * v.fN;
      return (v.freeN > U ? 0 : (U - v.freeN) * v.rateN) + v.fixedN;
    },
    big(m, s) {
      const v = variant(s);
      if (m === 0n) return 0n;
      const U = m * v.f;
      return (v.freeB > U ? 0n : (U - v.freeB) * v.rateB) + v.fixedB;
    },
  };
}
