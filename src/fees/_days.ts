/**
 * Calendar-day helpers of the fees area (UTC dates of local day ends, as the
 * reference's credit-note arithmetic reads them).
 */
import type { Instant, Period } from "../core/instant.js";
import { dateOf, epochDay, wallToInstant } from "../core/zone.js";

/** The inclusive `to_date` of a half-open window `[start, end)`: its last second (`end − 1 s`). */
export function lastSecond(window: Period): Instant {
  return (window.end - 1000) as Instant;
}

/** Days since 1970-01-01 of the UTC date of an instant. */
export function utcEpochDay(t: Instant): number {
  return Math.floor(t / 86_400_000);
}

/** The last instant (…23:59:59.999) of the local day of `t` in `tz`. */
export function endOfLocalDay(t: Instant, tz: string): Instant {
  const d = dateOf(t, tz);
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  const start = wallToInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, tz);
  return (start - 1) as Instant;
}

/** Days since 1970-01-01 of the local date of `t` in `tz`. */
export function localEpochDay(t: Instant, tz: string): number {
  return epochDay(dateOf(t, tz));
}
