/**
 * `create_events` (`{events: [...]}`): a batch, checked as a whole first — against the store
 * and within the batch — so that a batch with one bad event stores none. Answers `{events}`.
 */
import { type CheckedEvent, checkEvent, storeEvents } from "../events.js";
import { type Answer, invalidField, isRefusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isAbsentValue, isObj, type Step } from "../steps.js";

export function createEvents(sim: Sim, step: Step): Answer {
  const list = step.body["events"];
  if (!Array.isArray(list)) return invalidField(isAbsentValue(list) ? "value_is_mandatory" : "invalid_type", ["events"]);
  // Repeats within the batch: an open-addressing table of the checked events' positions, keyed
  // by their transaction ids' hashes, each match confirmed on the ids and subscriptions themselves.
  const mask = tableSize(list.length) - 1;
  const table = new Int32Array(mask + 1);
  const checked: CheckedEvent[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i];
    if (!isObj(raw)) return invalidField("invalid_type", ["events", i]);
    const c = checkEvent(sim, raw, ["events", i]);
    if (isRefusal(c)) return c;
    const tid = c.e.transaction_id;
    let slot = c.hash & mask;
    for (let j = table[slot]!; j !== 0; slot = (slot + 1) & mask, j = table[slot]!) {
      const d = checked[j - 1]!;
      if (d.hash === c.hash && d.e.transaction_id === tid && d.subId === c.subId) return invalidField("value_already_exist", ["events", i, "transaction_id"]);
    }
    table[slot] = i + 1;
    checked[i] = c;
  }
  return { events: storeEvents(sim, checked, step) };
}

/** The smallest power of two at least twice `n` (at least 2): the table stays at most half full. */
function tableSize(n: number): number {
  let size = 2;
  while (size < 2 * n) size *= 2;
  return size;
}
