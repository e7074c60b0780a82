/**
 * An alert as `fetch_alert` (and `create_alert`) answer it: `{alert: …}` (invoice.md §14,
 * interface spec "Alert"). Decimal values are strings with a point ("70.0").
 */
import { toDecimalStringWithPoint } from "../core/decimal.js";
import { formatInstant } from "../core/instant.js";
import type { Alert, AlertMetric } from "./alertTypes.js";

export interface AlertJson {
  readonly svc_id: string;
  readonly external_subscription_id: string | null;
  readonly external_customer_id: string | null;
  readonly svc_wallet_id: string | null;
  readonly wallet_code: string | null;
  readonly alert_type: string;
  readonly code: string;
  readonly name: string | null;
  readonly direction: string;
  readonly previous_value: string;
  readonly last_processed_at: string | null;
  readonly thresholds: readonly { readonly code: string | null; readonly value: string; readonly recurring: boolean }[];
  readonly created_at: string;
  readonly billable_metric: AlertMetric | null;
}

/** The alert's JSON; thresholds in creation order. */
export function fetchAlert(alert: Alert): AlertJson {
  return {
    svc_id: alert.svc_id,
    external_subscription_id: alert.external_subscription_id,
    external_customer_id: alert.external_customer_id,
    svc_wallet_id: alert.wallet?.svc_id ?? null,
    wallet_code: alert.wallet?.code ?? null,
    alert_type: alert.alert_type,
    code: alert.code,
    name: alert.name,
    direction: alert.direction,
    previous_value: toDecimalStringWithPoint(alert.previous_value),
    last_processed_at: alert.last_processed_at === null ? null : formatInstant(alert.last_processed_at),
    thresholds: alert.thresholds.map((t) => ({ code: t.code, value: toDecimalStringWithPoint(t.value), recurring: t.recurring })),
    created_at: formatInstant(alert.created_at),
    billable_metric: alert.billable_metric,
  };
}
