/**
 * The day-level rules of one plan interval. Every function works on calendar dates of
 * the customer's zone and receives the *effective* anchor (see `anchorFor`).
 */
import type { CalendarDate } from "../../core/zone.js";
import type { BillingTime, Interval } from "../types.js";

export interface IntervalRules {
  readonly interval: Interval;
  /** Calendar months per period (0 for weekly). */
  readonly months: number;
  /**
   * The anchor the rules use: the subscription date for anniversary billing, the
   * calendar's own for calendar billing (January 1st, or a Monday for weekly plans), so
   * that calendar billing is anniversary billing on a fixed anchor.
   */
  anchorFor(billingTime: BillingTime, anchor: CalendarDate): CalendarDate;
  /** First day of the period containing `d`. */
  periodStart(d: CalendarDate, anchor: CalendarDate): CalendarDate;
  /** Last day of the period whose first day is `first`. */
  periodEnd(first: CalendarDate, anchor: CalendarDate): CalendarDate;
  /** `base_date`: the billing date one interval back (a day of the period that just ended). */
  previousDate(billingDate: CalendarDate, anchor: CalendarDate): CalendarDate;
}
