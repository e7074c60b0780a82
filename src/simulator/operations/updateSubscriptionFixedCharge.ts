/**
 * `update_subscription_fixed_charge` (`{external_subscription_id, code, units,
 * apply_units_immediately?, tax_codes?, properties?, invoice_display_name?}`, periods.md §7.1):
 * units alone write a units override for one subscription; any other field moves the
 * subscription onto its child plan, whose copy of the fixed charge carries it (as
 * `plan_overrides.fixed_charges` does). Answers `{fixed_charge: {code, units, svc_parent_id,
 * taxes}}` with the subscription's effective units: the plan's own fixed charge, or the child's
 * copy naming its source.
 */
import { overridePlan, usePlan } from "../plans.js";
import { type Answer, isRefusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { applyFixedChargeUpdate, checkFixedChargeUpdate, unprefixed } from "../subscriptionFixedCharges.js";

export function updateSubscriptionFixedCharge(sim: Sim, step: Step): Answer {
  const update = checkFixedChargeUpdate(sim, step.body);
  if (isRefusal(update)) return update;
  if (update.remodel === undefined) return applyFixedChargeUpdate(sim, update, step.at);
  // The child plan, checked before anything changes; its refusals name the body's own fields.
  const s = update.subscription;
  const plan = overridePlan(sim, s.plan, { fixed_charges: [update.remodel] }, s.svc_id);
  if (isRefusal(plan)) return unprefixed(plan);
  usePlan(s, plan, step.at);
  const copy = plan.fixed_charges.find((x) => x.code === update.fixed_charge.code)!;
  return applyFixedChargeUpdate(sim, Object.assign({}, update, { fixed_charge: copy }), step.at);
}
