/**
 * `create_subscription`: a new subscription — started at once when its `subscription_at` has
 * come, back-dated or not (clock.ts `startCreated`, periods.md §1.1), else pending until then —
 * or a plan change of the live one under the same external id (planChanges.ts). The service creates the
 * customer a subscription names when it does not exist yet. Answers `{subscription}`.
 */
import { stableId } from "../../core/ids.js";
import { type Instant, parseTimestamp } from "../../core/instant.js";
import { issue, type Issues } from "../../core/issue.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import { startCreated } from "../clock.js";
import { newCustomer } from "../customers.js";
import { fixedChargeLedger } from "../fixedCharges.js";
import { applyPlanChange, checkPlanChange } from "../planChanges.js";
import { applyOwnThresholds, overridePlan, readOverrides, readOwnThresholds } from "../plans.js";
import { type Answer, invalid, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";
import { newSubscription, subscriptionJson } from "../subscriptionRecord.js";

export function createSubscription(sim: Sim, step: Step): Answer {
  const r = parseCatalogObject("subscription", step.body);
  if (!r.ok) return invalid(datesRefused(r.issues, step.body));
  const b = r.value;
  // The reference's subscription validation: an end date after today's and after the start's (UTC dates).
  const startAt = b.subscription_at == null ? step.at : parseTimestamp(b.subscription_at)!;
  const endAt = b.ending_at == null ? undefined : parseTimestamp(b.ending_at)!;
  if (endAt !== undefined && (utcDay(endAt) <= utcDay(step.at) || utcDay(endAt) <= utcDay(startAt))) return invalidField("invalid_date", ["ending_at"]);
  const plan = sim.catalog.plans.get(b.plan_code);
  if (plan === undefined) return refusal("plan_not_found");
  const live = sim.subscriptions.find((s) => s.external_id === b.external_id && (s.status === "active" || s.status === "pending"));
  // An external id another customer's live subscription holds is taken (the reference looks for a
  // plan change among the caller's own subscriptions only, then refuses a duplicate id).
  if (live !== undefined && live.customer.external_id !== b.external_customer_id) return invalidField("value_already_exist", ["external_id"]);
  const raw = (b.plan_overrides == null ? {} : step.body["plan_overrides"]) as Obj;
  // The subscription's own usage thresholds (invoice.md §12.1), not beside plan_overrides' (the reference's incompatible_params).
  if (b.usage_thresholds != null && raw["usage_thresholds"] != null) {
    return invalid([issue("incompatible_params", ["usage_thresholds"]), issue("incompatible_params", ["plan_overrides", "usage_thresholds"])]);
  }
  const ownThresholds = readOwnThresholds(b.usage_thresholds == null ? undefined : step.body["usage_thresholds"]);
  if (isRefusal(ownThresholds)) return ownThresholds;
  const units = readOverrides(sim, step, raw, plan);
  if (isRefusal(units)) return units;
  const count = sim.subscriptions.filter((x) => x.external_id === b.external_id).length;
  const own = overridePlan(sim, plan, raw, `${b.external_id}/${count}`);
  if (isRefusal(own)) return own;
  const known = sim.customers.get(b.external_customer_id);
  const change = live === undefined ? undefined : checkPlanChange(sim, live, own, step, units);
  if (isRefusal(change)) return change;
  // A customer bills in one currency: a plan in another is refused (interface spec, Limits).
  if (change === undefined && known !== undefined && known.currency !== null && known.currency !== plan.currency) {
    return invalidField("currencies_does_not_match", ["currency"]);
  }
  // Checked: from here on the step is accepted.
  const customer = known ?? newCustomer(b.external_customer_id, step.at);
  if (known === undefined) sim.addCustomer(customer);
  if (change !== undefined) return applyPlanChange(sim, change);
  const subscriptionAt = startAt as Instant;
  const s = newSubscription({
    svc_id: stableId("subscription", b.external_id, count),
    external_id: b.external_id,
    customer,
    plan: own,
    name: b.name ?? null,
    billing_time: b.billing_time ?? "calendar",
    subscription_at: subscriptionAt,
    created_at: step.at,
    billed_until: subscriptionAt,
    ending_at: endAt ?? null,
    fixed_charges: { start_units: units, ledger: fixedChargeLedger((x) => sim.invoicing.invoicesNamed(x.external_id)) },
  });
  s.termination_options = { invoice: b.on_termination_invoice ?? null, credit_note: b.on_termination_credit_note ?? null };
  if (b.progressive_billing_disabled === true) s.progressive_billing_disabled = true;
  applyOwnThresholds(sim, step, s, ownThresholds);
  customer.currency ??= plan.currency;
  sim.addSubscription(s);
  if (subscriptionAt <= step.at) startCreated(sim, s, step.at);
  if (s.status === "active") sim.advance(step.at);
  return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
}

const utcDay = (t: Instant): number => Math.floor(t / 86_400_000);

/**
 * The body's issues with `subscription_at` and `ending_at` refused as the reference names them:
 * anything but an ISO 8601 text is `invalid_date`, and an `ending_at` is refused with an
 * unreadable `subscription_at` (it cannot be compared).
 */
function datesRefused(issues: Issues, body: Obj): Issues {
  const out = issues.map((i) => (i.path.length === 1 && (i.path[0] === "subscription_at" || i.path[0] === "ending_at") ? issue("invalid_date", i.path) : i));
  const startRefused = out.some((i) => i.path.length === 1 && i.path[0] === "subscription_at");
  const endRefused = out.some((i) => i.path.length === 1 && i.path[0] === "ending_at");
  if (startRefused && !endRefused && body["ending_at"] != null) out.push(issue("invalid_date", ["ending_at"]));
  return [out[0]!, ...out.slice(1)];
}
