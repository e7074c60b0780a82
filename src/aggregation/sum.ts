/**
 * sum_agg: Σ value over the selected events (§12.2), exact, in scaled integers.
 */
import type { Decimal } from "../core/decimal.js";
import {
  type FixedCell, type FixedSum, addToSum, mergeSums, newCell, newSum, readFixed, sumToDecimal,
} from "../core/fixed.js";
import type { Kernel, KernelContext } from "./_kernel.js";
import { ValueList } from "./_valueList.js";
import { sumRunningTotal } from "./runningTotal.js";
import type { UnitsResult } from "./types.js";

export interface SumState {
  sum: FixedSum;
  count: number;
  /** Per-event values, kept only for running totals and event values. */
  values: ValueList | undefined;
  /** Σ precise_total_amount_cents (dynamic charges), when asked for. */
  precise: FixedSum | undefined;
}

const preciseCell = newCell();

/** running_total and event_values from the kept values (time order), decimals built only where needed. */
function perEvent(list: ValueList | undefined, ctx: KernelContext): Pick<UnitsResult, "running_total" | "event_values" | "event_value_texts"> {
  const order = list === undefined ? new Uint32Array(0) : list.order();
  const fe = ctx.runningTotal?.events ?? 0;
  const needed = ctx.runningTotal === undefined ? new Uint32Array(0) : fe > 0 ? order.subarray(0, fe) : order;
  const decimals: Decimal[] = list === undefined ? [] : ctx.eventValues && !ctx.eventValuesText ? list.decimals(order) : list.decimals(needed);
  return {
    running_total: sumRunningTotal(decimals, ctx),
    ...(!ctx.eventValues ? {} : ctx.eventValuesText ? { event_value_texts: list === undefined ? [] : list.texts(order) } : { event_values: decimals }),
  };
}

export const sum: Kernel<SumState, FixedCell> = {
  init: (ctx) => ({ sum: newSum(), count: 0, values: ctx.trackValues ? new ValueList() : undefined, precise: ctx.preciseAmounts ? newSum() : undefined }),
  add(s, cell, event, _before, ctx) {
    addToSum(s.sum, cell);
    s.count++;
    if (s.values !== undefined) s.values.push(event.timestamp, event.seq ?? 0, event.transaction_id, cell, ctx.rawField === undefined ? undefined : event.properties[ctx.rawField]);
    // A missing or unreadable amount counts as 0 (the JSON layer validates it).
    if (s.precise !== undefined && readFixed(event.precise_total_amount_cents, preciseCell)) addToSum(s.precise, preciseCell);
  },
  merge: (a, b) => ({
    sum: mergeSums(a.sum, b.sum),
    count: a.count + b.count,
    values: a.values === undefined || b.values === undefined ? undefined : ValueList.merge(a.values, b.values),
    precise: a.precise === undefined || b.precise === undefined ? undefined : mergeSums(a.precise, b.precise),
  }),
  finish(s, ctx) {
    return {
      units: sumToDecimal(s.sum),
      events_count: s.count,
      ...perEvent(s.values, ctx),
      ...(s.precise === undefined ? {} : { precise_total_amount_cents: sumToDecimal(s.precise) }),
    };
  },
};
