/**
 * Exact fixed-point arithmetic for hot loops: decimals as `mantissa / 10^scale`.
 *
 * A value is read once into a {@link FixedCell}: a number mantissa when it is a safe
 * integer (text: at most 2^52), else a bigint. Sums ({@link FixedSum}) keep a float64 part that only
 * ever holds safe integers (|n| ≤ 2^52, so adding one more term of at most 2^52 stays
 * below 2^53 and is exact) and flush it into a bigint before it could round. A term that
 * cannot be made a safe integer at the sum's scale goes straight to the bigint. Nothing
 * is ever truncated: a value with more decimals raises the sum's scale. Decimals are
 * built once, at the end ({@link sumToDecimal}).
 */
import { type Decimal, fromScaledBigInt } from "./decimal.js";

/** A parsed decimal: `(b ?? m) / 10^s`. `b` is set only when `m` would not be a safe integer. */
export interface FixedCell {
  m: number;
  s: number;
  b: bigint | undefined;
}

/** An exact running sum `(b + n) / 10^s`. */
export interface FixedSum {
  n: number;
  b: bigint;
  s: number;
}

const LIMIT = 4_503_599_627_370_496; // 2^52
const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i); // exact up to 1e22
const BIG_POW10: bigint[] = [];
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

export function pow10n(k: number): bigint {
  return (BIG_POW10[k] ??= 10n ** BigInt(k));
}

export function newCell(): FixedCell {
  return { m: 0, s: 0, b: undefined };
}

export function copyCell(c: FixedCell): FixedCell {
  return { m: c.m, s: c.s, b: c.b };
}

/**
 * Reads `raw` (a `-?\d+(\.\d+)?` string, or a finite number whose shortest text has that
 * form) into `cell`. Returns false, leaving `cell` unspecified, for anything else.
 */
export function readFixed(raw: unknown, cell: FixedCell): boolean {
  if (typeof raw === "number") {
    if (Number.isSafeInteger(raw)) {
      cell.m = raw;
      cell.s = 0;
      cell.b = undefined;
      return true;
    }
    return Number.isFinite(raw) && (readShortNumber(raw, cell) || readText(String(raw), cell));
  }
  return typeof raw === "string" && readText(raw, cell);
}

const SHORT_LIMIT = 1e15;
const SHORT_SCALES = 6;

/**
 * A non-integer number with at most {@link SHORT_SCALES} decimals and at most 15
 * significant digits, without building its text. If `k = round(x·10^s)` and `k / 10^s`
 * (one correctly rounded division) gives `x` back, the decimal k/10^s rounds to `x`;
 * with |k| < 10^15 it has at most 15 significant digits, and two distinct decimals of
 * ≤ 15 digits never round to the same double (DBL_DIG = 15), so it is the decimal
 * `String(x)` prints. The smallest such s is tried first, so the scale is the text's.
 */
function readShortNumber(x: number, cell: FixedCell): boolean {
  for (let s = 1; s <= SHORT_SCALES; s++) {
    const p = POW10[s]!;
    const k = Math.round(x * p);
    if (k / p !== x) continue;
    if (k >= SHORT_LIMIT || k <= -SHORT_LIMIT) return false;
    cell.m = k;
    cell.s = s;
    cell.b = undefined;
    return true;
  }
  return false;
}

/** 1 or 0, with no branch (`true | 0` is 1). */
const bit = (b: boolean): number => (b as unknown as number) | 0;

/**
 * Short texts (≤ 16 characters) in one pass with no data-dependent branch inside the loop
 * (digits and the point are told apart arithmetically: real traffic mixes "12", "1.5" and
 * "0.25", which a branchy loop mispredicts), then one check of the whole shape.
 */
function readText(t: string, cell: FixedCell): boolean {
  const len = t.length;
  if (len === 0 || len > 16) return readLong(t, cell);
  return readShortText(t, cell) || (len === 16 && readLong(t, cell));
}

