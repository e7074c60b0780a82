/**
 * `delete_add_on` (`{code}`; beyond the contract's list, the service's `DELETE /add_ons/{code}`):
 * the add-on leaves the catalog — a one-off invoice naming it later is `add_on_not_found`;
 * invoices made with it stay. The reference also removes the fixed charges made of it; ratecard
 * does not remove a plan's fixed charges here, so an add-on a plan's fixed charge uses is refused
 * (`not_implemented`, 405 on the wire). Answers `{add_on}` as it was.
 */
import { addOnJson } from "../catalogJson.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function deleteAddOn(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const a = sim.catalog.add_ons.get(code);
  if (a === undefined) return refusal("add_on_not_found");
  const used = (fixed: readonly { readonly add_on: { readonly code: string } }[]): boolean => fixed.some((f) => f.add_on.code === code);
  if ([...sim.catalog.plans.values()].some((p) => used(p.fixed_charges)) || sim.subscriptions.some((s) => (s.status === "active" || s.status === "pending") && used(s.plan.fixed_charges))) {
    return refusal("not_implemented");
  }
  // Checked: from here on the step is accepted.
  const answer = addOnJson(a, sim.catalogJson);
  sim.catalog.add_ons.delete(code);
  return { add_on: answer };
}
