/**
 * What each charge model needs from the aggregation beyond the units, said once: the fees of
 * a billing run, a current-usage read and a pay-in-advance event all ask the aggregation for
 * these, and only these (per-event lists cost a copy of every value and turn off the fast fold).
 */
import type { Decimal } from "../core/decimal.js";
import type { Charge } from "./types.js";

export interface AggregationNeeds {
  /**
   * Per-event values: percentage (per-transaction minimum / maximum, §6.5; not on a prorated
   * window), prorated graduated (§10), and the current usage of a prorated pay-in-advance
   * charge (its paid high-water mark, §13.3).
   */
  readonly event_values: boolean;
  /** Σ `precise_total_amount_cents` of the same events (dynamic, §8). */
  readonly precise_amounts: boolean;
  /** Percentage free units, which decide where the running total is cut (§6.1). */
  readonly free_units_per_events?: number;
  readonly free_units_per_total_aggregation?: Decimal;
}

/**
 * `window_prorated`: the aggregation's window is time-prorated (a recurring metric, §13);
 * `current_usage`: a current-usage read rather than a billing run.
 */
export function aggregationNeeds(charge: Charge, context: { readonly window_prorated: boolean; readonly current_usage: boolean }): AggregationNeeds {
  const prorated = context.window_prorated;
  const needs = {
    event_values: charge.charge_model === "percentage" ? !prorated
      : (charge.charge_model === "graduated" && charge.prorated === true) || (prorated && charge.pay_in_advance === true && context.current_usage),
    precise_amounts: charge.charge_model === "dynamic",
  };
  if (charge.charge_model !== "percentage") return needs;
  const p = charge.properties;
  return {
    ...needs,
    ...(p.free_units_per_events === null ? {} : { free_units_per_events: p.free_units_per_events }),
    ...(p.free_units_per_total_aggregation === null ? {} : { free_units_per_total_aggregation: p.free_units_per_total_aggregation }),
  };
}
