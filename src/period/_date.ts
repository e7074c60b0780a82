/**
 * Calendar-date arithmetic (no time, no zone): the day-level rules of the periods are
 * computed on dates in the customer's zone, then turned into instants by `_instants.ts`.
 * Pure integer arithmetic (proleptic Gregorian), independent of the host zone.
 */
import { type CalendarDate, epochDay } from "../core/zone.js";

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month; `month` is 1-12. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** Days since 1970-01-01 (negative before): core's `epochDay`, of which {@link fromDayNumber} is the inverse. */
export const dayNumber: (d: CalendarDate) => number = epochDay;

/** The inverse of {@link dayNumber}. */
export function fromDayNumber(n: number): CalendarDate {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(d: CalendarDate, n: number): CalendarDate {
  return fromDayNumber(dayNumber(d) + n);
}

/** Days from `a` to `b` (`b − a`). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(b) - dayNumber(a);
}

/** ISO weekday: Monday 1 … Sunday 7. */
export function isoWeekday(d: CalendarDate): number {
  return ((((dayNumber(d) + 3) % 7) + 7) % 7) + 1;
}

/** `{year, month}` moved by `n` months (month 1-12). */
export function shiftMonth(year: number, month: number, n: number): { year: number; month: number } {
  const i = year * 12 + (month - 1) + n;
  return { year: Math.floor(i / 12), month: (((i % 12) + 12) % 12) + 1 };
}

/** The date with `day` clamped to the month's length (31 → 28 in February 2022). */
export function clampedDate(year: number, month: number, day: number): CalendarDate {
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

/** `d` moved by `n` months, the day clamped (Mar 31 − 1 month = Feb 28). */
export function addMonths(d: CalendarDate, n: number): CalendarDate {
  const { year, month } = shiftMonth(d.year, d.month, n);
  return clampedDate(year, month, d.day);
}

export function isLastDayOfMonth(d: CalendarDate): boolean {
  return d.day === daysInMonth(d.year, d.month);
}

export function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** `YYYY-MM-DD`. */
export function formatDate(d: CalendarDate): string {
  const y = d.year < 0 ? `-${String(-d.year).padStart(4, "0")}` : String(d.year).padStart(4, "0");
  return `${y}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

/** Parses `YYYY-MM-DD` (tests and docs); `undefined` for anything else or an impossible date. */
export function parseDate(s: string): CalendarDate | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return undefined;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= daysInMonth(d.year, d.month) ? d : undefined;
}
