/**
 * The contract's `billingPeriod(input)` (../shared/docs/contract.md §3): JSON in, JSON out.
 */
import { type Instant, formatInstant, parseInstant } from "../core/instant.js";
import { IssueCollector, type IssueCode, type Path, ValidationError, reportUnknownKeys } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { computeBillingPeriod } from "../period/billingPeriod.js";
import {
  BILLING_TIMES,
  type BillingPeriodInput,
  INTERVALS,
  SUBSCRIPTION_STATUSES,
} from "../period/types.js";
import { toInclusiveEnd, toInclusiveJson } from "./boundaries.js";

/** The contract's result: ISO timestamps (inclusive `*_to_datetime`) and day counts. */
export interface BillingPeriodJson {
  readonly from_datetime: string | null;
  readonly to_datetime: string | null;
  readonly charges_from_datetime: string | null;
  readonly charges_to_datetime: string | null;
  readonly fixed_charges_from_datetime: string | null;
  readonly fixed_charges_to_datetime: string | null;
  readonly charges_duration_in_days: number;
  readonly fixed_charges_duration_in_days: number;
  readonly next_end_of_period: string;
  readonly previous_beginning_of_period: string;
}

/**
 * Where a billing run falls, for a subscription on a plan, at an instant.
 *
 * @throws ValidationError naming every bad field (`plan.interval: value_is_invalid`,
 * `invalid_billing_time`, `invalid_timestamp`, `invalid_timezone`, `invalid_value`,
 * `invalid_type`, `value_is_mandatory`).
 * @example
 * billingPeriod({ plan: { interval: "monthly", pay_in_advance: false }, subscription: { billing_time: "calendar",
 *   subscription_at: "2021-02-02T00:00:00Z", started_at: "2021-02-02T00:00:00Z", terminated_at: null, status: "active" },
 *   timezone: "UTC", billing_at: "2022-03-01T00:00:00Z" })
 * //=> { from_datetime: "2022-02-01T00:00:00Z", to_datetime: "2022-02-28T23:59:59Z", …, charges_duration_in_days: 28 }
 */
export function billingPeriod(input: unknown): BillingPeriodJson {
  const r = computeBillingPeriod(parseBillingPeriodInput(input));
  const fee = toInclusiveJson(r.period);
  const charges = toInclusiveJson(r.charges_period);
  const fixed = toInclusiveJson(r.fixed_charges_period);
  return {
    from_datetime: fee.from,
    to_datetime: fee.to,
    charges_from_datetime: charges.from,
    charges_to_datetime: charges.to,
    fixed_charges_from_datetime: fixed.from,
    fixed_charges_to_datetime: fixed.to,
    charges_duration_in_days: r.charges_duration_in_days,
    fixed_charges_duration_in_days: r.fixed_charges_duration_in_days,
    next_end_of_period: formatInstant(toInclusiveEnd(r.next_end_of_period)),
    previous_beginning_of_period: formatInstant(r.previous_beginning_of_period),
  };
}

/** Validates the contract's input, collecting every issue before throwing. */
export function parseBillingPeriodInput(input: unknown): BillingPeriodInput {
  const c = new IssueCollector();
  const root = record(input, [], c);
  if (root === undefined) throw new ValidationError(c.issues()!);
  const plan = record(root["plan"], ["plan"], c) ?? {};
  const sub = record(root["subscription"], ["subscription"], c) ?? {};
  reportUnknownKeys(root, ROOT_KEYS, [], c);
  reportUnknownKeys(plan, PLAN_KEYS, ["plan"], c);
  reportUnknownKeys(sub, SUBSCRIPTION_KEYS, ["subscription"], c);

  // charges.md §19.4 (contract.md "Errors"): an interval null, missing or not one of them is value_is_invalid.
  const interval = oneOf(plan["interval"] ?? "", INTERVALS, ["plan", "interval"], "value_is_invalid", c);
  const payInAdvance = bool(plan["pay_in_advance"], ["plan", "pay_in_advance"], c);
  const chargesMonthly = bool(plan["bill_charges_monthly"], ["plan", "bill_charges_monthly"], c);
  const fixedMonthly = bool(plan["bill_fixed_charges_monthly"], ["plan", "bill_fixed_charges_monthly"], c);
  const billingTime = oneOf(sub["billing_time"], BILLING_TIMES, ["subscription", "billing_time"], "invalid_billing_time", c);
  const subscriptionAt = timestamp(sub["subscription_at"], ["subscription", "subscription_at"], true, c);
  const startedAt = timestamp(sub["started_at"], ["subscription", "started_at"], false, c);
  const terminatedAt = timestamp(sub["terminated_at"], ["subscription", "terminated_at"], false, c);
  const status = oneOf(sub["status"], SUBSCRIPTION_STATUSES, ["subscription", "status"], "invalid_value", c);
  // A terminated status without `terminated_at` is accepted: like the reference, the
  // subscription then never counts as terminated at any instant.
  const billingAt = timestamp(root["billing_at"], ["billing_at"], true, c);
  const currentUsage = bool(root["current_usage"], ["current_usage"], c);
  const tz = root["timezone"] ?? "UTC";
  if (!isValidTimeZone(tz)) c.add("invalid_timezone", ["timezone"]);

  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  return {
    plan: {
      interval: interval!,
      pay_in_advance: payInAdvance,
      bill_charges_monthly: chargesMonthly,
      bill_fixed_charges_monthly: fixedMonthly,
    },
    subscription: {
      billing_time: billingTime!,
      subscription_at: subscriptionAt!,
      started_at: startedAt ?? null,
      terminated_at: terminatedAt ?? null,
      status: status!,
    },
    timezone: tz as string,
    billing_at: billingAt!,
    current_usage: currentUsage,
  };
}

