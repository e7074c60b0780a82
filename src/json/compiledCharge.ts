/**
 * The fast path of the JSON `applyChargeModel` (issue 11): a charge passed again is compiled
 * once into safe-integer arithmetic that writes the output texts directly, with no Decimal.
 *
 * Exactness: every value is an integer scaled by a power of ten, and every sum and product is
 * checked to stay within ±(2^53 − 1); a result beyond it (or a model, flag or value outside what
 * is compiled here) returns `undefined` and the call takes the general Decimal path. Integer
 * operations whose exact result is a safe integer are exact in float64, and one whose exact
 * result is not gives a float of magnitude ≥ 2^53, which the check catches. The texts are the
 * ones the general path writes (`chargeJson.ts`); test/unit/json/compiledCharge.test.ts checks
 * both paths agree on random charges and units.
 */
import { type Decimal, scaleOf, toDecimalString, toScaledBigInt } from "../core/decimal.js";
import { type AmountRange, type Charge, isAdjacent } from "../charges/index.js";
import { type ApplyChargeModelOutput, type JsonValue, boundValue } from "./chargeJson.js";

/** Units `m × 10^−s` (m a non-negative safe integer) in, the output out; `undefined`: use the general path. */
export type CompiledCharge = (m: number, s: number) => ApplyChargeModelOutput | undefined;

const MAX = Number.MAX_SAFE_INTEGER;
/** Powers of ten exact in float64 (10^22 = 2^22 × 5^22, 5^22 < 2^53). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Largest scale handled here (amounts at scale ≤ 22 keep their powers of ten exact). */
const MAX_SCALE = 22;

/** `x` when it is a safe integer's exact value (see the module comment), else NaN. */
const safe = (x: number): number => (x <= MAX && x >= -MAX ? x : Number.NaN);

interface Scaled {
  readonly m: number;
  readonly s: number;
}

/** A decimal as a safe integer at its own scale, or undefined. */
function scaledOf(d: Decimal): Scaled | undefined {
  const s = scaleOf(d);
  if (s > MAX_SCALE) return undefined;
  const big = toScaledBigInt(d, s);
  const m = Number(big);
  return Number.isSafeInteger(m) && BigInt(m) === big ? { m, s } : undefined;
}

/** `m × 10^(to − s)`, or NaN when out of the safe range. */
const align = (x: Scaled, to: number): number => safe(x.m * POW10[to - x.s]!);

/** The compiled form of a parsed charge, when its model and flags are compiled here. */
export function compileCharge(charge: Charge): CompiledCharge | undefined {
  if (charge.prorated === true) return undefined;
  switch (charge.charge_model) {
    case "standard":
      return compileStandard(charge.properties.amount);
    case "graduated":
      return compileGraduated(charge.properties.graduated_ranges);
    default:
      return undefined;
  }
}

function compileStandard(amount: Decimal): CompiledCharge | undefined {
  const price = scaledOf(amount);
  if (price === undefined) return undefined;
  const priceText = toDecimalString(amount);
  return (m, s) => {
    const total = safe(m * price.m);
    if (total !== total || s + price.s > MAX_SCALE) return undefined;
    // unit_amount = amount / units = the price exactly (its scale is well below the division's 40 places).
    return { units: text(m, s, false), amount: text(total, s + price.s, false), unit_amount: m === 0 ? "0" : priceText, amount_details: {} };
  };
}

