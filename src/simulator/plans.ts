/**
 * Plans of subscriptions: `usePlan`, which moves a subscription record onto another version of
 * its plan; a subscription's own plan from its `plan_overrides` (a child plan, patched by
 * planOverrides.ts); and the plan JSON. `update_plan` is operations/updatePlan.ts.
 */
import type { Instant } from "../core/instant.js";
import type { Decimal } from "../core/decimal.js";
import type { Tax } from "../invoice/index.js";
import { trialEnd } from "../fees/index.js";
import type { Plan } from "./catalog.js";
import { childPlanId, PATCHABLE, patchPlan } from "./planOverrides.js";
import { invalidField, isRefusal, type Refusal, refusal } from "./refusal.js";
import { fixedChargeOverrides } from "./subscriptionFixedCharges.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import type { Obj, Step } from "./steps.js";


/** `s` on `plan` from `at`: a plan paid in advance still waiting for its trial's end bills when the new trial ends (at once if it has ended). */
export function usePlan(s: Subscription, plan: Plan, at: Instant): void {
  s.plan = plan;
  if (s.trial_billing_at === null || s.initial_started_at === null) return;
  const t = trialEnd(s.initial_started_at, plan.trial_period);
  s.trial_billing_at = t === null || t.trial_end <= at ? at : t.trial_end;
}

/** Keys of `plan_overrides` this simulator reads (fixed-charge units go to subscriptionFixedCharges.ts). */
const OVERRIDE_KEYS: readonly string[] = [...PATCHABLE, "fixed_charges", "amount_currency"];

/** The first key of `plan_overrides` not built yet, if any (the step then answers `not_implemented`). */
export function unsupportedOverride(overrides: Obj): string | undefined {
  return Object.keys(overrides).find((k) => overrides[k] !== undefined && overrides[k] !== null && !OVERRIDE_KEYS.includes(k));
}

/**
 * The plan of a subscription with `plan_overrides` (periods.md §7.1): `plan` itself when
 * only fixed-charge units (or nothing) are overridden, else a child plan (one svc id per
 * subscription record `owner`) — a child's own overrides are kept and patched further. Or
 * the refusal naming every bad override.
 */
export function overridePlan(plan: Plan, overrides: Obj, taxes: ReadonlyMap<string, Tax>, owner: string): Plan | Refusal {
  const raw = Object.fromEntries(PATCHABLE.filter((k) => overrides[k] !== undefined).map((k) => [k, overrides[k]]));
  const currency = overrides["amount_currency"];
  if (currency != null && currency !== plan.currency) return invalidField("currencies_does_not_match", ["plan_overrides", "amount_currency"]);
  if (Object.keys(raw).length === 0) return plan;
  const ids = plan.parent_id === undefined ? { svc_id: childPlanId(plan, owner), parent_id: plan.svc_id } : {};
  return patchPlan(plan, raw, taxes, ["plan_overrides"], ids);
}

/**
 * The fixed-charge units of `plan_overrides` (code → units), after checking that every other
 * override is one planOverrides.ts builds; `not_implemented` (with a warning) when one is not.
 */
export function readOverrides(sim: Sim, step: Step, raw: Obj, plan: Plan): Map<string, Decimal> | Refusal {
  const key = unsupportedOverride(raw);
  const units = key === undefined ? fixedChargeOverrides({ fixed_charges: raw["fixed_charges"] }, plan) : undefined;
  if (isRefusal(units)) return units;
  if (units !== undefined) return units;
  const what = key === undefined ? "fixed_charges beyond units" : key;
  sim.warn(step.at, `${step.op}: plan_overrides.${what} is not implemented yet; the step changed nothing`, step.index);
  return refusal("not_implemented");
}
