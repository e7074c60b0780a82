/**
 * `create_alert` (invoice.md §14.1, validation): the body of a subscription or wallet
 * alert → a new alert, or the service's refusal. Checks run in the reference's order and
 * the first failing one answers, with the reference's field names and codes.
 */
import { type Decimal, ZERO } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { type IssueCode, type Issues, issue } from "../core/issue.js";
import { stableId } from "../core/ids.js";
import { parseThresholds } from "./_alertThresholds.js";
import { q5 } from "./_q5.js";
import { alertValue } from "./alertValue.js";
import {
  type Alert, type AlertMetric, type AlertWallet, type WalletBalances,
  alertDirection, isAlertType, isMetricAlertType, isWalletAlertType,
} from "./alertTypes.js";

/** What the alert attaches to, found by the caller from the body's ids. */
export type Alertable =
  | { readonly kind: "subscription"; readonly external_id: string; readonly external_customer_id: string | null }
  | { readonly kind: "wallet"; readonly wallet: AlertWallet; readonly external_customer_id: string | null; readonly balances: WalletBalances };

export interface CreateAlertContext {
  readonly alertable: Alertable;
  /** The organization's billable metrics by code. */
  readonly metric: (code: string) => AlertMetric | undefined;
  /** The live alerts of the same subscription (external id) or wallet. */
  readonly existing: readonly Alert[];
  readonly premium_integrations: readonly string[];
  readonly at: Instant;
  /** The new alert's id (default: a stable id of the alertable and code). */
  readonly svc_id?: string;
}

export type CreateAlertResult =
  | { readonly ok: true; readonly alert: Alert }
  | { readonly ok: false; readonly code: "validation_errors"; readonly issues: Issues }
  | { readonly ok: false; readonly code: "billable_metric_not_found" };

const refuse = (code: IssueCode, field: string, ...more: IssueCode[]): CreateAlertResult => ({
  ok: false,
  code: "validation_errors",
  issues: [issue(code, [field]), ...more.map((c) => issue(c, [field]))],
});

/**
 * Validates a `create_alert` body: type gates, type vs alertable, thresholds (present, ≤ 20,
 * no duplicate (value, recurring), values present and numeric, recurring > 0), the metric,
 * code, then uniqueness (code per alertable; one alert per type, and per metric).
 * A decreasing (wallet) alert starts at the wallet's current value, others at 0.
 */
export function parseCreateAlert(body: unknown, ctx: CreateAlertContext): CreateAlertResult {
  const b = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const type = b["alert_type"];
  const has = (i: string): boolean => ctx.premium_integrations.includes(i);
  if (type === "lifetime_usage_amount" && !has("progressive_billing") && !has("lifetime_usage")) return refuse("feature_not_available", "alert_type");
  if (type === "billable_metric_lifetime_usage_units" && !has("granular_lifetime_usage")) return refuse("feature_not_available", "alert_type");
  if (type === undefined || type === null || type === "") return refuse("value_is_mandatory", "alert_type", "value_is_invalid");
  if (!isAlertType(type)) return refuse("invalid_type", "alert_type");
  if (isWalletAlertType(type) !== (ctx.alertable.kind === "wallet")) return refuse("invalid_type", "alert_type");

  const parsed = parseThresholds(b["thresholds"]);
  if (!parsed.ok) return refuse(parsed.code, parsed.field);

  let metric: AlertMetric | null = null;
  const metricCode = b["billable_metric_code"];
  if (metricCode !== undefined && metricCode !== null) {
    metric = (typeof metricCode === "string" ? ctx.metric(metricCode) : undefined) ?? null;
    if (metric === null) return { ok: false, code: "billable_metric_not_found" };
  }
  const code = b["code"];
  if (typeof code !== "string" || code.trim() === "") return refuse("value_is_mandatory", "code");
  if (isMetricAlertType(type) && metric === null) return refuse("value_is_mandatory", "billable_metric");
  // The reference validates the metric's absence (`absence: true` → `value_must_be_blank`); the semantics are silent.
  if (!isMetricAlertType(type) && metric !== null) return refuse("value_must_be_blank", "billable_metric");
  if (ctx.existing.some((a) => a.code === code)) return refuse("value_already_exist", "code");
  const sameType = ctx.existing.some((a) => a.alert_type === type && (a.billable_metric?.svc_id ?? null) === (metric?.svc_id ?? null));
  // The reference's unique index allows one recurring threshold; a second one fails like a duplicate alert.
  if (sameType || parsed.thresholds.filter((t) => t.recurring).length > 1) return refuse("alert_already_exists", "base");

  const a = ctx.alertable;
  const name = b["name"];
  const draft: Alert = {
    svc_id: ctx.svc_id ?? stableId("alert", a.kind === "wallet" ? a.wallet.svc_id : a.external_id, code),
    alert_type: type,
    direction: alertDirection(type),
    code,
    name: typeof name === "string" ? name : null,
    external_customer_id: a.external_customer_id,
    external_subscription_id: a.kind === "subscription" ? a.external_id : null,
    wallet: a.kind === "wallet" ? a.wallet : null,
    billable_metric: metric,
    thresholds: parsed.thresholds,
    previous_value: ZERO,
    last_processed_at: null,
    created_at: ctx.at,
  };
  if (draft.direction === "increasing" || a.kind !== "wallet") return { ok: true, alert: draft };
  const start: Decimal = alertValue(draft, { wallet: a.balances }) ?? ZERO;
  return { ok: true, alert: { ...draft, previous_value: q5(start) } };
}
