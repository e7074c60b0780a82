/**
 * The aggregation window of one bucket of a usage charge (filter selection, grouping
 * keys, proration, percentage free units).
 */
import type { Instant } from "../core/instant.js";
import type { AggregationWindow } from "../aggregation/index.js";
import { type Charge, aggregationNeeds } from "../charges/index.js";
import type { UsageChargeFeesInput } from "./usageChargeTypes.js";
import type { FilterValues } from "./types.js";

export function aggregationWindow(input: UsageChargeFeesInput, priced: Charge, filters: FilterValues, ignored: readonly FilterValues[], keys: readonly string[]): AggregationWindow {
  const m = input.metric;
  const proratable = m.recurring === true && (m.aggregation_type === "sum_agg" || m.aggregation_type === "unique_count_agg");
  // A pay-in-advance charge billed at the period end (no event) is not prorated (§13.1).
  const prorated = priced.prorated === true && proratable && (priced.pay_in_advance !== true || input.current_usage === true);
  // What the model reads beyond the units (the charge-model table's aggregationNeeds).
  const needs = aggregationNeeds(priced, { window_prorated: prorated, current_usage: input.current_usage === true });
  return {
    from: input.window.start,
    // The reference's inclusive end (…23:59:59.999999): the last millisecond of the window.
    to: (input.window.end - 1) as Instant,
    filters,
    ignored_filters: ignored,
    grouped_by: keys,
    prorated,
    charges_duration: input.charges_duration_in_days,
    timezone: input.timezone,
    upgraded: input.terminated_by_upgrade === true,
    ...needs,
  };
}
