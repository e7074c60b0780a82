/**
 * Tight loops over the selected rows of an event batch, one per aggregation type. Each
 * returns, per group id, the same kernel state the object path builds, so both paths
 * finish (and format) identically. Values are safe integers at the batch's scale; a
 * partial sum is flushed into a bigint before it could leave the exact range.
 */
import { type FixedCell, compareCells as compare, copyCell } from "../core/fixed.js";
import { type Scan, scanRow } from "./_batchSelect.js";
import type { CountState } from "./count.js";
import type { EventBatch } from "./eventBatch.js";
import type { LatestState } from "./latest.js";
import type { MaxState } from "./max.js";

export const LIMIT = 4_503_599_627_370_496; // 2^52

/** The rows to aggregate: the selected rows with their group ids, or a fused scan of every row. */
export interface Rows {
  readonly rows: Int32Array | undefined;
  readonly gids: Int32Array | undefined;
  readonly groups: number;
  readonly scan: Scan;
}

export function cellAt(b: EventBatch, i: number): FixedCell {
  const v = b.values![i]!;
  return v === v ? { m: v, s: b.scale, b: undefined } : copyCell(b.bigValues.get(i)!);
}

/** Rows per group: the groups that exist are those with at least one row. */
export function batchCounts(b: EventBatch, r: Rows): Float64Array {
  const { rows, gids, scan } = r;
  const cnt = new Float64Array(r.groups);
  const ts = b.timestamps;
  if (rows === undefined) {
    for (let i = 0; i < scan.length; i++) {
      const g = scanRow(scan, ts, i);
      if (g >= 0) cnt[r.groups === 1 ? 0 : g]!++;
    }
  } else if (gids === undefined || r.groups === 1) cnt[0] = rows.length;
  else for (let k = 0; k < rows.length; k++) cnt[gids[k]!]!++;
  return cnt;
}

export function batchCount(b: EventBatch, r: Rows): (CountState | undefined)[] {
  return Array.from(batchCounts(b, r), (c) => (c > 0 ? { count: c } : undefined));
}

export function batchMax(b: EventBatch, r: Rows): (MaxState | undefined)[] {
  const { rows, gids, scan } = r;
  const ts = b.timestamps;
  const values = b.values!;
  const best = new Float64Array(r.groups).fill(-Infinity);
  const cnt = new Float64Array(r.groups);
  const bigRows: number[] = [];
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
    cnt[g]!++;
    const v = values[i]!;
    if (v !== v) bigRows.push(i, g);
    else if (v > best[g]!) best[g] = v;
  }
  const out: (MaxState | undefined)[] = Array.from(cnt, (c, g) =>
    c === 0 ? undefined : { count: c, best: best[g] === -Infinity ? undefined : { m: best[g]!, s: b.scale, b: undefined } });
  for (let k = 0; k < bigRows.length; k += 2) {
    const s = out[bigRows[k + 1]!]!;
    const cell = cellAt(b, bigRows[k]!);
    if (s.best === undefined || compare(cell, s.best) > 0) s.best = cell;
  }
  return out;
}

export function batchLatest(b: EventBatch, r: Rows): (LatestState | undefined)[] {
  const { rows, gids, scan } = r;
  const ts = b.timestamps;
  const bestT = new Float64Array(r.groups).fill(-Infinity);
  const bestRow = new Int32Array(r.groups).fill(-1);
  const cnt = new Float64Array(r.groups);
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
    cnt[g]!++;
    const t = ts[i]!;
    if (t >= bestT[g]!) {
      bestT[g] = t;
      bestRow[g] = i;
    }
  }
  return Array.from(cnt, (c, g) => {
    if (c === 0) return undefined;
    const i = bestRow[g]!;
    return { count: c, last: { t: ts[i]!, seq: i, tx: "", value: cellAt(b, i) } };
  });
}
