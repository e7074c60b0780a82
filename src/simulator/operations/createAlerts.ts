/**
 * `create_alerts` (`{external_subscription_id | external_customer_id + wallet_code, alerts:
 * [{code, name, alert_type, billable_metric_code?, thresholds}, …]}`; beyond the contract's list,
 * the service's `POST …/alerts` with `{alerts: [...]}`): several alerts on one alertable, all or
 * nothing — each checked as `create_alert` checks one, against the alertable's alerts and the
 * ones before it in the list; one refused refuses them all (its fields named `alerts.<i>.…`).
 * Answers `{alerts}`.
 */
import type { Alert } from "../../usage/index.js";
import { alertObject } from "../alerts.js";
import { type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import { isObj, type Obj, type Step } from "../steps.js";
import { checkAlert, warnWalletMetric } from "./createAlert.js";

/** The alertable's keys, given beside the list, that each alert of the list is for. */
const ALERTABLE = ["external_subscription_id", "external_customer_id", "wallet_code"] as const;

export function createAlerts(sim: Sim, step: Step): Answer {
  const list = step.body["alerts"];
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) return refusal("validation_errors", { alerts: ["no_alerts"] });
  if (!Array.isArray(list)) return invalidField("invalid_type", ["alerts"]);
  const alertable = Object.fromEntries(ALERTABLE.filter((k) => step.body[k] !== undefined).map((k) => [k, step.body[k]]));
  const checked: Alert[] = [];
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i];
    if (!isObj(raw)) return invalidField("invalid_type", ["alerts", i]);
    const alert = checkAlert(sim, { ...raw, ...alertable }, step.at, checked, ["alerts", i]);
    if (isRefusal(alert)) return alert;
    checked.push(alert);
  }
  // Checked: from here on the step is accepted.
  list.forEach((raw: unknown, i) => warnWalletMetric(sim, step, { ...(raw as Obj), ...alertable }, `alerts.${i}.billable_metric_code`));
  sim.alerts.push(...checked);
  return { alerts: checked.map((a) => alertObject(sim, a)) };
}
