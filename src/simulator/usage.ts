/**
 * Current and projected usage of a subscription (invoice.md §13): the subscription a usage
 * call names, its current-usage input and query options (operations/fetchCurrentUsage.ts and
 * fetchProjectedUsage.ts answer them); and the progressive-billing threshold check (§12).
 */
import { formatInstant, type Instant } from "../core/instant.js";
import { dateOf } from "../core/zone.js";
import { effectiveUsageThresholds, feeTaxes, usageThresholdsPassed } from "../invoice/index.js";
import { stableId } from "../core/ids.js";
import { computeBillingPeriod, formatDate } from "../period/index.js";
import { currentUsage, type CurrentUsageInput, type CurrentUsageOptions} from "../usage/index.js";
import type { UsageEvent } from "../aggregation/index.js";
import { usageThresholdJson } from "./runs.js";
import { usageThresholdId } from "./catalogJson.js";
import { subscriptionJson } from "./subscriptionRecord.js";
import type { Plan } from "./catalog.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import { invalidField, isRefusal, type Refusal, refusal } from "./refusal.js";
import { isObj, type Obj } from "./steps.js";
import { integrationOn } from "./integrations.js";

/** The subscription a usage call names (§13.1.1 checks 1–2). */
export function usageSubscription(sim: Sim, b: Obj): Subscription | Refusal {
  const customer = typeof b["external_customer_id"] === "string" ? sim.customers.get(b["external_customer_id"]) : undefined;
  if (customer === undefined) return refusal("customer_not_found");
  return sim.subscriptions.find((x) => x.customer === customer && x.external_id === b["external_subscription_id"] && x.status === "active")
    ?? refusal("no_active_subscription");
}

/** The current-usage input of an active subscription at `at` (`full_usage` checked, §13.1.7). */
export function usageInput(sim: Sim, s: Subscription, at: Instant, options: CurrentUsageOptions & { readonly full_usage?: boolean }): CurrentUsageInput | Refusal {
  const tz = sim.timezoneOf(s.customer);
  const plan = s.plan;
  const period = computeBillingPeriod({
    plan: { interval: plan.interval, pay_in_advance: plan.pay_in_advance, bill_charges_monthly: plan.bill_charges_monthly, bill_fixed_charges_monthly: plan.bill_fixed_charges_monthly },
    subscription: { billing_time: s.billing_time, subscription_at: s.subscription_at, started_at: s.started_at, terminated_at: s.terminated_at, status: s.status },
    timezone: tz,
    billing_at: at,
    current_usage: true,
  });
  const window = period.charges_period;
  if (window === null) return refusal("no_active_subscription");
  if (options.full_usage === true) {
    const selecting = options.charge_id !== undefined || options.charge_code !== undefined || options.metric_code !== undefined;
    const allowed = integrationOn(sim, "granular_lifetime_usage") && (selecting || options.group !== undefined)
      && !plan.charges.some((ch) => (!selecting || selects(options, ch)) && ch.charge.prorated === true);
    if (!allowed) return refusal("full_usage_not_allowed");
  }
  const start = options.full_usage === true && s.started_at !== null ? s.started_at : window.start;
  const orgTaxes = sim.catalog.organization.taxes;
  const log = sim.eventsOf(s.external_id);
  // The window's events, and the earlier ones when a recurring metric carries them over: made
  // only if read (charges whose aggregation the running states keep do not read them).
  const from = plan.charges.some((ch) => ch.metric.recurring === true) ? -Infinity : start;
  let events: readonly UsageEvent[] | undefined;
  const input: CurrentUsageInput = {
    charges: plan.charges.map((ch) => ({
      svc_id: ch.svc_id, code: ch.code, invoice_display_name: ch.invoice_display_name, usage: ch.usage, metric: ch.metric,
      taxes: feeTaxes({ charge: ch.taxes, plan: plan.taxes, customer: s.customer.taxes, organization: orgTaxes }),
    })),
    events: [],
    aggregate: (metric, w) => sim.runningUsage.read(log, metric, w),
    memo: sim.runningUsage.feesMemo(log, `${s.svc_id}|${start}|${window.end}|${period.charges_duration_in_days}|${tz}|${plan.currency}`),
    window: { start, end: window.end },
    charges_duration_in_days: period.charges_duration_in_days,
    timezone: tz,
    currency: plan.currency,
    issuing_date: formatDate(dateOf((period.next_end_of_period - 1) as Instant, tz)),
    ids: { subscription_id: s.svc_id },
    options,
  };
  return Object.defineProperty(input, "events", { get: () => (events ??= log.between(from, window.end - 1)), enumerable: true });
}

/**
 * Progressive billing (invoice.md §12, integration `progressive_billing`), once per clock
 * instant: a subscription whose lifetime usage passes a usage threshold gets a
 * progressive-billing invoice now.
 */
