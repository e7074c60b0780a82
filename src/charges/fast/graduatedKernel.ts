/**
 * Graduated on scaled integers (the same walk as `graduated.ts`, §3).
 */
import { isAdjacent } from "../_tiers.js";
import type { AmountRange } from "../types.js";
import { type Scaled, absBig, align, numberLimit, perScale, pow10, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

const OPEN = Number.POSITIVE_INFINITY;

export function graduatedKernel(ranges: readonly AmountRange[]): Kernel {
  const adjacent = isAdjacent(ranges);
  const from = ranges.map((r) => scaled(r.from_value));
  const to = ranges.map((r) => (r.to_value === null ? null : scaled(r.to_value)));
  const pua = ranges.map((r) => scaled(r.per_unit_amount));
  const flat = ranges.map((r) => scaled(r.flat_amount));
  const boundScale = Math.max(0, ...from.map((x) => x.s), ...to.map((x) => x?.s ?? 0));
  const puaScale = Math.max(0, ...pua.map((x) => x.s));
  const flatScale = Math.max(0, ...flat.map((x) => x.s));
  const variant = perScale((s: number) => {
    const S = Math.max(s, boundScale);
    const T = Math.max(S + puaScale, flatScale);
    const f = pow10(S - s);
    const fromB = from.map((x) => align(x, S));
    const toB = to.map((x) => (x === null ? null : align(x, S)));
    const puaB = pua.map((x: Scaled) => align(x, T - S));
    const flatB = flat.map((x) => align(x, T));
    const one = pow10(S);
    const sumPua = puaB.reduce((a, x) => a + absBig(x), 0n);
    const sumFlat = flatB.reduce((a, x) => a + absBig(x), 0n);
    const bmax = [...fromB, ...toB.map((x) => x ?? 0n)].reduce((a, x) => (absBig(x) > a ? absBig(x) : a), 0n);
    const slope = sumPua > 1n ? sumPua : 1n;
    const limit = numberLimit(slope, (bmax + one) * slope + sumFlat, f, [...puaB, ...flatB]);
    // Units in range i are `eff − off[i]` (§3.2: `from` is 0, adjacent, or "+1").
    const offB = fromB.map((x) => (x === 0n ? 0n : adjacent ? x : x - one));
    return {
      T, f, toB, puaB, flatB, offB, limit,
      fN: Number(f),
      offN: Float64Array.from(offB, Number),
      toN: Float64Array.from(toB, (x) => (x === null ? OPEN : Number(x))),
      puaN: Float64Array.from(puaB, Number),
      flatN: Float64Array.from(flatB, Number),
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
        total += ((U >= to ? to : U) - v.offN[i]!) * v.puaN[i]! + v.flatN[i]!;
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
        total += ((to !== null && U >= to ? to : U) - v.offB[i]!) * v.puaB[i]! + v.flatB[i]!;
        if (to === null || to >= U) break;
      }
      return total;
    },
  };
}
