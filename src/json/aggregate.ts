/**
 * The contract's `aggregate(input)` (../shared/docs/contract.md §2): a billable metric
 * over raw events in a window, as plain JSON in and out.
 */
import { type Decimal, toDecimalString } from "../core/decimal.js";
import { ValidationError } from "../core/issue.js";
import { aggregateEvents } from "../aggregation/aggregator.js";
import { dedupeEvents } from "../aggregation/dedupe.js";
import { parseAggregateInput } from "../aggregation/parseInput.js";
import { fusedAggregate } from "../aggregation/fusedAggregate.js";
import type { AggregationResult, AggregationWarning, UnitsResult } from "../aggregation/types.js";

export interface AggregateUnitsJson {
  units: string;
  events_count: number;
  total_aggregated_units?: string;
  full_units_number?: string;
  current_usage_units?: string;
  running_total?: string[];
  event_values?: string[];
  /** Prorated sums: each of `event_values` times its time-proration ratio (prorated graduated's `pro[i]`). */
  event_prorated_values?: string[];
  precise_total_amount_cents?: string;
}

export interface AggregateOutput extends AggregateUnitsJson {
  grouped_usage?: (AggregateUnitsJson & { grouped_by: Record<string, string | null> })[];
  /** Events left out (unusable value, duplicate transaction_id), with the reason. */
  warnings: AggregationWarning[];
}

const str = (d: Decimal): string => toDecimalString(d);

function toJson(r: UnitsResult): AggregateUnitsJson {
  const out: AggregateUnitsJson = {
    units: str(r.units),
    // A decimal only for prorated unique counts, where the reference sets the count to the units.
    events_count: typeof r.events_count === "number" ? r.events_count : Number(str(r.events_count)),
  };
  if (r.total_aggregated_units !== undefined) out.total_aggregated_units = str(r.total_aggregated_units);
  if (r.full_units_number !== undefined) out.full_units_number = str(r.full_units_number);
  if (r.current_usage_units !== undefined) out.current_usage_units = str(r.current_usage_units);
  if (r.running_total !== undefined) out.running_total = r.running_total.map(str);
  if (r.event_value_texts !== undefined) out.event_values = r.event_value_texts as string[]; // built for this call only
  else if (r.event_values !== undefined) out.event_values = r.event_values.map(str);
  if (r.event_prorated_values !== undefined) out.event_prorated_values = r.event_prorated_values.map(str);
  if (r.precise_total_amount_cents !== undefined) out.precise_total_amount_cents = str(r.precise_total_amount_cents);
  return out;
}

/**
 * Aggregates `input.events` with `input.billable_metric` over `[from_datetime, to_datetime]`.
 *
 * @param input - the contract's aggregate input (JSON).
 * @returns units, events_count and the type's extra fields as decimal strings, plus
 *   `grouped_usage` (null group first, then ascending) and `warnings`. Sum and count
 *   metrics return `event_values`; a prorated sum returns them with the carried-in total
 *   first and `event_prorated_values` beside them (what prorated graduated charges price).
 * @throws ValidationError naming every offending field (e.g. `events.2.timestamp`).
 * @example
 * aggregate({ billable_metric: { code: "c", aggregation_type: "sum_agg", field_name: "v" },
 *   events: [{ transaction_id: "t1", code: "c", timestamp: "2024-03-05T10:00:00Z", properties: { v: "12.5" } }],
 *   from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" }).units
 * //=> "12.5"
 */
export function aggregate(input: unknown): AggregateOutput {
  // The usual plain sum or count in one pass (fusedAggregate.ts); anything else the general way.
  const fused = fusedAggregate(input);
  if (fused !== undefined) return outputOf(fused.result, fused.duplicates);
  return aggregateGeneral(input);
}

/** The general path alone (parse, dedupe, aggregate), for tests that compare it with the fused one. */
export function aggregateGeneral(input: unknown): AggregateOutput {
  const parsed = parseAggregateInput(input);
  if (!parsed.ok) throw new ValidationError(parsed.issues);
  const { metric, window, events, txHashes } = parsed.value;
  const unique = dedupeEvents(events, txHashes);
  // Both are asked for always; the aggregation gives them only for the types that have
  // them (event values: sum, count, prorated unique count; precise amounts: unprorated sum).
  const result = aggregateEvents(metric, unique.events, {
    ...window,
    event_values: "text",
    precise_amounts: unique.events.some((e) => e.precise_total_amount_cents !== undefined),
  });
  return outputOf(result, unique.warnings);
}

/** The JSON output: the result, its groups, the duplicate warnings then the result's own. */
export function outputOf(result: AggregationResult, duplicates: readonly AggregationWarning[]): AggregateOutput {
  const out: AggregateOutput = Object.assign(toJson(result), { warnings: [...duplicates, ...result.warnings] });
  if (result.grouped_usage !== undefined) {
    out.grouped_usage = result.grouped_usage.map((g) => Object.assign({ grouped_by: { ...g.grouped_by } }, toJson(g)));
  }
  return out;
}
