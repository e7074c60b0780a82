/**
 * unique_count over an event batch: per (group, value) the last operation, values being
 * dictionary codes.
 */
import type { Rows } from "./_batchKernels.js";
import { scanRow } from "./_batchSelect.js";
import type { EventBatch } from "./eventBatch.js";

const FLOOR = -(2 ** 53); // below every packed value: |2t + 1| ≤ 2^51 + 1

/**
 * Ungrouped, integer timestamps: per value one float, 2t + add of its last operation
 * (exact: |t| ≤ 2^50). Row i replaces it when t ≥ T, i.e. 2t + 1 ≥ 2T + add, and the
 * update is a select by arithmetic, not a branch: whether a row wins depends on a random
 * load and mispredicted there, which costs more than the loop itself. Returns the adds.
 */
function packedLast(b: EventBatch, r: Rows, m: number): number {
  const { rows, scan } = r;
  const codes = b.valueKeys!.codes;
  const adds = b.adds!;
  const ts = b.timestamps;
  const last = new Float64Array(b.valueKeys!.dict.length).fill(FLOOR);
  for (let k = 0; k < m; k++) {
    let i = k;
    if (rows !== undefined) i = rows[k]!;
    else if (scanRow(scan, ts, i) < 0) continue;
    const c = codes[i]!;
    const t2 = 2 * ts[i]!;
    const old = last[c]!;
    const wins = ((t2 + 1 >= old) as unknown as number) | 0; // 1 or 0 (products with it are exact)
    last[c] = wins * (t2 + adds[i]!) + (1 - wins) * old;
  }
  let n = 0;
  for (let c = 0; c < last.length; c++) n += last[c]! - 2 * Math.floor(last[c]! / 2); // the add bit (FLOOR is even)
  return n;
}

/** unique_count: per value, its last operation (rows are in ingestion order). Units per group. */
export function batchUniqueCount(b: EventBatch, r: Rows): Float64Array {
  const { rows, gids, scan } = r;
  const keys = b.valueKeys!;
  const codes = keys.codes;
  const adds = b.adds!;
  const ts = b.timestamps;
  const units = new Float64Array(r.groups);
  const m = rows === undefined ? scan.length : rows.length;
  if (r.groups === 1 && b.integerTimestamps) {
    units[0] = packedLast(b, r, m);
    return units;
  }
  if (r.groups === 1) {
    const lastT = new Float64Array(keys.dict.length).fill(-Infinity);
    const lastAdd = new Uint8Array(keys.dict.length);
    for (let k = 0; k < m; k++) {
      let i = k;
      if (rows !== undefined) i = rows[k]!;
      else if (scanRow(scan, ts, i) < 0) continue;
      const c = codes[i]!;
      if (ts[i]! >= lastT[c]!) {
        lastT[c] = ts[i]!;
        lastAdd[c] = adds[i]!;
      }
    }
    for (let c = 0; c < lastAdd.length; c++) units[0]! += lastAdd[c]!;
    return units;
  }
  const D = keys.dict.length;
  const last = new Map<number, number>(); // group × value → 0/1 (add)
  const lastT = new Map<number, number>();
  for (let k = 0; k < m; k++) {
    let i = k;
    let g = 0;
    if (rows === undefined) {
      if ((g = scanRow(scan, ts, i)) < 0) continue;
    } else {
      i = rows[k]!;
      g = gids![k]!;
    }
    const key = g * D + codes[i]!;
    const t = ts[i]!;
    const prev = lastT.get(key);
    if (prev === undefined || t >= prev) {
      lastT.set(key, t);
      last.set(key, adds[i]!);
    }
  }
  for (const [key, add] of last) units[Math.floor(key / D)]! += add;
  return units;
}
