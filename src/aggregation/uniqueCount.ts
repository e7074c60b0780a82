/**
 * unique_count_agg (§12.3). Per distinct value, an event is worth +1 (add) or −1 (remove)
 * unless it repeats the previous operation of that value (the first event's "previous" is
 * a remove). Those worths telescope: a value contributes 1 exactly when its last event is
 * an add. So the state keeps, per value, only its last event: small and mergeable.
 */
import { dec } from "../core/decimal.js";
import { type Kernel, compareOrder, compareOrdered } from "./_kernel.js";
import { countRunningTotal } from "./runningTotal.js";
import type { UsageEvent } from "./types.js";

export interface LastOperation {
  t: number;
  seq: number;
  tx: string;
  add: boolean;
}

export interface UniqueCountState {
  /** Value (null: events lacking the property) → its last operation. */
  values: Map<string | null, LastOperation>;
}

/** True unless the event's `operation_type` is "remove". */
export function isAdd(e: UsageEvent): boolean {
  const p = e.properties;
  const op = p["operation_type"] ?? (e as { operation_type?: unknown }).operation_type;
  return op !== "remove";
}

export const uniqueCount: Kernel<UniqueCountState, string | null> = {
  init: () => ({ values: new Map() }),
  add(s, value, e) {
    const last = s.values.get(value);
    const seq = e.seq ?? 0;
    if (last === undefined) s.values.set(value, { t: e.timestamp, seq, tx: e.transaction_id, add: isAdd(e) });
    else if (compareOrder(e.timestamp, seq, e.transaction_id, last.t, last.seq, last.tx) > 0) {
      last.t = e.timestamp;
      last.seq = seq;
      last.tx = e.transaction_id;
      last.add = isAdd(e);
    }
  },
  merge(a, b) {
    // Copies: `add` updates a value's last operation in place.
    const values = new Map<string | null, LastOperation>();
    for (const [k, v] of a.values) values.set(k, { ...v });
    for (const [k, v] of b.values) {
      const mine = values.get(k);
      if (mine === undefined || compareOrdered(v, mine) > 0) values.set(k, { ...v });
    }
    return { values };
  },
  finish(s, ctx) {
    let n = 0;
    for (const v of s.values.values()) if (v.add) n++;
    return { units: dec(n), events_count: n, running_total: countRunningTotal(n, ctx) };
  },
};
