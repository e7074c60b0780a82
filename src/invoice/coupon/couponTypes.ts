/**
 * Coupons as data (invoice.md §4.1): the catalog's coupon (`CouponTemplate`) and the
 * coupon applied to a customer (`AppliedCoupon`), a state value that the invoice rules
 * take and give back updated. An applied coupon keeps its own credits, so its remaining
 * amount and "already credited on this invoice" are derived, and voiding re-credits.
 */
import type { CurrencyCode } from "../../core/currency.js";
import type { Decimal } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";

export type CouponType = "fixed_amount" | "percentage";
export type CouponFrequency = "once" | "recurring" | "forever";
export type CouponExpiration = "no_expiration" | "time_limit";

/** A coupon of the catalog. At most one of `plan_codes` / `billable_metric_codes` is non-empty. */
export interface CouponTemplate {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly description: string | null;
  readonly coupon_type: CouponType;
  readonly amount_cents: bigint | null;
  readonly amount_currency: CurrencyCode | null;
  /** Percent off (`10` = 10 %), 5 decimals. */
  readonly percentage_rate: Decimal | null;
  readonly frequency: CouponFrequency;
  readonly frequency_duration: number | null;
  readonly expiration: CouponExpiration;
  readonly expiration_at: Instant | null;
  readonly reusable: boolean;
  /** Limited to these plans (their child / override plans included). */
  readonly plan_codes: readonly string[];
  /** Limited to the charge fees of these billable metrics. */
  readonly billable_metric_codes: readonly string[];
  readonly terminated_at: Instant | null;
  /** When it was deleted (`delete_coupon`); absent while it exists. */
  readonly deleted_at?: Instant;
}

/** One coupon credit, as the applied coupon remembers it. */
export interface AppliedCouponCredit {
  /** The credit row's id (`credits[].svc_id`). */
  readonly svc_id: string;
  readonly invoice_id: string;
  readonly amount_cents: bigint;
  /** False once its invoice is voided (or closed): it no longer counts against the coupon. */
  readonly active: boolean;
}

export type AppliedCouponStatus = "active" | "terminated";

/** A coupon applied to a customer, with its own copy of the amount fields (overridable on apply). */
export interface AppliedCoupon {
  readonly svc_id: string;
  readonly coupon: CouponTemplate;
  readonly amount_cents: bigint | null;
  readonly amount_currency: CurrencyCode | null;
  readonly percentage_rate: Decimal | null;
  readonly frequency: CouponFrequency;
  readonly frequency_duration: number | null;
  readonly frequency_duration_remaining: number | null;
  readonly status: AppliedCouponStatus;
  readonly created_at: Instant;
  readonly terminated_at: Instant | null;
  /** Every credit this applied coupon made, oldest first. */
  readonly credits: readonly AppliedCouponCredit[];
  /** Terminated on request (`DELETE …/applied_coupons/{id}`), not by being used up: a void does not reactivate it. */
  readonly terminated_on_request?: boolean;
}

/** True when the catalog coupon can still be applied at `at` (not terminated, not deleted, not expired). */
export function isCouponActive(coupon: CouponTemplate, at: Instant): boolean {
  if (coupon.terminated_at !== null && coupon.terminated_at <= at) return false;
  if (coupon.deleted_at !== undefined && coupon.deleted_at <= at) return false;
  return !(coupon.expiration === "time_limit" && coupon.expiration_at !== null && coupon.expiration_at < at);
}

/** Limited to plans or to billable metrics (§4.1 `applies_to`). */
export function isLimited(coupon: CouponTemplate): boolean {
  return coupon.plan_codes.length > 0 || coupon.billable_metric_codes.length > 0;
}

/**
 * What is left of a `once` fixed coupon: `amount_cents − Σ active credits`; `null` for
 * percentage, recurring and forever coupons (§4.1 `amount_cents_remaining`).
 */
export function amountCentsRemaining(ac: AppliedCoupon): bigint | null {
  if (ac.coupon.coupon_type !== "fixed_amount" || ac.frequency !== "once" || ac.amount_cents === null) return null;
  let used = 0n;
  for (const c of ac.credits) if (c.active) used += c.amount_cents;
  return ac.amount_cents - used;
}
