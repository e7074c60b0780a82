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
import { type ThresholdCompletion, usageThresholdsCompletion } from "../../invoice/index.js";
import { currentUsage } from "../../usage/index.js";
import { type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Subscription } from "../state.js";
import type { Step } from "../steps.js";
import { thresholdsOf, usageInput } from "../usage.js";
import { appliedThresholds } from "../progressiveLookup.js";

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
  const own = thresholdsOf(s);
  const thresholds = own.length === 0 ? [] : usageThresholdsCompletion(own, total);
  const applied = thresholds.length === 0 ? [] : appliedThresholds(sim.invoicing, s);
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
      usage_thresholds: thresholds.map((t) => ({ amount_cents: Number(t.amount_cents), completion_ratio: t.completion_ratio, reached_at: reachedAt(t, applied, at) })),
    },
  };
}

/**
 * When a passed entry was reached (the reference's threshold completion): a threshold's latest
 * application by a progressive-billing invoice, a recurring step's first application at or above
 * its level; `at` when no invoice applied it yet; null for an entry not passed.
 */
function reachedAt(t: ThresholdCompletion, applied: ReturnType<typeof appliedThresholds>, at: Instant): string | null {
  if (t.completion_ratio !== 1) return null;
  let found: Instant | undefined;
  if (!t.recurring) {
    for (const a of applied) if (!a.threshold.recurring && a.threshold.amount_cents === t.amount_cents && (found === undefined || a.at > found)) found = a.at;
  } else {
    const steps = applied.filter((a) => a.threshold.recurring).sort((x, y) => (x.threshold.lifetime_usage_amount_cents < y.threshold.lifetime_usage_amount_cents ? -1 : 1));
    found = steps.find((a) => a.threshold.lifetime_usage_amount_cents >= t.amount_cents)?.at;
  }
  return formatInstant(found ?? at);
}

