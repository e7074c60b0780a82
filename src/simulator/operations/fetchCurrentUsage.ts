/**
 * `fetch_current_usage` (invoice.md §13.1): the usage of a customer's active subscription in
 * its open period, with the service's query options in the body. Answers `{customer_usage}`
 * and changes nothing.
 */
import { currentUsage } from "../../usage/index.js";
import { type Answer, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { usageInput, usageOptions, usageSubscription } from "../usage.js";

export function fetchCurrentUsage(sim: Sim, step: Step): Answer {
  const s = usageSubscription(sim, step.body);
  if (isRefusal(s)) return s;
  const options = usageOptions(step.body);
  if (isRefusal(options)) return options;
  const input = usageInput(sim, s, step.at, options);
  if (isRefusal(input)) return input;
  const r = currentUsage(input);
  if (!r.ok) return refusal(r.code);
  return { customer_usage: r.customer_usage };
}
