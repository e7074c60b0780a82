/**
 * `fetch_alert` (`{external_subscription_id | external_customer_id + wallet_code, code}`):
 * answers `{alert}` with its `previous_value` and thresholds. Changes nothing.
 */
import { alertObject, walletOf } from "../alerts.js";
import { type Answer, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function fetchAlert(sim: Sim, step: Step): Answer {
  const b = step.body;
  let wallet: string | undefined;
  if (typeof b["wallet_code"] === "string") {
    const found = walletOf(sim, b);
    if (isRefusal(found)) return found;
    wallet = found.account.wallet.svc_id;
  }
  const a = sim.alerts.find((x) => x.code === b["code"] && (wallet === undefined ? x.external_subscription_id === b["external_subscription_id"] : x.wallet?.svc_id === wallet));
  if (a === undefined) return refusal("alert_not_found");
  return { alert: alertObject(sim, a) };
}
