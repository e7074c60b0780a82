/**
 * Evaluating an alert (invoice.md §14.3): crossings → a triggered alert and its
 * `alert.triggered` webhook object; then `previous_value = current` in every case.
 */
import { type Decimal, toDecimalStringWithPoint } from "../core/decimal.js";
import { type Instant, formatInstant } from "../core/instant.js";
import { crossedThresholdValues, crossedThresholds } from "./alertCrossing.js";
import { q5 } from "./_q5.js";
import type { Alert, CrossedThreshold } from "./alertTypes.js";

/** The `alert.triggered` webhook's object (the triggered alert). */
export interface TriggeredAlertJson {
  readonly alert_code: string;
  readonly alert_name: string | null;
  readonly alert_type: string;
  readonly current_value: string;
  readonly previous_value: string;
  readonly crossed_thresholds: readonly { readonly code: string | null; readonly value: string; readonly recurring: boolean }[];
  readonly triggered_at: string;
  readonly external_subscription_id: string | null;
  readonly external_customer_id: string | null;
  readonly billable_metric_code: string | null;
  readonly svc_alert_id: string;
  readonly svc_wallet_id: string | null;
}

export interface AlertEvaluation {
  /** The alert's new state. */
  readonly alert: Alert;
  /** Present when thresholds were crossed. */
  readonly triggered?: { readonly crossed: readonly CrossedThreshold[]; readonly webhook: TriggeredAlertJson };
}

/**
 * Evaluates the alert against the measured value (`alertValue`). `null` (metric not in the
 * plan) updates nothing, `last_processed_at` included (invoice.md §14.3); otherwise
 * `last_processed_at` becomes `at`. A lower value after a new billing period simply resets
 * `previous_value` (no crossing).
 */
export function processAlert(alert: Alert, current: Decimal | null, at: Instant): AlertEvaluation {
  if (current === null) return { alert };
  const processed: Alert = { ...alert, last_processed_at: at };
  const values = crossedThresholdValues(alert, current);
  const next: Alert = { ...processed, previous_value: q5(current) };
  if (values.length === 0) return { alert: next };
  const crossed = crossedThresholds(alert.thresholds, values);
  return {
    alert: next,
    triggered: {
      crossed,
      webhook: {
        alert_code: alert.code,
        alert_name: alert.name,
        alert_type: alert.alert_type,
        current_value: toDecimalStringWithPoint(q5(current)),
        previous_value: toDecimalStringWithPoint(alert.previous_value),
        crossed_thresholds: crossed.map((t) => ({ code: t.code, value: toDecimalStringWithPoint(t.value), recurring: t.recurring })),
        triggered_at: formatInstant(at),
        external_subscription_id: alert.external_subscription_id,
        external_customer_id: alert.external_customer_id,
        billable_metric_code: alert.billable_metric?.code ?? null,
        svc_alert_id: alert.svc_id,
        svc_wallet_id: alert.wallet?.svc_id ?? null,
      },
    },
  };
}
