/**
 * `delete_coupon` (`{code}`; beyond the contract's list, the service's `DELETE /coupons/{code}`):
 * the coupon leaves the catalog (applying it later is `coupon_not_found`) and, as the reference
 * deletes a coupon, its active applied coupons are terminated at the step's instant — later
 * invoices take nothing from them, and a voided invoice's credit does not bring them back.
 * Credits already given stay. Answers `{coupon}`: as the reference discards a coupon, its status and
 * `terminated_at` do not change (its applied coupons show `coupon_status` unchanged, with
 * `coupon_deleted_at`).
 */
import { couponJson } from "../catalogJson.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function deleteCoupon(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const coupon = sim.catalog.coupons.get(code);
  if (coupon === undefined) return refusal("coupon_not_found");
  // Checked: from here on the step is accepted.
  // Deleted, not terminated: the coupon keeps its status and `terminated_at` (the reference discards it).
  const terminated = { ...coupon, deleted_at: step.at };
  sim.catalog.coupons.delete(code);
  for (const c of sim.customers.values()) {
    if (!c.applied_coupons.some((a) => a.coupon.code === code)) continue;
    c.applied_coupons = c.applied_coupons.map((a) => {
      if (a.coupon.code !== code) return a;
      return a.status === "active" ? { ...a, coupon: terminated, status: "terminated" as const, terminated_at: step.at } : { ...a, coupon: terminated };
    });
  }
  return { coupon: couponJson(terminated, sim.catalogJson) };
}
