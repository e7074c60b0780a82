/**
 * `apply_coupon` (invoice.md §4): a catalog coupon applied to a customer, with the amount,
 * percentage and frequency overrides of the body. Answers `{applied_coupon}`.
 */
import { formatInstant } from "../../core/instant.js";
import { amountCentsRemaining, type AppliedCoupon, parseApplyCoupon } from "../../invoice/index.js";
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Customer } from "../state.js";
import type { Step } from "../steps.js";

export function applyCoupon(sim: Sim, step: Step): Answer {
  const id = step.body["external_customer_id"];
  const customer = typeof id === "string" ? sim.customers.get(id) : undefined;
  if (customer === undefined) return refusal("customer_not_found");
  const code = step.body["coupon_code"];
  const planMetrics = new Map([...sim.catalog.plans.values()].map((p) => [p.code, p.charges.map((ch) => ch.metric.code)] as const));
  const r = parseApplyCoupon(step.body, typeof code === "string" ? sim.catalog.coupons.get(code) : undefined, {
    at: step.at,
    customer_id: customer.svc_id,
    applied_coupons: customer.applied_coupons,
    customer_currency: customer.currency,
    plan_metric_codes: planMetrics,
  });
  if (!r.ok) return refusal(r.refusal.code, r.refusal.error_details);
  customer.applied_coupons = [...customer.applied_coupons, r.value.applied_coupon];
  customer.currency = r.value.customer_currency;
  return { applied_coupon: appliedCouponJson(r.value.applied_coupon, customer) };
}

export function appliedCouponJson(a: AppliedCoupon, customer: Customer): Record<string, unknown> {
  const remaining = amountCentsRemaining(a);
  return {
    svc_id: a.svc_id, svc_coupon_id: a.coupon.svc_id, coupon_code: a.coupon.code, coupon_name: a.coupon.name,
    coupon_description: a.coupon.description ?? null, coupon_status: a.coupon.terminated_at === null ? "active" : "terminated",
    coupon_deleted_at: a.coupon.deleted_at === undefined ? null : formatInstant(a.coupon.deleted_at),
    expiration_at: a.coupon.expiration_at == null ? null : formatInstant(a.coupon.expiration_at),
    svc_customer_id: customer.svc_id, external_customer_id: customer.external_id, status: a.status,
    amount_cents: a.amount_cents === null ? null : Number(a.amount_cents), amount_cents_remaining: remaining === null ? null : Number(remaining),
    amount_currency: a.amount_currency, percentage_rate: a.percentage_rate === null ? null : a.percentage_rate.toFixed(),
    frequency: a.frequency, frequency_duration: a.frequency_duration, frequency_duration_remaining: a.frequency_duration_remaining,
    created_at: formatInstant(a.created_at), terminated_at: a.terminated_at === null ? null : formatInstant(a.terminated_at),
  };
}