/** Graduated (semantics §3, as graduated.ts): the visited tiers' details and their sum. */
function compileGraduated(ranges: readonly AmountRange[]): CompiledCharge | undefined {
  const n = ranges.length;
  const from: Scaled[] = [], to: (Scaled | null)[] = [], pua: Scaled[] = [], flat: Scaled[] = [];
  for (const r of ranges) {
    const f = scaledOf(r.from_value), t = r.to_value === null ? null : scaledOf(r.to_value), p = scaledOf(r.per_unit_amount), fl = scaledOf(r.flat_amount);
    if (f === undefined || t === undefined || p === undefined || fl === undefined) return undefined;
    from.push(f);
    to.push(t);
    pua.push(p);
    flat.push(fl);
  }
  const adjacent = isAdjacent(ranges);
  const fromJson: JsonValue[] = ranges.map((r) => boundValue(r.from_value));
  const toJson: JsonValue[] = ranges.map((r) => boundValue(r.to_value));
  const flatText = ranges.map((r) => toDecimalString(r.flat_amount));
  const puaText = ranges.map((r) => toDecimalString(r.per_unit_amount));
  const boundScale = Math.max(0, ...from.map((x) => x.s), ...to.map((x) => x?.s ?? 0));
  const puaScale = Math.max(0, ...pua.map((x) => x.s));
  const flatScale = Math.max(0, ...flat.map((x) => x.s));

  /** The tiers' constants at units scale `s`: bounds at S, prices at T − S, flat fees at T. */
  interface Variant {
    readonly S: number;
    readonly T: number;
    readonly one: number;
    readonly fromB: Float64Array;
    readonly toB: Float64Array;
    readonly puaB: Float64Array;
    readonly flatB: Float64Array;
    readonly ok: boolean;
  }
  const variants: (Variant | undefined)[] = [];
  const variantOf = (s: number): Variant => {
    let v = variants[s];
    if (v !== undefined) return v;
    const S = Math.max(s, boundScale);
    const T = Math.max(S + puaScale, flatScale);
    const ok = T <= MAX_SCALE;
    const fromB = Float64Array.from(from, (x) => (ok ? align(x, S) : Number.NaN));
    const toB = Float64Array.from(to, (x) => (x === null ? Number.POSITIVE_INFINITY : ok ? align(x, S) : Number.NaN));
    const puaB = Float64Array.from(pua, (x) => (ok ? align(x, T - S) : Number.NaN));
    const flatB = Float64Array.from(flat, (x) => (ok ? align(x, T) : Number.NaN));
    const all = [...fromB, ...toB, ...puaB, ...flatB];
    v = { S, T, one: POW10[Math.min(S, MAX_SCALE)]!, fromB, toB, puaB, flatB, ok: ok && all.every((x) => x === x) };
    variants[s] = v;
    return v;
  };

  return (m, s) => {
    const v = variantOf(s);
    if (!v.ok) return undefined;
    const { S, T, one, fromB, toB, puaB, flatB } = v;
    const U = safe(m * POW10[S - s]!);
    const details: JsonValue[] = [];
    let amount = 0;
    for (let i = 0; i < n; i++) {
      const top = toB[i]!;
      const eff = U >= top ? top : U;
      const lo = fromB[i]!;
      const units = lo === 0 ? eff : adjacent ? safe(eff - lo) : safe(eff - lo + one);
      const perUnitTotal = safe(units * puaB[i]!);
      const withFlat = safe(perUnitTotal + flatB[i]!);
      amount = safe(amount + withFlat);
      if (amount !== amount) return undefined;
      const perUnitTotalText = text(perUnitTotal, T, false);
      details.push({
        from_value: fromJson[i]!,
        to_value: toJson[i]!,
        flat_unit_amount: flatText[i]!,
        per_unit_amount: units === 0 ? "0" : puaText[i]!,
        units: text(units, S, true),
        per_unit_total_amount: perUnitTotalText,
        total_with_flat_amount: withFlat === perUnitTotal ? perUnitTotalText : text(withFlat, T, false),
      });
      if (top >= U) break;
    }
    const unitAmount = U === 0 ? "0" : quotientText(amount, T, U, S);
    if (unitAmount === undefined) return undefined;
    return { units: text(m, s, false), amount: text(amount, T, false), unit_amount: unitAmount, amount_details: { graduated_ranges: details } };
  };
}

/**
 * The text of `m × 10^−s` (m a safe integer), as `toDecimalString` writes the decimal (no trailing
 * zeros); `point`: with at least one decimal, as `toDecimalStringWithPoint`.
 */
