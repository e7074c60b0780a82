/**
 * latest_agg: the value of the last event by (timestamp, ingestion order); negative → 0;
 * none → 0 (§12.2).
 */
import { ZERO, dec } from "../core/decimal.js";
import { type FixedCell, cellToDecimal, copyCell } from "../core/fixed.js";
import { type Kernel, type Ordered, compareOrder, compareOrdered } from "./_kernel.js";

export interface LatestState {
  count: number;
  last: (Ordered & { readonly value: FixedCell }) | undefined;
}

export const latest: Kernel<LatestState, FixedCell> = {
  init: () => ({ count: 0, last: undefined }),
  add(s, cell, e) {
    s.count++;
    const l = s.last;
    if (l === undefined || compareOrder(e.timestamp, e.seq ?? 0, e.transaction_id, l.t, l.seq, l.tx) > 0) {
      s.last = { t: e.timestamp, seq: e.seq ?? 0, tx: e.transaction_id, value: copyCell(cell) };
    }
  },
  merge: (a, b) => ({
    count: a.count + b.count,
    last: a.last === undefined ? b.last : b.last === undefined ? a.last : compareOrdered(a.last, b.last) >= 0 ? a.last : b.last,
  }),
  finish(s) {
    const v = s.last === undefined ? dec(0) : cellToDecimal(s.last.value);
    return { units: v.lt(ZERO) ? ZERO : v, events_count: s.count };
  },
};
