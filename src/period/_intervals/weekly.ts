/**
 * Weekly periods: seven days from the anchor's weekday (anniversary) or from Monday
 * (calendar, ISO weeks Monday-Sunday).
 */
import { addDays, isoWeekday } from "../_date.js";
import type { IntervalRules } from "./types.js";

/** A Monday (1970-01-05): the anchor of calendar weeks. */
const MONDAY = { year: 1970, month: 1, day: 5 } as const;

export const weekly: IntervalRules = {
  interval: "weekly",
  months: 0,
  anchorFor: (billingTime, anchor) => (billingTime === "calendar" ? MONDAY : anchor),
  periodStart: (d, anchor) => addDays(d, -((isoWeekday(d) - isoWeekday(anchor) + 7) % 7)),
  periodEnd: (first) => addDays(first, 6),
  previousDate: (billingDate) => addDays(billingDate, -7),
};