export function text(m: number, s: number, point: boolean): string {
  if (m === 0) return point ? "0.0" : "0";
  if (s === 0) return point ? `${m}.0` : String(m);
  while (s > 0 && m % 10 === 0) {
    m /= 10;
    s--;
  }
  const neg = m < 0;
  let t = String(neg ? -m : m);
  if (s > 0) {
    if (t.length <= s) t = "0".repeat(s - t.length + 1) + t;
    t = `${t.slice(0, t.length - s)}.${t.slice(t.length - s)}`;
  } else if (point) t += ".0";
  return neg ? `-${t}` : t;
}

const DP = 40;

/** Fraction chunks of the long division in {@link quotientText} (reused: no allocation per call). */
const CHUNKS = new Int32Array(41);
const WIDTHS = new Int8Array(41);

/**
 * The text of `(a × 10^−T) / (d × 10^−S)` rounded to 40 places, half away from zero (the engine's
 * division, `div` in core/decimal.ts), for safe integers `a` and `d > 0`: the quotient
 * `a / (d × 10^(T−S))` by long division in chunks of at most nine digits, small enough that
 * every remainder × 10^chunk stays a safe integer; the rounding carried through the chunks,
 * trailing zeros dropped, one string built at the end. `undefined` when the divisor is too large.
 */
export function quotientText(a: number, T: number, d: number, S: number): string | undefined {
  // (a·10^−T) / (d·10^−S) = a / (d·10^(T−S)): forty fraction digits of that quotient, rounded.
  if (T < S || T - S > MAX_SCALE) return undefined;
  d = d * POW10[T - S]!;
  if (!(d <= MAX)) return undefined;
  const k = DP;
  let chunk = Math.floor(Math.log10(MAX / d));
  while (chunk > 0 && d * POW10[chunk]! > MAX) chunk--;
  if (chunk > 9) chunk = 9; // chunks below 2^31: small integers, cheap to write
  if (chunk <= 0) return undefined;
  const neg = a < 0;
  if (neg) a = -a;
  divide(a, d);
  let q = QUOTIENT;
  let r = REMAINDER;
  let n = 0;
  for (let left = k; left > 0; n++) {
    const c = left < chunk ? left : chunk;
    divide(r * POW10[c]!, d);
    CHUNKS[n] = QUOTIENT;
    WIDTHS[n] = c;
    r = REMAINDER;
    left -= c;
  }
  if (2 * r >= d) {
    // Round up: carry through the chunks into the integer part.
    let i = n - 1;
    for (; i >= 0; i--) {
      const v = CHUNKS[i]! + 1;
      if (v < POW10[WIDTHS[i]!]!) {
        CHUNKS[i] = v;
        break;
      }
      CHUNKS[i] = 0;
    }
    if (i < 0) q++;
  }
  // Drop trailing zero digits of the fraction.
  while (n > 0 && CHUNKS[n - 1] === 0) n--;
  let last = n > 0 ? CHUNKS[n - 1]! : 0;
  let lastWidth = n > 0 ? WIDTHS[n - 1]! : 0;
  while (n > 0 && last % 10 === 0) {
    last /= 10;
    lastWidth--;
  }
  // The digits of q.fraction, then the point moved left by T − S more places (the amount's extra scale).
  let frac = "";
  for (let i = 0; i < n - 1; i++) frac += pad(CHUNKS[i]!, WIDTHS[i]!);
  if (n > 0) frac += pad(last, lastWidth);
  if (q === 0 && frac === "") return "0";
  const sign = neg ? "-" : "";
  return frac === "" ? sign + String(q) : `${sign}${q}.${frac}`;
}

let QUOTIENT = 0;
let REMAINDER = 0;

/**
 * `x = QUOTIENT × d + REMAINDER` with `0 ≤ REMAINDER < d`, for a safe integer `x ≥ 0` and `d > 0`:
 * the float quotient, floored, corrected by one where its rounding crossed an integer.
 */
function divide(x: number, d: number): void {
  let q = Math.floor(x / d);
  let r = x - q * d;
  if (r < 0) {
    q--;
    r += d;
  } else if (r >= d) {
    q++;
    r -= d;
  }
  QUOTIENT = q;
  REMAINDER = r;
}

/** `v` written with exactly `width` digits (leading zeros). */
function pad(v: number, width: number): string {
  const t = String(v);
  return t.length >= width ? t : "0".repeat(width - t.length) + t;
}
