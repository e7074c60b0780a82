/**
 * The object path's hot loops (`addAll` over an array): one loop per kind of kernel, the
 * event selection shared ({@link Selector}), the group found by a dense id, values read
 * once into a fixed-point cell. Sums and counts accumulate in typed arrays per (group,
 * scale) — float64 values that only ever hold safe integers, flushed into the kernel's
 * exact sum before they could round — and reach the kernel states at the end of the
 * loop. Anything unusual (an unreadable value, a mantissa that needs a bigint) is handed
 * to `slow`, the aggregator's own `add`, so warnings and edge cases behave exactly as one
 * event at a time; both routes are property-tested equal.
 */
import {
  type FixedCell, LIMB_BIG, LIMB_MAX_SCALE, addScaled, addToSum, newCell, newLimbs, readFast, readFixed,
} from "../core/fixed.js";
import type { Limbs } from "../core/fixed.js";
import type { Kernel, KernelContext } from "./_kernel.js";
import type { AggregationPlan } from "./_plan.js";
import { count, type CountState } from "./count.js";
import type { PropertyFilter } from "./filter.js";
import type { Grouper } from "./groupBy.js";
import { latest } from "./latest.js";
import { max } from "./max.js";
import { type SumState, sum } from "./sum.js";
import type { UsageEvent } from "./types.js";
import { weightedSum } from "./weightedSum.js";

const LIMIT = 4_503_599_627_370_496; // 2^52
const SCALES = 16; // scales 0..15: what a ≤ 16-character text can have
const LONG_SCALES = LIMB_MAX_SCALE + 1;

/** Folds a list of events into the aggregation's states (`total` when ungrouped). */
export type Fold = (list: readonly UsageEvent[], total: unknown, slow: (e: UsageEvent) => void) => void;

/** Code, window and filters; then, once the value is known to be usable, the group id (0 when ungrouped). */
class Selector {
  constructor(
    readonly code: string,
    readonly lo: number,
    readonly to: number,
    readonly filter: PropertyFilter | undefined,
    readonly groups: Grouper<unknown> | undefined,
  ) {}

  picks(e: UsageEvent): boolean {
    if (e.code !== this.code) return false;
    const t = e.timestamp;
    if (t > this.to || t < this.lo) return false;
    return this.filter === undefined || this.filter.test(e.properties);
  }

  /** Creates the group on first use: call it only for an event that is aggregated. */
  groupOf(e: UsageEvent): number {
    return this.groups === undefined ? 0 : this.groups.idOf(e.properties);
  }
}

/**
 * Per group id: an event count and, per scale, a partial sum of mantissas; for values of
 * 17 to 23 digits (made on first use), per scale, partial sums of their two limbs.
 */
class Partials {
  counts = new Float64Array(1);
  sums = new Float64Array(SCALES);
  /** `[hi, lo]` partial sums at `2 × (g × LONG_SCALES + scale)`. */
  longs: Float64Array | undefined = undefined;

  grow(g: number): void {
    let n = this.counts.length;
    while (n <= g) n *= 2;
    const counts = new Float64Array(n), sums = new Float64Array(n * SCALES);
    counts.set(this.counts);
    sums.set(this.sums);
    this.counts = counts;
    this.sums = sums;
    if (this.longs !== undefined) this.growLongs();
  }

  growLongs(): Float64Array {
    const longs = new Float64Array(this.counts.length * LONG_SCALES * 2);
    if (this.longs !== undefined) longs.set(this.longs);
    return (this.longs = longs);
  }
}

/** The fold for this plan, or undefined when only the event-at-a-time path applies. */
export function compileFold(
  plan: AggregationPlan, code: string, filter: PropertyFilter | undefined, groups: Grouper<unknown> | undefined,
): Fold | undefined {
  const { ctx, kernel } = plan;
  if (plan.expression !== undefined) return undefined;
  const sel = new Selector(code, plan.carriesIn ? -Infinity : ctx.from, ctx.to, filter, groups);
  const stateOf = (total: unknown, g: number): unknown => (groups === undefined ? total : groups.stateOf(g));
  const k = kernel as Kernel<unknown, unknown>;
  if (k === count) return (list, total) => flushCounts(foldCount(list, sel), total, stateOf);
  if (k === sum && !ctx.trackValues && !ctx.preciseAmounts) {
    return (list, total, slow) => flushSums(foldSum(list, sel, plan.field, (g) => stateOf(total, g), slow), total, stateOf);
  }
  if (k === max || k === latest || k === weightedSum) {
    return (list, total, slow) => foldCells(list, sel, plan.field, ctx, k, (g) => stateOf(total, g), slow);
  }
  return undefined;
}