export function checkUsageThresholds(sim: Sim, at: Instant): void {
  if (!integrationOn(sim, "progressive_billing")) return;
  for (const s of sim.subscriptions) {
    const own = thresholdsOf(s);
    if (s.status !== "active" || own.length === 0) continue;
    const input = usageInput(sim, s, at, { apply_taxes: false });
    if (isRefusal(input)) continue;
    const r = currentUsage(input);
    if (!r.ok) continue;
    const invoiced = sim.invoicing.invoicedUsage(s);
    const current = r.fees.reduce((a, f) => a + f.amount_cents, 0n);
    const historical = sim.historicalUsage.get(s.external_id) ?? 0n;
    const passed = usageThresholdsPassed({
      thresholds: own,
      historical_usage_amount_cents: historical,
      invoiced_usage_amount_cents: invoiced,
      current_usage_amount_cents: current,
      progressive_billed_amount_cents: sim.invoicing.progressiveBilled(s, input.window.start),
    });
    if (passed.length === 0) continue;
    // The invoice lists the passed thresholds with the lifetime usage total (§12.2), then one webhook each.
    const created = (sim.catalog.created_at ?? 0) as Instant;
    const thresholds = passed.map((t) => ({
      svc_id: thresholdId(s, t), amount_cents: t.amount_cents, recurring: t.recurring, threshold_display_name: t.threshold_display_name ?? null,
      lifetime_usage_amount_cents: historical + invoiced + current, created_at: created, updated_at: s.plan.updated_at ?? created,
    }));
    sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "progressive_billing", thresholds }], at);
    for (const t of thresholds) {
      // The Subscription object with the threshold passed (contract §4).
      const object = Object.assign(subscriptionJson(s, at, sim.catalog.organization), { usage_threshold: usageThresholdJson(t) });
      sim.invoicing.webhooks.push({ type: "subscription.usage_threshold_reached", at: formatInstant(at), object });
    }
  }
}

/**
 * The usage thresholds that apply to `s` (invoice.md §12.1): its own when it has some, else its
 * plan's; none when progressive billing is disabled on it.
 */
export function thresholdsOf(s: Subscription): Plan["usage_thresholds"] {
  return effectiveUsageThresholds(s.plan.usage_thresholds, s.usage_thresholds, s.progressive_billing_disabled === true) as Plan["usage_thresholds"];
}

/** A usage threshold is named by its owner (the subscription's own set, else the plan) and its place in the list. */
function thresholdId(s: Subscription, t: Plan["usage_thresholds"][number]): string {
  const list = thresholdsOf(s);
  const i = list.findIndex((x) => x === t || (x.amount_cents === t.amount_cents && x.recurring === t.recurring));
  return list === s.plan.usage_thresholds ? usageThresholdId(s.plan, i) : stableId("usage_threshold", s.svc_id, i);
}

export function selects(o: CurrentUsageOptions, ch: Plan["charges"][number]): boolean {
  if (o.charge_id !== undefined) return ch.svc_id === o.charge_id;
  if (o.charge_code !== undefined) return ch.code === o.charge_code;
  return ch.metric.code === o.metric_code;
}

/** The text options, each with its aliases, in the order they are checked. */
const TEXT_OPTIONS: readonly (readonly string[])[] = [
  ["filter_by_charge_id", "charge_id"], ["filter_by_charge_code", "charge_code"], ["filter_by_metric_code", "billable_metric_code"],
];

/** A JSON text's value; `INVALID_JSON` (an array, never a group) when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}
const INVALID_JSON: readonly unknown[] = [];

export const FALSE_TEXTS = new Set(["false", "0", "f", "off"]);

/** The query options of `fetch_current_usage` (invoice.md §13.1.7), aliases included. */
export function usageOptions(b: Obj): (CurrentUsageOptions & { readonly full_usage?: boolean }) | Refusal {
  const text = (...keys: string[]): string | undefined => {
    for (const k of keys) {
      const v = b[k];
      if (typeof v === "string") return v;
    }
    return undefined;
  };
  const flag = (k: string): boolean | undefined => {
    const v = b[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "boolean") return v;
    return !FALSE_TEXTS.has(String(v).toLowerCase());
  };
  let group = b["filter_by_group"] ?? b["group"];
  if (typeof group === "string") group = parseJson(group);
  if (group !== undefined && group !== null && !isObj(group)) return invalidField("invalid_value", ["filter_by_group"]);
  // A charge option that is not text names no charge: refused, never dropped.
  for (const keys of TEXT_OPTIONS) {
    const k = keys.find((x) => b[x] !== undefined && b[x] !== null);
    if (k !== undefined && typeof b[k] !== "string") return invalidField("invalid_value", [k]);
  }
  const groups = isObj(group)
    ? Object.fromEntries(Object.entries(group).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map(String)]))
    : undefined;
  const chargeId = text("filter_by_charge_id", "charge_id");
  const chargeCode = text("filter_by_charge_code", "charge_code");
  const metricCode = text("filter_by_metric_code", "billable_metric_code");
  const applyTaxes = flag("apply_taxes");
  const skip = flag("skip_grouping");
  const full = flag("full_usage");
  return {
    ...(applyTaxes === undefined ? {} : { apply_taxes: applyTaxes }),
    ...(chargeId === undefined ? {} : { charge_id: chargeId }),
    ...(chargeCode === undefined ? {} : { charge_code: chargeCode }),
    ...(metricCode === undefined ? {} : { metric_code: metricCode }),
    ...(groups === undefined ? {} : { group: groups }),
    ...(skip === undefined ? {} : { skip_grouping: skip }),
    ...(full === undefined ? {} : { full_usage: full }),
  };
}
