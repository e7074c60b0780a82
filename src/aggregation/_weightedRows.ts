/**
 * The rows of a weighted sum (§12.4), each `level × seconds / period seconds` divided as
 * PostgreSQL divides numerics (core/pgNumeric.ts), summed exactly.
 *
 * A fast path does a row in float64 integers: the level (scaled by 10^scale) times the
 * row's milliseconds is a safe integer `a`, the divisor `K = 10^(scale+3) × period
 * seconds` is a safe integer, and the quotient's digits come out of a long division in
 * chunks small enough that every product stays below 2^53 (each chunk digit is checked
 * with an exact multiply-back). Digits are added into one slot per decimal position and
 * turned into one bigint at the end. Any row that does not fit takes `pgDivide`.
 */
import { type Decimal, fromScaledBigInt } from "../core/decimal.js";
import { type FixedSum, addScaled, newSum, sumToBigInt } from "../core/fixed.js";
import { pgDivide } from "../core/pgNumeric.js";

const SAFE = 2 ** 53;
/** Exact powers of ten as doubles (10^22 is the last exact one). */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Decimal positions the fast path handles; rows needing more take the slow path. */
const MAX_POSITION = 48;
/**
 * Rows between two flushes of the slots. A row adds to a slot less than 2^53 / K, and K ≥
 * 10^3 × 86 400 (a one-day period), so a slot gains < 1.05 × 10^8 a row: 2^16 rows keep
 * every slot (and the integer part) below 7 × 10^12, far from 2^53.
 */
const FLUSH_EVERY = 1 << 16;

/** ⌊x / y⌋ for safe non-negative integers, exact. */
function floorDiv(x: number, y: number): number {
  let q = Math.floor(x / y);
  if (q * y > x) q--;
  else if ((q + 1) * y <= x) q++;
  return q;
}

/** Number of decimal digits of a positive safe integer. */
function digitCount(x: number): number {
  let d = Math.floor(Math.log10(x)) + 1;
  if (POW10[d - 1]! > x) d--;
  else if (d < POW10.length && POW10[d]! <= x) d++;
  return d;
}

export class WeightedRows {
  private readonly periodSeconds: number;
  private readonly divisorWeight: number;
  private readonly divisorFirst: number;
  private readonly slow: FixedSum = newSum();
  private ints = 0;
  private readonly slots = new Float64Array(MAX_POSITION + 1);
  private top = 0;
  private rows = 0;

  constructor(chargesDurationDays: number) {
    this.periodSeconds = chargesDurationDays * 86_400;
    const e10 = digitCount(this.periodSeconds) - 1;
    this.divisorWeight = Math.floor(e10 / 4);
    this.divisorFirst = floorDiv(this.periodSeconds, POW10[4 * this.divisorWeight]!);
  }

  /**
   * Adds the row of a level held `ms` milliseconds: `level = (small ?? big) / 10^scale`,
   * `small` the level as a safe integer when it is one.
   */
  add(small: number | undefined, big: bigint, scale: number, ms: number): void {
    if (ms <= 0 || (small === undefined ? big === 0n : small === 0)) return;
    if (small === undefined || !this.fast(small, scale, ms)) {
      const level = small === undefined ? big : BigInt(small);
      const q = pgDivide({ value: level * BigInt(ms) * 1000n, scale: scale + 6 }, { value: BigInt(this.periodSeconds), scale: 0 });
      addScaled(this.slow, q.value, q.scale);
    }
  }

  private fast(level: number, scale: number, ms: number): boolean {
    const a = Math.abs(level) * ms;
    if (a >= SAFE || scale + 3 >= POW10.length) return false;
    const k = POW10[scale + 3]! * this.periodSeconds;
    if (k * 10 >= SAFE) return false;
    // PostgreSQL's result scale: from the base-10 000 weights and leading digits (pgNumeric.ts).
    const e10 = digitCount(a) - 1 - (scale + 3);
    const weight = Math.floor(e10 / 4);
    const shift = scale + 3 + 4 * weight;
    const first = shift >= 0 ? floorDiv(a, POW10[shift]!) : a * POW10[-shift]!;
    const qweight = weight - this.divisorWeight - (first <= this.divisorFirst ? 1 : 0);
    const rscale = Math.max(16 - 4 * qweight, scale + 6);
    if (rscale > MAX_POSITION) return false;
    const sign = level < 0 ? -1 : 1;
    const whole = floorDiv(a, k);
    let rem = a - whole * k;
    const slots = this.slots;
    // Digits in chunks of c: rem × 10^c stays below 2^53.
    const c = Math.min(digitCount(Math.floor(SAFE / k)) - 1, 8);
    let position = 0;
    while (position < rscale && rem !== 0) {
      const n = Math.min(c, rscale - position);
      const x = rem * POW10[n]!;
      const digits = floorDiv(x, k);
      rem = x - digits * k;
      position += n;
      slots[position]! += sign * digits;
    }
    if (rem * 2 >= k && rem !== 0) slots[rscale]! += sign; // half away from zero
    this.ints += sign * whole;
    if (rscale > this.top) this.top = rscale;
    if (++this.rows >= FLUSH_EVERY) this.flush();
    return true;
  }

  /** Moves the fast rows' slots into the exact sum. */
  private flush(): void {
    const top = this.top;
    let v = BigInt(this.ints);
    for (let p = 1; p <= top; p++) v = v * 10n + BigInt(this.slots[p]!);
    addScaled(this.slow, v, top);
    this.slots.fill(0);
    this.ints = 0;
    this.rows = 0;
  }

  total(): Decimal {
    this.flush();
    return fromScaledBigInt(sumToBigInt(this.slow), this.slow.s);
  }
}
