/**
 * `update_alert` (`{external_subscription_id | external_customer_id + wallet_code, code, alert:
 * {name?, code?, thresholds?, billable_metric_code?}}`; invoice.md §14, the reference's alert
 * update): the fields given replace the alert's, checked by create_alert's rules against the
 * alertable's other alerts (its type cannot change); the alert keeps its id, creation, last
 * processing and the value it last saw. Answers `{alert}`.
 */
import { toErrorDetails } from "../../core/issue.js";
import { parseCreateAlert } from "../../usage/index.js";
import { alertObject } from "../alerts.js";
import { type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isObj, type Step } from "../steps.js";
import { findAlert } from "./fetchAlert.js";

export function updateAlert(sim: Sim, step: Step): Answer {
  const alert = findAlert(sim, step.body);
  if (isRefusal(alert)) return alert;
  const patch = step.body["alert"];
  if (!isObj(patch)) return invalidField("value_is_mandatory", ["alert"]);
  const others = sim.alerts.filter((a) => a !== alert && (alert.wallet === null ? a.external_subscription_id === alert.external_subscription_id : a.wallet?.svc_id === alert.wallet.svc_id));
  const body = {
    alert_type: alert.alert_type,
    code: patch["code"] ?? alert.code,
    name: patch["name"] !== undefined ? patch["name"] : alert.name,
    thresholds: patch["thresholds"] ?? alert.thresholds.map((t) => ({ code: t.code, value: t.value.toFixed(), recurring: t.recurring })),
    billable_metric_code: patch["billable_metric_code"] !== undefined ? patch["billable_metric_code"] : alert.billable_metric?.code ?? null,
  };
  const r = parseCreateAlert(body, {
    alertable: alert.wallet === null
      ? { kind: "subscription", external_id: alert.external_subscription_id ?? "", external_customer_id: alert.external_customer_id }
      : { kind: "wallet", wallet: alert.wallet, external_customer_id: alert.external_customer_id, balances: { balance_cents: 0n, credits_balance: alert.previous_value, ongoing_balance_cents: 0n, credits_ongoing_balance: alert.previous_value } },
    metric: (code) => sim.catalog.metrics.get(code),
    existing: others,
    premium_integrations: sim.catalog.organization.premium_integrations,
    at: step.at,
    svc_id: alert.svc_id,
  });
  if (!r.ok) return r.code === "validation_errors" ? refusal("validation_errors", toErrorDetails(r.issues)) : refusal(r.code);
  // Checked: from here on the step is accepted.
  const updated = Object.assign({}, r.alert, { previous_value: alert.previous_value, last_processed_at: alert.last_processed_at, created_at: alert.created_at });
  sim.alerts = sim.alerts.map((a) => (a === alert ? updated : a));
  return { alert: alertObject(sim, updated) };
}
