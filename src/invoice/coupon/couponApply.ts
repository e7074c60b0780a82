/**
 * The `apply_coupon` operation (invoice.md §4.1): a catalog coupon attached to a customer,
 * with the body's overrides, or the service's refusal. Checks in the reference's order:
 * the coupon is active (`coupon_not_found`), no overlap with an active limited coupon
 * (`plan_overlapping`), reusability (`coupon_is_not_reusable`), the body's fields, then the
 * customer currency that a fixed coupon sets (`currencies_does_not_match`).
 */
import { type CurrencyCode, isCurrencyCode } from "../../core/currency.js";
import { type Decimal, ZERO, parseDecimal } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import { type Instant, formatInstant } from "../../core/instant.js";
import { IssueCollector, type Issue, toErrorDetails } from "../../core/issue.js";
import { percentageRateOf } from "./couponTemplate.js";
import { type AppliedCoupon, type CouponFrequency, type CouponTemplate, isCouponActive, isLimited } from "./couponTypes.js";

export interface ApplyCouponContext {
  readonly at: Instant;
  /** The customer's id (names the new applied coupon). */
  readonly customer_id: string;
  /** The customer's applied coupons so far, any status, in application order. */
  readonly applied_coupons: readonly AppliedCoupon[];
  readonly customer_currency: CurrencyCode | null;
  /** False once the customer has subscriptions, invoices, wallets…: its currency can no longer be set. Default true. */
  readonly customer_currency_editable?: boolean;
  /** The billable metric codes each plan charges (for the overlap rule). */
  readonly plan_metric_codes: ReadonlyMap<string, readonly string[]>;
}

export interface AppliedCouponCreation {
  readonly applied_coupon: AppliedCoupon;
  /** The customer's currency afterwards (a fixed coupon sets it when it was unset). */
  readonly customer_currency: CurrencyCode | null;
}

/** The service's refusal of a step: `{code}` or `{code: "validation_errors", error_details}`. */
export interface StepRefusal {
  readonly code: "coupon_not_found" | "plan_overlapping" | "validation_errors";
  readonly error_details?: Readonly<Record<string, string[]>>;
}

export type ApplyCouponOutcome =
  | { readonly ok: true; readonly value: AppliedCouponCreation }
  | { readonly ok: false; readonly refusal: StepRefusal };

const FREQUENCIES: readonly string[] = ["once", "recurring", "forever"];
const refused = (refusal: StepRefusal): ApplyCouponOutcome => ({ ok: false, refusal });
const invalid = (issues: readonly Issue[]): ApplyCouponOutcome => refused({ code: "validation_errors", error_details: toErrorDetails(issues) });
const absent = (x: unknown): boolean => x === undefined || x === null;

/** The `apply_coupon` step. `coupon` is the catalog coupon named by `coupon_code` (undefined when unknown). */
export function parseApplyCoupon(body: Readonly<Record<string, unknown>>, coupon: CouponTemplate | undefined, ctx: ApplyCouponContext): ApplyCouponOutcome {
  if (coupon === undefined || !isCouponActive(coupon, ctx.at)) return refused({ code: "coupon_not_found" });
  if (overlaps(coupon, ctx)) return refused({ code: "plan_overlapping" });
  if (!coupon.reusable && ctx.applied_coupons.some((a) => a.coupon.svc_id === coupon.svc_id)) {
    return invalid([{ code: "coupon_is_not_reusable", path: ["coupon"], message: "coupon: coupon_is_not_reusable" }]);
  }

  const c = new IssueCollector();
  const amount = body["amount_cents"];
  let amountCents = coupon.amount_cents;
  if (!absent(amount)) {
    if (typeof amount !== "number" || !Number.isSafeInteger(amount)) c.add("invalid_value", ["amount_cents"]);
    else if (amount < 0) c.add("value_is_out_of_range", ["amount_cents"]);
    else amountCents = BigInt(amount);
  }
  const cur = body["amount_currency"];
  if (!absent(cur) && !isCurrencyCode(cur)) c.add("invalid_currency", ["amount_currency"]);
  const currency = isCurrencyCode(cur) ? cur : coupon.amount_currency;
  let rate: Decimal | null = coupon.percentage_rate;
  if (!absent(body["percentage_rate"])) {
    const r = parseDecimal(body["percentage_rate"]);
    if (r === undefined) c.add("invalid_value", ["percentage_rate"]);
    else if (r.lt(ZERO)) c.add("value_is_out_of_range", ["percentage_rate"]);
    else rate = percentageRateOf(r);
  }
  const f = body["frequency"];
  if (!absent(f) && !(typeof f === "string" && FREQUENCIES.includes(f))) c.add("invalid_value", ["frequency"]);
  const frequency = typeof f === "string" && FREQUENCIES.includes(f) ? (f as CouponFrequency) : coupon.frequency;
  const d = body["frequency_duration"];
  let duration = coupon.frequency_duration;
  if (!absent(d)) {
    if (typeof d !== "number" || !Number.isSafeInteger(d)) c.add("invalid_value", ["frequency_duration"]);
    else if (d < 0) c.add("value_is_out_of_range", ["frequency_duration"]);
    else duration = d;
  }
  if (c.empty && frequency === "recurring" && duration === null) c.add("value_is_mandatory", ["frequency_duration"]);
  const issues = c.issues();
  if (issues) return invalid(issues);

  let customerCurrency = ctx.customer_currency;
  if (coupon.coupon_type === "fixed_amount" && currency !== null && currency !== customerCurrency) {
    if (customerCurrency !== null || ctx.customer_currency_editable === false) {
      return invalid([{ code: "currencies_does_not_match", path: ["currency"], message: "currency: currencies_does_not_match" }]);
    }
    customerCurrency = currency;
  }
  const applied: AppliedCoupon = {
    svc_id: stableId("applied_coupon", ctx.customer_id, coupon.code, formatInstant(ctx.at), ctx.applied_coupons.length),
    coupon,
    amount_cents: amountCents,
    amount_currency: currency,
    percentage_rate: rate,
    frequency,
    frequency_duration: duration,
    frequency_duration_remaining: duration,
    status: "active",
    created_at: ctx.at,
    terminated_at: null,
    credits: [],
  };
  return { ok: true, value: { applied_coupon: applied, customer_currency: customerCurrency } };
}

/**
 * A limited coupon overlaps an active applied coupon of the customer when they share a
 * plan or a metric, or one's plan charges the other's metric (§4.1).
 */
function overlaps(coupon: CouponTemplate, ctx: ApplyCouponContext): boolean {
  if (!isLimited(coupon)) return false;
  const metricsOf = (plans: readonly string[]): Set<string> => new Set(plans.flatMap((p) => ctx.plan_metric_codes.get(p) ?? []));
  const plansCharging = (metrics: readonly string[]): Set<string> =>
    new Set([...ctx.plan_metric_codes].filter(([, ms]) => ms.some((m) => metrics.includes(m))).map(([p]) => p));
  const newPlans = new Set(coupon.plan_codes);
  const newMetrics = new Set(coupon.billable_metric_codes);
  const chargedByNewPlans = metricsOf(coupon.plan_codes);
  const chargingNewMetrics = plansCharging(coupon.billable_metric_codes);
  return ctx.applied_coupons.some((a) => {
    if (a.status !== "active") return false;
    const plans = a.coupon.plan_codes;
    const metrics = a.coupon.billable_metric_codes;
    return plans.some((p) => newPlans.has(p) || chargingNewMetrics.has(p)) || metrics.some((m) => newMetrics.has(m) || chargedByNewPlans.has(m));
  });
}
