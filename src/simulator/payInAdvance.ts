/**
 * The fee an event of a pay-in-advance charge creates when it arrives (charges.md §15,
 * invoice.md §1.2): what it adds to the period's high-water mark, priced as
 * `model(total) − model(total − delta)`.
 */
import { dec } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { type AggregationResult, type AggregationWindow, type Aggregator, compileFilter, createAggregator, propertyText, prorateEventUnits } from "../aggregation/index.js";
import {
  ALL_FILTER_VALUES, type AdvanceAggregation, type AdvanceEventDelta, type AdvanceState, type Fee, type UsageChargeFilter,
  activeValues, chargeFilterSelections, feeIds, newAdvanceState, nextAdvanceDelta, payInAdvanceFeeAmounts, percentageInputs, toAdvanceEvents,
} from "../fees/index.js";
import type { EventLog } from "./eventStore.js";
import { computeBillingPeriod } from "../period/index.js";
import { aggregationNeeds } from "../charges/index.js";
import type { BilledFee } from "./runs.js";
import type { PlanCharge } from "./catalog.js";
import type { StoredEvent, Subscription } from "./state.js";

const ADVANCE: readonly string[] = ["count_agg", "sum_agg", "unique_count_agg"];

/** Whether a charge bills its events one by one as they arrive. */
export const billsEventsInAdvance = (ch: PlanCharge): boolean =>
  ch.charge.pay_in_advance === true && ADVANCE.includes(ch.metric.aggregation_type);

/**
 * The filter an event is billed under (the reference's event matching): among the filters
 * whose every key the event carries (a key the metric declares) with a listed value — the
 * "all values" marker standing for the metric's declared values — the one with the most keys, the
 * first listed on a tie; `undefined` when none matches (the default bucket).
 */
export function eventChargeFilter(ch: PlanCharge, properties: Readonly<Record<string, unknown>>): number | undefined {
  const declared = new Map(ch.metric.filters.map((f) => [f.key, f.values] as const));
  let best: number | undefined;
  (ch.usage.filters ?? []).forEach((f, i) => {
    const entries = Object.entries(f.values);
    const matches = entries.every(([key, values]) => {
      const metricValues = declared.get(key);
      if (metricValues === undefined || !Object.hasOwn(properties, key)) return false;
      const v = propertyText(properties[key]) ?? "";
      // The "all values" marker stands for every value the metric declares for the key (charges.md §14).
      return values.includes(v) || (values.includes(ALL_FILTER_VALUES) && metricValues.includes(v));
    });
    if (matches && (best === undefined || entries.length > Object.keys(ch.usage.filters![best]!.values).length)) best = i;
  });
  return best;
}

/** The bucket of an event: its filter (or none), how that bucket selects events, and its price. */
function bucketOf(ch: PlanCharge, event: StoredEvent): { filter: UsageChargeFilter | undefined; selects: (e: StoredEvent) => boolean; keys: readonly string[] } {
  const filters = ch.usage.filters ?? [];
  if (filters.length === 0) return { filter: undefined, selects: () => true, keys: ch.usage.pricing_group_keys ?? [] };
  const index = eventChargeFilter(ch, event.properties);
  const selections = chargeFilterSelections(filters, ch.metric.filters);
  const sel = selections[index ?? filters.length]!;
  const test = compileFilter(sel.filters, sel.ignored_filters);
  const filter = index === undefined ? undefined : filters[index];
  return {
    filter,
    selects: test === undefined ? () => true : (e) => test(e.properties),
    keys: (filter === undefined ? ch.usage.pricing_group_keys : filter.pricing_group_keys) ?? [],
  };
}

/**
 * Where a pay-in-advance bucket (charge, period, filter, group) stands after the events priced
 * so far: its streaming aggregation and the state of its deltas. An event is priced by adding
 * itself, not by reading the period's earlier events again. Valid while nothing of the bucket
 * arrived unpriced since (a change of the charge, a step taken back, an event that arrived
 * while the subscription did not bill it): then it is rebuilt from the period's events.
 */
interface BucketState {
  readonly charge: PlanCharge;
  /** The row of the last event added. */
  lastRow: number;
  readonly aggregator: Aggregator;
  readonly deltas: AdvanceState;
}

const buckets = new WeakMap<EventLog, Map<string, BucketState>>();

/** Where an event is in its subscription's event log: the bucket states are kept per log. */
export interface EventPlace {
  readonly log: EventLog;
  readonly row: number;
}

/**
 * The fee of `event` (at `place` in its log) for charge `ch`, or undefined when the event falls
 * in no charges window. `eventsIn(from, to)` (`from` may be −Infinity): the subscription's events with
 * `from ≤ timestamp ≤ to` that arrived up to `event` (included), in arrival order.
 */
