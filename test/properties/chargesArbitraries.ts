/**
 * Generators for the charge-model properties: those of `ratecard/testing` (src/testing), which users
 * property-test their own price lists with, plus the cases only ratecard's own tests need.
 * Decimals come from (bigint, scale), never floats.
 */
import fc from "fast-check";
import { arbitraries } from "../../src/testing/index.js";

export const { decimalString, units, amount } = arbitraries;
export const bounds = arbitraries.rangeBounds;

export const amountRanges = (gaps: readonly number[]) =>
  bounds(gaps).chain((bs) =>
    fc.tuple(...bs.map((b) => fc.record({ per_unit_amount: amount, flat_amount: amount }).map((a) => ({ ...b, ...a })))),
  );

export const graduatedCharge = arbitraries.charges.graduated;
export const adjacentGraduatedCharge = amountRanges([0]).map((r) => ({ charge_model: "graduated", properties: { graduated_ranges: r } }));
export const volumeCharge = arbitraries.charges.volume;
export const graduatedPercentageCharge = arbitraries.charges.graduated_percentage;
export const standardCharge = arbitraries.charges.standard;
export const packageCharge = arbitraries.charges.package;

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