function foldCount(list: readonly UsageEvent[], sel: Selector): Partials {
  const acc = new Partials();
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (!sel.picks(e)) continue;
    const g = sel.groupOf(e);
    if (g >= acc.counts.length) acc.grow(g);
    acc.counts[g]!++;
  }
  return acc;
}

function flushCounts(acc: Partials, total: unknown, stateOf: (total: unknown, g: number) => unknown): void {
  for (let g = 0; g < acc.counts.length; g++) if (acc.counts[g]! > 0) (stateOf(total, g) as CountState).count += acc.counts[g]!;
}

function foldSum(
  list: readonly UsageEvent[], sel: Selector, field: string, stateOf: (g: number) => unknown, slow: (e: UsageEvent) => void,
): Partials {
  const acc = new Partials();
  const cell = newCell();
  const limbs = newLimbs();
  let sums = acc.sums, counts = acc.counts;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (!sel.picks(e)) continue;
    const kind = readFast(e.properties[field], cell, limbs);
    if (kind === 0 || (kind === 1 && cell.s >= SCALES)) {
      slow(e);
      continue;
    }
    const g = sel.groupOf(e);
    if (g >= counts.length) {
      acc.grow(g);
      sums = acc.sums;
      counts = acc.counts;
    }
    if (kind === 2) {
      addLimbs(acc, g, limbs, stateOf);
      counts[g]!++;
      continue;
    }
    const m = cell.m;
    const k = g * SCALES + cell.s;
    const x = sums[k]! + m;
    if (x <= LIMIT && x >= -LIMIT) sums[k] = x;
    else if (m > LIMIT || m < -LIMIT) {
      slow(e); // a number above 2^52: the exact way
      continue;
    } else {
      addToSum((stateOf(g) as SumState).sum, { m: sums[k]!, s: cell.s, b: undefined });
      sums[k] = m;
    }
    counts[g]!++;
  }
  return acc;
}

/** A value of up to 23 digits, `(hi·10^8 + lo) / 10^s`: each limb into its partial, flushed to the group's sum before it could round. */
function addLimbs(acc: Partials, g: number, limbs: Limbs, stateOf: (g: number) => unknown): void {
  const longs = acc.longs ?? acc.growLongs();
  const k = 2 * (g * LONG_SCALES + limbs.s);
  const h = longs[k]! + limbs.hi;
  const l = longs[k + 1]! + limbs.lo;
  if (h <= LIMIT && h >= -LIMIT && l <= LIMIT && l >= -LIMIT) {
    longs[k] = h;
    longs[k + 1] = l;
  } else {
    const sum = (stateOf(g) as SumState).sum;
    addScaled(sum, BigInt(longs[k]!) * LIMB_BIG + BigInt(longs[k + 1]!), limbs.s);
    longs[k] = limbs.hi;
    longs[k + 1] = limbs.lo;
  }
}

function flushSums(acc: Partials, total: unknown, stateOf: (total: unknown, g: number) => unknown): void {
  for (let g = 0; g < acc.counts.length; g++) {
    if (acc.counts[g] === 0) continue;
    const s = stateOf(total, g) as SumState;
    s.count += acc.counts[g]!;
    for (let sc = 0; sc < SCALES; sc++) {
      const m = acc.sums[g * SCALES + sc]!;
      if (m !== 0) addToSum(s.sum, { m, s: sc, b: undefined });
    }
    const longs = acc.longs;
    if (longs === undefined) continue;
    for (let sc = 0; sc < LONG_SCALES; sc++) {
      const k = 2 * (g * LONG_SCALES + sc);
      if (longs[k] !== 0) addScaled(s.sum, BigInt(longs[k]!) * LIMB_BIG, sc);
      if (longs[k + 1] !== 0) addToSum(s.sum, { m: longs[k + 1]!, s: sc, b: undefined });
    }
  }
}

function foldCells(
  list: readonly UsageEvent[], sel: Selector, field: string, ctx: KernelContext,
  kernel: Kernel<unknown, unknown>, stateOf: (g: number) => unknown, slow: (e: UsageEvent) => void,
): void {
  const cell: FixedCell = newCell();
  const from = ctx.from;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (!sel.picks(e)) continue;
    if (readFixed(e.properties[field], cell)) kernel.add(stateOf(sel.groupOf(e)), cell, e, e.timestamp < from, ctx);
    else slow(e);
  }
}
