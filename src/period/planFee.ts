/**
 * The amount of a subscription ("plan") fee for one invoice (periods.md §4 and §6).
 */
import type { Decimal } from "../core/decimal.js";
import type { Instant, Period } from "../core/instant.js";
import { type CalendarDate, dateOf, startOfDayIn } from "../core/zone.js";
import { floatToDecimal, roundHalfAwayToBigInt } from "../core/float.js";
import { utcMidnight } from "./_instants.js";
import { durationInDays } from "./periodDates.js";
import { prorationDays, singleDayPrice } from "./proration.js";
import type { PlanFeeRule } from "./planFeeRule.js";
import type { Schedule } from "./types.js";
import { PeriodChecks } from "./_checks.js";

export interface PlanFeeInput {
  /** Which of the four rules applies ({@link selectPlanFeeRule}). */
  readonly rule: PlanFeeRule;
  /** `plan.amount_cents`, or the subscription's `plan_amount_cents` override. */
  readonly amount_cents: bigint;
  /** The invoice's period for this subscription (`from_datetime` … `to_datetime`, half-open). */
  readonly period: Period;
  readonly timezone: string;
  /** The subscription's schedule: the denominators are whole periods of it. */
  readonly schedule: Schedule;
  /** The unclamped first day of the period (`BillingPeriod.from_date`); rules 2 and 4 price a day of its period. Default: the date of `period.start`. */
  readonly from_date?: CalendarDate | undefined;
  /** Rule 1 only: the subscription ends by an upgrade, whose day the new plan bills. */
  readonly terminated_by_upgrade?: boolean | undefined;
  /** `trial_end_datetime`, when the plan has a trial. */
  readonly trial_end?: Instant | null | undefined;
  /** Rule 4 compares with 00:00 UTC of this date; default: the start of `trial_end`'s day in `timezone`. */
  readonly trial_end_date?: CalendarDate | null | undefined;
}

export interface PlanFee {
  readonly rule: PlanFeeRule;
  /** Days billed (0 when a trial covers the period); for rule 3 without trial, the whole period. */
  readonly days: number;
  /** The denominator: length of the whole period. */
  readonly duration_in_days: number;
  /** `amount_cents / duration_in_days`, the reference's double, as a Decimal. */
  readonly single_day_price: Decimal;
  /** Unrounded fee in cents (the reference's double `days × single_day_price`, as a Decimal). */
  readonly precise_amount_cents: Decimal;
  /** `precise_amount_cents` rounded half away from zero. */
  readonly amount_cents: bigint;
}

/**
 * The plan fee of one invoice: full amount, or `days × single_day_price` for a partial
 * period, a trial ending inside it, an upgrade or a termination.
 *
 * @example
 * // 100 cents, weekly calendar, started Wed 2022-06-22: 5 of 7 days → 71.43 → 71
 * planFee({ rule: "first_period", amount_cents: 100n, period: [2022-06-22, 2022-06-27), … }).amount_cents //=> 71n
 * @throws ValidationError for an unknown zone, an instant that is not a finite time, a bad
 * schedule, or an amount beyond ±2^53 cents.
 */
export function planFee(input: PlanFeeInput): PlanFee {
  const { rule, period, timezone: tz, schedule } = input;
  new PeriodChecks()
    .instant(period.start, ["period", "start"])
    .instant(period.end, ["period", "end"])
    .zone(tz, ["timezone"])
    .schedule(schedule, ["schedule"])
    .instant(input.trial_end, ["trial_end"], true)
    .done();
  const startDate = dateOf(period.start, tz);
  const priceDate = rule === "upgraded" || rule === "first_period" ? (input.from_date ?? startDate) : startDate;
  const duration = durationInDays(priceDate, schedule);
  const dayPrice = singleDayPrice(input.amount_cents, duration);
  const result = (days: number, precise: number): PlanFee => ({
    rule,
    days,
    duration_in_days: duration,
    single_day_price: floatToDecimal(dayPrice),
    precise_amount_cents: floatToDecimal(precise),
    amount_cents: roundHalfAwayToBigInt(precise),
  });

  let from = period.start;
  const trial = trialStart(input);
  if (trial !== undefined) {
    // The reference compares with its inclusive end, the last second covered.
    if (trial >= period.end - 1000) return result(0, 0);
    if (trial > period.start) from = trial;
  }
  if (rule === "full" && from === period.start) return result(duration, Number(input.amount_cents));
  let days = Math.max(0, prorationDays({ start: from, end: period.end }, tz));
  if (rule === "terminated" && input.terminated_by_upgrade === true) days = Math.max(0, days - 1);
  return result(days, days * dayPrice);
}

/**
 * When the trial ends, as each rule compares it. Rule 4 counts from the trial end's date: the
 * given `trial_end_date` at 00:00 UTC, else the start of the trial end's day in the customer's
 * zone — the reference's figure (Lago's free_trial_billing spec, Asia/Tokyo: a trial ending on
 * 2 April local bills 29 of 30 days). periods.md §6 reads the date as a UTC date; the two agree
 * in UTC and in zones behind it, and only the local date reproduces the spec ahead of UTC.
 */
function trialStart(input: PlanFeeInput): Instant | undefined {
  const end = input.trial_end;
  if (end === null || end === undefined) return undefined;
  if (input.rule !== "first_period") return end;
  return input.trial_end_date != null ? utcMidnight(input.trial_end_date) : startOfDayIn(end, input.timezone);
}
