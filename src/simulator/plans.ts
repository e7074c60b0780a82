/**
 * Plans of subscriptions: `usePlan`, which moves a subscription record onto another version of
 * its plan; a subscription's own plan from its `plan_overrides` (a child plan, patched by
 * planOverrides.ts); and the plan JSON. `update_plan` is operations/updatePlan.ts.
 */
import type { Instant } from "../core/instant.js";
import type { Decimal } from "../core/decimal.js";
import { trialEnd } from "../fees/index.js";
import type { Plan } from "./catalog.js";
import { chargeIndex, childPlanId, NO_THRESHOLDS, PATCHABLE, patchPlan, thresholds } from "./planOverrides.js";
import { invalid, invalidField, isRefusal, type Refusal } from "./refusal.js";
import { IssueCollector } from "../core/issue.js";
import { fixedChargeOverrides } from "./subscriptionFixedCharges.js";
import { overrideFixedCharges } from "./planFixedCharges.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import { isObj, type Obj, type Step } from "./steps.js";
import { integrationOn } from "./integrations.js";


/** `s` on `plan` from `at`: a plan paid in advance still waiting for its trial's end bills when the new trial ends (at once if it has ended). */
export function usePlan(s: Subscription, plan: Plan, at: Instant): void {
  s.plan = plan;
  if (s.trial_billing_at === null || s.initial_started_at === null) return;
  const t = trialEnd(s.initial_started_at, plan.trial_period);
  s.trial_billing_at = t === null || t.trial_end <= at ? at : t.trial_end;
}

/** Keys of `plan_overrides` this simulator reads (fixed-charge units go to subscriptionFixedCharges.ts). */
const OVERRIDE_KEYS: readonly string[] = [...PATCHABLE, "fixed_charges", "amount_currency"];

/**
 * The plan of a subscription with `plan_overrides` (periods.md §7.1): `plan` itself when
 * only fixed-charge units (or nothing) are overridden, else a child plan (one svc id per
 * subscription record `owner`) — a child's own overrides are kept and patched further, its
 * fixed charges overridden beyond units are copies (planFixedCharges.ts). Or the refusal
 * naming every bad override.
 */
export function overridePlan(sim: Sim, plan: Plan, overrides: Obj, owner: string): Plan | Refusal {
  // Without the progressive_billing integration the thresholds are not applied (readOverrides warns).
  const progressive = integrationOn(sim, "progressive_billing");
  const raw = Object.fromEntries(PATCHABLE.filter((k) => overrides[k] !== undefined && (progressive || k !== "usage_thresholds")).map((k) => [k, overrides[k]]));
  const currency = overrides["amount_currency"];
  if (currency != null && currency !== plan.currency) return invalidField("currencies_does_not_match", ["plan_overrides", "amount_currency"]);
  const child = plan.parent_id === undefined ? childPlanId(plan, owner) : plan.svc_id;
  // A child plan copies every fixed charge the overrides name (periods.md §7.1): one made for other overrides, or a plan that is one already.
  const fixed = overrideFixedCharges(sim, plan, overrides["fixed_charges"], child, Object.keys(raw).length > 0 || plan.parent_id !== undefined);
  if (isRefusal(fixed)) return fixed;
  if (Object.keys(raw).length === 0 && fixed === undefined) return plan;
  const ids = plan.parent_id === undefined ? { svc_id: child, parent_id: plan.svc_id } : {};
  const patched = patchPlan(plan, raw, sim.catalog.taxes, ["plan_overrides"], ids);
  if (isRefusal(patched) || fixed === undefined) return patched;
  return { ...patched, fixed_charges: fixed };
}

/**
 * The fixed-charge units of `plan_overrides` (code → units), checked before the step changes
 * anything. A key the simulator does not read is named in a warning and left alone.
 */
export function readOverrides(sim: Sim, step: Step, raw: Obj, plan: Plan): Map<string, Decimal> | Refusal {
  for (const k of Object.keys(raw)) {
    if (raw[k] !== undefined && raw[k] !== null && !OVERRIDE_KEYS.includes(k)) {
      sim.warn(step.at, `${step.op}: plan_overrides.${k} is not an override the simulator reads; it was ignored`, step.index, "ignored_field");
    }
  }
  const charges = raw["charges"];
  if (Array.isArray(charges)) charges.forEach((e: unknown, i) => {
    if (isObj(e) && plan.charges[chargeIndex(plan.charges, e, i)] === undefined) {
      sim.warn(step.at, `${step.op}: plan_overrides.charges.${i} names no charge of plan ${plan.code}; it was ignored`, step.index, "ignored_field");
    }
  });
  if (raw["usage_thresholds"] != null && !integrationOn(sim, "progressive_billing")) {
    sim.warn(step.at, `${step.op}: ${NO_THRESHOLDS("plan_overrides.usage_thresholds")}`, step.index, "ignored_field");
  }
  return fixedChargeOverrides({ fixed_charges: raw["fixed_charges"] }, plan);
}

/** A subscription body's own `usage_thresholds` (invoice.md §12.1) checked: undefined when not given, or the refusal naming each bad one. */
export function readOwnThresholds(v: unknown): Plan["usage_thresholds"] | undefined | Refusal {
  if (v === undefined) return undefined;
  const c = new IssueCollector();
  const list = thresholds(v, ["usage_thresholds"], c);
  const issues = c.issues();
  return issues ? invalid(issues) : list;
}

/** `list` as `s`'s own thresholds; without the progressive_billing integration the reference stores none, and a warning says so. */
export function applyOwnThresholds(sim: Sim, step: Step, s: Subscription, list: Plan["usage_thresholds"] | undefined): void {
  if (list === undefined) return;
  if (integrationOn(sim, "progressive_billing")) s.usage_thresholds = list;
  else sim.warn(step.at, `${step.op}: ${NO_THRESHOLDS("usage_thresholds")}`, step.index, "ignored_field");
}

