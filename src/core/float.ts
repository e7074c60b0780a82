/**
 * The few places where the reference engine computes in binary floating point
 * (single-day prices, the true-up minimum, credit-note day prices, proration
 * coefficients). These helpers reproduce that arithmetic on purpose and convert the
 * result to an exact Decimal by its shortest round-trip text, as the reference writes
 * floats into decimal columns. Nothing else in the engine may use float arithmetic on money.
 */
import { type Decimal, fromScaledBigInt } from "./decimal.js";
import { invariant } from "./issue.js";

/** The shortest decimal text of a finite double (`0.1 + 0.2` → 0.30000000000000004), as a Decimal. */
export function floatToDecimal(x: number): Decimal {
  // The message is written only on failure: a template literal formatting a double costs ~250 ns per call.
  if (!Number.isFinite(x)) invariant(false, `not a finite number: ${x}`);
  const [mantissa = "0", exp = "0"] = String(x).split("e");
  const neg = mantissa.startsWith("-");
  const body = neg ? mantissa.slice(1) : mantissa;
  const [int = "0", frac = ""] = body.split(".");
  const digits = BigInt(int + frac);
  return fromScaledBigInt(neg ? -digits : digits, frac.length - Number(exp));
}

/**
 * A double meeting a decimal (invoice.md §0.2, `dec16`): the reference's bigdecimal converts the
 * double by its shortest round-trip digits cut (not rounded) to 16 significant digits, then
 * computes exactly. 172.41379310344828 → 172.4137931034482.
 */
export function dec16(x: number): Decimal {
  const d = floatToDecimal(x);
  if (d.c.length <= 16) return d;
  const digits = BigInt(d.c.slice(0, 16).join(""));
  return fromScaledBigInt(d.s < 0 ? -digits : digits, 15 - d.e);
}

/** Ruby's `Float#round`: to an integer, half away from zero. */
export function roundHalfAway(x: number): number {
  // The message is written only on failure: a template literal formatting a double costs ~250 ns per call.
  if (!Number.isFinite(x)) invariant(false, `not a finite number: ${x}`);
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/**
 * `Float#round` to a bigint. Beyond 2^53 every double is already an integer, and Ruby answers
 * that double's exact integer value, as `BigInt` does (whether such an amount can be shown is
 * the renderer's concern: `value_is_out_of_range`).
 */
export function roundHalfAwayToBigInt(x: number): bigint {
  return BigInt(roundHalfAway(x));
}

/** The double nearest to a decimal (the reference reading a decimal column into a Float). */
export function decimalToFloat(x: Decimal): number {
  return Number(x.toFixed());
}

/** Ruby's `a.fdiv(b)`: `double(a) / double(b)` (coupon and credit-note spread increments). */
export function fdiv(a: Decimal, b: Decimal): number {
  return decimalToFloat(a) / decimalToFloat(b);
}

/** `double(a) × b`, the product of two doubles (an unrestricted percentage coupon, invoice.md §0.2). */
export function fmul(a: Decimal, b: number): number {
  return decimalToFloat(a) * b;
}
