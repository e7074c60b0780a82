/**
 * Guards of the typed period API for what its types cannot rule out: any string as a
 * zone, `NaN` or out-of-range instants, and values cast past the unions. The JSON entry
 * points validate before calling, so these never fire there.
 */
import type { Instant } from "../core/instant.js";
import { type IssueCode, IssueCollector, type Path, ValidationError } from "../core/issue.js";
import { type CalendarDate, isValidTimeZone } from "../core/zone.js";
import { daysInMonth } from "./_date.js";
import { BILLING_TIMES, INTERVALS, type Schedule } from "./types.js";

/** ±8.6e15 ms (about 272 000 years): `Date`'s range (±8.64e15) less room for a year of period arithmetic. */
const MAX_INSTANT = 8.6e15;
const MAX_YEAR = 270_000;

/** Collects issues of the typed inputs; {@link PeriodChecks.done} throws them. */
export class PeriodChecks {
  // Made on the first issue: the checks run at every period computation and nearly always pass.
  private collector: IssueCollector | undefined;

  private add(code: IssueCode, path: Path): void {
    (this.collector ??= new IssueCollector()).add(code, path);
  }

  zone(tz: unknown, path: Path): this {
    if (!isValidTimeZone(tz)) this.add("invalid_timezone", path);
    return this;
  }

  /** A finite instant in range; `null`/`undefined` pass when `optional`. */
  instant(t: Instant | null | undefined, path: Path, optional = false): this {
    if (t === null || t === undefined) {
      if (!optional) this.add("value_is_mandatory", path);
    } else if (!(typeof t === "number" && Math.abs(t) <= MAX_INSTANT)) this.add("invalid_timestamp", path);
    return this;
  }

  oneOf(x: unknown, values: readonly string[], path: Path, code: IssueCode): this {
    if (typeof x !== "string" || !values.includes(x)) this.add(code, path);
    return this;
  }

  /** A real calendar date of a year that instants can reach. */
  date(d: CalendarDate, path: Path): this {
    if (!isRealDate(d)) this.add("invalid_date", path);
    return this;
  }

  schedule(s: Schedule, path: Path): this {
    // The paths are written only for an issue.
    if (typeof s.interval !== "string" || !INTERVALS.includes(s.interval)) this.add("invalid_interval", [...path, "interval"]);
    if (typeof s.billing_time !== "string" || !BILLING_TIMES.includes(s.billing_time)) this.add("invalid_billing_time", [...path, "billing_time"]);
    if (!isRealDate(s.anchor)) this.add("invalid_date", [...path, "anchor"]);
    return this;
  }

  done(): void {
    const issues = this.collector?.issues();
    if (issues) throw new ValidationError(issues);
  }
}

function isRealDate(d: CalendarDate): boolean {
  return Number.isInteger(d.year) && Math.abs(d.year) <= MAX_YEAR &&
    Number.isInteger(d.month) && d.month >= 1 && d.month <= 12 &&
    Number.isInteger(d.day) && d.day >= 1 && d.day <= daysInMonth(d.year, d.month);
}
