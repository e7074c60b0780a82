/**
 * Day counts and the day price of a plan (periods.md §2.8, §4).
 */
import type { Instant, Period } from "../core/instant.js";
import { invariant, issue, ValidationError } from "../core/issue.js";
import { offsetAt, wallTimeOf, wallToInstant } from "../core/zone.js";
import { PeriodChecks } from "./_checks.js";

const DAY = 86_400_000;
const SECOND = 1000;

/**
 * The number of days a period bills, counted on the wall clock of `tz`
 * (the reference's `date_diff_with_timezone`): the wall-clock time from `start` to the
 * last second covered (`end − 1 s`; a cut exactly at local midnight counts one second
 * more), rounded up to whole days. For a period of whole local days `d1 … d2` this is
 * `d2 − d1 + 1`, whatever the DST changes in between (a day whose midnight a DST change skips
 * starts when the clock jumps to); a period cut at 10:00 counts its
 * last day; a period that starts at a trial end at 00:01 does not count that day's minute.
 *
 * @example
 * prorationDays({ start: 2022-03-01T00:00Z, end: 2022-03-20T10:00:01Z }, "UTC") //=> 20
 * @throws ValidationError for an unknown zone or an instant that is not a finite time.
 */
export function prorationDays(period: Period, tz: string): number {
  new PeriodChecks().instant(period.start, ["period", "start"]).instant(period.end, ["period", "end"]).zone(tz, ["timezone"]).done();
  let last = period.end - SECOND;
  const w = wallTimeOf(last as Instant, tz);
  if (w.minute === 0 && w.second === 0 && w.millisecond === 0 && (w.hour === 0 || (w.hour < 3 && startsLocalDay(last as Instant, w, tz)))) last += SECOND;
  const wall = last + offsetAt(last as Instant, tz) - (period.start + offsetAt(period.start, tz));
  return Math.ceil(wall / DAY);
}

/**
 * Whether `t` is the first instant of its local day: midnight, or, on a day whose midnight a
 * DST change skips (America/Santiago starts summer time at 00:00), the time the clock jumps to.
 */
function startsLocalDay(t: Instant, w: { readonly year: number; readonly month: number; readonly day: number }, tz: string): boolean {
  return wallToInstant({ year: w.year, month: w.month, day: w.day, hour: 0, minute: 0, second: 0 }, tz) === t;
}

/**
 * The price of one day of a plan, in cents, as the reference computes it: the binary
 * double `amount_cents / duration_in_days` (see `core/float.ts` for why a double).
 *
 * @throws ValidationError (`invalid_amount`) beyond ±2^53 cents.
 */
export function singleDayPrice(amountCents: bigint, durationInDays: number): number {
  if (!(Number.isInteger(durationInDays) && durationInDays > 0)) invariant(false, `duration must be a positive integer: ${durationInDays}`);
  const amount = Number(amountCents);
  // The reference holds it as a double: beyond 2^53 cents it could not be priced exactly.
  if (!Number.isSafeInteger(amount)) throw new ValidationError([issue("invalid_amount", ["amount_cents"])]);
  return amount / durationInDays;
}
