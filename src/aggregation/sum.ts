/**
 * sum_agg: Σ value over the selected events (§12.2), exact, in scaled integers.
 */
import type { Decimal } from "../core/decimal.js";
import {
  type FixedCell, type FixedSum, addToSum, cellToDecimal, copyCell, mergeSums, newCell, newSum, readFixed, sumToDecimal,
} from "../core/fixed.js";
import { type Kernel, type Ordered, compareOrdered, orderOf } from "./_kernel.js";
import { sumRunningTotal } from "./runningTotal.js";

export interface ValueEntry extends Ordered {
  readonly value: FixedCell;
}

export interface SumState {
  sum: FixedSum;
  count: number;
  /** Per-event values, kept only for running totals and event values. */
  values: ValueEntry[] | undefined;
  /** Σ precise_total_amount_cents (dynamic charges), when asked for. */
  precise: FixedSum | undefined;
}

const preciseCell = newCell();

/** The kept values in time order, as decimals. */
export function orderedValues(values: readonly ValueEntry[]): Decimal[] {
  return [...values].sort(compareOrdered).map((e) => cellToDecimal(e.value));
}

export const sum: Kernel<SumState, FixedCell> = {
  init: (ctx) => ({ sum: newSum(), count: 0, values: ctx.trackValues ? [] : undefined, precise: ctx.preciseAmounts ? newSum() : undefined }),
  add(s, cell, event) {
    addToSum(s.sum, cell);
    s.count++;
    if (s.values !== undefined) s.values.push({ ...orderOf(event), value: copyCell(cell) });
    // A missing or unreadable amount counts as 0 (the JSON layer validates it).
    if (s.precise !== undefined && readFixed(event.precise_total_amount_cents, preciseCell)) addToSum(s.precise, preciseCell);
  },
  merge: (a, b) => ({
    sum: mergeSums(a.sum, b.sum),
    count: a.count + b.count,
    values: a.values === undefined || b.values === undefined ? undefined : [...a.values, ...b.values],
    precise: a.precise === undefined || b.precise === undefined ? undefined : mergeSums(a.precise, b.precise),
  }),
  finish(s, ctx) {
    const values = s.values === undefined ? [] : orderedValues(s.values);
    return {
      units: sumToDecimal(s.sum),
      events_count: s.count,
      running_total: sumRunningTotal(values, ctx),
      ...(ctx.eventValues ? { event_values: values } : {}),
      ...(s.precise === undefined ? {} : { precise_total_amount_cents: sumToDecimal(s.precise) }),
    };
  },
};
