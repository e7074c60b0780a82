/**
 * Free units and free events of the percentage model (semantics §6.2, §6.3, §6.5).
 */
import { type Decimal, HUNDRED, ZERO, dec } from "../core/decimal.js";
import type { Aggregation, PercentageProperties } from "./types.js";

/** What the free allowance leaves of an aggregation, whatever its units (§6.2–§6.4). */
export interface PercentageAllowance {
  readonly freeUnits: Decimal;
  readonly freeCount: number;
  readonly events: number;
  /** `fixed_amount` × the events beyond the free ones (0 units pay none: the caller's test). */
  readonly fixedTotal: Decimal;
}

export function percentageAllowance(p: PercentageProperties, a: Aggregation): PercentageAllowance {
  const fe = p.free_units_per_events ?? 0;
  const ft = p.free_units_per_total_aggregation ?? ZERO;
  const runningTotal = a.running_total ?? [];
  const freeCount = freeUnitsCount(runningTotal, fe, ft);
  const events = a.events_count ?? 0;
  const fixedTotal = p.fixed_amount === null || freeCount >= events ? ZERO : dec(events - freeCount).times(p.fixed_amount);
  return { freeUnits: freeUnitsValue(runningTotal, fe, ft), freeCount, events, fixedTotal };
}

/** §6.2: the number of free units, read from the (already cut) running total. */
function freeUnitsValue(runningTotal: readonly Decimal[], fe: number, ft: Decimal): Decimal {
  const last = runningTotal[runningTotal.length - 1] ?? ZERO;
  if (last.eq(ZERO)) return ZERO;
  if (fe > 0 && fe < runningTotal.length) return runningTotal[fe - 1]!;
  if (ft.eq(ZERO) || last.lte(ft)) return last;
  return ft;
}

/** §6.3: the smallest non-zero of `fe` and the count of running-total entries below `ft`. */
function freeUnitsCount(runningTotal: readonly Decimal[], fe: number, ft: Decimal): number {
  const below = runningTotal.filter((x) => x.lt(ft)).length;
  const candidates = [fe, below].filter((n) => n > 0);
  return candidates.length === 0 ? 0 : Math.min(...candidates);
}

/**
 * §6.5: per-transaction min/max. Free events and free amount are consumed in time order;
 * each paid event costs `value × rate / 100 + fixed_amount`, clamped to [min, max].
 */
export function minMaxAmount(p: PercentageProperties, eventValues: readonly Decimal[]): Decimal {
  let freeEvents = p.free_units_per_events ?? 0;
  let freeAmount = p.free_units_per_total_aggregation ?? ZERO;
  const fixed = p.fixed_amount ?? ZERO;
  let total = ZERO;
  for (const v of eventValues) {
    let value = v;
    if (freeEvents > 0 || freeAmount.gt(ZERO)) {
      freeEvents -= 1;
      if (!freeAmount.gt(ZERO)) continue;
      if (freeAmount.gt(value)) {
        freeAmount = freeAmount.minus(value);
        continue;
      }
      value = value.minus(freeAmount);
      freeAmount = ZERO;
      freeEvents = 0;
    }
    let amount = value.times(p.rate).div(HUNDRED).plus(fixed);
    if (p.per_transaction_min_amount !== null && amount.lt(p.per_transaction_min_amount)) amount = p.per_transaction_min_amount;
    else if (p.per_transaction_max_amount !== null && amount.gt(p.per_transaction_max_amount)) amount = p.per_transaction_max_amount;
    total = total.plus(amount);
  }
  return total;
}
