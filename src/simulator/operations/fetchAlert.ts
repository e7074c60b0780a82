/**
 * `fetch_alert` (`{external_subscription_id | external_customer_id + wallet_code, code}`):
 * answers `{alert}` with its `previous_value` and thresholds. Changes nothing.
 */
import { alertObject, walletOf } from "../alerts.js";
import type { Alert } from "../../usage/index.js";
import { type Answer, isRefusal, type Refusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";

export function fetchAlert(sim: Sim, step: Step): Answer {
  const a = findAlert(sim, step.body);
  return isRefusal(a) ? a : { alert: alertObject(sim, a) };
}

/** The alert a body names: `{external_subscription_id, code}` or `{external_customer_id, wallet_code, code}`. */
export function findAlert(sim: Sim, b: Obj): Alert | Refusal {
  let wallet: string | undefined;
  if (typeof b["wallet_code"] === "string") {
    const found = walletOf(sim, b);
    if (isRefusal(found)) return found;
    wallet = found.account.wallet.svc_id;
  }
  const a = sim.alerts.find((x) => x.code === b["code"] && (wallet === undefined ? x.external_subscription_id === b["external_subscription_id"] : x.wallet?.svc_id === wallet));
  return a ?? refusal("alert_not_found");
}
