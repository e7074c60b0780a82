/**
 * `create_subscription`: a new subscription — started at once when its `subscription_at` has
 * come, back-dated or not (clock.ts `startCreated`, periods.md §1.1), else pending until then —
 * or a plan change of the live one under the same external id (planChanges.ts). The service creates the
 * customer a subscription names when it does not exist yet. Answers `{subscription}`.
 */
import { stableId } from "../../core/ids.js";
import { type Instant, parseTimestamp } from "../../core/instant.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import { startCreated } from "../clock.js";
import { newCustomer } from "../customers.js";
import { fixedChargeLedger } from "../fixedCharges.js";
import { applyPlanChange, checkPlanChange } from "../planChanges.js";
import { overridePlan, readOverrides } from "../plans.js";
import { type Answer, invalid, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";
import { newSubscription, subscriptionJson } from "../subscriptionRecord.js";

export function createSubscription(sim: Sim, step: Step): Answer {
  const r = parseCatalogObject("subscription", step.body);
  if (!r.ok) return invalid(r.issues);
  const b = r.value;
  const plan = sim.catalog.plans.get(b.plan_code);
  if (plan === undefined) return refusal("plan_not_found");
  const live = sim.subscriptions.find((s) => s.external_id === b.external_id && (s.status === "active" || s.status === "pending"));
  // An external id another customer's live subscription holds is taken (the reference looks for a
  // plan change among the caller's own subscriptions only, then refuses a duplicate id).
  if (live !== undefined && live.customer.external_id !== b.external_customer_id) return invalidField("value_already_exist", ["external_id"]);
  const raw = (b.plan_overrides == null ? {} : step.body["plan_overrides"]) as Obj;
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
  const subscriptionAt = (b.subscription_at == null ? step.at : parseTimestamp(b.subscription_at) ?? step.at) as Instant;
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
    ending_at: b.ending_at == null ? null : parseTimestamp(b.ending_at) ?? null,
    fixed_charges: { start_units: units, ledger: fixedChargeLedger((x) => sim.invoicing.invoicesNamed(x.external_id)) },
  });
  s.termination_options = { invoice: b.on_termination_invoice ?? null, credit_note: b.on_termination_credit_note ?? null };
  customer.currency ??= plan.currency;
  sim.addSubscription(s);
  if (subscriptionAt <= step.at) startCreated(sim, s, step.at);
  if (s.status === "active") sim.advance(step.at);
  return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
}
