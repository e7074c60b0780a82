/**
 * Builders shared by the coupon tests: fees, catalog coupons and applied coupons.
 */
import type { CurrencyCode } from "../../../src/core/currency.js";
import { type Decimal, dec } from "../../../src/core/decimal.js";
import { type Instant, instant, parseInstant } from "../../../src/core/instant.js";
import type { AppliedCoupon, CouponTemplate } from "../../../src/invoice/coupon/couponTypes.js";
import type { Tax } from "../../../src/invoice/tax/taxes.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";

export const at = (s: string): Instant => {
  const t = parseInstant(s);
  if (t === undefined) throw new Error(`bad instant ${s}`);
  return t;
};

export const T0 = at("2024-03-01T00:00:00Z");
/** `ms` milliseconds after (or before) T0. */
export const after = (ms: number): Instant => instant(T0 + ms);

export const tax = (code: string, rate: string): Tax => ({ svc_id: `tax_${code}`, code, name: code, rate: dec(rate) });

let n = 0;
/** A fee; `precise` defaults to the amount. */
export function fee(
  fee_type: InvoiceFee["fee_type"],
  cents: number | bigint,
  extra: Partial<InvoiceFee> & { precise?: string } = {},
): InvoiceFee {
  n += 1;
  const { precise, ...rest } = extra;
  return {
    svc_id: `fee_${n}`, fee_type, svc_subscription_id: "sub_1", plan_code: "p1", metric_code: null, svc_charge_id: null,
    amount_cents: BigInt(cents), precise_amount_cents: dec(precise ?? cents.toString()), units: dec(1),
    precise_coupons_amount_cents: dec(0), precise_credit_notes_amount_cents: dec(0), taxes: [], from_date: null, to_date: null,
    pay_in_advance: false, ...rest,
  };
}

/** A charge fee of `metric` on `plan`. */
export const chargeFee = (metric: string, plan: string, cents: number | bigint, extra: Partial<InvoiceFee> & { precise?: string } = {}): InvoiceFee =>
  fee("charge", cents, { metric_code: metric, plan_code: plan, svc_charge_id: `ch_${metric}`, ...extra });

export function template(over: Partial<CouponTemplate> & { code: string }): CouponTemplate {
  return {
    svc_id: `coupon_${over.code}`, name: over.code, description: null, coupon_type: "fixed_amount", amount_cents: 1000n,
    amount_currency: "EUR", percentage_rate: null, frequency: "once", frequency_duration: null, expiration: "no_expiration",
    expiration_at: null, reusable: true, plan_codes: [], billable_metric_codes: [], terminated_at: null, ...over,
  };
}

export const fixed = (code: string, cents: number, over: Partial<CouponTemplate> = {}): CouponTemplate =>
  template({ code, amount_cents: BigInt(cents), ...over });

export const percent = (code: string, rate: string, over: Partial<CouponTemplate> = {}): CouponTemplate =>
  template({ code, coupon_type: "percentage", amount_cents: null, amount_currency: null, percentage_rate: dec(rate), ...over });

/** The coupon applied to a customer as the catalog defines it. */
export function applied(coupon: CouponTemplate, over: Partial<AppliedCoupon> = {}): AppliedCoupon {
  return {
    svc_id: `ac_${coupon.code}`, coupon, amount_cents: coupon.amount_cents, amount_currency: coupon.amount_currency as CurrencyCode | null,
    percentage_rate: coupon.percentage_rate, frequency: coupon.frequency, frequency_duration: coupon.frequency_duration,
    frequency_duration_remaining: coupon.frequency_duration, status: "active", created_at: T0, terminated_at: null, credits: [], ...over,
  };
}

/** Decimal as text, for readable assertions. */
export const s = (d: Decimal): string => d.toFixed();
