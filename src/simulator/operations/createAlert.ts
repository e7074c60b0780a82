/**
 * `create_alert` (invoice.md §14): a usage alert on a live subscription
 * (`external_subscription_id`, `billable_metric_code` for metric alerts) or on a customer's
 * wallet (`external_customer_id` + `wallet_code`; a `billable_metric_code` is not read there, as
 * the reference's wallet alert routes drop it, and a warning names it). Answers `{alert}`.
 */
import type { Instant } from "../../core/instant.js";
import { type Issue, toErrorDetails } from "../../core/issue.js";
import { type Alert, parseCreateAlert } from "../../usage/index.js";
import { alertObject, walletOf } from "../alerts.js";
import { type Answer, isRefusal, type Refusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";
import { refreshWallets } from "../walletBalances.js";

export function createAlert(sim: Sim, step: Step): Answer {
  const alert = checkAlert(sim, step.body, step.at, []);
  if (isRefusal(alert)) return alert;
  // Checked: from here on the step is accepted.
  warnWalletMetric(sim, step, step.body, "billable_metric_code");
  sim.alerts.push(alert);
  return { alert: alertObject(sim, alert) };
}

/** A wallet alert's `billable_metric_code` is not read (the reference's wallet alert routes do not pass it on): named in a warning. */
export function warnWalletMetric(sim: Sim, step: Step, b: Obj, path: string): void {
  if (typeof b["wallet_code"] !== "string" || b["billable_metric_code"] === undefined) return;
  sim.warn(step.at, `${step.op}: ${path} is not read on a wallet alert; it was ignored`, step.index, "ignored_field");
}

/**
 * The alert `b` describes, checked against its alertable's alerts and `pending` (alerts of the
 * same call not stored yet), or its refusal; `prefix` goes before the paths of its issues.
 * Stores nothing (a wallet alert refreshes the wallet's ongoing balance first, as a read does).
 */
export function checkAlert(sim: Sim, b: Obj, at: Instant, pending: readonly Alert[], prefix: readonly (string | number)[] = []): Alert | Refusal {
  const refused = (r: { code: string; issues?: readonly Issue[] }): Refusal =>
    r.code === "validation_errors" && r.issues !== undefined ? refusal("validation_errors", toErrorDetails(r.issues.map((i) => ({ ...i, path: [...prefix, ...i.path] })))) : refusal(r.code);
  if (typeof b["wallet_code"] === "string") return checkWalletAlert(sim, b, at, pending, refused);
  const id = b["external_subscription_id"];
  const s = sim.subscriptions.find((x) => x.external_id === id && (x.status === "active" || x.status === "pending"));
  if (s === undefined) return refusal("subscription_not_found");
  const r = parseCreateAlert(b, {
    alertable: { kind: "subscription", external_id: s.external_id, external_customer_id: s.customer.external_id },
    metric: (code) => sim.catalog.metrics.get(code),
    existing: [...sim.alerts, ...pending].filter((a) => a.external_subscription_id === s.external_id),
    premium_integrations: sim.catalog.organization.premium_integrations,
    at,
  });
  return r.ok ? r.alert : refused(r);
}

function checkWalletAlert(sim: Sim, b: Obj, at: Instant, pending: readonly Alert[], refused: (r: { code: string; issues?: readonly Issue[] }) => Refusal): Alert | Refusal {
  const found = walletOf(sim, b);
  if (isRefusal(found)) return found;
  const { account, customer } = found;
  // The alert reads the wallet's balances as of now: its ongoing balance refreshed first
  // (a refresh changes no balance a refusal would have to take back: it is what a read does).
  refreshWallets(sim, customer, at);
  const w = sim.wallets.find(account.wallet.svc_id)!.wallet;
  const r = parseCreateAlert(Object.assign({}, b, { billable_metric_code: undefined }), {
    alertable: { kind: "wallet", wallet: { svc_id: w.svc_id, code: w.code }, external_customer_id: customer.external_id, balances: w },
    metric: (code) => sim.catalog.metrics.get(code),
    existing: [...sim.alerts, ...pending].filter((a) => a.wallet?.svc_id === w.svc_id),
    premium_integrations: sim.catalog.organization.premium_integrations,
    at,
  });
  return r.ok ? r.alert : refused(r);
}
