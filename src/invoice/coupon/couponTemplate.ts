/**
 * A catalog coupon, checked and typed (invoice.md §4.1): shape by the coupon schema,
 * then the rules between fields (a fixed coupon's amount, a recurring coupon's duration,
 * a time limit's date, one kind of limit) and, when the caller knows them, the plans and
 * metrics it names.
 */
import { type Decimal, ZERO, parseDecimal, round } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import { parseInstant } from "../../core/instant.js";
import { IssueCollector, type Path, type Result, fail, ok } from "../../core/issue.js";
import type { CurrencyCode } from "../../core/currency.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import type { CouponTemplate } from "./couponTypes.js";

/** The codes a coupon may name; a list left out is not checked. */
export interface CouponReferences {
  readonly plan_codes?: ReadonlySet<string>;
  readonly billable_metric_codes?: ReadonlySet<string>;
}

/** `decimal(10,5)`: a percentage rate is kept to 5 decimals, half up. */
export const percentageRateOf = (d: Decimal): Decimal => round(d, 5, "half_up");

/**
 * Checks one catalog coupon. Issues: shape codes from the schema; `value_is_out_of_range`
 * for a fixed amount or a rate ≤ 0 and a recurring duration ≤ 0; `value_is_mandatory` for a
 * recurring coupon without duration and a time-limited one without `expiration_at`;
 * `invalid_value` for a coupon limited to both plans and metrics, or naming an unknown code.
 */
export function parseCouponTemplate(raw: unknown, path: Path = [], refs: CouponReferences = {}): Result<CouponTemplate> {
  const r = parseCatalogObject("coupon", raw, path);
  if (!r.ok) return r;
  const v = r.value;
  const c = new IssueCollector();
  const at = (...k: (string | number)[]): Path => [...path, ...k];

  const rate = v.percentage_rate === undefined || v.percentage_rate === null ? null : parseDecimal(v.percentage_rate) ?? null;
  if (v.coupon_type === "fixed_amount" && v.amount_cents <= 0) c.add("value_is_out_of_range", at("amount_cents"));
  if (v.coupon_type === "percentage" && (rate === null || rate.lte(ZERO))) c.add("value_is_out_of_range", at("percentage_rate"));
  const duration = v.frequency_duration ?? null;
  if (v.frequency === "recurring") {
    if (duration === null) c.add("value_is_mandatory", at("frequency_duration"));
    else if (duration <= 0) c.add("value_is_out_of_range", at("frequency_duration"));
  }
  const expiration = v.expiration ?? "no_expiration";
  const expirationAt = v.expiration_at === undefined || v.expiration_at === null ? null : (parseInstant(v.expiration_at) ?? null);
  if (expiration === "time_limit" && expirationAt === null) c.add("value_is_mandatory", at("expiration_at"));

  const planCodes = v.applies_to?.plan_codes ?? v.plan_codes ?? [];
  const metricCodes = v.applies_to?.billable_metric_codes ?? v.billable_metric_codes ?? [];
  const limitsPath = v.applies_to ? at("applies_to") : at();
  if (planCodes.length > 0 && metricCodes.length > 0) c.add("invalid_value", limitsPath, "a coupon is limited to plans or to billable metrics, not both");
  checkKnown(planCodes, refs.plan_codes, [...limitsPath, "plan_codes"], c);
  checkKnown(metricCodes, refs.billable_metric_codes, [...limitsPath, "billable_metric_codes"], c);

  const issues = c.issues();
  if (issues) return fail(issues);
  return ok({
    svc_id: v.svc_id ?? stableId("coupon", v.code),
    code: v.code,
    name: v.name,
    description: v.description ?? null,
    coupon_type: v.coupon_type,
    amount_cents: v.amount_cents === undefined || v.amount_cents === null ? null : BigInt(v.amount_cents),
    amount_currency: (v.amount_currency ?? null) as CurrencyCode | null,
    percentage_rate: rate === null ? null : percentageRateOf(rate),
    frequency: v.frequency,
    frequency_duration: duration,
    expiration,
    expiration_at: expirationAt,
    reusable: v.reusable ?? true,
    plan_codes: planCodes,
    billable_metric_codes: metricCodes,
    terminated_at: v.terminated_at === undefined || v.terminated_at === null ? null : (parseInstant(v.terminated_at) ?? null),
  });
}

function checkKnown(codes: readonly string[], known: ReadonlySet<string> | undefined, path: Path, c: IssueCollector): void {
  if (known === undefined) return;
  codes.forEach((code, i) => {
    if (!known.has(code)) c.add("invalid_value", [...path, i], `unknown code ${JSON.stringify(code)}`);
  });
}
