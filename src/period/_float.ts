/**
 * The reference engine prices a day of a plan in binary floating point
 * (`amount_cents.fdiv(duration)`, then `× days`, then `Float#round`). To give the same
 * cents on the rare exact half-cent ties (e.g. 115 × 14/28 = 57.5 is 57.4999… as a
 * double, so 57), the plan fee reproduces that double arithmetic on purpose, here and
 * nowhere else in `period/`, and converts the double to an exact Decimal by its
 * shortest round-trip text, as the reference writes a float into a decimal column.
 */
import { type Decimal, fromScaledBigInt } from "../core/decimal.js";
import { invariant } from "../core/issue.js";

/** The shortest decimal text of a finite double, as a Decimal (0.1 + 0.2 → 0.30000000000000004). */
export function floatToDecimal(x: number): Decimal {
  invariant(Number.isFinite(x), `not a finite number: ${x}`);
  const [mantissa = "0", exp = "0"] = String(x).split("e");
  const neg = mantissa.startsWith("-");
  const [int = "0", frac = ""] = (neg ? mantissa.slice(1) : mantissa).split(".");
  const digits = BigInt(int + frac);
  return fromScaledBigInt(neg ? -digits : digits, frac.length - Number(exp));
}

/** Ruby's `Float#round` to an integer: half away from zero. */
export function roundHalfAway(x: number): bigint {
  invariant(Number.isFinite(x), `not a finite number: ${x}`);
  const r = x < 0 ? -Math.round(-x) : Math.round(x);
  invariant(Number.isSafeInteger(r), `rounded float out of the safe range: ${x}`);
  return BigInt(r);
}
