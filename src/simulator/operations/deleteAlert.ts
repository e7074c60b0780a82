/**
 * `delete_alert` (`{external_subscription_id | external_customer_id + wallet_code, code}`; the
 * reference's alert destroy): the alert is removed and evaluated no more. Answers `{alert}` as it was.
 */
import { alertObject } from "../alerts.js";
import { type Answer, isRefusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { findAlert } from "./fetchAlert.js";

export function deleteAlert(sim: Sim, step: Step): Answer {
  const alert = findAlert(sim, step.body);
  if (isRefusal(alert)) return alert;
  // Checked: from here on the step is accepted.
  sim.alerts = sim.alerts.filter((a) => a !== alert);
  return { alert: alertObject(sim, alert) };
}
