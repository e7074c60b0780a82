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

/**
 * The alert a body names: `{external_subscription_id, code}` (`subscription_not_found` without a
 * live subscription of that id) or `{external_customer_id, wallet_code, code}`.
 */
export function findAlert(sim: Sim, b: Obj): Alert | Refusal {
  let wallet: string | undefined;
  if (typeof b["wallet_code"] === "string") {
    const found = walletOf(sim, b);
    if (isRefusal(found)) return found;
    wallet = found.account.wallet.svc_id;
  }
  // A subscription's alerts are reached through the subscription (the reference's subscription routes find it first).
  const id = b["external_subscription_id"];
  if (wallet === undefined && !sim.subscriptions.some((s) => s.external_id === id && (s.status === "active" || s.status === "pending"))) return refusal("subscription_not_found");
  const a = sim.alerts.find((x) => x.code === b["code"] && (wallet === undefined ? x.external_subscription_id === b["external_subscription_id"] : x.wallet?.svc_id === wallet));
  return a ?? refusal("alert_not_found");
}