function record(x: unknown, path: Path, c: IssueCollector): Record<string, unknown> | undefined {
  if (x === undefined || x === null) c.add("value_is_mandatory", path);
  else if (typeof x !== "object" || Array.isArray(x)) c.add("invalid_type", path);
  else return x as Record<string, unknown>;
  return undefined;
}

/** The input's keys: the contract's, and the other fields of the specification's Plan and Subscription (a whole object may be passed). */
const ROOT_KEYS: ReadonlySet<string> = new Set(["plan", "subscription", "timezone", "billing_at", "current_usage"]);
const PLAN_KEYS: ReadonlySet<string> = new Set([
  "interval", "pay_in_advance", "bill_charges_monthly", "bill_fixed_charges_monthly", "svc_id", "name", "code", "description",
  "invoice_display_name", "created_at", "amount_cents", "amount_currency", "trial_period", "minimum_commitment", "charges", "fixed_charges",
  "taxes", "tax_codes", "usage_thresholds", "entitlements", "metadata", "parent_id", "customers_count", "active_subscriptions_count",
  "draft_invoices_count", "pending_deletion",
]);
const SUBSCRIPTION_KEYS: ReadonlySet<string> = new Set([
  "billing_time", "subscription_at", "started_at", "terminated_at", "status", "svc_id", "svc_customer_id", "external_id",
  "external_customer_id", "name", "plan_code", "previous_plan_code", "next_plan_code", "created_at", "ending_at", "canceled_at",
  "trial_ended_at", "downgrade_plan_date", "current_billing_period_started_at", "current_billing_period_ending_at",
  "on_termination_credit_note", "on_termination_invoice", "plan_amount_cents", "plan_amount_currency", "applied_invoice_custom_sections",
  "payment_method", "progressive_billing_disabled", "consolidate_invoice", "purchase_order_number", "cancellation_reason", "activated_at",
  "activation_rules", "plan", "plan_overrides", "usage_threshold",
]);

/** An enumerated value; a refusal's message lists the valid ones. */
function oneOf<T extends string>(x: unknown, values: readonly T[], path: Path, code: IssueCode, c: IssueCollector): T | undefined {
  if (x === undefined || x === null) c.add("value_is_mandatory", path);
  else if (typeof x !== "string" || !(values as readonly string[]).includes(x)) c.add(code, path, `one of ${values.join(", ")}`);
  else return x as T;
  return undefined;
}

/** Optional booleans: missing or `null` is false. */
function bool(x: unknown, path: Path, c: IssueCollector): boolean {
  if (x === undefined || x === null) return false;
  if (typeof x !== "boolean") c.add("invalid_type", path);
  return x === true;
}

/** An ISO 8601 timestamp; `null` (only when optional) for missing or null. */
function timestamp(x: unknown, path: Path, required: boolean, c: IssueCollector): Instant | null | undefined {
  if (x === undefined || x === null) {
    if (required) c.add("value_is_mandatory", path);
    return null;
  }
  const t = parseInstant(x);
  if (t === undefined) c.add("invalid_timestamp", path);
  return t;
}
