/**
 * Generators for the charge-model properties. Decimals come from (bigint, scale), never floats.
 */
import fc from "fast-check";
import { fromScaledBigInt } from "../../src/core/decimal.js";

/** A decimal string `m / 10^s` with 0 ≤ m ≤ maxMantissa, 0 ≤ s ≤ maxScale. */
export const decimalString = (maxMantissa: bigint, maxScale: number, min = 0n) =>
  fc
    .tuple(fc.bigInt({ min, max: maxMantissa }), fc.integer({ min: 0, max: maxScale }))
    .map(([m, s]) => fromScaledBigInt(m, s).toString());

/** Everyday units (≤ 10^6, ≤ 6 decimals), huge units (≤ 10^30) and many-decimal units (≤ 30 places). */
export const units = fc.oneof(
  { weight: 4, arbitrary: decimalString(10n ** 12n, 6) },
  { weight: 1, arbitrary: decimalString(10n ** 30n, 0) },
  { weight: 1, arbitrary: decimalString(10n ** 40n, 30) },
);

export const amount = fc.oneof(decimalString(10n ** 6n, 4), decimalString(10n ** 20n, 12));

type Bound = number | string;
const bound = (s: string): Bound => (/^\d+$/.test(s) && s.length < 15 ? Number(s) : s);

/**
 * Valid tier bounds: the first from is 0, each next from is the previous to plus one of
 * `gaps`, widths are positive decimals (or integers).
 */
export const bounds = (gaps: readonly number[], maxTiers = 5) =>
  fc
    .array(fc.tuple(fc.oneof(decimalString(10n ** 4n, 0, 1n), decimalString(10n ** 6n, 3, 1n)), fc.constantFrom(...gaps)), {
      minLength: 0,
      maxLength: maxTiers - 1,
    })
    .map((steps) => {
      const out: { from_value: Bound; to_value: Bound | null }[] = [];
      let from = fromScaledBigInt(0n, 0);
      for (const [width, gap] of steps) {
        const to = from.plus(width);
        out.push({ from_value: bound(from.toString()), to_value: bound(to.toString()) });
        from = to.plus(fromScaledBigInt(BigInt(gap), 0));
      }
      out.push({ from_value: bound(from.toString()), to_value: null });
      return out;
    });

export const amountRanges = (gaps: readonly number[]) =>
  bounds(gaps).chain((bs) =>
    fc.tuple(...bs.map((b) => fc.record({ per_unit_amount: amount, flat_amount: amount }).map((a) => ({ ...b, ...a })))),
  );

export const graduatedCharge = amountRanges([0, 1]).map((r) => ({ charge_model: "graduated", properties: { graduated_ranges: r } }));
export const adjacentGraduatedCharge = amountRanges([0]).map((r) => ({ charge_model: "graduated", properties: { graduated_ranges: r } }));
export const volumeCharge = amountRanges([1, 2]).map((r) => ({ charge_model: "volume", properties: { volume_ranges: r } }));
export const graduatedPercentageCharge = bounds([0, 1]).chain((bs) =>
  fc
    .tuple(...bs.map((b) => fc.record({ rate: decimalString(10n ** 5n, 3), flat_amount: amount }).map((a) => ({ ...b, ...a }))))
    .map((r) => ({ charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: r } })),
);
export const standardCharge = amount.map((a) => ({ charge_model: "standard", properties: { amount: a } }));
export const packageCharge = fc
  .record({ amount, package_size: fc.integer({ min: 1, max: 10_000 }), free_units: fc.integer({ min: 0, max: 1000 }) })
  .map((p) => ({ charge_model: "package", properties: p }));

/** Percentage without per-transaction min/max, with its aggregation context. */
export const percentageCase = fc
  .record({
    rate: decimalString(10n ** 5n, 3),
    fixed_amount: fc.option(amount, { nil: null }),
    free: fc.option(decimalString(10n ** 6n, 2), { nil: null }),
    events_count: fc.integer({ min: 0, max: 50 }),
  })
  .map(({ rate, fixed_amount, free, events_count }) => ({
    charge: { charge_model: "percentage", properties: { rate, fixed_amount, free_units_per_total_aggregation: free } },
    context: { events_count, running_total: free === null ? [] : [free] },
  }));
