/**
 * The fee an event of a pay-in-advance charge creates when it arrives (charges.md §15,
 * invoice.md §1.2): what it adds to the period's high-water mark, priced as
 * `model(total) − model(total − delta)`.
 */
import type { Instant } from "../core/instant.js";
import { aggregateEvents, propertyText } from "../aggregation/index.js";
import { type AdvanceAggregation, type AdvanceEvent, type Fee, feeIds, payInAdvanceDeltas, payInAdvanceFeeAmounts } from "../fees/index.js";
import { computeBillingPeriod } from "../period/index.js";
import type { BilledFee } from "./billing.js";
import type { PlanCharge } from "./catalog.js";
import type { StoredEvent, Subscription } from "./state.js";

const ADVANCE: readonly string[] = ["count_agg", "sum_agg", "unique_count_agg"];

/** Whether a charge bills its events one by one as they arrive. */
export const billsEventsInAdvance = (ch: PlanCharge): boolean =>
  ch.charge.pay_in_advance === true && ADVANCE.includes(ch.metric.aggregation_type) && (ch.usage.filters ?? []).length === 0;

/**
 * The fee of `event` (already stored in `events`, the subscription's events in arrival
 * order) for charge `ch`, or undefined when the event falls in no charges window.
 */
export function payInAdvanceFee(s: Subscription, ch: PlanCharge, event: StoredEvent, events: readonly StoredEvent[], timezone: string): BilledFee | undefined {
  const plan = s.plan;
  const billing = computeBillingPeriod({
    plan: { interval: plan.interval, pay_in_advance: plan.pay_in_advance, bill_charges_monthly: plan.bill_charges_monthly, bill_fixed_charges_monthly: plan.bill_fixed_charges_monthly },
    subscription: { billing_time: s.billing_time, subscription_at: s.subscription_at, started_at: s.started_at, terminated_at: s.terminated_at, status: "active" },
    timezone,
    billing_at: event.timestamp,
    current_usage: true,
  });
  const window = billing.charges_period;
  if (window === null || event.timestamp < window.start || event.timestamp >= window.end) return undefined;
  const keys = ch.usage.pricing_group_keys ?? [];
  const group = (e: StoredEvent): string => JSON.stringify(keys.map((k) => propertyText(e.properties[k])));
  const mine = group(event);
  // The period's events of the same code and group, in arrival order, up to this one.
  const upTo = events.slice(0, events.indexOf(event) + 1)
    .filter((e) => e.code === event.code && e.timestamp >= window.start && e.timestamp < window.end && group(e) === mine);
  const field = ch.metric.field_name;
  const advance: AdvanceEvent[] = upTo.map((e) => ch.metric.aggregation_type === "unique_count_agg"
    ? { unique_value: propertyText(field === undefined ? undefined : e.properties[field]), operation: e.properties["operation_type"] === "remove" ? "remove" : "add" }
    : { value: aggregateEvents(ch.metric, [e], { from: window.start, to: (window.end - 1) as Instant }).units });
  const delta = payInAdvanceDeltas(ch.metric.aggregation_type as AdvanceAggregation, advance).at(-1)!;
  const agg = aggregateEvents(ch.metric, upTo, {
    from: window.start, to: (window.end - 1) as Instant, event_values: ch.charge.charge_model === "percentage",
    ...(ch.charge.charge_model === "percentage" && ch.charge.properties.free_units_per_events !== null ? { free_units_per_events: ch.charge.properties.free_units_per_events } : {}),
    ...(ch.charge.charge_model === "percentage" && ch.charge.properties.free_units_per_total_aggregation !== null ? { free_units_per_total_aggregation: ch.charge.properties.free_units_per_total_aggregation } : {}),
  });
  const amounts = payInAdvanceFeeAmounts({
    charge: ch.charge,
    aggregation: { units: agg.units, events_count: agg.events_count as number, running_total: agg.running_total, event_values: agg.event_values },
    delta,
    currency: plan.currency,
  });
  const fee: Fee = {
    ...feeIds({ subscription_id: s.svc_id }, ["pay_in_advance", ch.svc_id, event.transaction_id]),
    svc_charge_id: ch.svc_id,
    amount_currency: plan.currency,
    ...amounts,
    item: {
      type: "charge", code: ch.metric.code, name: ch.metric.name, invoice_display_name: ch.invoice_display_name, filter_invoice_display_name: null, filters: null,
      grouped_by: Object.fromEntries(keys.map((k) => [k, propertyText(event.properties[k])])),
    },
    from_date: window.start,
    to_date: (window.end - 1000) as Instant,
    pay_in_advance: true,
  };
  return { fee, charge: ch };
}
