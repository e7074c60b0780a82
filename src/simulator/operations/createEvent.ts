/**
 * `create_event` (interface spec, Events): one usage event, at the step's `at` when it has
 * no `timestamp`; a duplicate `transaction_id` for its subscription is refused
 * (`value_already_exist`). Answers `{event}`.
 */
import { checkEvent, isIssues, storeEvents } from "../events.js";
import { type Answer, invalid } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function createEvent(sim: Sim, step: Step): Answer {
  const checked = checkEvent(sim, step.body, [], step.at);
  if (isIssues(checked)) return invalid(checked);
  return { event: storeEvents(sim, [checked], step)[0]! };
}
