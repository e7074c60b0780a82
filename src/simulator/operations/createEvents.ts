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
  const seen = new Map<string | null, Set<string>>();
  const checked: CheckedEvent[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i];
    if (!isObj(raw)) return invalidField("invalid_type", ["events", i]);
    const c = checkEvent(sim, raw, ["events", i]);
    if (isRefusal(c)) return c;
    let ids = seen.get(c.subId);
    if (ids === undefined) seen.set(c.subId, (ids = new Set()));
    if (ids.has(c.e.transaction_id)) return invalidField("value_already_exist", ["events", i, "transaction_id"]);
    ids.add(c.e.transaction_id);
    checked[i] = c;
  }
  return { events: storeEvents(sim, checked, step) };
}
