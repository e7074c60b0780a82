/**
 * `terminate_applied_coupon` (`{external_customer_id, applied_coupon_id}`; beyond the contract's
 * list, the service's `DELETE /customers/{external_id}/applied_coupons/{id}`): the customer's
 * applied coupon stops applying from the step's instant — later invoices take nothing from it —
 * as the reference terminates one; an applied coupon already terminated stays as it was. Credits
 * it gave stay. Removed on request, it is not brought back by voiding an invoice it credited
 * (a coupon that ended by being used up is: couponRecredit.ts). Answers `{applied_coupon}`.
 */
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { appliedCouponJson } from "./applyCoupon.js";

export function terminateAppliedCoupon(sim: Sim, step: Step): Answer {
  const id = step.body["external_customer_id"];
  const customer = typeof id === "string" ? sim.customers.get(id) : undefined;
  if (customer === undefined) return refusal("customer_not_found");
  const appliedId = step.body["applied_coupon_id"];
  if (typeof appliedId !== "string" || appliedId === "") return invalidField("value_is_mandatory", ["applied_coupon_id"]);
  const applied = customer.applied_coupons.find((a) => a.svc_id === appliedId);
  if (applied === undefined) return refusal("applied_coupon_not_found");
  // Checked: from here on the step is accepted.
  if (applied.status === "terminated") return { applied_coupon: appliedCouponJson(applied, customer) };
  const terminated = { ...applied, status: "terminated" as const, terminated_at: step.at, terminated_on_request: true };
  customer.applied_coupons = customer.applied_coupons.map((a) => (a === applied ? terminated : a));
  return { applied_coupon: appliedCouponJson(terminated, customer) };
}
