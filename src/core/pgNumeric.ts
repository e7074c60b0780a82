/**
 * PostgreSQL `numeric` division, for the one place where the reference engine's figures
 * are the database's (the weighted-sum query divides each row by the period's seconds).
 *
 * PostgreSQL stores a numeric as base-10 000 digits aligned on the decimal point and gives
 * a quotient at least 16 significant decimal digits (`NUMERIC_MIN_SIG_DIGITS`), and no
 * fewer decimals than either operand's display scale: with `w` the base-10 000 weight of
 * an operand's first non-zero digit and `f` that digit,
 *
 *   qweight = w(dividend) − w(divisor) − (f(dividend) ≤ f(divisor) ? 1 : 0)
 *   scale   = clamp(max(16 − 4 × qweight, dscale(dividend), dscale(divisor)), 0, 1000)
 *
 * and the quotient is rounded half away from zero at that scale. Examples: 1/3 →
 * 0.33333333333333333333 (20 decimals), 10/3 → 3.3333333333333333 (16), 100000/3 →
 * 33333.333333333333 (12), 1/30000 → 0.000033333333333333333333 (24).
 */

/** A scaled integer: `value / 10^scale`. */
export interface Scaled {
  readonly value: bigint;
  readonly scale: number;
}

const NUMERIC_MIN_SIG_DIGITS = 16;
const NUMERIC_MAX_DISPLAY_SCALE = 1000;
const POW10: bigint[] = [];
const pow10 = (k: number): bigint => (POW10[k] ??= 10n ** BigInt(k));

/** Base-10 000 weight and first digit of `n / 10^scale` (n > 0). */
function weightOf(n: bigint, scale: number): { weight: number; first: bigint } {
  const e10 = n.toString().length - 1 - scale; // position of the leading decimal digit
  const weight = Math.floor(e10 / 4);
  const shift = scale + 4 * weight; // first digit = floor(n / 10^shift)
  const first = shift >= 0 ? n / pow10(shift) : n * pow10(-shift);
  return { weight, first };
}

/**
 * `dividend / divisor` as PostgreSQL's numeric division gives it; `dividend.scale` and
 * `divisor.scale` are the operands' display scales (a zero dividend gives 0 at that scale).
 */
export function pgDivide(dividend: Scaled, divisor: Scaled): Scaled {
  if (divisor.value === 0n) throw new RangeError("division by zero");
  const baseScale = Math.max(dividend.scale, divisor.scale, 0);
  if (dividend.value === 0n) return { value: 0n, scale: Math.min(baseScale, NUMERIC_MAX_DISPLAY_SCALE) };
  const negative = (dividend.value < 0n) !== (divisor.value < 0n);
  const n1 = dividend.value < 0n ? -dividend.value : dividend.value;
  const n2 = divisor.value < 0n ? -divisor.value : divisor.value;
  const a = weightOf(n1, dividend.scale);
  const b = weightOf(n2, divisor.scale);
  const qweight = a.weight - b.weight - (a.first <= b.first ? 1 : 0);
  const scale = Math.min(Math.max(NUMERIC_MIN_SIG_DIGITS - 4 * qweight, baseScale), NUMERIC_MAX_DISPLAY_SCALE);
  // (n1 / 10^s1) / (n2 / 10^s2) × 10^scale = n1 × 10^(scale + s2) / (n2 × 10^s1)
  const up = scale + divisor.scale - dividend.scale;
  const num = up >= 0 ? n1 * pow10(up) : n1;
  const den = up >= 0 ? n2 : n2 * pow10(-up);
  let q = num / den;
  if (2n * (num - q * den) >= den) q += 1n; // half away from zero (on the magnitude)
  return { value: negative ? -q : q, scale };
}
