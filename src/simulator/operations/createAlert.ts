/**
 * `create_alert` (invoice.md §14): a usage alert on a live subscription
 * (`external_subscription_id`, `billable_metric_code` for metric alerts) or on a customer's
 * wallet (`external_customer_id` + `wallet_code`). Answers `{alert}`.
 */
import { toErrorDetails } from "../../core/issue.js";
import { parseCreateAlert } from "../../usage/index.js";
import { alertObject, walletOf } from "../alerts.js";
import { type Answer, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { refreshWallets } from "../walletBalances.js";

export function createAlert(sim: Sim, step: Step): Answer {
  const b = step.body;
  if (typeof b["wallet_code"] === "string") return createWalletAlert(sim, step);
  const id = b["external_subscription_id"];
  const s = sim.subscriptions.find((x) => x.external_id === id && (x.status === "active" || x.status === "pending"));
  if (s === undefined) return refusal("subscription_not_found");
  const r = parseCreateAlert(b, {
    alertable: { kind: "subscription", external_id: s.external_id, external_customer_id: s.customer.external_id },
    metric: (code) => sim.catalog.metrics.get(code),
    existing: sim.alerts.filter((a) => a.external_subscription_id === s.external_id),
    premium_integrations: sim.catalog.organization.premium_integrations,
    at: step.at,
  });
  if (!r.ok) return r.code === "validation_errors" ? refusal("validation_errors", toErrorDetails(r.issues)) : refusal(r.code);
  sim.alerts.push(r.alert);
  return { alert: alertObject(sim, r.alert) };
}

function createWalletAlert(sim: Sim, step: Step): Answer {
  const found = walletOf(sim, step.body);
  if (isRefusal(found)) return found;
  const { account, customer } = found;
  // The alert reads the wallet's balances as of now: its ongoing balance refreshed first
  // (a refresh changes no balance a refusal would have to take back: it is what a read does).
  refreshWallets(sim, customer, step.at);
  const w = sim.wallets.find(account.wallet.svc_id)!.wallet;
  const r = parseCreateAlert(step.body, {
    alertable: { kind: "wallet", wallet: { svc_id: w.svc_id, code: w.code }, external_customer_id: customer.external_id, balances: w },
    metric: (code) => sim.catalog.metrics.get(code),
    existing: sim.alerts.filter((a) => a.wallet?.svc_id === w.svc_id),
    premium_integrations: sim.catalog.organization.premium_integrations,
    at: step.at,
  });
  if (!r.ok) return r.code === "validation_errors" ? refusal("validation_errors", toErrorDetails(r.issues)) : refusal(r.code);
  sim.alerts.push(r.alert);
  return { alert: alertObject(sim, r.alert) };
}
