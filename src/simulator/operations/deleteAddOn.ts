/**
 * `delete_add_on` (`{code}`; beyond the contract's list, the service's `DELETE /add_ons/{code}`):
 * the add-on leaves the catalog — a one-off invoice naming it later is `add_on_not_found`;
 * invoices made with it stay — and, as the reference deletes the fixed charges made of it, every
 * plan (catalog plans and subscriptions' own child plans) loses its fixed charges on the add-on
 * from the step on: later runs bill none, what was billed stays. Answers `{add_on}` as it was.
 */
import { addOnJson } from "../catalogJson.js";
import type { Plan } from "../catalog.js";
import { usePlan } from "../plans.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function deleteAddOn(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const a = sim.catalog.add_ons.get(code);
  if (a === undefined) return refusal("add_on_not_found");
  // Checked: from here on the step is accepted.
  const answer = addOnJson(a, sim.catalogJson);
  sim.catalog.add_ons.delete(code);
  // Each plan object replaced once, so that subscriptions sharing a plan still share its new version.
  const replaced = new Map<Plan, Plan>();
  const without = (p: Plan): Plan => {
    if (!p.fixed_charges.some((f) => f.add_on.code === code)) return p;
    let next = replaced.get(p);
    if (next === undefined) {
      next = Object.assign({}, p, { fixed_charges: p.fixed_charges.filter((f) => f.add_on.code !== code), updated_at: step.at });
      replaced.set(p, next);
    }
    return next;
  };
  for (const [k, p] of sim.catalog.plans) sim.catalog.plans.set(k, without(p));
  for (const s of sim.subscriptions) {
    if (s.status !== "active" && s.status !== "pending") continue;
    const next = without(s.plan);
    if (next !== s.plan) usePlan(s, next, step.at);
  }
  return { add_on: answer };
}
