/**
 * `fetch_subscription` (`{external_id, status?}`, the service's `GET /subscriptions/{external_id}`):
 * with `status`, the record under the external id with that status — the one not terminated or
 * terminated last, then the latest started, as the reference's lookup orders them; without, the
 * active record, else the latest (the conformance vectors read a pending one so). Answers
 * `{subscription}`.
 */
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { subscriptionJson } from "../subscriptionRecord.js";

export function fetchSubscription(sim: Sim, step: Step): Answer {
  const id = step.body["external_id"];
  const status = step.body["status"];
  if (status == null) {
    const named = sim.subscriptions.filter((s) => s.external_id === id);
    const s = named.find((x) => x.status === "active") ?? named.at(-1);
    return s === undefined ? refusal("subscription_not_found") : { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
  }
  const all = sim.subscriptions.filter((s) => s.external_id === id && s.status === status);
  // terminated_at descending with none first, then started_at descending; the later record on a tie.
  let best: (typeof all)[number] | undefined;
  for (const s of all) if (best === undefined || before(s, best) <= 0) best = s;
  if (best === undefined) return refusal("subscription_not_found");
  return { subscription: subscriptionJson(best, step.at, sim.catalog.organization) };
}

/** Negative when `a` comes first in the reference's order (terminated_at desc, none first; started_at desc). */
function before(a: { readonly terminated_at: number | null; readonly started_at: number | null }, b: typeof a): number {
  if (a.terminated_at !== b.terminated_at) {
    if (a.terminated_at === null) return -1;
    if (b.terminated_at === null) return 1;
    return b.terminated_at - a.terminated_at;
  }
  return (b.started_at ?? 0) - (a.started_at ?? 0);
}
