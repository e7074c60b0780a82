/**
 * `create_events` (`{events: [...]}`): a batch, checked as a whole first — against the store
 * and within the batch — so that a batch with one bad event stores none. Answers `{events}`.
 */
import { type CheckedEvent, checkEvent, storeEvents } from "../events.js";
import { type Answer, invalidField, isRefusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isAbsentValue, isObj, type Step } from "../steps.js";

/** Up to this many events, repeats within the batch are found by pairwise comparison. */
const SMALL_BATCH = 32;

export function createEvents(sim: Sim, step: Step): Answer {
  const list = step.body["events"];
  if (!Array.isArray(list)) return invalidField(isAbsentValue(list) ? "value_is_mandatory" : "invalid_type", ["events"]);
  // A small batch (a gateway's usual one) is checked for repeats by comparing its events pairwise: no table per batch.
  const seen = list.length > SMALL_BATCH ? new Map<string | null, Set<string>>() : undefined;
  const checked: CheckedEvent[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i];
    if (!isObj(raw)) return invalidField("invalid_type", ["events", i]);
    const c = checkEvent(sim, raw, ["events", i]);
    if (isRefusal(c)) return c;
    const tid = c.e.transaction_id;
    if (seen === undefined) {
      for (let j = 0; j < i; j++) {
        const d = checked[j]!;
        if (d.hash === c.hash && d.e.transaction_id === tid && d.subId === c.subId) return invalidField("value_already_exist", ["events", i, "transaction_id"]);
      }
    } else {
      let ids = seen.get(c.subId);
      if (ids === undefined) seen.set(c.subId, (ids = new Set()));
      if (ids.has(tid)) return invalidField("value_already_exist", ["events", i, "transaction_id"]);
      ids.add(tid);
    }
    checked[i] = c;
  }
  return { events: storeEvents(sim, checked, step) };
}
