/**
 * Per-event units deltas of pay-in-advance charges (charges.md §15): what each event
 * adds to the period's high-water mark, and what it applied to the running total.
 */
import { type Decimal, ONE, ZERO, dec, max } from "../core/decimal.js";

/** One event of a period (and group), in time order. */
export interface AdvanceEvent {
  /** sum: the event's value. */
  readonly value?: Decimal;
  /** unique_count: the counted value and the operation. */
  readonly unique_value?: string | null;
  readonly operation?: "add" | "remove";
}

export interface AdvanceEventDelta {
  /** Units above the period's previous maximum (what is billed). */
  readonly delta: Decimal;
  /** The change the event made to the running total (0 when negative). */
  readonly applied: Decimal;
  /** The running total after the event rose above the previous maximum. */
  readonly raises: boolean;
  /** The running total after the event. */
  readonly total: Decimal;
}

export type AdvanceAggregation = "count_agg" | "sum_agg" | "unique_count_agg";

/**
 * count: every event adds 1. sum: the first event of the period sets the running total
 * and the maximum to its value; afterwards `current += value` and the delta is
 * `current − max` when above the maximum (which rises), else 0. unique_count: an add of
 * an inactive value raises the active count; the delta is 1 when that count goes above
 * the period's maximum.
 */
export function payInAdvanceDeltas(aggregation: AdvanceAggregation, events: readonly AdvanceEvent[]): AdvanceEventDelta[] {
  switch (aggregation) {
    case "count_agg":
      return events.map((_, i) => ({ delta: ONE, applied: ONE, raises: true, total: dec(i + 1) }));
    case "sum_agg":
      return sumDeltas(events);
    case "unique_count_agg":
      return uniqueCountDeltas(events);
  }
}

function sumDeltas(events: readonly AdvanceEvent[]): AdvanceEventDelta[] {
  const out: AdvanceEventDelta[] = [];
  let current: Decimal | undefined;
  let top = ZERO;
  for (const e of events) {
    const value = e.value ?? ZERO;
    if (current === undefined) {
      current = value;
      top = value;
      out.push({ delta: max(value, ZERO), applied: max(value, ZERO), raises: value.gt(ZERO), total: current });
      continue;
    }
    current = current.plus(value);
    const raises = current.gt(top);
    const delta = raises ? current.minus(top) : ZERO;
    if (raises) top = current;
    out.push({ delta, applied: max(value, ZERO), raises, total: current });
  }
  return out;
}

function uniqueCountDeltas(events: readonly AdvanceEvent[]): AdvanceEventDelta[] {
  const active = new Set<string | null>();
  let top = 0;
  return events.map((e) => {
    const key = e.unique_value ?? null;
    let applied = 0;
    if (e.operation === "remove") {
      if (active.delete(key)) applied = -1;
    } else if (!active.has(key)) {
      active.add(key);
      applied = 1;
    }
    const raises = active.size > top;
    if (raises) top = active.size;
    const total = dec(active.size);
    return { delta: raises ? ONE : ZERO, applied: applied > 0 ? ONE : ZERO, raises, total };
  });
}
