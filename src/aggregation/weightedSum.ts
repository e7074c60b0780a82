/**
 * weighted_sum_agg: the time-weighted average level over the charges period (§12.4).
 *
 * The reference computes it in SQL, one row per distinct instant: `level × seconds /
 * period seconds`, each quotient a PostgreSQL numeric division (rounded to at least 16
 * significant digits, see core/pgNumeric.ts), then sums the rows (and ceils the ungrouped
 * total to 20 decimals). To give the same digits the rows are built in time order when
 * the result is read: the state keeps the window's deltas (instant, mantissa, scale) in
 * arrival order, and merging concatenates them.
 */
import { type Decimal, round } from "../core/decimal.js";
import {
  type FixedCell, type FixedSum, addToSum, mergeSums, newSum, pow10n, sumToBigInt, sumToDecimal,
} from "../core/fixed.js";
import type { Kernel, KernelContext } from "./_kernel.js";
import { WeightedRows } from "./_weightedRows.js";

export interface WeightedSumState {
  /** The window's deltas in arrival order: instant (ms), mantissa and scale; `big` holds mantissas beyond 2^53 by index. */
  times: number[];
  mantissas: number[];
  scales: number[];
  big: Map<number, bigint>;
  /** Whether `times` is non-decreasing (no sort needed). */
  ordered: boolean;
  /** Σ of the events before the window (recurring metrics): the initial level. */
  carried: FixedSum;
  /** The largest display scale among the carried values. */
  carriedScale: number;
  /** Σ of the deltas in the window. */
  deltas: FixedSum;
}

/** The closing row's instant: `to` rounded up to the second. */
export function closingInstant(to: number): number {
  return Math.ceil(to / 1000) * 1000;
}

export function newWeightedSumState(): WeightedSumState {
  return { times: [], mantissas: [], scales: [], big: new Map(), ordered: true, carried: newSum(), carriedScale: 0, deltas: newSum() };
}

/**
 * The display scale of a value: its decimals without trailing zeros. (PostgreSQL keeps the
 * scale as written — `'2.50'::numeric` has 2 — but an event batch stores values at one
 * common scale, and both paths must agree; the two differ only for a value written with
 * trailing zeros in a level large enough that its scale sets the row's digits, §12.4.)
 */
function displayScale(cell: FixedCell): number {
  let s = cell.s;
  if (cell.b === undefined) {
    let m = cell.m;
    while (s > 0 && m % 10 === 0) {
      m /= 10;
      s--;
    }
  } else {
    let m = cell.b;
    while (s > 0 && m % 10n === 0n) {
      m /= 10n;
      s--;
    }
  }
  return s;
}

/** Adds a delta at instant `t` of the window. */
export function addWeightedDelta(s: WeightedSumState, t: number, cell: FixedCell): void {
  const n = s.times.length;
  if (n > 0 && t < s.times[n - 1]!) s.ordered = false;
  const scale = displayScale(cell);
  const shift = cell.s - scale;
  s.times.push(t);
  s.scales.push(scale);
  if (cell.b === undefined) s.mantissas.push(shift === 0 ? cell.m : cell.m / 10 ** shift);
  else {
    s.mantissas.push(0);
    s.big.set(n, cell.b / pow10n(shift));
  }
  addToSum(s.deltas, cell);
}

/** Adds a value from before the window (the carried level). */
export function addCarried(s: WeightedSumState, cell: FixedCell): void {
  addToSum(s.carried, cell);
  s.carriedScale = Math.max(s.carriedScale, displayScale(cell));
}

export const weightedSum: Kernel<WeightedSumState, FixedCell> = {
  init: newWeightedSumState,
  add(s, cell, e, before) {
    if (before) addCarried(s, cell);
    else addWeightedDelta(s, e.timestamp, cell);
  },
  merge: (a, b) => {
    const n = a.times.length;
    const big = new Map(a.big);
    for (const [i, v] of b.big) big.set(n + i, v);
    return {
      times: a.times.concat(b.times), mantissas: a.mantissas.concat(b.mantissas), scales: a.scales.concat(b.scales), big,
      ordered: a.ordered && b.ordered && (n === 0 || b.times.length === 0 || b.times[0]! >= a.times[n - 1]!),
      carried: mergeSums(a.carried, b.carried), carriedScale: Math.max(a.carriedScale, b.carriedScale), deltas: mergeSums(a.deltas, b.deltas),
    };
  },
  finish(s, ctx, grouped) {
    const total = mergeSums(s.carried, s.deltas);
    return { units: weightedUnits(s, ctx, grouped), events_count: s.times.length, total_aggregated_units: sumToDecimal(total) };
  },
};

/**
 * Indices of the deltas in time order (ties in any order: they do not change the rows).
 * When `(t − first) × n + i` stays a safe integer for every delta — a month of 10^6
 * events does — those keys are sorted natively and decoded; otherwise a comparator sort.
 */
function timeOrder(s: WeightedSumState): Uint32Array {
  const n = s.times.length;
  const order = new Uint32Array(n);
  if (s.ordered) {
    for (let i = 0; i < n; i++) order[i] = i;
    return order;
  }
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = s.times[i]!;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  if ((hi - lo + 1) * n < 2 ** 53) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (s.times[i]! - lo) * n + i;
    keys.sort();
    for (let k = 0; k < n; k++) order[k] = keys[k]! % n;
    return order;
  }
  for (let i = 0; i < n; i++) order[i] = i;
  const times = Float64Array.from(s.times);
  return order.sort((x, y) => times[x]! - times[y]!);
}

/**
 * Σ over the rows (the initial level at `from`, each distinct instant, the closing row) of
 * `level × seconds to the next row / period seconds`. Seconds carry six decimals, as
 * PostgreSQL's `EXTRACT(EPOCH FROM interval)` gives them; a row whose next row is at the
 * same instant contributes 0. The level is kept as a safe integer while it is one.
 */
function weightedUnits(s: WeightedSumState, ctx: KernelContext, grouped: boolean): Decimal {
  const close = closingInstant(ctx.to);
  const order = timeOrder(s);
  const rows = new WeightedRows(ctx.chargesDuration);
  // The carried sum is exact at the largest display scale of its values.
  let scale = s.carriedScale;
  let big = sumToBigInt(s.carried, Math.max(s.carried.s, scale)) / pow10n(Math.max(s.carried.s, scale) - scale);
  let small: number | undefined = safeOf(big);
  let at = ctx.from;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const t = s.times[i]!;
    if (t > at) {
      rows.add(small, big, scale, t - at);
      at = t;
    }
    const ds = s.scales[i]!;
    const m = s.mantissas[i]!;
    const b = s.big.size === 0 ? undefined : s.big.get(i);
    if (small !== undefined && b === undefined && ds <= scale && scale - ds < POW10.length) {
      const x = small + m * POW10[scale - ds]!;
      if (Number.isSafeInteger(x) && Number.isSafeInteger(m * POW10[scale - ds]!)) {
        small = x;
        continue;
      }
    }
    const to = Math.max(scale, ds);
    big = (small === undefined ? big : BigInt(small)) * pow10n(to - scale) + (b ?? BigInt(m)) * pow10n(to - ds);
    scale = to;
    small = safeOf(big);
  }
  if (close > at) rows.add(small, big, scale, close - at);
  const units = rows.total();
  return grouped ? units : round(units, 20, "ceil");
}

const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

function safeOf(x: bigint): number | undefined {
  return x <= 9_007_199_254_740_991n && x >= -9_007_199_254_740_991n ? Number(x) : undefined;
}
