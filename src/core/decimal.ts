/**
 * The engine's decimal type: a private, strict big.js constructor.
 *
 * Nothing else in `src/` imports big.js (except `core/fixed.ts`). `strict` makes
 * `new D(0.1)` and implicit `valueOf` throw, so float leaks fail loudly.
 */
import Big from "big.js";

const D = Big();
/** Decimal places kept by a division that does not terminate (≥ 20 significant digits for any amount). */
D.DP = 40;
D.RM = Big.roundHalfUp;
// Always plain notation: never "1e-7" in output.
D.NE = -1_000_000;
D.PE = 1_000_000;
D.strict = true;

/** An exact decimal value (opaque: treat it as immutable). */
export type Decimal = Big.Big;

/** Rounding modes, named as in the semantics. */
export type RoundingMode = "half_up" | "half_even" | "down" | "up" | "ceil" | "floor";

/** The canonical text form of a decimal accepted at the JSON edge: `-?\d+(\.\d+)?`. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * The decimal strings a charge's or fixed charge's properties may hold (semantics charges.md
 * §19.2: Ruby's `BigDecimal()` reading, as the reference validates them): white space around,
 * an optional `#`, a sign, digits with single `_` between digits (a trailing `_` only at the
 * end), an optional `.` with digits, an optional exponent `e`/`E`/`d`/`D`. Structure only:
 * {@link parseCatalogDecimal} adds the remaining rules and gives the value.
 */
export const CATALOG_DECIMAL_PATTERN =
  /^[ \t\n\v\f\r]*#?[+-]?(?:\d+(?:_\d+)*_|\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?(?:[eEdD][+-]?\d+(?:_\d+)*)?|\d+(?:_\d+)*\.(?:[eEdD][+-]?\d+(?:_\d+)*)?|\.\d+(?:_\d+)*(?:[eEdD][+-]?\d+(?:_\d+)*)?)[ \t\n\v\f\r]*$/;
/** Exponents beyond this (after normalisation) are refused: the reference reads them as infinite or as nothing billable. */
const MAX_CATALOG_EXPONENT = 1000;

/**
 * The value of a catalog decimal string (charges.md §19.2), or `undefined` when the reference
 * refuses the string: `"1e3"` 1000, `".5"` 0.5, `"5."` 5, `" +5 "` 5, `"1_000"` 1000, `"2d1"` 20,
 * `"#7"` 7; refused `""`, `"."`, `"1,5"`, `"1 000"`, `"0x10"`, `"- 5"`, `"1e"`, `"1.e"`, `"_1"`,
 * `"1__0"`, `"Infinity"`, `"NaN"` (`"1.e3"` is 1000, as Ruby reads it). Negative values are returned (the caller refuses them).
 */
