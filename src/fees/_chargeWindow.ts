/**
 * The aggregation window of one bucket of a usage charge (filter selection, grouping
 * keys, proration, percentage free units).
 */
import type { Instant } from "../core/instant.js";
import type { AggregationWindow } from "../aggregation/index.js";
import type { Charge } from "../charges/index.js";
import type { UsageChargeFeesInput } from "./usageChargeTypes.js";
import type { FilterValues } from "./types.js";

export function aggregationWindow(input: UsageChargeFeesInput, priced: Charge, filters: FilterValues, ignored: readonly FilterValues[], keys: readonly string[]): AggregationWindow {
  const m = input.metric;
  const proratable = m.recurring === true && (m.aggregation_type === "sum_agg" || m.aggregation_type === "unique_count_agg");
  // A pay-in-advance charge billed at the period end (no event) is not prorated (§13.1).
  const prorated = priced.prorated === true && proratable && (priced.pay_in_advance !== true || input.current_usage === true);
  const w: AggregationWindow = {
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
    // Per-event values cost a copy of every value and turn off the aggregation's fast
    // fold: ask for them only where a model reads them — percentage (per-transaction
    // min / max, §6.5; not on a prorated window) and prorated graduated (§10).
    // and the current usage of a prorated pay-in-advance sum (its paid high-water mark, §13.3).
    event_values: priced.charge_model === "percentage" ? !prorated
      : (priced.charge_model === "graduated" && priced.prorated === true) || (prorated && priced.pay_in_advance === true && input.current_usage === true),
    // Dynamic charges price Σ precise_total_amount_cents of the same events (§8).
    precise_amounts: priced.charge_model === "dynamic",
  };
  if (priced.charge_model !== "percentage") return w;
  const p = priced.properties;
  return {
    ...w,
    ...(p.free_units_per_events === null ? {} : { free_units_per_events: p.free_units_per_events }),
    ...(p.free_units_per_total_aggregation === null ? {} : { free_units_per_total_aggregation: p.free_units_per_total_aggregation }),
  };
}
