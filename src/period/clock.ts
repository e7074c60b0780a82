/**
 * When the periodic billing runs happen (periods.md §3): the instants at which a
 * simulator's clock must bill a subscription.
 */
import type { Instant } from "../core/instant.js";
import { invariant } from "../core/issue.js";
import { type CalendarDate, dateOf } from "../core/zone.js";
import { addDays, daysBetween, sameDate } from "./_date.js";
import { dayOf, dayStart } from "./_instants.js";
import { intervalRules } from "./_intervals/intervalRules.js";
import { monthly } from "./_intervals/monthly.js";
import type { Schedule } from "./types.js";
import { PeriodChecks } from "./_checks.js";

export interface BillingClock {
  readonly schedule: Schedule;
  /** Semiannual and yearly plans with `bill_charges_monthly` or `bill_fixed_charges_monthly` bill every month. */
  readonly bills_monthly?: boolean | undefined;
  readonly timezone: string;
  /** No periodic run on the start day itself, nor before it. */
  readonly started_at?: Instant | null | undefined;
}

/**
 * Whether the periodic run bills on `date` (a date in the customer's zone): the date
 * starts a period of the schedule (calendar: Monday, the 1st, a quarter's 1st …;
 * anniversary: the anchor's weekday or day, the last day of a shorter month for an
 * anchor on the 29th-31st), every month's start when billed monthly.
 */
export function isBillingDate(date: CalendarDate, schedule: Schedule, billsMonthly = false): boolean {
  return billingDateTest(schedule, billsMonthly)(date);
}

/** {@link isBillingDate} for one schedule, its rules and anchor found once (the boundary search asks day after day). */
function billingDateTest(schedule: Schedule, billsMonthly: boolean): (date: CalendarDate) => boolean {
  const own = intervalRules(schedule.interval);
  const long = schedule.interval === "semiannual" || schedule.interval === "yearly";
  const rules = billsMonthly && long ? monthly : own;
  const anchor = own.anchorFor(schedule.billing_time, schedule.anchor);
  return (date) => sameDate(rules.periodStart(date, anchor), date);
}

/**
 * The first instant strictly after `after` at which a periodic run bills: 00:00 (in the
 * customer's zone) of the next billing date after the start day.
 *
 * @example
 * // monthly anniversary on Jan 31 (UTC), after 2022-02-10 → 2022-02-28T00:00:00Z
 * @throws ValidationError for an unknown zone, a bad schedule or an instant that is not a finite time.
 */
export function nextBillingBoundary(clock: BillingClock, after: Instant): Instant {
  const tz = clock.timezone;
  new PeriodChecks()
    .schedule(clock.schedule, ["schedule"])
    .zone(tz, ["timezone"])
    .instant(clock.started_at, ["started_at"], true)
    .instant(after, ["after"])
    .done();
  let date = dayOf(after, tz);
  if (dayStart(date, tz) <= after) date = addDays(date, 1);
  if (clock.started_at != null) {
    const firstAllowed = addDays(dateOf(clock.started_at, tz), 1);
    if (daysBetween(date, firstAllowed) > 0) date = firstAllowed;
  }
  // A period is at most 366 days: a billing date always comes within 400 days.
  const billing = billingDateTest(clock.schedule, clock.bills_monthly === true);
  for (let i = 0; ; i++, date = addDays(date, 1)) {
    invariant(i < 400, "no billing date within 400 days");
    if (billing(date) && dayStart(date, tz) > after) {
      return dayStart(date, tz);
    }
  }
}
