/**
 * count_agg: the number of selected events (§12.2).
 */
import { ONE, dec } from "../core/decimal.js";
import type { Kernel } from "./_kernel.js";
import { countRunningTotal } from "./runningTotal.js";

export interface CountState {
  count: number;
}

export const count: Kernel<CountState, undefined> = {
  init: () => ({ count: 0 }),
  add(s) {
    s.count++;
  },
  merge: (a, b) => ({ count: a.count + b.count }),
  finish(s, ctx) {
    return {
      units: dec(s.count),
      events_count: s.count,
      running_total: countRunningTotal(s.count, ctx),
      ...(!ctx.eventValues ? {} : ctx.eventValuesText
        ? { event_value_texts: new Array<string>(s.count).fill("1") }
        : { event_values: Array.from({ length: s.count }, () => ONE) }),
    };
  },
};
