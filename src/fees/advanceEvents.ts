/**
 * The events of a pay-in-advance charge as its per-event deltas read them (charges.md §15):
 * each event's own value for a sum, its counted value and operation for a unique count,
 * and the high-water mark those deltas leave in a period.
 */
import { type Decimal, ZERO } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { type BillableMetric, type UsageEvent, aggregateEvents, propertyText } from "../aggregation/index.js";
import { type AdvanceAggregation, type AdvanceEvent, payInAdvanceDeltas } from "./payInAdvanceDeltas.js";

/** `events` (of the metric's code, in arrival order) as advance events of a window `[from, to]`. */
export function toAdvanceEvents(metric: BillableMetric, events: readonly UsageEvent[], from: Instant, to: Instant): AdvanceEvent[] {
  const field = metric.field_name;
  return events.map((e) => metric.aggregation_type === "unique_count_agg"
    ? { unique_value: propertyText(field === undefined ? undefined : e.properties[field]), operation: e.properties["operation_type"] === "remove" ? "remove" : "add" }
    : { value: aggregateEvents(metric, [e], { from, to }).units });
}

/**
 * What the period's pay-in-advance fees billed above where the running total now stands:
 * `max − current`, with `max` the units the events' deltas billed (the high-water mark) and
 * `current` the running total after the last event. The reference prices a pay-in-advance
 * charge's current usage on `total − current + max` (its cached aggregation), so a later
 * decrease gives nothing back. 0 for a count (it never decreases) or without events.
 */
export function advanceHeadroom(metric: BillableMetric, events: readonly UsageEvent[], from: Instant, to: Instant): Decimal {
  const type = metric.aggregation_type;
  if ((type !== "sum_agg" && type !== "unique_count_agg") || events.length === 0) return ZERO;
  const deltas = payInAdvanceDeltas(type as AdvanceAggregation, toAdvanceEvents(metric, events, from, to));
  const billed = deltas.reduce((a, d) => a.plus(d.delta), ZERO);
  const headroom = billed.minus(deltas.at(-1)!.total);
  return headroom.gt(ZERO) ? headroom : ZERO;
}
