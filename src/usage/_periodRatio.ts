/**
 * The elapsed share of a charges period, as an exact fraction of days (invoice.md §13.2,
 * §13.3, §13.4). Kept as two integers so that `units / ratio` is computed exactly.
 */
import type { Instant } from "../core/instant.js";
import { daysBetween } from "../aggregation/index.js";
import { type CalendarDate, epochDay } from "../core/zone.js";

/** `passed / total`, with `0 ≤ passed ≤ total`, `total ≥ 1`. */
export interface DayRatio {
  readonly passed: number;
  readonly total: number;
}

/**
 * §13.2: `days(from → now) / days(from → to)` with §13.4 day counts (whole days rounded
 * up in the customer's zone, a `to` at local midnight counting one second more); 1 once
 * `now ≥ to`, 0 before `from`, clamped to [0, 1].
 * @example Jan 2025 (to = Jan 31 23:59:59), now = Jan 11 00:00 //=> 11/31
 */
export function periodRatio(from: Instant, to: Instant, now: Instant, timezone: string): DayRatio {
  if (now >= to) return { passed: 1, total: 1 };
  if (now < from) return { passed: 0, total: 1 };
  const total = Math.max(daysBetween(from, to, timezone), 1);
  const passed = Math.min(Math.max(daysBetween(from, now, timezone), 0), total);
  return { passed, total };
}

/**
 * §13.3, the charge models' ratio during current usage: `(today − from_date + 1) /
 * duration_days`; 1 when today ≥ to_date, 0 before from_date.
 */
export function chargeServiceRatio(today: CalendarDate, fromDate: CalendarDate, toDate: CalendarDate, durationDays: number): DayRatio {
  const t = epochDay(today), f = epochDay(fromDate), e = epochDay(toDate);
  if (t >= e) return { passed: 1, total: 1 };
  if (t < f || durationDays < 1) return { passed: 0, total: 1 };
  return { passed: Math.min(t - f + 1, durationDays), total: durationDays };
}
