/**
 * Scaled integers for the exact fast path: a value is `mantissa / 10^scale`.
 * Number arithmetic is used only under bounds computed here with bigint, so that every
 * intermediate result is a safe integer (and therefore exact).
 */
import { type Decimal, scaleOf, toScaledBigInt } from "../../core/decimal.js";
import { pow10n } from "../../core/fixed.js";
import { ValidationError, issue } from "../../core/issue.js";

export const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** `10^n` as a bigint (cached; the one table of `core/fixed.ts`). */
export const pow10 = pow10n;

/** A decimal as `(mantissa, scale)` with the smallest scale that is exact. */
export interface Scaled {
  readonly m: bigint;
  readonly s: number;
}

export function scaled(d: Decimal): Scaled {
  const s = scaleOf(d);
  return { m: toScaledBigInt(d, s), s };
}

/** `x` (at scale `from`) at a scale `to ≥ from`. */
export function align(x: Scaled, to: number): bigint {
  return x.m * pow10(to - x.s);
}

export function absBig(x: bigint): bigint {
  return x < 0n ? -x : x;
}

/** Floor division for a non-negative divisor. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

/** Ceil division for a positive divisor. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/**
 * The largest |units mantissa| for which the number path is exact, given that every
 * intermediate is at most `|U| × slope + offset` with `U = m × factor`; −1 when none.
 */
export function numberLimit(slope: bigint, offset: bigint, factor: bigint, constants: readonly bigint[]): number {
  if (constants.some((c) => absBig(c) > MAX_SAFE) || offset > MAX_SAFE || factor > MAX_SAFE) return -1;
  let maxU = MAX_SAFE - offset;
  if (slope > 1n) maxU = (MAX_SAFE - offset) / slope;
  const limit = maxU / factor;
  return limit < 0n ? -1 : Number(limit);
}

/** The most decimals the scaled path accepts (more go through the Decimal models). */
export const MAX_SCALE = 1000;

/** Caches one prepared variant per units scale; a scale that is not an integer in [0, MAX_SCALE] is refused. */
export function perScale<V>(build: (scale: number) => V): (scale: number) => V {
  const cache: (V | undefined)[] = [];
  return (scale) => {
    const hit = cache[scale];
    if (hit !== undefined) return hit;
    if (!Number.isSafeInteger(scale) || scale < 0 || scale > MAX_SCALE) {
      throw new ValidationError([issue("invalid_value", ["aggregation", "units"])]);
    }
    return (cache[scale] = build(scale));
  };
}

/** The integers of a units value: a safe number mantissa, or a bigint one. */
export function mantissaOf(d: Decimal): { m: number | bigint; s: number } {
  const { m, s } = scaled(d);
  return { m: absBig(m) <= MAX_SAFE ? Number(m) : m, s };
}