/** `readText` for 1–16 characters; false as well for a 16-digit mantissa above 2^52. */
function readShortText(t: string, cell: FixedCell): boolean {
  const len = t.length;
  const neg = t.charCodeAt(0) === 45 ? 1 : 0;
  if (len === neg) return false;
  let m = 0;
  let decimals = 0; // characters after the first point
  let point = 0; // 1 once a point was seen
  let bad = 0;
  for (let i = neg; i < len; i++) {
    const d = t.charCodeAt(i) - 48;
    const isPoint = bit(d === -2);
    const isDigit = bit(d >>> 0 < 10);
    bad |= ((isDigit | isPoint) ^ 1) | (point & isPoint);
    decimals += point;
    point |= isPoint;
    m = m * (10 - 9 * isPoint) + d * isDigit;
  }
  // One point at most, only digits otherwise, a digit on each side of the point.
  if (bad !== 0 || (t.charCodeAt(neg) - 48) >>> 0 > 9 || (t.charCodeAt(len - 1) - 48) >>> 0 > 9) return false;
  if (m > LIMIT) return false; // 16 digits: readText reads them as a bigint
  cell.m = neg === 1 ? (m === 0 ? 0 : -m) : m;
  cell.s = decimals;
  cell.b = undefined;
  return true;
}

/**
 * A decimal of up to 23 digits as two safe-integer limbs, `(hi·10^8 + lo) / 10^s`, both
 * carrying the sign. The low limb is short so that a float64 partial sum of low limbs
 * takes ~45 million terms before it must be flushed (a 17-significant-digit double's
 * text has a 9-digit high limb: ~4.5 million).
 */
export interface Limbs {
  hi: number;
  lo: number;
  s: number;
}

export const LIMB_BIG = 10n ** 8n;
const LIMB_DIGITS = 8;
const MAX_LIMB_DIGITS = 23; // a high limb of at most 15 digits
export const LIMB_MAX_SCALE = MAX_LIMB_DIGITS - 1; // one digit before the point

export function newLimbs(): Limbs {
  return { hi: 0, lo: 0, s: 0 };
}

/**
 * Reads `raw` for a hot loop with no bigint: into `cell` (returns 1) when its mantissa is
 * a safe integer, else into `limbs` (returns 2) when it is a decimal of at most 30
 * digits. Returns 0 for anything else — not a decimal, or longer: {@link readFixed}
 * is then the exact way, and the judge of what is a decimal.
 */
export function readFast(raw: unknown, cell: FixedCell, limbs: Limbs): number {
  let t: string;
  if (typeof raw === "string") t = raw;
  else if (typeof raw === "number") {
    if (Number.isSafeInteger(raw)) {
      cell.m = raw;
      cell.s = 0;
      cell.b = undefined;
      return 1;
    }
    if (!Number.isFinite(raw)) return 0;
    if (readShortNumber(raw, cell)) return 1;
    t = String(raw);
  } else return 0;
  if (t.length <= 16 && readShortText(t, cell)) return 1;
  return readLimbs(t, limbs) ? 2 : 0;
}

function readLimbs(t: string, out: Limbs): boolean {
  const len = t.length;
  const neg = t.charCodeAt(0) === 45 ? 1 : 0;
  const dot = t.indexOf(".");
  const digits = len - neg - (dot < 0 ? 0 : 1);
  if (digits === 0 || digits > MAX_LIMB_DIGITS) return false;
  if (dot >= 0 && (dot === neg || dot === len - 1 || t.indexOf(".", dot + 1) >= 0)) return false;
  const split = digits - LIMB_DIGITS; // digits before it go to hi
  let hi = 0, lo = 0, j = 0;
  for (let i = neg; i < len; i++) {
    if (i === dot) continue;
    const d = t.charCodeAt(i) - 48;
    if (d >>> 0 > 9) return false;
    if (j < split) hi = hi * 10 + d;
    else lo = lo * 10 + d;
    j++;
  }
  out.hi = neg === 1 ? -hi : hi;
  out.lo = neg === 1 ? -lo : lo;
  out.s = dot < 0 ? 0 : len - 1 - dot;
  return true;
}

function readLong(t: string, cell: FixedCell): boolean {
  if (!DECIMAL_TEXT.test(t)) return false;
  const dot = t.indexOf(".");
  cell.s = dot < 0 ? 0 : t.length - 1 - dot;
  cell.b = BigInt(dot < 0 ? t : t.slice(0, dot) + t.slice(dot + 1));
  cell.m = NaN;
  return true;
}

/** The cell's value as a bigint scaled by 10^scale (`scale ≥ cell.s`). */
export function cellToBigInt(c: FixedCell, scale: number): bigint {
  const v = c.b ?? BigInt(c.m);
  return scale === c.s ? v : v * pow10n(scale - c.s);
}

