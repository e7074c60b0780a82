/**
 * Units of a fixed charge over a window, from its units events (periods.md §7).
 */
import { type Decimal, ZERO, dec, round } from "../core/decimal.js";
import type { Instant, Period } from "../core/instant.js";
import { requirePositiveInteger } from "./_check.js";
import { localEpochDay } from "./_days.js";

/** A units event: units in force from `timestamp`. List them in creation order. */
export interface FixedChargeEvent {
  readonly timestamp: Instant;
  readonly units: Decimal;
}

export interface FixedChargeUnits {
  /** Units the fee prices: prorated by days when the charge is prorated. */
  readonly units: Decimal;
  /** Units of the last event considered (before proration). */
  readonly full_units_number: Decimal;
}

/**
 * Events considered for `[start, end)`: those stamped inside it, plus the last created
 * one stamped before `start`. An event superseded by a later-created event with an
 * earlier timestamp is ignored. Not prorated: the last considered event's units.
 * Prorated: `Σ units × days effective / duration`, each term rounded to 6 decimals
 * (half-up), negative terms 0; an event is effective from `max(timestamp, start)` to the
 * next event's timestamp, or to the day after the window's last day (local dates).
 * @example 10 units all of a 30-day month, raised to 20 on the 16th → 10 × 15/30 + 20 × 15/30 = 15
 */
export function fixedChargeUnits(
  events: readonly FixedChargeEvent[],
  window: Period,
  options: { readonly prorated: boolean; readonly duration_in_days: number; readonly timezone: string },
): FixedChargeUnits {
  requirePositiveInteger(options.duration_in_days, ["fixed_charges_duration_in_days"]);
  const considered = consideredEvents(events, window);
  const last = considered[considered.length - 1];
  if (last === undefined) return { units: ZERO, full_units_number: ZERO };
  if (!options.prorated) return { units: last.event.units, full_units_number: last.event.units };

  const live = considered.filter((c) => !considered.some((o) => o.order > c.order && o.event.timestamp < c.event.timestamp));
  const byTime = [...live].sort((a, b) => a.event.timestamp - b.event.timestamp || a.order - b.order);
  const tz = options.timezone;
  const windowEndDay = localEpochDay((window.end - 1) as Instant, tz) + 1;
  const duration = dec(options.duration_in_days);
  let units = ZERO;
  byTime.forEach((c, i) => {
    const next = byTime[i + 1];
    const from = localEpochDay(Math.max(c.event.timestamp, window.start) as Instant, tz);
    const to = next === undefined ? windowEndDay : localEpochDay(next.event.timestamp, tz);
    const term = round(c.event.units.times(dec(Math.max(0, to - from))).div(duration), 6, "half_up");
    if (term.gt(ZERO)) units = units.plus(term);
  });
  return { units, full_units_number: last.event.units };
}

interface Considered {
  readonly event: FixedChargeEvent;
  readonly order: number;
}

function consideredEvents(events: readonly FixedChargeEvent[], window: Period): Considered[] {
  const indexed = events.map((event, order) => ({ event, order }));
  const before = indexed.filter((c) => c.event.timestamp < window.start);
  const inside = indexed.filter((c) => c.event.timestamp >= window.start && c.event.timestamp < window.end);
  const carried = before[before.length - 1];
  return carried === undefined ? inside : [carried, ...inside].sort((a, b) => a.order - b.order);
}
