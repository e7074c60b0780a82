/**
 * Rules shared by the month-based intervals (monthly, quarterly, semiannual, yearly).
 *
 * With `N` months per period, the billing months are the anchor's month and every `N`
 * months after it. In a month `m` the period starts on the anchor's day clamped to the
 * month, `A(m) = min(anchor.day, daysInMonth(m))`: a subscription on the 31st starts
 * its periods on Feb 28 (29), Apr 30 …, one on Feb 29 on Feb 28 in common years. A
 * period ends the day before the next period's start.
 */
import type { CalendarDate } from "../../core/zone.js";
import { addDays, addMonths, clampedDate, isLastDayOfMonth, shiftMonth } from "../_date.js";
import type { Interval } from "../types.js";
import type { IntervalRules } from "./types.js";

/** Builds the rules of an interval of `months` calendar months. */
export function monthCycle(interval: Interval, months: number): IntervalRules {
  const at = (year: number, month: number, anchor: CalendarDate): CalendarDate => clampedDate(year, month, anchor.day);
  /** Months since the latest billing month (0 in a billing month). */
  const offset = (month: number, anchor: CalendarDate): number => (((month - anchor.month) % months) + months) % months;

  return {
    interval,
    months,
    anchorFor: (billingTime, anchor) => (billingTime === "calendar" ? { year: anchor.year, month: 1, day: 1 } : anchor),

    periodStart(d, anchor) {
      const k = offset(d.month, anchor);
      if (k === 0 && d.day >= at(d.year, d.month, anchor).day) return at(d.year, d.month, anchor);
      const back = shiftMonth(d.year, d.month, -(k === 0 ? months : k));
      return at(back.year, back.month, anchor);
    },

    periodEnd(first, anchor) {
      const next = shiftMonth(first.year, first.month, months);
      return addDays(at(next.year, next.month, anchor), -1);
    },

    previousDate(billingDate, anchor) {
      // Month-end correction: billed on Feb 28 for an anchor on the 31st, the period that
      // ended started on Jan 31, not on Jan 28.
      if (isLastDayOfMonth(billingDate) && billingDate.day < anchor.day) {
        const back = shiftMonth(billingDate.year, billingDate.month, -months);
        return at(back.year, back.month, anchor);
      }
      return addMonths(billingDate, -months);
    },
  };
}
