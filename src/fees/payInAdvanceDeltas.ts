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
 * an inactive value raises the period's count (a remove of an active one lowers it); the
 * delta is 1 when that count goes above the period's maximum.
 */
export function payInAdvanceDeltas(aggregation: AdvanceAggregation, events: readonly AdvanceEvent[]): AdvanceEventDelta[] {
  const state = newAdvanceState();
  return events.map((e) => nextAdvanceDelta(aggregation, state, e));
}

/** Where a period's deltas stand after its events so far (see {@link nextAdvanceDelta}). */
export interface AdvanceState {
  /** count: events so far. */
  count: number;
  /** sum: the running total (undefined before the first event) and the maximum. */
  current: Decimal | undefined;
  top: Decimal;
  /**
   * unique_count: the active values (with those earlier periods left active, for a recurring
   * metric), the period's running count of what its events applied, and its maximum.
   */
  readonly active: Set<string | null>;
  uniqueCurrent: number;
  topCount: number;
}

/** A period's state before its first event; `active`: the values a recurring unique count carries in (charges.md §12.3). */
export const newAdvanceState = (active?: Iterable<string | null>): AdvanceState =>
  ({ count: 0, current: undefined, top: ZERO, active: new Set(active), uniqueCurrent: 0, topCount: 0 });

/** The values left active by `events` (unique count, in time order): each add activates its value, each remove deactivates it. */
export function activeValues(events: readonly AdvanceEvent[]): Set<string | null> {
  const active = new Set<string | null>();
  for (const e of events) {
    const key = e.unique_value ?? null;
    if (e.operation === "remove") active.delete(key);
    else active.add(key);
  }
  return active;
}

/**
 * The delta of the next event of a period, the state moved on: the rules of
 * {@link payInAdvanceDeltas}, one event at a time (a pay-in-advance event is priced as it
 * arrives, without reading the period's earlier events again).
 */
export function nextAdvanceDelta(aggregation: AdvanceAggregation, state: AdvanceState, e: AdvanceEvent): AdvanceEventDelta {
  switch (aggregation) {
    case "count_agg":
      state.count++;
      return { delta: ONE, applied: ONE, raises: true, total: dec(state.count) };
    case "sum_agg": {
      const value = e.value ?? ZERO;
      if (state.current === undefined) {
        state.current = value;
        state.top = value;
        return { delta: max(value, ZERO), applied: max(value, ZERO), raises: value.gt(ZERO), total: value };
      }
      const current = state.current.plus(value);
      state.current = current;
      const raises = current.gt(state.top);
      const delta = raises ? current.minus(state.top) : ZERO;
      if (raises) state.top = current;
      return { delta, applied: max(value, ZERO), raises, total: current };
    }
    case "unique_count_agg": {
      const key = e.unique_value ?? null;
      let applied = 0;
      if (e.operation === "remove") {
        if (state.active.delete(key)) applied = -1;
      } else if (!state.active.has(key)) {
        state.active.add(key);
        applied = 1;
      }
      // The period's first event starts its count at what it added (a remove, even of a value an
      // earlier period left active: 0); later ones move it by what they applied.
      state.uniqueCurrent = state.count++ === 0 ? Math.max(applied, 0) : state.uniqueCurrent + applied;
      const raises = state.uniqueCurrent > state.topCount;
      if (raises) state.topCount = state.uniqueCurrent;
      return { delta: raises ? ONE : ZERO, applied: applied > 0 ? ONE : ZERO, raises, total: dec(state.uniqueCurrent) };
    }
  }
}