export function payInAdvanceFee(
  s: Subscription, ch: PlanCharge, event: StoredEvent, place: EventPlace, eventsIn: (from: Instant, to: Instant) => readonly StoredEvent[], timezone: string,
): BilledFee | undefined {
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
  const { filter, selects, keys } = bucketOf(ch, event);
  const priced = filter?.charge ?? ch.charge;
  const group = (e: StoredEvent): string => JSON.stringify(keys.map((k) => propertyText(e.properties[k])));
  const mine = group(event);
  const from = window.start, to = (window.end - 1) as Instant;
  const inGroup = (e: StoredEvent): boolean => e.code === event.code && selects(e) && group(e) === mine;
  const inBucket = (e: StoredEvent): boolean => e.timestamp >= from && e.timestamp <= to && inGroup(e);
  // A recurring metric sees the whole history (charges.md §12.3): the units earlier periods left
  // standing count in the fee's aggregation, and a unique count's values they left active stay active.
  const recurring = ch.metric.recurring === true;
  // An event's fee reads the period's events unprorated (each event is prorated on its own, §13.3).
  const aggWindow: AggregationWindow = { from, to, ...aggregationNeeds(priced, { window_prorated: false, current_usage: false }) };
  const type = ch.metric.aggregation_type as AdvanceAggregation;
  const key = `${ch.svc_id}|${from}|${to}|${filter === undefined ? "" : (ch.usage.filters ?? []).indexOf(filter)}|${mine}`;
  let byKey = buckets.get(place.log);
  if (byKey === undefined) buckets.set(place.log, (byKey = new Map()));
  let state = byKey.get(key);
  let delta: AdvanceEventDelta;
  if (state !== undefined && state.charge === ch && state.lastRow < place.row && !unpricedSince(place.log, state.lastRow, place.row, recurring ? inGroup : inBucket)) {
    state.aggregator.add(event);
    delta = nextAdvanceDelta(type, state.deltas, toAdvanceEvents(ch.metric, [event], from, to)[0]!);
    state.lastRow = place.row;
  } else {
    // The period's events of the bucket, in arrival order, up to this one.
    const upTo = eventsIn(from, to).filter(inBucket);
    // The event is in its own bucket by construction; nothing to bill if not (defensive).
    if (upTo.at(-1)?.seq !== event.seq) return undefined;
    // Earlier periods' events in (time, arrival) order, as the log keeps them: those arrived up to this one.
    const before = recurring ? place.log.between(-Infinity, from - 1).filter((e) => e.seq <= event.seq && inGroup(e)) : [];
    const carried = type === "unique_count_agg" && before.length > 0 ? activeValues(toAdvanceEvents(ch.metric, before, from, to)) : undefined;
    state = { charge: ch, lastRow: place.row, aggregator: createAggregator(ch.metric, aggWindow), deltas: newAdvanceState(carried) };
    let last: AdvanceEventDelta | undefined;
    for (const a of toAdvanceEvents(ch.metric, upTo, from, to)) last = nextAdvanceDelta(type, state.deltas, a);
    state.aggregator.addAll(before);
    state.aggregator.addAll(upTo);
    byKey.set(key, state);
    delta = last!;
  }
  const agg: AggregationResult = state.aggregator.result();
  const amounts = payInAdvanceFeeAmounts({
    charge: priced,
    aggregation: {
      units: agg.units, events_count: agg.events_count as number,
      ...percentageInputs(priced, ch.metric.aggregation_type, agg, agg.events_count as number),
      ...(agg.precise_total_amount_cents === undefined ? {} : { precise_total_amount_cents: agg.precise_total_amount_cents }),
    },
    ...(priced.charge_model === "dynamic" && event.precise_total_amount_cents !== undefined ? { event_precise_total_amount_cents: dec(event.precise_total_amount_cents) } : {}),
    delta,
    // A prorated charge prices the event's delta from its day to the period end (charges.md §13.3).
    ...(priced.prorated === true && delta.raises ? {
      prorated_delta: prorateEventUnits(delta.delta, { at: event.timestamp, to: window.end - 1000, charges_duration: billing.charges_duration_in_days, timezone }),
    } : {}),
    currency: plan.currency,
    pricing_unit: ch.usage.pricing_unit,
  });
  const fee: Fee = {
    ...feeIds({ subscription_id: s.svc_id }, ["pay_in_advance", ch.svc_id, event.transaction_id]),
    svc_charge_id: ch.svc_id,
    amount_currency: plan.currency,
    ...amounts,
    item: {
      type: "charge", code: ch.metric.code, name: ch.metric.name, invoice_display_name: ch.invoice_display_name,
      filter_invoice_display_name: filter?.invoice_display_name ?? null, filters: filter?.values ?? null,
      grouped_by: Object.fromEntries(keys.map((k) => [k, propertyText(event.properties[k])])),
    },
    from_date: window.start,
    to_date: (window.end - 1000) as Instant,
    pay_in_advance: true,
    charge_filter_id: filter?.id ?? null,
  };
  return { fee, charge: ch, event_transaction_id: event.transaction_id };
}

/** Whether an event of the bucket sits between rows `after` and `before` (exclusive): it arrived without being priced here. */
function unpricedSince(log: EventLog, after: number, before: number, inBucket: (e: StoredEvent) => boolean): boolean {
  for (let row = after + 1; row < before; row++) if (inBucket(log.event(row))) return true;
  return false;
}
