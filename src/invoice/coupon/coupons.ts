/**
 * Coupons on an invoice being finalized (invoice.md §4.2, §4.3): which applied coupons, in
 * which order, each one's credit, its spread over the fees, and its lifecycle. Pure: the
 * applied coupons come in as state values and go out updated.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { type Decimal, dec, sum } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import type { Instant } from "../../core/instant.js";
import { type CouponBase, couponValue, spreadCoupon, truncToBigInt } from "./couponAmount.js";
import { type AppliedCoupon, type CouponTemplate, amountCentsRemaining, isLimited } from "./couponTypes.js";
import type { InvoiceCredit, InvoiceFee } from "../types.js";

export interface ApplyCouponsInput {
  readonly invoice_id: string;
  readonly currency: CurrencyCode;
  /** The invoice's time: `terminated_at` of the coupons it uses up. */
  readonly at: Instant;
  /** The invoice's fees, in fee order (`precise_coupons_amount_cents` may hold progressive-billing shares). */
  readonly fees: readonly InvoiceFee[];
  /** The running `sub_total_excluding_taxes_amount_cents`: fees amount less progressive-billing credits. */
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  /** The customer's applied coupons (any status), in the order they were applied. */
  readonly applied_coupons: readonly AppliedCoupon[];
}

export interface ApplyCouponsResult {
  /** One coupon credit row per coupon applied, in application order (`item.type` "coupon"). */
  readonly credits: readonly InvoiceCredit[];
  /** The fees with their new `precise_coupons_amount_cents`, same order. */
  readonly fees: readonly InvoiceFee[];
  readonly coupons_amount_cents: bigint;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  /** Every applied coupon of the input, same order, updated where one was used. */
  readonly applied_coupons: readonly AppliedCoupon[];
}

const rank = (c: CouponTemplate): number => (c.billable_metric_codes.length > 0 ? 0 : c.plan_codes.length > 0 ? 1 : 2);

/** The active applied coupons in §4.2 order: metric-limited, plan-limited, unrestricted; ties by application time, then input order. */
export function orderAppliedCoupons(acs: readonly AppliedCoupon[]): AppliedCoupon[] {
  return acs.filter((a) => a.status === "active").sort((a, b) => rank(a.coupon) - rank(b.coupon) || a.created_at - b.created_at);
}

/** The indexes of the fees a coupon targets (§4.3): all, its plans' fees, or its metrics' charge fees. */
export function targetedFees(coupon: CouponTemplate, fees: readonly InvoiceFee[]): Set<number> {
  const out = new Set<number>();
  fees.forEach((f, i) => {
    if (coupon.billable_metric_codes.length > 0) {
      if (f.fee_type === "charge" && f.metric_code !== null && coupon.billable_metric_codes.includes(f.metric_code)) out.add(i);
    } else if (coupon.plan_codes.length > 0) {
      if (f.plan_code !== null && coupon.plan_codes.includes(f.plan_code)) out.add(i);
    } else out.add(i);
  });
  return out;
}

/** Applies the customer's coupons to an invoice (only when finalizing; nothing when the fees amount is 0). */
export function applyCoupons(input: ApplyCouponsInput): ApplyCouponsResult {
  let fees: readonly InvoiceFee[] = input.fees;
  let running = input.sub_total_excluding_taxes_amount_cents;
  let total = 0n;
  const credits: InvoiceCredit[] = [];
  const updated = new Map<string, AppliedCoupon>();
  const feesAmount = input.fees.reduce((s, f) => s + f.amount_cents, 0n);

  for (const ac of feesAmount === 0n ? [] : orderAppliedCoupons(input.applied_coupons)) {
    if (running <= 0n) break;
    if (ac.coupon.coupon_type === "fixed_amount" && ac.amount_currency !== input.currency) continue;
    if (ac.credits.some((c) => c.invoice_id === input.invoice_id)) continue;
    const targeted = targetedFees(ac.coupon, fees);
    if (targeted.size === 0) continue;
    const base: CouponBase = isLimited(ac.coupon) ? { kind: "decimal", value: remainders(fees, targeted) } : { kind: "integer", value: running };
    const c = couponValue(ac, base);
    const amount = truncToBigInt(c);
    const credit = couponCredit(ac, input, amount);
    credits.push(credit);
    running -= amount;
    total += amount;
    fees = spreadCoupon(fees, targeted, c, base);
    updated.set(ac.svc_id, afterUse(ac, c, credit, input));
  }
  return {
    credits,
    fees,
    coupons_amount_cents: total,
    sub_total_excluding_taxes_amount_cents: running,
    applied_coupons: input.applied_coupons.map((a) => updated.get(a.svc_id) ?? a),
  };
}

const remainders = (fees: readonly InvoiceFee[], idx: ReadonlySet<number>): Decimal =>
  sum(fees.filter((_, i) => idx.has(i)).map((f) => dec(f.amount_cents).minus(f.precise_coupons_amount_cents)));

/** The credit row of a coupon (§4.5); its id is stable per invoice and applied coupon. */
export function couponCredit(ac: AppliedCoupon, inv: { readonly invoice_id: string; readonly currency: CurrencyCode }, amount: bigint): InvoiceCredit {
  return {
    svc_id: stableId("credit", inv.invoice_id, "applied_coupon", ac.svc_id),
    amount_cents: amount,
    amount_currency: inv.currency,
    before_taxes: true,
    item: { svc_item_id: ac.coupon.svc_id, type: "coupon", code: ac.coupon.code, name: ac.coupon.name, description: ac.coupon.description },
  };
}

/**
 * The applied coupon after a credit of value `c` (§4.3 lifecycle): recurring loses one unit
 * and ends at 0; once percentage ends; once fixed ends when `c ≥` what was left; forever stays.
 */
function afterUse(ac: AppliedCoupon, c: Decimal, credit: InvoiceCredit, inv: { readonly invoice_id: string; readonly at: Instant }): AppliedCoupon {
  let remainingDuration = ac.frequency_duration_remaining;
  let terminated = false;
  if (ac.frequency === "recurring") {
    remainingDuration = Math.max((remainingDuration ?? 0) - 1, 0);
    terminated = remainingDuration === 0;
  } else if (ac.frequency === "once") {
    terminated = ac.coupon.coupon_type === "percentage" || c.gte(dec(amountCentsRemaining(ac) ?? 0n));
  }
  return {
    ...ac,
    frequency_duration_remaining: remainingDuration,
    status: terminated ? "terminated" : ac.status,
    terminated_at: terminated ? (ac.terminated_at ?? inv.at) : ac.terminated_at,
    credits: [...ac.credits, { svc_id: credit.svc_id, invoice_id: inv.invoice_id, amount_cents: credit.amount_cents, active: true }],
  };
}
