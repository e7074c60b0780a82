/**
 * The only module that knows about IANA time zones.
 *
 * Everything here is independent of the host's time zone: wall-clock fields come from
 * the runtime's `Intl` zone data (one cached formatter per zone), never from `Date`
 * local getters. date-fns-tz is not used: its `getTimezoneOffset` returns the offset
 * after a DST change for instants up to an hour before it (Paris, 2024-10-27T01:30Z:
 * +2 h instead of +1 h), which would move period boundaries. See
 * docs/decisions/0002-time-and-periods.md.
 */
import type { Instant } from "./instant.js";
import { ValidationError, issue } from "./issue.js";

/** Wall-clock fields in a zone; `month` is 1-12. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

/** A calendar date; `month` is 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const validity = new Map<string, boolean>();

/** True for "UTC" and any IANA zone name the runtime knows. */
export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== "string" || tz === "") return false;
  let v = validity.get(tz);
  if (v === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      v = true;
    } catch {
      v = false;
    }
    validity.set(tz, v);
  }
  return v;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** @throws ValidationError (`timezone: invalid_timezone`) for a zone the runtime does not know. */
function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    if (!isValidTimeZone(tz)) throw new ValidationError([issue("invalid_timezone", ["timezone"])]);
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(tz, f);
  }
  return f;
}

const DAY_MS = 86_400_000;

/**
 * Offsets already read, per zone and UTC day: a number when the offset holds the whole day,
 * else the day's change (the first second of the new offset, with the offsets before and
 * after). A zone changes its offset at most once a day, so a day read at its first and last
 * second is known for every second between: the `Intl` reads happen once per day and zone,
 * not once per call (the simulator asks millions of times).
 */
const offsetCache = new Map<string, Map<number, number | { readonly at: number; readonly before: number; readonly after: number }>>();

/** The zone's offset from UTC at an instant, in milliseconds (Paris in winter: 3 600 000). */
export function offsetAt(t: Instant, tz: string): number {
  if (tz === "UTC" || tz === "Etc/UTC") return 0;
  const secondStart = Math.floor(t / 1000) * 1000;
  const day = Math.floor(secondStart / DAY_MS);
  let zone = offsetCache.get(tz);
  if (zone === undefined) {
    formatterOf(tz); // refuses an unknown zone before anything is cached
    offsetCache.set(tz, (zone = new Map()));
  }
  let known = zone.get(day);
  if (known === undefined) {
    const first = day * DAY_MS;
    const last = first + DAY_MS - 1000;
    const before = readOffset(first, tz);
    const after = readOffset(last, tz);
    if (before === after) known = before;
    else {
      // The second at which the new offset starts: a binary search over the day's seconds.
      let lo = first, hi = last;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (readOffset(mid, tz) === after) hi = mid;
        else lo = mid;
      }
      known = { at: hi, before, after };
    }
    zone.set(day, known);
  }
  return typeof known === "number" ? known : secondStart < known.at ? known.before : known.after;
}

/** The offset at the start of a second, read from `Intl`. */
function readOffset(secondStart: number, tz: string): number {
  let year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, bc = false;
  for (const p of formatterOf(tz).formatToParts(new Date(secondStart))) {
    switch (p.type) {
      case "year": year = Number(p.value); break;
      case "month": month = Number(p.value); break;
      case "day": day = Number(p.value); break;
      case "hour": hour = Number(p.value); break;
      case "minute": minute = Number(p.value); break;
      case "second": second = Number(p.value); break;
      case "era": bc = p.value === "BC" || p.value === "B"; break;
      default: break;
    }
  }
  const wall = new Date(0);
  wall.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
  wall.setUTCHours(hour, minute, second, 0);
  return wall.getTime() - secondStart;
}

/** The wall-clock time in `tz` at instant `t`. */
export function wallTimeOf(t: Instant, tz: string): WallTime {
  const d = new Date(t + offsetAt(t, tz));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/** The calendar date in `tz` at instant `t`. */
export function dateOf(t: Instant, tz: string): CalendarDate {
  const { year, month, day } = wallTimeOf(t, tz);
  return { year, month, day };
}

/**
 * Days since 1970-01-01 of a calendar date (negative before), for differences between
 * dates. Integer arithmetic on the proleptic Gregorian calendar, valid for every year
 * (`Date.UTC` would read years 0-99 as 1900-1999).
 */
export function epochDay(d: CalendarDate): number {
  const y = d.month <= 2 ? d.year - 1 : d.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (d.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** How to resolve a wall time that a DST change skips or repeats (Temporal's vocabulary). */
export type Disambiguation = "compatible" | "earlier" | "later";

/**
 * The instant at which `tz` shows the given wall time. Wall times in a DST gap resolve
 * forward ("compatible", as Temporal), repeated ones to the earlier instant by default.
 */
export function wallToInstant(w: Partial<WallTime> & CalendarDate, tz: string, disambiguation: Disambiguation = "compatible"): Instant {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour ?? 0, w.minute ?? 0, w.second ?? 0, w.millisecond ?? 0);
  if (tz === "UTC" || tz === "Etc/UTC") return asUtc as Instant;
  // Candidates: the wall time read with the offsets in force a day before and after.
  const offBefore = offsetAt((asUtc - 86_400_000) as Instant, tz);
  const offAfter = offsetAt((asUtc + 86_400_000) as Instant, tz);
  const candidates = [asUtc - offBefore, asUtc - offAfter].filter(
    (c, i, a) => a.indexOf(c) === i && c + offsetAt(c as Instant, tz) === asUtc,
  );
  if (candidates.length === 0) {
    // In a gap: shift by the gap's length ("compatible" and "later" go forward).
    const t = asUtc - offBefore;
    return (disambiguation === "earlier" ? asUtc - offAfter : t) as Instant;
  }
  candidates.sort((a, b) => a - b);
  return (disambiguation === "later" ? candidates[candidates.length - 1]! : candidates[0]!) as Instant;
}

/** The first instant of the calendar day containing `t`, in `tz`. */
export function startOfDayIn(t: Instant, tz: string): Instant {
  return wallToInstant(dateOf(t, tz), tz);
}

/** The start of the local day after the one starting at `dayStart` (a day lasts 23 to 25 hours: 36 hours on is always in the next one). */
export function startOfNextDayIn(dayStart: Instant, tz: string): Instant {
  return startOfDayIn((dayStart + 36 * 3_600_000) as Instant, tz);
}
