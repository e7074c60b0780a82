/**
 * Usage alerts (invoice.md §14): the wallet an alert names, and their evaluation once per
 * clock instant (creation and lookup are operations/createAlert.ts and fetchAlert.ts).
 */
import type { Decimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { formatInstant, type Instant } from "../core/instant.js";
import type { WalletAccount } from "../invoice/index.js";
import { type Alert, type AlertMeasures, type CurrentUsageInput, type CurrentUsageResult, alertValue, currentUsage, fetchAlert, processAlert } from "../usage/index.js";
import { isRefusal, type Refusal, refusal } from "./refusal.js";
import type { Sim } from "./sim.js";
import { metricJson } from "./catalogJson.js";
import type { Customer, Subscription } from "./state.js";
import type { Obj } from "./steps.js";
import { usageInput } from "./usage.js";
import { refreshWallets } from "./walletBalances.js";

/** The customer's wallet named by `wallet_code` (active first). */
export function walletOf(sim: Sim, b: Obj): { account: WalletAccount; customer: Customer } | Refusal {
  const customer = typeof b["external_customer_id"] === "string" ? sim.customers.get(b["external_customer_id"]) : undefined;
  if (customer === undefined) return refusal("customer_not_found");
  const mine = sim.wallets.of(customer).filter((a) => a.wallet.code === b["wallet_code"]);
  const account = mine.find((a) => a.wallet.status === "active") ?? mine[0];
  if (account === undefined) return refusal("wallet_not_found");
  return { account, customer };
}

/**
 * Usage alerts at the end of an instant (contract §4, invoice.md §14.3): those of the
 * subscriptions that received events, and those of the wallets whose balances moved or whose
 * customer's usage did (`walletCustomers`, `subscriptions`); current usage without taxes.
 */
export function evaluateAlerts(sim: Sim, at: Instant, subscriptions: ReadonlySet<string>, walletCustomers: ReadonlySet<string>): void {
  const refreshed = new Set<Customer>();
  // A customer's usage moves its wallets' ongoing balances (§11.5): its wallet alerts are evaluated too.
  const usageCustomers = new Set<string>();
  // A subscription's current usage, read once for all its alerts at this instant.
  const usageOf = new Map<Subscription, { input: CurrentUsageInput; usage: CurrentUsageResult } | null>();
  const usage = (s: Subscription): { input: CurrentUsageInput; usage: CurrentUsageResult } | null => {
    let u = usageOf.get(s);
    if (u === undefined) {
      const input = usageInput(sim, s, at, { apply_taxes: false });
      u = isRefusal(input) ? null : { input, usage: currentUsage(input) };
      usageOf.set(s, u);
    }
    return u;
  };
  for (const id of subscriptions) for (const c of sim.customersOfSubscription(id)) usageCustomers.add(c.svc_id);
  sim.alerts = sim.alerts.map((alert) => {
    if (alert.wallet !== null) {
      const account = sim.wallets.find(alert.wallet.svc_id);
      const customer = account === undefined ? undefined : sim.customerById(account.wallet.svc_customer_id);
      if (account === undefined || customer === undefined || account.wallet.status !== "active") return alert;
      if (!walletCustomers.has(customer.svc_id) && !usageCustomers.has(customer.svc_id)) return alert;
      if (!refreshed.has(customer)) {
        refreshWallets(sim, customer, at);
        refreshed.add(customer);
      }
      return evaluate(sim, alert, alertValue(alert, { wallet: sim.wallets.find(alert.wallet.svc_id)!.wallet }), at);
    }
    // Subscription alerts after event activity only (§14.3): a read or a refused step moves nothing.
    if (alert.external_subscription_id === null || !subscriptions.has(alert.external_subscription_id)) return alert;
    const s = sim.activeSubscription(alert.external_subscription_id);
    if (s === undefined) return alert;
    const u = usage(s);
    if (u === null || !u.usage.ok) return alert;
    const { input } = u;
    const r = u.usage;
    const current = r.fees.reduce((x, f) => x + f.amount_cents, 0n);
    const measures: AlertMeasures = {
      current_usage: { amount_cents: current, fees: r.fees },
      // §12.2: historical (0 here) + what the subscription's invoices billed + the current usage (read only by that type).
      ...(alert.alert_type === "lifetime_usage_amount"
        ? { lifetime_usage_amount_cents: (sim.historicalUsage.get(s.external_id) ?? 0n) + sim.invoicing.invoicedUsage(s) + current }
        : {}),
    };
    if (alert.alert_type === "billable_metric_lifetime_usage_units") {
      // The usage since the subscription started (the `full_usage` window).
      const start = s.started_at ?? input.window.start;
      // Without the period's memo: its fees are the current period's, not the lifetime window's.
      const lifetime = currentUsage(Object.assign({}, input, { memo: undefined, window: { start, end: input.window.end }, events: sim.eventsOf(s.external_id).between(s.plan.charges.some((ch) => ch.metric.recurring === true) ? -Infinity : start, input.window.end - 1) }));
      if (lifetime.ok) return evaluate(sim, alert, alertValue(alert, Object.assign({}, measures, { lifetime_fees: lifetime.fees })), at);
    }
    return evaluate(sim, alert, alertValue(alert, measures), at);
  });
}

export function evaluate(sim: Sim, alert: Alert, value: Decimal | null, at: Instant): Alert {
  const e = processAlert(alert, value, at);
  if (e.triggered !== undefined) {
    // objects.md §12: the triggered alert's own id, the organization, what the alert is on, the deprecated duplicates.
    const w = e.triggered.webhook as unknown as Record<string, unknown>;
    const subscription = alert.external_subscription_id === null ? undefined : sim.activeSubscription(alert.external_subscription_id);
    sim.invoicing.webhooks.push({
      type: "alert.triggered", at: formatInstant(at),
      object: Object.assign({}, w, {
        svc_id: stableId("triggered_alert", String(w["svc_alert_id"]), at),
        svc_organization_id: sim.catalog.organization.svc_id,
        svc_subscription_id: subscription?.svc_id ?? null,
        subscription_external_id: w["external_subscription_id"] ?? null,
        customer_external_id: w["external_customer_id"] ?? null,
      }),
    });
  }
  return e.alert;
}

/** An alert as the simulator answers it (objects.md §11): the rule's object, with the organization and the deprecated duplicate. */
export function alertObject(sim: Sim, a: Alert): Record<string, unknown> {
  const json = fetchAlert(a) as unknown as Record<string, unknown>;
  const metric = a.billable_metric === null ? undefined : sim.catalog.metrics.get(a.billable_metric.code);
  return Object.assign({}, json, {
    svc_organization_id: sim.catalog.organization.svc_id, subscription_external_id: json["external_subscription_id"] ?? null,
    billable_metric: metric === undefined ? json["billable_metric"] ?? null : metricJson(metric, sim.catalogJson),
  });
}
