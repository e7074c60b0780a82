/**
 * Time-prorated aggregations of recurring metrics (§13): prorated sum and prorated
 * unique count. Calendar days are counted in the customer's zone.
 */
import { type Decimal, dec, round } from "../core/decimal.js";
import {
  type FixedCell, type FixedSum, addToSum, mergeSums, newSum, sumToDecimal,
} from "../core/fixed.js";
import { type Kernel, type Ordered, compareOrdered, orderOf } from "./_kernel.js";
import { daysBetween, floatQuotient, localDay, pgQuotient } from "./_days.js";
import { isAdd } from "./uniqueCount.js";

export interface ProratedSumState {
  /** Σ of the events before the window ("persisted"), and how many. */
  persisted: FixedSum;
  persistedCount: number;
  /** Window events: days from the event's date to the window's last date (inclusive) → Σ values. */
  byDays: Map<number, FixedSum>;
  windowCount: number;
}

/** §13.1: persisted × r_p (a float quotient) + Σ value × r_e (20-decimal quotients), ceiled to 5 decimals. */
export const proratedSum: Kernel<ProratedSumState, FixedCell> = {
  init: () => ({ persisted: newSum(), persistedCount: 0, byDays: new Map(), windowCount: 0 }),
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
  },
  merge(a, b) {
    const byDays = new Map<number, FixedSum>();
    for (const [k, v] of [...a.byDays, ...b.byDays]) byDays.set(k, mergeSums(byDays.get(k) ?? newSum(), v));
    return {
      persisted: mergeSums(a.persisted, b.persisted),
      persistedCount: a.persistedCount + b.persistedCount,
      byDays,
      windowCount: a.windowCount + b.windowCount,
    };
  },
  finish(s, ctx) {
    const dp = Math.max(0, daysBetween(ctx.from, ctx.to, ctx.timezone) - (ctx.upgraded ? 1 : 0));
    let total = sumToDecimal(s.persisted).times(floatQuotient(dp, ctx.chargesDuration));
    let full = sumToDecimal(s.persisted);
    for (const [k, acc] of s.byDays) {
      const v = sumToDecimal(acc);
      total = total.plus(v.times(pgQuotient(k, ctx.chargesDuration)));
      full = full.plus(v);
    }
    return {
      units: round(total, 5, "ceil"),
      events_count: s.persistedCount + s.windowCount,
      full_units_number: full,
      current_usage_units: full,
    };
  },
};

interface Operation extends Ordered {
  readonly add: boolean;
}

export interface ProratedUniqueCountState {
  /** Value → all its operations up to the window's end (merged lists; sorted at the end). */
  values: Map<string | null, Operation[]>;
}

/** §13.2: each add billed for the days it stays, over the charges duration. */
export const proratedUniqueCount: Kernel<ProratedUniqueCountState, string | null> = {
  init: () => ({ values: new Map() }),
  add(s, value, e) {
    let ops = s.values.get(value);
    if (ops === undefined) s.values.set(value, (ops = []));
    ops.push({ ...orderOf(e), add: isAdd(e) });
  },
  merge(a, b) {
    const values = new Map<string | null, Operation[]>();
    for (const [k, v] of [...a.values, ...b.values]) values.set(k, [...(values.get(k) ?? []), ...v]);
    return { values };
  },
  finish(s, ctx, grouped) {
    let total = dec(0);
    let full = 0;
    for (const ops of s.values.values()) {
      const sorted = [...ops].sort(compareOrdered);
      if (sorted[sorted.length - 1]?.add === true) full++;
      total = total.plus(proratedItem(sorted, ctx, grouped));
    }
    const units = round(total, 5, "ceil");
    return { units, events_count: units, full_units_number: dec(full), current_usage_units: dec(full) };
  },
};

function proratedItem(
  ops: readonly Operation[],
  ctx: { readonly from: number; readonly to: number; readonly timezone: string; readonly chargesDuration: number },
  grouped: boolean,
): Decimal {
  const tz = ctx.timezone;
  // (a) a remove followed later the same local day by an add is dropped.
  const kept: Operation[] = [];
  let nextAddDay: number | undefined;
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    const day = localDay(op.t, tz);
    if (op.add) nextAddDay = day;
    else if (nextAddDay === day) continue;
    kept.push(op);
  }
  kept.reverse();
  // (b) only operations that change the state count.
  const changes: Operation[] = [];
  let previousAdd = false;
  for (const op of kept) {
    if (op.add !== previousAdd) changes.push(op);
    previousAdd = op.add;
  }
  // (c) each add is billed from max(t, from) to the day of the next change (or `to`).
  let sum = dec(0);
  for (let i = 0; i < changes.length; i++) {
    const op = changes[i]!;
    if (!op.add) continue;
    const end = changes[i + 1]?.t ?? ctx.to;
    const days = end < ctx.from
      ? grouped ? 1 : 0
      : localDay(end, tz) + 1 - localDay(Math.max(op.t, ctx.from), tz);
    if (days !== 0) sum = sum.plus(pgQuotient(days, ctx.chargesDuration));
  }
  return sum;
}
