/** `fetch_subscription` (`{external_id}`): the active subscription under the external id, else the latest. Answers `{subscription}`. */
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { subscriptionJson } from "../subscriptionRecord.js";

export function fetchSubscription(sim: Sim, step: Step): Answer {
  const id = step.body["external_id"];
  const all = sim.subscriptions.filter((s) => s.external_id === id);
  const s = all.find((x) => x.status === "active") ?? all.at(-1);
  if (s === undefined) return refusal("subscription_not_found");
  return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
}
