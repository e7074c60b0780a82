/**
 * Calendar dates of the customer's zone as instants. A day `d` is the half-open
 * `[dayStart(d), dayEnd(d))`, and `dayEnd(d) = dayStart(d + 1)`, so days (and periods
 * made of days) tile time in every zone: a DST change makes a day 23 or 25 hours long,
 * never moves a boundary, and never creates or loses a day.
 */
import type { Instant } from "../core/instant.js";
import { type CalendarDate, dateOf, wallToInstant } from "../core/zone.js";
import { addDays, dayNumber } from "./_date.js";

/** Memo of day starts per zone (pure: a day's start in a zone never changes). */
const starts = new Map<string, Map<number, Instant>>();
const MEMO_LIMIT = 50_000;

/**
 * 00:00 of `d` in `tz` (a day that starts in a DST gap starts at its first instant; when a
 * fall-back repeats midnight, as St. John's did at 00:01, at the later one — so the minute
 * shown twice belongs to the day before, and days still tile time: see {@link dayOf}).
 */
export function dayStart(d: CalendarDate, tz: string): Instant {
  let memo = starts.get(tz);
  if (memo === undefined) starts.set(tz, (memo = new Map()));
  const key = dayNumber(d);
  let t = memo.get(key);
  if (t === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    t = wallToInstant(d, tz, "later");
    memo.set(key, t);
  }
  return t;
}

/**
 * The day of `t` in the tiling of {@link dayStart}: its calendar date in `tz`, except in a
 * repeated midnight's first pass, which belongs to the day before.
 */
export function dayOf(t: Instant, tz: string): CalendarDate {
  const d = dateOf(t, tz);
  return dayStart(d, tz) > t ? addDays(d, -1) : d;
}

/** The exclusive end of `d` in `tz`: the start of the next day. */
export function dayEnd(d: CalendarDate, tz: string): Instant {
  return dayStart(addDays(d, 1), tz);
}

/** Rounded to the nearest second (half up), as the reference compares termination instants. */
export function roundToSecond(t: Instant): Instant {
  return (Math.floor((t + 500) / 1000) * 1000) as Instant;
}

/** 00:00:00 UTC of a date. */
export function utcMidnight(d: CalendarDate): Instant {
  return wallToInstant(d, "UTC");
}
