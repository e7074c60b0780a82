/**
 * Package on scaled integers: `ceil((units − free) / size) × amount` (§5).
 */
import type { PackageProperties } from "../types.js";
import { absBig, ceilDiv, numberLimit, perScale, pow10, scaled } from "./_fixed.js";
import { type Kernel, OVERFLOW } from "./types.js";

export function packageKernel(p: PackageProperties): Kernel {
  const amt = scaled(p.amount);
  const amtN = Number(amt.m);
  const variant = perScale((s: number) => {
    const free = BigInt(p.free_units) * pow10(s);
    const size = BigInt(p.package_size) * pow10(s);
    const slope = absBig(amt.m) > 1n ? absBig(amt.m) : 1n;
    const limit = numberLimit(slope, (free + size + 1n) * slope, 1n, [free, size, amt.m]);
    return { free, size, limit, freeN: Number(free), sizeN: Number(size) };
  });
  return {
    amountScale: () => amt.s,
    num(m, s) {
      const v = variant(s);
      if (!(m <= v.limit && m >= -v.limit)) return OVERFLOW;
      const paid = m - v.freeN;
      if (paid <= 0) return 0;
      let q = Math.floor(paid / v.sizeN);
      let r = paid - q * v.sizeN;
      if (r < 0) {
        q -= 1;
        r += v.sizeN;
      } else if (r >= v.sizeN) {
        q += 1;
        r -= v.sizeN;
      }
      return (r > 0 ? q + 1 : q) * amtN;
    },
    big(m, s) {
      const v = variant(s);
      const paid = m - v.free;
      return paid <= 0n ? 0n : ceilDiv(paid, v.size) * amt.m;
    },
  };
}