export function parseCatalogDecimal(s: string): Decimal | undefined {
  if (DECIMAL_PATTERN.test(s)) return new D(s); // the usual form, read as it is
  if (!CATALOG_DECIMAL_PATTERN.test(s)) return undefined;
  const body = s.trim().replace(/^#/, "").replaceAll("_", "").replace(/[dD]/, "e").replace(/^\+/, "");
  const [mantissa = "", exp] = body.split(/[eE]/);
  const d = new D(mantissa.endsWith(".") ? mantissa.slice(0, -1) : mantissa); // `5.` and `1.e3`
  if (d.c[0] === 0) return new D("0"); // zero whatever its exponent (a fresh value: callers key data by it)
  const e = exp === undefined ? 0 : Number(exp);
  if (!Number.isSafeInteger(e) || Math.abs(e) > 10 * MAX_CATALOG_EXPONENT) return undefined;
  const scaled = e === 0 ? d : d.times(new D(`1e${e}`));
  return Math.abs(scaled.e) > MAX_CATALOG_EXPONENT ? undefined : scaled;
}

export const ZERO: Decimal = new D("0");
export const ONE: Decimal = new D("1");
export const HUNDRED: Decimal = new D("100");

/** True when `x` is a Decimal created by this module. */
export function isDecimal(x: unknown): x is Decimal {
  return x instanceof D;
}

/**
 * Parses a decimal from a string like `"12.50"` or `"-3"`, or from a finite
 * JavaScript number that is a safe integer (or whose shortest text form is a plain
 * decimal). Returns `undefined` for anything else: `"1e5"`, `"abc"`, `""`, `NaN`,
 * `Infinity`, `" 1"`.
 */
export function parseDecimal(x: unknown): Decimal | undefined {
  if (x instanceof D) return x;
  if (typeof x === "string") return DECIMAL_PATTERN.test(x) ? new D(x) : undefined;
  if (typeof x === "number") {
    if (!Number.isFinite(x)) return undefined;
    const s = String(x);
    return DECIMAL_PATTERN.test(s) ? new D(s) : undefined;
  }
  return undefined;
}

/** Like {@link parseDecimal} but for values the engine itself produced; throws on a bug. */
export function dec(x: string | number | bigint | Decimal): Decimal {
  if (typeof x === "bigint") return new D(x.toString());
  const d = parseDecimal(x);
  if (d === undefined) throw new Error(`[ratecard] not a decimal: ${String(x)}`);
  return d;
}

/** `a / b` with the engine's precision (40 decimal places, half-up). `b` must not be zero. */
export function div(a: Decimal, b: Decimal): Decimal {
  return fastDiv(a, b) ?? a.div(b);
}

const TEN = 10n;
const DP = 40;

/**
 * `a / b` as big.js divides (40 decimal places, half away from zero: `D.DP`, `D.RM`), in one
 * BigInt division instead of big.js's digit-by-digit long division; `undefined` (the caller
 * uses big.js) when the operands are long or far apart in magnitude. Exactness: both are
 * integers scaled by powers of ten, so `round(a/b × 10^40)` is one integer division and a
 * remainder comparison; test/unit/core/decimal.test.ts checks it equals big.js on random operands.
 */
function fastDiv(a: Decimal, b: Decimal): Decimal | undefined {
  const ca = a.c, cb = b.c;
  if (cb[0] === 0 || ca.length > 30 || cb.length > 30) return undefined;
  if (ca[0] === 0) return new D("0");
  // value = digits × 10^(e − len + 1)
  const ka = a.e - ca.length + 1, kb = b.e - cb.length + 1;
  const shiftBy = ka - kb + DP;
  if (shiftBy > 80 || shiftBy < -80) return undefined;
  let n = BigInt(ca.join(""));
  let d = BigInt(cb.join(""));
  if (shiftBy >= 0) n *= TEN ** BigInt(shiftBy);
  else d *= TEN ** BigInt(-shiftBy);
  let q = n / d;
  const r = n % d;
  if (r * 2n >= d) q += 1n; // half away from zero, on magnitudes
  if (q === 0n) return new D("0");
  return fromScaledBigInt(a.s * b.s < 0 ? -q : q, DP);
}

/** `x × 10^k`, exactly (moves the decimal point; much cheaper than a division by a power of ten). */
export function shift(x: Decimal, k: number): Decimal {
  if (k === 0 || x.c[0] === 0) return x;
  const y = new D(x);
  y.e += k;
  return y;
}

/** `a / b`, or `fallback` (zero) when `b` is zero. */
export function divOrZero(a: Decimal, b: Decimal, fallback: Decimal = ZERO): Decimal {
  return b.eq(ZERO) ? fallback : div(a, b);
}

const BIG_RM: Record<RoundingMode, 0 | 1 | 2 | 3> = {
  down: 0,
  half_up: 1,
  half_even: 2,
  up: 3,
  ceil: 3,
  floor: 0,
};

/**
 * Rounds to `dp` decimal places (may be negative: -1 rounds to tens).
 * `ceil` and `floor` round toward +∞ and −∞; `up` and `down` away from and toward zero.
 */
export function round(x: Decimal, dp: number, mode: RoundingMode): Decimal {
  let rm = BIG_RM[mode];
  if (mode === "ceil") rm = x.s < 0 ? 0 : 3;
  else if (mode === "floor") rm = x.s < 0 ? 3 : 0;
  if (dp >= 0) return x.round(dp, rm);
  const scale = new D("1" + "0".repeat(-dp));
  return x.div(scale).round(0, rm).times(scale);
}

export function min(a: Decimal, b: Decimal): Decimal {
  return a.lte(b) ? a : b;
}

export function max(a: Decimal, b: Decimal): Decimal {
  return a.gte(b) ? a : b;
}

export function sum(xs: Iterable<Decimal>): Decimal {
  let acc = ZERO;
  for (const x of xs) acc = acc.plus(x);
  return acc;
}

/** Canonical text form: plain notation, no exponent, no trailing zeros ("10", "0.5", "-3.25"). */
export function toDecimalString(x: Decimal): string {
  // Written from the coefficient directly (big.js's toString is a hot spot of the JSON renderers);
  // test/unit/core/decimal.test.ts checks it equals big.js's plain notation.
  const c = x.c;
  const n = c.length;
  if (c[0] === 0) return "0";
  const e = x.e;
  const neg = x.s < 0;
  const length = (neg ? 1 : 0) + (e < 0 ? n + 1 - e : e >= n - 1 ? e + 1 : n + 1);
  if (length >= 13) {
    // One flat string: V8 makes every `+` whose result has 13 characters or more a rope node, so
    // a 40-digit quotient built digit by digit was a rope 40 nodes deep (1.3 KB, slow to read).
    const digits = c.join("");
    const sign = neg ? "-" : "";
    const parts = e < 0 ? [sign, "0.", "0".repeat(-e - 1), digits]
      : e >= n - 1 ? [sign, digits, "0".repeat(e - n + 1)]
      : [sign, digits.slice(0, e + 1), ".", digits.slice(e + 1)];
    return parts.join("");
  }
  let digits = "";
  for (let i = 0; i < n; i++) digits += c[i];
  const s = e < 0 ? `0.${"0".repeat(-e - 1)}${digits}` : e >= n - 1 ? (e === n - 1 ? digits : digits + "0".repeat(e - n + 1)) : `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
  return neg ? `-${s}` : s;
}

/**
 * Text form with at least one decimal, as the reference engine writes BigDecimal
 * values in some `amount_details` fields ("10.0", "0.0", "2.5").
 */
export function toDecimalStringWithPoint(x: Decimal): string {
  const s = toDecimalString(x);
  return s.includes(".") ? s : `${s}.0`;
}

/** The number of decimal places of a decimal's exact value (0 for integers). */
export function scaleOf(x: Decimal): number {
  return Math.max(0, x.c.length - 1 - x.e);
}

/** The value as a bigint scaled by 10^scale; exact only when `scale ≥ scaleOf(x)`. */
export function toScaledBigInt(x: Decimal, scale: number): bigint {
  const digits = x.c.join("");
  const shift = x.e - (x.c.length - 1) + scale;
  let v: bigint;
  if (shift >= 0) v = BigInt(digits + "0".repeat(shift));
  else {
    const keep = digits.length + shift;
    v = keep > 0 ? BigInt(digits.slice(0, keep)) : 0n;
  }
  return x.s < 0 ? -v : v;
}

/** The decimal `value / 10^scale`. */
export function fromScaledBigInt(value: bigint, scale: number): Decimal {
  const neg = value < 0n;
  let s = (neg ? -value : value).toString();
  if (scale > 0) {
    s = s.padStart(scale + 1, "0");
    s = `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  } else if (scale < 0) s += "0".repeat(-scale);
  return new D(neg ? `-${s}` : s);
}
