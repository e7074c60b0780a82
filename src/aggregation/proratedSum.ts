/**
 * Time-prorated sum of a recurring metric (§13.1): the carried-in total times the
 * period's float ratio, plus each window value times its day ratio. Calendar days are
 * counted in the customer's zone.
 */
import { type Decimal, round } from "../core/decimal.js";
import {
  type FixedCell, type FixedSum, addToSum, cellToDecimal, copyCell, mergeSums, newSum, sumToDecimal,
} from "../core/fixed.js";
import { type Kernel, type Ordered, compareOrdered, orderOf } from "./_kernel.js";
import { daysBetween, floatQuotient, localDay, pgQuotient } from "./_days.js";

export interface ProratedSumState {
  /** Σ of the events before the window ("persisted"), and how many. */
  persisted: FixedSum;
  persistedCount: number;
  /** Window events: days from the event's date to the window's last date (inclusive) → Σ values. */
  byDays: Map<number, FixedSum>;
  windowCount: number;
  /** Window events one by one, kept only when per-event values are asked for (§10). */
  events: ProratedEntry[] | undefined;
}

interface ProratedEntry extends Ordered {
  readonly value: FixedCell;
  /** Days from the event's date to the window's last date, inclusive (r_e = days / duration). */
  readonly days: number;
}

/**
 * §13.1: persisted × r_p (a float quotient) + Σ value × r_e (20-decimal quotients), ceiled
 * to 5 decimals. With per-event values asked for (`ctx.eventValues`), also the two parallel
 * arrays of prorated graduated (§10), in time order: `event_values` (raw values) and
 * `event_prorated_values` (value × its ratio), element 0 being the carried-in total
 * (× r_p) when events were carried in. Σ event_prorated_values = the unceiled units.
 */
export const proratedSum: Kernel<ProratedSumState, FixedCell> = {
  init: (ctx) => ({ persisted: newSum(), persistedCount: 0, byDays: new Map(), windowCount: 0, events: ctx.eventValues ? [] : undefined }),
  add(s, cell, e, before, ctx) {
    if (before) {
      addToSum(s.persisted, cell);
      s.persistedCount++;
      return;
    }
    const k = localDay(ctx.to, ctx.timezone) - localDay(e.timestamp, ctx.timezone) + 1;
    let acc = s.byDays.get(k);
    if (acc === undefined) s.byDays.set(k, (acc = newSum()));
    addToSum(acc, cell);
    s.windowCount++;
    if (s.events !== undefined) s.events.push(Object.assign({}, orderOf(e), { value: copyCell(cell), days: k }));
  },
  merge(a, b) {
    const byDays = new Map<number, FixedSum>();
    for (const [k, v] of [...a.byDays, ...b.byDays]) byDays.set(k, mergeSums(byDays.get(k) ?? newSum(), v));
    return {
      persisted: mergeSums(a.persisted, b.persisted),
      persistedCount: a.persistedCount + b.persistedCount,
      byDays,
      windowCount: a.windowCount + b.windowCount,
      events: a.events === undefined || b.events === undefined ? undefined : [...a.events, ...b.events],
    };
  },
  finish(s, ctx) {
    const dp = Math.max(0, daysBetween(ctx.from, ctx.to, ctx.timezone) - (ctx.upgraded ? 1 : 0));
    const rp = floatQuotient(dp, ctx.chargesDuration);
    const re = quotients(ctx.chargesDuration);
    const carried = sumToDecimal(s.persisted);
    let total = carried.times(rp);
    let full = carried;
    for (const [k, acc] of s.byDays) {
      const v = sumToDecimal(acc);
      total = total.plus(v.times(re(k)));
      full = full.plus(v);
    }
    return {
      units: round(total, 5, "ceil"),
      events_count: s.persistedCount + s.windowCount,
      full_units_number: full,
      current_usage_units: full,
      ...(s.events === undefined ? {} : perEventValues(s, carried, rp, re)),
    };
  },
};

/** r_e = k / duration at 20 decimals, computed once per distinct k. */
function quotients(duration: number): (k: number) => Decimal {
  const cache = new Map<number, Decimal>();
  return (k) => {
    let q = cache.get(k);
    if (q === undefined) cache.set(k, (q = pgQuotient(k, duration)));
    return q;
  };
}

/** §10's `full[i]` / `pro[i]`: the carried-in total first (when any), then the window events in time order. */
function perEventValues(
  s: ProratedSumState,
  carried: Decimal,
  rp: Decimal,
  re: (k: number) => Decimal,
): { event_values: Decimal[]; event_prorated_values: Decimal[] } {
  const full: Decimal[] = [];
  const pro: Decimal[] = [];
  if (s.persistedCount > 0) {
    full.push(carried);
    pro.push(carried.times(rp));
  }
  for (const e of [...(s.events ?? [])].sort(compareOrdered)) {
    const v = cellToDecimal(e.value);
    full.push(v);
    pro.push(v.times(re(e.days)));
  }
  return { event_values: full, event_prorated_values: pro };
}
