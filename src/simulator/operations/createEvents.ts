/**
 * `create_events` (`{events: [...]}`): a batch, checked as a whole first — against the store
 * and within the batch — so that a batch with one bad event stores none; the refusal names
 * every bad event's fields. An empty batch is refused (`events: no_events`). Answers `{events}`.
 */
import { issue, IssueCollector, type Issues } from "../../core/issue.js";
import { type CheckedEvent, checkEvent, isIssues, storeEvents } from "../events.js";
import { type Answer, invalid, invalidField } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isAbsentValue, isObj, type Step } from "../steps.js";

export function createEvents(sim: Sim, step: Step): Answer {
  const list = step.body["events"];
  if (!Array.isArray(list)) return invalidField(isAbsentValue(list) ? "value_is_mandatory" : "invalid_type", ["events"]);
  if (list.length === 0) return invalidField("no_events", ["events"]);
  // Repeats within the batch: an open-addressing table of the checked events' positions, keyed
  // by their transaction ids' hashes, each match confirmed on the ids and subscriptions themselves.
  const mask = tableSize(list.length) - 1;
  const table = new Int32Array(mask + 1);
  const checked: CheckedEvent[] = new Array(list.length);
  let bad: IssueCollector | undefined;
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i];
    const c: CheckedEvent | Issues = isObj(raw) ? checkEvent(sim, raw, ["events", i], step.at) : [issue("invalid_type", ["events", i])];
    if (isIssues(c)) {
      (bad ??= new IssueCollector()).addAll(c);
      continue;
    }
    const tid = c.e.transaction_id;
    let slot = c.hash & mask;
    let repeated = false;
    for (let j = table[slot]!; j !== 0; slot = (slot + 1) & mask, j = table[slot]!) {
      const d = checked[j - 1]!;
      if (d.hash === c.hash && d.e.transaction_id === tid && d.subId === c.subId) {
        repeated = true;
        break;
      }
    }
    if (repeated) {
      (bad ??= new IssueCollector()).add("value_already_exist", ["events", i, "transaction_id"]);
      continue;
    }
    table[slot] = i + 1;
    checked[i] = c;
  }
  if (bad !== undefined) return invalid(bad.issues()!);
  return { events: storeEvents(sim, checked, step) };
}

/** The smallest power of two at least twice `n` (at least 2): the table stays at most half full. */
function tableSize(n: number): number {
  let size = 2;
  while (size < 2 * n) size *= 2;
  return size;
}