export function cellToDecimal(c: FixedCell): Decimal {
  return fromScaledBigInt(c.b ?? BigInt(c.m), c.s);
}

/** −1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareCells(a: FixedCell, b: FixedCell): number {
  if (a.b === undefined && b.b === undefined) {
    if (a.s === b.s) return a.m < b.m ? -1 : a.m > b.m ? 1 : 0;
    const k = Math.abs(a.s - b.s);
    if (k < POW10.length) {
      const x = a.s < b.s ? a.m * POW10[k]! : a.m;
      const y = a.s < b.s ? b.m : b.m * POW10[k]!;
      if (Math.abs(x) <= LIMIT && Math.abs(y) <= LIMIT) return x < y ? -1 : x > y ? 1 : 0;
    }
  }
  const s = Math.max(a.s, b.s);
  const x = cellToBigInt(a, s), y = cellToBigInt(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function newSum(): FixedSum {
  return { n: 0, b: 0n, s: 0 };
}

function rescale(acc: FixedSum, s: number): void {
  acc.b = (acc.b + BigInt(acc.n)) * pow10n(s - acc.s);
  acc.n = 0;
  acc.s = s;
}

/** `acc += cell × k`, exactly (`k` a safe integer; 1 for a plain sum). */
export function addToSum(acc: FixedSum, c: FixedCell, k = 1): void {
  if (k === 1 && c.s === acc.s && c.b === undefined) {
    // The common case: same scale, small mantissa (|m| < 2^53).
    const n = acc.n + c.m;
    if (c.m <= LIMIT && c.m >= -LIMIT && n <= LIMIT && n >= -LIMIT) {
      acc.n = n;
      return;
    }
  }
  if (c.s > acc.s) rescale(acc, c.s);
  const d = acc.s - c.s;
  if (c.b === undefined && d < POW10.length) {
    const term = c.m * POW10[d]! * k;
    if (term <= LIMIT && term >= -LIMIT) {
      const n = acc.n + term;
      if (n > LIMIT || n < -LIMIT) {
        acc.b += BigInt(n);
        acc.n = 0;
      } else acc.n = n;
      return;
    }
  }
  acc.b += cellToBigInt(c, acc.s) * BigInt(k);
}

/** `acc += value / 10^scale` for a bigint value. */
export function addScaled(acc: FixedSum, value: bigint, scale: number): void {
  if (scale > acc.s) rescale(acc, scale);
  acc.b += scale === acc.s ? value : value * pow10n(acc.s - scale);
}

/** A new sum equal to `a + b`. */
export function mergeSums(a: FixedSum, b: FixedSum): FixedSum {
  const out = { n: a.n, b: a.b, s: a.s };
  addScaled(out, b.b + BigInt(b.n), b.s);
  return out;
}

/** The sum as a bigint scaled by 10^scale (`scale ≥ acc.s`). */
export function sumToBigInt(acc: FixedSum, scale: number = acc.s): bigint {
  const v = acc.b + BigInt(acc.n);
  return scale === acc.s ? v : v * pow10n(scale - acc.s);
}

export function sumToDecimal(acc: FixedSum): Decimal {
  return fromScaledBigInt(acc.b + BigInt(acc.n), acc.s);
}

/**
 * The cell's value as plain decimal text, what `toDecimalString(cellToDecimal(c))` gives
 * (no trailing zeros after the point, no point for integers, "0" for any zero), without
 * building a bigint or a Decimal for a safe-integer mantissa.
 */
export function cellText(c: FixedCell): string {
  const neg = c.b === undefined ? c.m < 0 : c.b < 0n;
  if (c.b === undefined && c.s === 0) return c.m === 0 ? "0" : String(c.m);
  let digits = c.b === undefined ? String(neg ? -c.m : c.m) : (neg ? -c.b : c.b).toString();
  let s = c.s;
  let end = digits.length;
  while (s > 0 && digits.charCodeAt(end - 1) === 48) {
    end--;
    s--;
  }
  if (end === 0) return "0";
  digits = digits.slice(0, end);
  if (s > 0) {
    if (digits.length <= s) digits = "0".repeat(s + 1 - digits.length) + digits;
    digits = `${digits.slice(0, digits.length - s)}.${digits.slice(digits.length - s)}`;
  }
  return neg ? `-${digits}` : digits;
}
