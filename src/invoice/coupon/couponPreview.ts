/**
 * Coupons on an invoice preview (invoice.md §4.4), which differ from §4.3: the coupons
 * are taken in the order given; metric-limited coupons never apply; a plan-limited coupon
 * applies to every fee when the first subscription's plan is one of its plans, on the base
 * `Σ fee.amount_cents` (an integer: earlier coupons not deducted). Nothing is persisted, so
 * the applied coupons are not updated.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { couponValue, spreadCoupon, truncToBigInt } from "./couponAmount.js";
import { couponCredit } from "./coupons.js";
import type { AppliedCoupon, CouponTemplate } from "./couponTypes.js";
import type { InvoiceCredit, InvoiceFee } from "../types.js";

export interface PreviewCouponsInput {
  readonly invoice_id: string;
  readonly currency: CurrencyCode;
  readonly fees: readonly InvoiceFee[];
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  /** The customer's active applied coupons if it has any, else the request's coupons, in that order. */
  readonly applied_coupons: readonly AppliedCoupon[];
  /** The plan of the preview's first subscription. */
  readonly first_plan_code: string | null;
}

export interface PreviewCouponsResult {
  readonly credits: readonly InvoiceCredit[];
  readonly fees: readonly InvoiceFee[];
  readonly coupons_amount_cents: bigint;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
}

function previewTargets(coupon: CouponTemplate, fees: readonly InvoiceFee[], firstPlan: string | null): Set<number> {
  if (coupon.billable_metric_codes.length > 0) return new Set();
  if (coupon.plan_codes.length > 0 && (firstPlan === null || !coupon.plan_codes.includes(firstPlan))) return new Set();
  return new Set(fees.map((_, i) => i));
}

/** The preview's coupon credits and fee shares. */
export function previewCoupons(input: PreviewCouponsInput): PreviewCouponsResult {
  let fees: readonly InvoiceFee[] = input.fees;
  let running = input.sub_total_excluding_taxes_amount_cents;
  let total = 0n;
  const credits: InvoiceCredit[] = [];
  for (const ac of input.applied_coupons) {
    if (ac.status !== "active") continue;
    if (running <= 0n) break;
    if (ac.coupon.coupon_type === "fixed_amount" && ac.amount_currency !== input.currency) continue;
    const targeted = previewTargets(ac.coupon, fees, input.first_plan_code);
    if (targeted.size === 0) continue;
    const limited = ac.coupon.plan_codes.length > 0;
    const value = limited ? fees.reduce((s, f) => s + f.amount_cents, 0n) : running;
    const c = couponValue(ac, { kind: "integer", value });
    const amount = truncToBigInt(c);
    credits.push(couponCredit(ac, input, amount));
    running -= amount;
    total += amount;
    fees = spreadCoupon(fees, targeted, c, { kind: "integer", value });
  }
  return { credits, fees, coupons_amount_cents: total, sub_total_excluding_taxes_amount_cents: running };
}
