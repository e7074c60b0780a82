/**
 * sum over an event batch: fused scans (code, window, filters, group tables) for the plain
 * and the grouped case, a loop over selected rows otherwise. Values are safe integers at
 * the batch's scale; a partial sum is flushed into a bigint before it could round.
 */
import { type FixedSum, addToSum, newSum } from "../core/fixed.js";
import { LIMIT, type Rows } from "./_batchKernels.js";
import type { Scan } from "./_batchSelect.js";
import type { EventBatch } from "./eventBatch.js";
import type { SumState } from "./sum.js";

/** The ungrouped scan of a sum: everything in locals, the hottest loop of the engine. */
function plainSum(b: EventBatch, scan: Scan): SumState | undefined {
  const { codes, code, lo, to, f0, f0codes, f1, f1codes } = scan;
  const ts = b.timestamps;
  const values = b.values!;
  let acc = 0;
  let count = 0;
  let big: FixedSum | undefined;
  for (let i = 0; i < scan.length; i++) {
    if (codes[i] !== code) continue;
    const t = ts[i]!;
    if (t > to || t < lo) continue;
    // The filter as a 0/1 factor, not a branch: a property filter passes rows at random,
    // and a mispredicted branch costs more than adding a zero.
    const ok = f0 === undefined ? 1 : f0[f0codes[i]!]! & (f1 === undefined ? 1 : f1[f1codes[i]!]!);
    count += ok;
    const v = values[i]!;
    const x = acc + v * ok; // v × 0 is ±0: exact
    if (x <= LIMIT && x >= -LIMIT) acc = x; // NaN (a value kept aside) fails both tests
    else if (ok === 1) {
      big ??= newSum();
      addToSum(big, { m: acc, s: b.scale, b: undefined });
      acc = 0;
      addToSum(big, v === v ? { m: v, s: b.scale, b: undefined } : b.bigValues.get(i)!);
    }
  }
  if (count === 0) return undefined;
  const sum = big ?? newSum();
  addToSum(sum, { m: acc, s: b.scale, b: undefined });
  return { sum, count, values: undefined, precise: undefined };
}

/** The grouped scan: the filter as a 0/1 factor (rows it rejects add 0 to their group). */
function groupedSum(b: EventBatch, scan: Scan, groups: number): (SumState | undefined)[] {
  const { codes, code, lo, to, f0, f0codes, f1, f1codes, g0, g0codes, g1, g1codes } = scan;
  const ts = b.timestamps;
  const values = b.values!;
  const acc = new Float64Array(groups);
  const cnt = new Float64Array(groups);
  const big: (FixedSum | undefined)[] = new Array<FixedSum | undefined>(groups);
  for (let i = 0; i < scan.length; i++) {
    if (codes[i] !== code) continue;
    const t = ts[i]!;
    if (t > to || t < lo) continue;
    const ok = f0 === undefined ? 1 : f0[f0codes[i]!]! & (f1 === undefined ? 1 : f1[f1codes[i]!]!);
    const g = (g0 === undefined ? 0 : g0[g0codes[i]!]!) + (g1 === undefined ? 0 : g1[g1codes[i]!]!);
    cnt[g]! += ok;
    const v = values[i]!;
    const x = acc[g]! + v * ok;
    if (x <= LIMIT && x >= -LIMIT) acc[g] = x; // NaN (a value kept aside) fails both tests
    else if (ok === 1) {
      const sum = (big[g] ??= newSum());
      if (v !== v) addToSum(sum, b.bigValues.get(i)!);
      else {
        addToSum(sum, { m: acc[g]!, s: b.scale, b: undefined });
        addToSum(sum, { m: v, s: b.scale, b: undefined });
        acc[g] = 0;
      }
    }
  }
  return states(b, cnt, acc, big);
}

function states(b: EventBatch, cnt: Float64Array, acc: Float64Array, big: readonly (FixedSum | undefined)[]): (SumState | undefined)[] {
  return Array.from(cnt, (c, g) => {
    if (c === 0) return undefined;
    const sum = big[g] ?? newSum();
    addToSum(sum, { m: acc[g]!, s: b.scale, b: undefined });
    return { sum, count: c, values: undefined, precise: undefined };
  });
}

export function batchSum(b: EventBatch, r: Rows): (SumState | undefined)[] {
  const { rows, gids, scan } = r;
  if (rows === undefined) return r.groups === 1 ? [plainSum(b, scan)] : groupedSum(b, scan, r.groups);
  const values = b.values!;
  const acc = new Float64Array(r.groups);
  const cnt = new Float64Array(r.groups);
  const big: (FixedSum | undefined)[] = new Array<FixedSum | undefined>(r.groups);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k]!;
    const g = gids !== undefined && r.groups > 1 ? gids[k]! : 0;
    cnt[g]!++;
    const v = values[i]!;
    if (v !== v) {
      addToSum((big[g] ??= newSum()), b.bigValues.get(i)!);
      continue;
    }
    const x = acc[g]! + v;
    if (x > LIMIT || x < -LIMIT) {
      addToSum((big[g] ??= newSum()), { m: x, s: b.scale, b: undefined });
      acc[g] = 0;
    } else acc[g] = x;
  }
  return states(b, cnt, acc, big);
}
