/**
 * weighted_sum over an event batch: Σ value × (close − t) and Σ value per group in safe
 * integers, flushed exactly into the kernel's sums before they could round.
 */
import { addToSum, newSum } from "../core/fixed.js";
import type { KernelContext } from "./_kernel.js";
import { LIMIT, type Rows, cellAt } from "./_batchKernels.js";
import { scanRow } from "./_batchSelect.js";
import type { EventBatch } from "./eventBatch.js";
import { type WeightedSumState, closingInstant } from "./weightedSum.js";

export function batchWeightedSum(b: EventBatch, r: Rows, ctx: KernelContext): (WeightedSumState | undefined)[] {
  const { rows, gids, scan } = r;
  const values = b.values!;
  const ts = b.timestamps;
  const close = closingInstant(ctx.to);
  const from = ctx.from;
  const w = new Float64Array(r.groups);
  const d = new Float64Array(r.groups);
  const inWindow = new Float64Array(r.groups);
  const seen = new Uint8Array(r.groups);
  const slow: (WeightedSumState | undefined)[] = new Array<WeightedSumState | undefined>(r.groups);
  const slowState = (g: number): WeightedSumState => (slow[g] ??= { weighted: newSum(), carried: newSum(), deltas: newSum(), count: 0 });
  const m = rows === undefined ? scan.length : rows.length;
  for (let k = 0; k < m; k++) {
    let i = k;
    let g = 0;
    if (rows === undefined) {
      if ((g = scanRow(scan, ts, i)) < 0) continue;
      if (r.groups === 1) g = 0;
    } else {
      i = rows[k]!;
      if (gids !== undefined && r.groups > 1) g = gids[k]!;
    }
    seen[g] = 1;
    const t = ts[i]!;
    if (t < from) {
      addToSum(slowState(g).carried, cellAt(b, i));
      continue;
    }
    inWindow[g]!++;
    const dt = close - t;
    const v = values[i]!;
    const p = v * dt;
    const x = w[g]! + p;
    const y = d[g]! + v;
    if (x <= LIMIT && x >= -LIMIT && y <= LIMIT && y >= -LIMIT && p <= LIMIT && p >= -LIMIT) {
      // NaN (a value kept aside) fails every comparison and takes the exact path below.
      w[g] = x;
      d[g] = y;
    } else {
      const s = slowState(g);
      addToSum(s.weighted, { m: w[g]!, s: b.scale, b: undefined });
      addToSum(s.deltas, { m: d[g]!, s: b.scale, b: undefined });
      w[g] = 0;
      d[g] = 0;
      const cell = cellAt(b, i);
      addToSum(s.deltas, cell);
      addToSum(s.weighted, cell, dt);
    }
  }
  return Array.from(seen, (on, g) => {
    if (on === 0) return undefined;
    const s = slowState(g);
    addToSum(s.weighted, { m: w[g]!, s: b.scale, b: undefined });
    addToSum(s.deltas, { m: d[g]!, s: b.scale, b: undefined });
    s.count = inWindow[g]!;
    return s;
  });
}
