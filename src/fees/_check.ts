/**
 * Guards of the typed API: numbers the caller passes in must make sense, or the call
 * fails with the engine's ValidationError (never NaN, never a TypeError).
 */
import { ValidationError, issue } from "../core/issue.js";

/** Throws `invalid_value` at `path` unless `value` is a positive integer. */
export function requirePositiveInteger(value: number, path: readonly (string | number)[]): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new ValidationError([issue("invalid_value", path)]);
}

/** Throws `invalid_value` at `path` unless `value` is a finite number ≥ 0. */
export function requireNonNegative(value: number, path: readonly (string | number)[]): void {
  if (!Number.isFinite(value) || value < 0) throw new ValidationError([issue("invalid_value", path)]);
}
