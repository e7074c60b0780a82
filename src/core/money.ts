/**
 * Currency units ⇄ minor units ("cents").
 */
import { type Decimal, dec, div, isDecimal, parseDecimal, round, toScaledBigInt, type RoundingMode } from "./decimal.js";
import { currencyExponent, type CurrencyCode } from "./currency.js";
import { ValidationError, issue } from "./issue.js";

const MODES: readonly RoundingMode[] = ["half_up", "half_even", "down", "up", "ceil", "floor"];

/**
 * An amount argument of the exported helpers: a Decimal, or a decimal string (`"1.5"`) as a
 * JavaScript caller writes it. Anything else is refused with `invalid_value` at `key`.
 */
function amountArg(x: Decimal | string, key: string): Decimal {
  if (isDecimal(x)) return x;
  const d = typeof x === "string" ? parseDecimal(x) : undefined;
  if (d === undefined) throw new ValidationError([issue("invalid_value", [key])]);
  return d;
}

function modeArg(mode: RoundingMode): RoundingMode {
  if (!MODES.includes(mode)) throw new ValidationError([issue("invalid_value", ["mode"], `one of ${MODES.join(", ")}`)]);
  return mode;
}

/** `10^exponent` of the currency (EUR 100, JPY 1, CLF 10000): one shared value per currency (decimals are never changed in place). */
export function subunitToUnit(currency: CurrencyCode): Decimal {
  let d = subunits.get(currency);
  if (d === undefined) {
    d = dec(10n ** BigInt(currencyExponent(currency)));
    subunits.set(currency, d);
  }
  return d;
}

const subunits = new Map<string, Decimal>();

/**
 * An amount in currency units to an integer of minor units:
 * `round(amount, exponent, mode) × 10^exponent` (half-up by default, as the semantics say).
 * 11.145 EUR → 1115; 12.5 JPY → 13.
 */
export function toMinorUnits(amount: Decimal | string, currency: CurrencyCode, mode: RoundingMode = "half_up"): bigint {
  const e = currencyExponent(currency);
  return toScaledBigInt(round(amountArg(amount, "amount"), e, modeArg(mode)), e);
}

/** The unrounded amount in minor units (`precise_amount_cents`). */
export function toPreciseMinorUnits(amount: Decimal | string, currency: CurrencyCode): Decimal {
  return amountArg(amount, "amount").times(subunitToUnit(currency));
}

/** Minor units back to currency units. */
export function fromMinorUnits(cents: Decimal | bigint | string, currency: CurrencyCode): Decimal {
  return div(typeof cents === "bigint" ? dec(cents) : amountArg(cents, "cents"), subunitToUnit(currency));
}

/**
 * Splits an integer total into parts proportional to `ratios` by largest remainder,
 * so the parts always add up to the total.
 */
export function allocate(total: bigint, ratios: readonly bigint[]): bigint[] {
  if (typeof total !== "bigint") throw new ValidationError([issue("invalid_value", ["total"], "a bigint")]);
  const bad = ratios.flatMap((r, i) => (typeof r === "bigint" && r >= 0n ? [] : [issue("invalid_value", ["ratios", i], "a bigint ≥ 0")]));
  if (bad[0] !== undefined) throw new ValidationError([bad[0], ...bad.slice(1)]);
  const sumR = ratios.reduce((a, b) => a + b, 0n);
  if (sumR === 0n) return ratios.map(() => 0n);
  const neg = total < 0n;
  const t = neg ? -total : total;
  const parts = ratios.map((r) => (t * r) / sumR);
  let rest = t - parts.reduce((a, b) => a + b, 0n);
  const order = ratios
    .map((r, i) => ({ i, rem: (t * r) % sumR }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (let k = 0; rest > 0n; k = (k + 1) % order.length, rest--) {
    const o = order[k]!;
    parts[o.i] = parts[o.i]! + 1n;
  }
  return neg ? parts.map((p) => -p) : parts;
}
