/**
 * `fetch_projected_usage` (invoice.md §13.2, integration `projected_usage`): the current usage
 * projected to the end of the period. Answers `{customer_projected_usage}` and changes nothing.
 */
import { projectedUsage } from "../../usage/index.js";
import { type Answer, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { usageInput, usageOptions, usageSubscription } from "../usage.js";
import { integrationOn } from "../integrations.js";

export function fetchProjectedUsage(sim: Sim, step: Step): Answer {
  if (!integrationOn(sim, "projected_usage")) return refusal("projected_usage_not_enabled");
  const s = usageSubscription(sim, step.body);
  if (isRefusal(s)) return s;
  // §13.2.1: of the query options only `apply_taxes` is read (still checked like the others).
  const options = usageOptions(step.body);
  if (isRefusal(options)) return options;
  const { apply_taxes } = options;
  const input = usageInput(sim, s, step.at, apply_taxes === undefined ? {} : { apply_taxes });
  if (isRefusal(input)) return input;
  const r = projectedUsage({ ...input, now: step.at });
  return { customer_projected_usage: r.customer_projected_usage };
}
