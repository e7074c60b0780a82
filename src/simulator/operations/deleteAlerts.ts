/**
 * `delete_alerts` (`{external_subscription_id}` or `{external_customer_id, wallet_code}`; beyond
 * the contract's list, the service's `DELETE …/alerts`): every alert of the subscription (its
 * live record) or of the wallet is removed and evaluated no more. Answers `{alerts}` as they were
 * (the reference answers an empty body).
 */
import { alertObject, walletOf } from "../alerts.js";
import { type Answer, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function deleteAlerts(sim: Sim, step: Step): Answer {
  const b = step.body;
  let mine: (a: (typeof sim.alerts)[number]) => boolean;
  if (typeof b["wallet_code"] === "string") {
    const found = walletOf(sim, b);
    if (isRefusal(found)) return found;
    const id = found.account.wallet.svc_id;
    mine = (a) => a.wallet?.svc_id === id;
  } else {
    const id = b["external_subscription_id"];
    if (!sim.subscriptions.some((s) => s.external_id === id && (s.status === "active" || s.status === "pending"))) return refusal("subscription_not_found");
    mine = (a) => a.wallet === null && a.external_subscription_id === id;
  }
  // Checked: from here on the step is accepted.
  const removed = sim.alerts.filter(mine);
  sim.alerts = sim.alerts.filter((a) => !mine(a));
  return { alerts: removed.map((a) => alertObject(sim, a)) };
}
