/**
 * max_agg: the greatest value (0 without events; negative maxima stay negative) (§12.2).
 */
import { dec } from "../core/decimal.js";
import { type FixedCell, cellToDecimal, compareCells, copyCell } from "../core/fixed.js";
import type { Kernel } from "./_kernel.js";

export interface MaxState {
  count: number;
  best: FixedCell | undefined;
}

function larger(a: FixedCell | undefined, b: FixedCell | undefined): FixedCell | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareCells(a, b) >= 0 ? a : b;
}

export const max: Kernel<MaxState, FixedCell> = {
  init: () => ({ count: 0, best: undefined }),
  add(s, cell) {
    s.count++;
    if (s.best === undefined) s.best = copyCell(cell);
    else if (compareCells(cell, s.best) > 0) {
      s.best.m = cell.m;
      s.best.s = cell.s;
      s.best.b = cell.b;
    }
  },
  merge: (a, b) => {
    const best = larger(a.best, b.best);
    return { count: a.count + b.count, best: best === undefined ? undefined : copyCell(best) };
  },
  finish: (s) => ({ units: s.best === undefined ? dec(0) : cellToDecimal(s.best), events_count: s.count }),
};
