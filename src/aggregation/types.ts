/**
 * Types of the aggregation area: usage events, billable metrics, the window and the result.
 */
import type { Decimal } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";

export { AGGREGATION_TYPES, type AggregationType } from "../model/vocabulary.js";
import type { AggregationType } from "../model/vocabulary.js";
export type RoundingFunction = "round" | "ceil" | "floor";

/** A usage event, already validated (see `json/aggregate.ts` for the raw form). */
export interface UsageEvent {
  readonly transaction_id: string;
  readonly code: string;
  /** Epoch milliseconds. */
  readonly timestamp: Instant;
  readonly properties: Readonly<Record<string, unknown>>;
  readonly external_subscription_id?: string | undefined;
  /**
   * Ingestion order, which breaks ties between events with the same timestamp (latest,
   * running totals, unique-count operations). Give it a global meaning (e.g. the index in
   * the full event list) when partial aggregations are merged; ties are then broken the
   * same way on every worker. Events without one are ordered by transaction_id.
   */
  readonly seq?: number | undefined;
  /** Dynamic charges: the event's own price in cents (a decimal), summed by sum metrics. */
  readonly precise_total_amount_cents?: string | number | undefined;
}

export interface BillableMetric {
  readonly code: string;
  readonly aggregation_type: AggregationType;
  readonly field_name?: string | undefined;
  readonly recurring?: boolean | undefined;
  readonly rounding_function?: RoundingFunction | undefined;
  readonly rounding_precision?: number | undefined;
  readonly expression?: string | undefined;
}

/** A property key → allowed values map (`IN` per key, AND over keys). */
export type FilterValues = Readonly<Record<string, readonly string[]>>;

/** Where and how to aggregate. `from`/`to` are both inclusive (the contract's datetimes). */
export interface AggregationWindow {
  readonly from: Instant;
  readonly to: Instant;
  readonly filters?: FilterValues | undefined;
  readonly ignored_filters?: readonly FilterValues[] | undefined;
  readonly grouped_by?: readonly string[] | undefined;
  /** Time-prorated units (§13), recurring sum and unique_count only. */
  readonly prorated?: boolean | undefined;
  /** Days of the full charges period (proration, weighted sums). */
  readonly charges_duration?: number | undefined;
  /** The customer's IANA zone (calendar days of proration). Default "UTC". */
  readonly timezone?: string | undefined;
  /** Prorated sum of a subscription terminated by an upgrade: one day less (§13.1). */
  readonly upgraded?: boolean | undefined;
  /** Percentage settings that decide where `running_total` is cut (§6.1). */
  readonly free_units_per_events?: number | undefined;
  readonly free_units_per_total_aggregation?: Decimal | undefined;
  /**
   * Keep the per-event values in time order (sum: the values; count: 1 per event;
   * prorated sum and unique count: see `event_prorated_values`). Other types ignore it.
   * `"text"`: the same, but sum and count give them as decimal strings in
   * `event_value_texts` (no Decimal per event; what the JSON entry point asks for).
   */
  readonly event_values?: boolean | "text" | undefined;
  /** Unprorated sum metrics: also sum the events' `precise_total_amount_cents` (dynamic charges, §8); others ignore it. */
  readonly precise_amounts?: boolean | undefined;
}

export type WarningReason = "field_missing" | "not_a_number" | "expression_error" | "duplicate_transaction_id";

/** An event left out of the aggregation, and why. */
export interface AggregationWarning {
  readonly transaction_id: string;
  readonly reason: WarningReason;
  readonly message?: string | undefined;
}

export interface UnitsResult {
  readonly units: Decimal;
  /** A count; a decimal only for prorated unique counts (Lago sets it to the units). */
  readonly events_count: number | Decimal;
  readonly total_aggregated_units?: Decimal | undefined;
  readonly full_units_number?: Decimal | undefined;
  readonly current_usage_units?: Decimal | undefined;
  readonly running_total?: readonly Decimal[] | undefined;
  readonly event_values?: readonly Decimal[] | undefined;
  /** Sum and count with `event_values: "text"`: `event_values` as decimal strings. */
  readonly event_value_texts?: readonly string[] | undefined;
  /**
   * Prorated sums with the window's `event_values` (prorated graduated, §10): `event_values`
   * is then the carried-in total (when events were carried in) followed by the window's
   * values in time order, and this array each of them times its ratio (r_p, then r_e).
   */
  readonly event_prorated_values?: readonly Decimal[] | undefined;
  /** Sum metrics with `precise_amounts`: Σ precise_total_amount_cents of the same events. */
  readonly precise_total_amount_cents?: Decimal | undefined;
}

export interface GroupResult extends UnitsResult {
  /** Key → value, null for events lacking the key. */
  readonly grouped_by: Readonly<Record<string, string | null>>;
}

export interface AggregationResult extends UnitsResult {
  /** Present when the window has `grouped_by`: ordered by group values, null first. */
  readonly grouped_usage?: readonly GroupResult[] | undefined;
  readonly warnings: readonly AggregationWarning[];
}
