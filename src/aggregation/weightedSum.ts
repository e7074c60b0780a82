/**
 * weighted_sum_agg: the time-weighted average level over the charges period (§12.4).
 *
 * Σ level × dt over the rows equals Σ over events of delta × (close − t), plus the carried
 * level × (close − from): each delta holds from its timestamp to the closing row. That
 * sum does not depend on event order, so the state is three exact sums and a count.
 */
import { type Decimal, dec, div, fromScaledBigInt, round } from "../core/decimal.js";
import {
  type FixedCell, type FixedSum, addToSum, mergeSums, newSum, sumToBigInt, sumToDecimal,
} from "../core/fixed.js";
import type { Kernel, KernelContext } from "./_kernel.js";

export interface WeightedSumState {
  /** Σ delta × (close − t), t and close in milliseconds. */
  weighted: FixedSum;
  /** Σ of the events before the window (recurring metrics): the initial level. */
  carried: FixedSum;
  /** Σ of the deltas in the window. */
  deltas: FixedSum;
  count: number;
}

/** The closing row's instant: `to` rounded up to the second. */
export function closingInstant(to: number): number {
  return Math.ceil(to / 1000) * 1000;
}

export const weightedSum: Kernel<WeightedSumState, FixedCell> = {
  init: () => ({ weighted: newSum(), carried: newSum(), deltas: newSum(), count: 0 }),
  add(s, cell, e, before, ctx) {
    if (before) {
      addToSum(s.carried, cell);
      return;
    }
    addToSum(s.weighted, cell, closingInstant(ctx.to) - e.timestamp);
    addToSum(s.deltas, cell);
    s.count++;
  },
  merge: (a, b) => ({
    weighted: mergeSums(a.weighted, b.weighted),
    carried: mergeSums(a.carried, b.carried),
    deltas: mergeSums(a.deltas, b.deltas),
    count: a.count + b.count,
  }),
  finish(s, ctx) {
    const total = mergeSums(s.carried, s.deltas);
    return { units: weightedUnits(s, ctx), events_count: s.count, total_aggregated_units: sumToDecimal(total) };
  },
};

const DAY_MS = dec(86_400_000);

function weightedUnits(s: WeightedSumState, ctx: KernelContext): Decimal {
  // In bigints and decimals: instants and a duration in days times 86 400 000 can leave
  // the range where a float difference or product is exact.
  const span = BigInt(closingInstant(ctx.to)) - BigInt(ctx.from);
  const scale = Math.max(s.weighted.s, s.carried.s);
  const numerator = sumToBigInt(s.weighted, scale) + sumToBigInt(s.carried, scale) * span;
  const milliseconds = dec(ctx.chargesDuration).times(DAY_MS);
  return round(div(fromScaledBigInt(numerator, scale), milliseconds), 20, "ceil");
}
