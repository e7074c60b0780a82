/**
 * Volume on scaled integers: all units at the tier `N` reaches, plus its flat fee (§7).
 * The tier test `from ≤ ceil(N)` is `N > ceil(from) − 1`.
 */
import type { AmountRange } from "../types.js";
import { absBig, align, ceilDiv, numberLimit, perScale, pow10, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

export function volumeKernel(sortedRanges: readonly AmountRange[]): Kernel {
  const from = sortedRanges.map((r) => scaled(r.from_value));
  const to = sortedRanges.map((r) => (r.to_value === null ? null : scaled(r.to_value)));
  const pua = sortedRanges.map((r) => scaled(r.per_unit_amount));
  const flat = sortedRanges.map((r) => scaled(r.flat_amount));
  const boundScale = Math.max(0, ...to.map((x) => x?.s ?? 0));
  const puaScale = Math.max(0, ...pua.map((x) => x.s));
  const flatScale = Math.max(0, ...flat.map((x) => x.s));
  const variant = perScale((s: number) => {
    const S = Math.max(s, boundScale);
    const T = Math.max(S + puaScale, flatScale);
    const f = pow10(S - s);
    const thr = from.map((x) => (ceilDiv(x.m, pow10(x.s)) - 1n) * pow10(S));
    const toB = to.map((x) => (x === null ? null : align(x, S)));
    const puaB = pua.map((x) => align(x, T - S));
    const flatB = flat.map((x) => align(x, T));
    const maxPua = puaB.reduce((a, x) => (absBig(x) > a ? absBig(x) : a), 1n);
    const maxFlat = flatB.reduce((a, x) => (absBig(x) > a ? absBig(x) : a), 0n);
    const limit = numberLimit(maxPua, maxFlat, f, [...thr, ...toB.map((x) => x ?? 0n), ...puaB, ...flatB]);
    return {
      T, f, thr, toB, puaB, flatB, limit, fN: Number(f),
      thrN: thr.map(Number), toN: toB.map((x) => (x === null ? Number.POSITIVE_INFINITY : Number(x))),
      puaN: puaB.map(Number), flatN: flatB.map(Number),
    };
  });
  const n = sortedRanges.length;
  return {
    amountScale: (s) => variant(s).T,
    num(m, s) {
      const v = variant(s);
      if (!(m <= v.limit && m >= -v.limit)) return OVERFLOW;
      const U = m * v.fN;
      for (let i = 0; i < n; i++) {
        if (U > v.thrN[i]! && U <= v.toN[i]!) return U * v.puaN[i]! + v.flatN[i]!;
      }
      return OVERFLOW;
    },
    big(m, s) {
      const v = variant(s);
      const U = m * v.f;
      for (let i = 0; i < n; i++) {
        const to = v.toB[i]!;
        if (U > v.thr[i]! && (to === null || U <= to)) return U * v.puaB[i]! + v.flatB[i]!;
      }
      return undefined;
    },
  };
}
