/**
 * Graduated percentage on scaled integers (the same walk as `graduatedPercentage.ts`, §4).
 */
import type { RateRange } from "../types.js";
import { absBig, align, numberLimit, perScale, pow10, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

export function graduatedPercentageKernel(ranges: readonly RateRange[]): Kernel {
  const from = ranges.map((r) => scaled(r.from_value));
  const to = ranges.map((r) => (r.to_value === null ? null : scaled(r.to_value)));
  const rate = ranges.map((r) => scaled(r.rate));
  const flat = ranges.map((r) => scaled(r.flat_amount));
  const boundScale = Math.max(0, ...from.map((x) => x.s), ...to.map((x) => x?.s ?? 0));
  const rateScale = Math.max(0, ...rate.map((x) => x.s)) + 2; // rate / 100
  const flatScale = Math.max(0, ...flat.map((x) => x.s));
  const variant = perScale((s: number) => {
    const S = Math.max(s, boundScale);
    const T = Math.max(S + rateScale, flatScale);
    const f = pow10(S - s);
    const one = pow10(S);
    const fromB = from.map((x) => align(x, S));
    const toB = to.map((x) => (x === null ? null : align(x, S)));
    // Units of a range the total has passed: `to − (from == 0 ? 1 : from) + 1`.
    const fullB = toB.map((t, i) => (t === null ? 0n : t - (fromB[i] === 0n ? one : fromB[i]!) + one));
    const rateB = rate.map((x) => x.m * pow10(T - S - x.s - 2));
    const flatB = flat.map((x) => align(x, T));
    const sumRate = rateB.reduce((a, x) => a + absBig(x), 0n);
    const sumFlat = flatB.reduce((a, x) => a + absBig(x), 0n);
    const bmax = [...fromB, ...toB.map((x) => x ?? 0n)].reduce((a, x) => (absBig(x) > a ? absBig(x) : a), 0n);
    const slope = sumRate > 1n ? sumRate : 1n;
    const limit = numberLimit(slope, (2n * bmax + 2n * one) * slope + sumFlat, f, [...rateB, ...flatB, ...fullB]);
    return {
      T, f, fromB, toB, fullB, rateB, flatB, one, limit,
      fN: Number(f), oneN: Number(one), fromN: fromB.map(Number),
      toN: toB.map((x) => (x === null ? Number.POSITIVE_INFINITY : Number(x))),
      fullN: fullB.map(Number), rateN: rateB.map(Number), flatN: flatB.map(Number),
    };
  });
  const n = ranges.length;
  return {
    amountScale: (s) => variant(s).T,
    num(m, s) {
      const v = variant(s);
      if (!(m <= v.limit && m >= -v.limit)) return OVERFLOW;
      const U = m * v.fN;
      let total = 0;
      for (let i = 0; i < n; i++) {
        const to = v.toN[i]!;
        const from = v.fromN[i]!;
        const units = U >= to ? v.fullN[i]! : from === 0 ? U : U - from + v.oneN;
        total += units * v.rateN[i]! + v.flatN[i]!;
        if (to >= U) break;
      }
      return total;
    },
    big(m, s) {
      const v = variant(s);
      const U = m * v.f;
      let total = 0n;
      for (let i = 0; i < n; i++) {
        const to = v.toB[i]!;
        const from = v.fromB[i]!;
        const units = to !== null && U >= to ? v.fullB[i]! : from === 0n ? U : U - from + v.one;
        total += units * v.rateB[i]! + v.flatB[i]!;
        if (to === null || to >= U) break;
      }
      return total;
    },
  };
}
