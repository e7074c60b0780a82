/**
 * Giving coupons back when their invoice stops counting (invoice.md §4.3 last bullet, §16,
 * §1.3): the invoice's coupon credits no longer count against the coupon (a `once` fixed
 * coupon's remaining amount grows back), and on a void each coupon is re-credited.
 */
import type { Instant } from "../../core/instant.js";
import { type AppliedCoupon, isCouponActive } from "./couponTypes.js";

const hasActiveCreditOn = (ac: AppliedCoupon, invoiceId: string): boolean => ac.credits.some((c) => c.active && c.invoice_id === invoiceId);

const release = (ac: AppliedCoupon, invoiceId: string): AppliedCoupon => ({
  ...ac,
  credits: ac.credits.map((c) => (c.invoice_id === invoiceId ? { ...c, active: false } : c)),
});

/**
 * The applied coupons after invoice `invoiceId` is voided at `at`: for every coupon credit
 * of that invoice (0-amount ones included) a recurring coupon gets one unit of duration back,
 * and a terminated coupon is reactivated unless it is `forever`, was terminated on request, or
 * its catalog coupon is no longer active at `at`. Coupons without a credit on the invoice are returned as they are.
 */
export function recreditCoupons(applied: readonly AppliedCoupon[], invoiceId: string, at: Instant): AppliedCoupon[] {
  return applied.map((ac) => {
    if (!hasActiveCreditOn(ac, invoiceId)) return ac;
    const released = release(ac, invoiceId);
    const duration = ac.frequency === "recurring" && ac.frequency_duration_remaining !== null ? ac.frequency_duration_remaining + 1 : ac.frequency_duration_remaining;
    const reactivate = ac.status === "terminated" && ac.terminated_on_request !== true && ac.frequency !== "forever" && isCouponActive(ac.coupon, at);
    return {
      ...released,
      frequency_duration_remaining: duration,
      status: reactivate ? "active" : ac.status,
      terminated_at: reactivate ? null : ac.terminated_at,
    };
  });
}

/**
 * The applied coupons after invoice `invoiceId` is closed (§1.3): its credits stop counting,
 * nothing else changes. (Coupons only apply when the fees amount is positive, so a closed
 * invoice normally carries no coupon credit; this keeps the rule whole.)
 */
export function releaseCouponCredits(applied: readonly AppliedCoupon[], invoiceId: string): AppliedCoupon[] {
  return applied.map((ac) => (hasActiveCreditOn(ac, invoiceId) ? release(ac, invoiceId) : ac));
}
