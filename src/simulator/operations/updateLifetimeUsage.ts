/**
 * `update_lifetime_usage` (`{external_subscription_id, external_historical_usage_amount_cents}`,
 * the service's `PUT /subscriptions/{external_id}/lifetime_usage`): the usage billed before the
 * subscription came to this service, counted in its lifetime usage (invoice.md §12.2) — by the
 * progressive-billing thresholds (§12.3) and the lifetime usage alerts (§14.1). It belongs to
 * the external id, so a plan change keeps it. Answers `{lifetime_usage}`.
 */
import type { Instant } from "../../core/instant.js";
import { formatInstant } from "../../core/instant.js";
import { stableId } from "../../core/ids.js";
import { usageThresholdsCompletion } from "../../invoice/index.js";
import { currentUsage } from "../../usage/index.js";
import { type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Subscription } from "../state.js";
import type { Step } from "../steps.js";
import { usageInput } from "../usage.js";

export function updateLifetimeUsage(sim: Sim, step: Step): Answer {
  const b = step.body;
  const id = b["external_subscription_id"] ?? b["external_id"];
  if (typeof id !== "string" || id === "") return invalidField("value_is_mandatory", ["external_subscription_id"]);
  const amount = b["external_historical_usage_amount_cents"];
  if (amount === undefined || amount === null) return invalidField("value_is_mandatory", ["external_historical_usage_amount_cents"]);
  if (typeof amount !== "number" || !Number.isSafeInteger(amount)) return invalidField("invalid_value", ["external_historical_usage_amount_cents"]);
  // The reference's record refuses a negative amount under its own name.
  if (amount < 0) return invalidField("value_is_out_of_range", ["historical_usage_amount_cents"]);
  const s = sim.activeSubscription(id);
  if (s === undefined) return refusal("subscription_not_found");
  const answer = lifetimeUsage(sim, s, step.at, BigInt(amount));
  if (isRefusal(answer)) return answer;
  // Checked: from here on the step is accepted.
  sim.historicalUsage.set(id, BigInt(amount));
  return answer;
}

/**
 * `{lifetime_usage}` of an active subscription at `at` with `historical` as its usage from
 * before the service (invoice.md §12.4): what `update_lifetime_usage` answers and
 * `fetch_lifetime_usage` reads. Changes nothing.
 */
export function lifetimeUsage(sim: Sim, s: Subscription, at: Instant, historical: bigint): Answer {
  const input = usageInput(sim, s, at, { apply_taxes: false });
  if (isRefusal(input)) return input;
  const usage = currentUsage(input);
  const current = usage.ok ? usage.fees.reduce((a, f) => a + f.amount_cents, 0n) : 0n;
  const invoiced = sim.invoicing.invoicedUsage(s);
  const total = historical + invoiced + current;
  const thresholds = s.plan.usage_thresholds.length === 0 ? [] : usageThresholdsCompletion(s.plan.usage_thresholds, total);
  const id = s.external_id;
  return {
    lifetime_usage: {
      svc_id: stableId("lifetime_usage", id),
      svc_subscription_id: s.svc_id,
      external_subscription_id: id,
      external_historical_usage_amount_cents: Number(historical),
      invoiced_usage_amount_cents: Number(invoiced),
      current_usage_amount_cents: Number(current),
      // Lifetime: from the subscription's start date to the moment it is read (the reference's answer).
      from_datetime: formatInstant(s.subscription_at),
      to_datetime: formatInstant(at),
      usage_thresholds: thresholds.map((t) => ({ amount_cents: Number(t.amount_cents), completion_ratio: t.completion_ratio })),
    },
  };
}
