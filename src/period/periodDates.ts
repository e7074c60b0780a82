/**
 * Periods as calendar dates of the customer's zone, for any interval and billing time.
 */
import type { Instant, Period } from "../core/instant.js";
import { type CalendarDate, dateOf } from "../core/zone.js";
import { daysBetween } from "./_date.js";
import { dayEnd, dayStart } from "./_instants.js";
import { intervalRules } from "./_intervals/intervalRules.js";
import type { BillingTime, Interval, Schedule } from "./types.js";

/** First and last day (inclusive) of a period. */
export interface DateRange {
  readonly first: CalendarDate;
  readonly last: CalendarDate;
}

/** The schedule of a subscription: its anchor is the date of `subscription_at` in `timezone`. */
export function scheduleOf(interval: Interval, billingTime: BillingTime, subscriptionAt: Instant, timezone: string): Schedule {
  return { interval, billing_time: billingTime, anchor: dateOf(subscriptionAt, timezone) };
}

/**
 * The period containing `date`.
 *
 * @example
 * periodContaining({ year: 2022, month: 2, day: 28 }, { interval: "monthly", billing_time: "anniversary", anchor: { year: 2022, month: 1, day: 31 } })
 * //=> { first: 2022-02-28, last: 2022-03-30 }
 */
export function periodContaining(date: CalendarDate, schedule: Schedule): DateRange {
  const rules = intervalRules(schedule.interval);
  const anchor = rules.anchorFor(schedule.billing_time, schedule.anchor);
  const first = rules.periodStart(date, anchor);
  return { first, last: rules.periodEnd(first, anchor) };
}

/**
 * Length in days of the whole period containing `date` (7 for weeks, 28-31, 89-92,
 * 181-184, 365-366): the denominator of every day-based proration.
 */
export function durationInDays(date: CalendarDate, schedule: Schedule): number {
  const { first, last } = periodContaining(date, schedule);
  return daysBetween(first, last) + 1;
}

/**
 * `base_date`: a day of the period before the one containing `billingDate` (one
 * interval back, with the month-end correction of anniversary plans).
 */
export function previousPeriodDate(billingDate: CalendarDate, schedule: Schedule): CalendarDate {
  const rules = intervalRules(schedule.interval);
  return rules.previousDate(billingDate, rules.anchorFor(schedule.billing_time, schedule.anchor));
}

/** A range of whole local days as the half-open period `[00:00 of first, 00:00 of last + 1)` in `tz`. */
export function rangeToPeriod(range: DateRange, timezone: string): Period {
  return { start: dayStart(range.first, timezone), end: dayEnd(range.last, timezone) };
}
