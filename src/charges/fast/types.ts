/**
 * The exact fast path of a prepared charge: units in, amount out, both as scaled integers.
 */

/** Sentinel of the number path: the value left the proven-exact range (use the bigint path). */
export const OVERFLOW = Number.NaN;

export interface Kernel {
  /** The scale of the amount mantissa for units given at `scale`. */
  amountScale(scale: number): number;
  /** Number path: `mantissa` a safe integer; NaN when exactness is not proven for it. */
  num(mantissa: number, scale: number): number;
  /** Bigint path: always exact; `undefined` when no tier prices the units (volume). */
  big(mantissa: bigint, scale: number): bigint | undefined;
}
