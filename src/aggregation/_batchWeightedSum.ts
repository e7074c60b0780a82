/**
 * weighted_sum over an event batch: the deltas per instant and group (the rows the
 * reference's query divides one by one), the carried level and the count.
 */
import type { KernelContext } from "./_kernel.js";
import { type Rows, cellAt } from "./_batchKernels.js";
import { scanRow } from "./_batchSelect.js";
import type { EventBatch } from "./eventBatch.js";
import { type WeightedSumState, addCarried, addWeightedDelta, newWeightedSumState } from "./weightedSum.js";

export function batchWeightedSum(b: EventBatch, r: Rows, ctx: KernelContext): (WeightedSumState | undefined)[] {
  const { rows, gids, scan } = r;
  const ts = b.timestamps;
  const from = ctx.from;
  const states: (WeightedSumState | undefined)[] = new Array<WeightedSumState | undefined>(r.groups);
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
    const s = (states[g] ??= newWeightedSumState());
    const t = ts[i]!;
    if (t < from) addCarried(s, cellAt(b, i));
    else addWeightedDelta(s, t, cellAt(b, i));
  }
  return states;
}
