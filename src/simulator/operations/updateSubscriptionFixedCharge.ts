/**
 * `update_subscription_fixed_charge` (`{external_subscription_id, code, units,
 * apply_units_immediately?, tax_codes?}`, periods.md §7.1): a units override and/or the
 * fixed charge's taxes for one subscription. Answers `{fixed_charge: {code, units,
 * svc_parent_id, taxes}}` with the subscription's effective units.
 */
import { type Answer, isRefusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { applyFixedChargeUpdate, checkFixedChargeUpdate } from "../subscriptionFixedCharges.js";

export function updateSubscriptionFixedCharge(sim: Sim, step: Step): Answer {
  const update = checkFixedChargeUpdate(sim, step.body);
  if (isRefusal(update)) return update;
  return applyFixedChargeUpdate(sim, update, step.at);
}
