/**
 * `fetch_lifetime_usage` (`{external_subscription_id}`; beyond the contract's list, the service's
 * `GET /subscriptions/{external_id}/lifetime_usage`): the active subscription's lifetime usage
 * (invoice.md §12.4) as `update_lifetime_usage` answers it, with the historical amount it last
 * set (0 when none). A read: changes nothing.
 */
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { lifetimeUsage } from "./updateLifetimeUsage.js";

export function fetchLifetimeUsage(sim: Sim, step: Step): Answer {
  const id = step.body["external_subscription_id"] ?? step.body["external_id"];
  if (typeof id !== "string" || id === "") return invalidField("value_is_mandatory", ["external_subscription_id"]);
  const s = sim.activeSubscription(id);
  if (s === undefined) return refusal("subscription_not_found");
  return lifetimeUsage(sim, s, step.at, sim.historicalUsage.get(id) ?? 0n);
}
