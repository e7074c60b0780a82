/**
 * Which period a billing run covers (../shared/docs/semantics/periods.md §2).
 */
import type { Instant, Period } from "../core/instant.js";
import { dateOf, startOfDayIn } from "../core/zone.js";
import { daysBetween } from "./_date.js";
import { dayEnd, dayOf, dayStart, roundToSecond, utcMidnight } from "./_instants.js";
import { intervalRules } from "./_intervals/intervalRules.js";
import { monthly } from "./_intervals/monthly.js";
import { windowDates, type WindowDates } from "./_window.js";
import { PeriodChecks } from "./_checks.js";
import { BILLING_TIMES, type BillingPeriod, type BillingPeriodInput, INTERVALS, SUBSCRIPTION_STATUSES } from "./types.js";

const SECOND = 1000;

/**
 * The subscription-fee period, the usage-charges and fixed-charges windows, their
 * durations and the neighbouring boundaries of a billing run at `billing_at`.
 * Periods are half-open; see {@link BillingPeriod}.
 *
 * @throws ValidationError for an unknown time zone (`invalid_timezone`), an instant that is
 * not a finite time (`invalid_timestamp`), or a value outside its union.
 * @example
 * // monthly calendar plan in advance, run on 2022-03-01 (UTC):
 * // period [2022-03-01, 2022-04-01), charges [2022-02-01, 2022-03-01)
 */
export function computeBillingPeriod(input: BillingPeriodInput): BillingPeriod {
  checkInput(input);
  const { plan, subscription: sub, timezone: tz, billing_at: billingAt } = input;
  const currentUsage = input.current_usage === true;
  const rules = intervalRules(plan.interval);
  const billingDate = dayOf(billingAt, tz);
  const isTerminated = sub.status === "terminated" && sub.terminated_at !== null;
  const terminatedBy = (t: Instant): boolean => isTerminated && roundToSecond(sub.terminated_at!) <= roundToSecond(t);

  const flags = {
    billingTime: sub.billing_time,
    anchor: dateOf(sub.subscription_at, tz),
    payInAdvance: plan.pay_in_advance,
    currentUsage,
    hasNext: sub.next_subscription != null,
    downgrade: sub.next_subscription?.downgrade === true,
  };
  const main = windowDates(rules, billingDate, Object.assign({}, flags, { terminated: terminatedBy(billingAt) }));

  // Semiannual and yearly plans may bill charges or fixed charges monthly (§2.7).
  const long = plan.interval === "semiannual" || plan.interval === "yearly";
  const chargesMonthly = long && plan.bill_charges_monthly === true;
  const fixedMonthly = long && plan.bill_fixed_charges_monthly === true;
  // Quirk of the reference: inside the monthly window the termination is tested against
  // 00:00 UTC of the billing date, not against the billing instant.
  const monthlyWindow =
    chargesMonthly || fixedMonthly
      ? windowDates(monthly, billingDate, Object.assign({}, flags, { terminated: terminatedBy(utcMidnight(billingDate)) }))
      : main;
  const charges = chargesMonthly ? monthlyWindow : main;
  const fixed = fixedMonthly ? monthlyWindow : main;
  const anchor = rules.anchorFor(sub.billing_time, flags.anchor);
  // "First month of the period": the monthly period of the run starts in a billing month.
  const monthsIn = (monthly.periodStart(billingDate, anchor).month - anchor.month + 12) % 12;
  const firstMonth = long && monthsIn % rules.months === 0;

  const started = sub.started_at;
  const window = (w: WindowDates): Period | null => (started === null ? null : chargesWindow(w, started, input));
  const current = rules.periodStart(billingDate, anchor);
  return {
    billing_date: billingDate,
    from_date: main.from,
    to_date: main.to,
    duration_in_days: daysBetween(main.from, main.to) + 1,
    period: started === null ? null : feePeriod(main, started, terminatedBy(billingAt), input),
    charges_period: fixedMonthly && !chargesMonthly && !firstMonth && !currentUsage ? null : window(charges),
    fixed_charges_period: chargesMonthly && !fixedMonthly && !firstMonth ? null : window(fixed),
    charges_duration_in_days: charges.chargesDuration,
    fixed_charges_duration_in_days: fixed.chargesDuration,
    next_end_of_period: dayEnd(rules.periodEnd(current, anchor), tz),
    previous_beginning_of_period: dayStart(rules.periodStart(main.base, anchor), tz),
  };
}

function checkInput(input: BillingPeriodInput): void {
  const sub = input.subscription;
  new PeriodChecks()
    .oneOf(input.plan.interval, INTERVALS, ["plan", "interval"], "invalid_interval")
    .oneOf(sub.billing_time, BILLING_TIMES, ["subscription", "billing_time"], "invalid_billing_time")
    .instant(sub.subscription_at, ["subscription", "subscription_at"])
    .instant(sub.started_at, ["subscription", "started_at"], true)
    .instant(sub.terminated_at, ["subscription", "terminated_at"], true)
    .oneOf(sub.status, SUBSCRIPTION_STATUSES, ["subscription", "status"], "invalid_value")
    .zone(input.timezone, ["timezone"])
    .instant(input.billing_at, ["billing_at"])
    .done();
}

/** §2.4: `from` clamps to the start of the day of `started_at`, `to` to the exact instant. */
function feePeriod(w: WindowDates, started: Instant, terminated: boolean, input: BillingPeriodInput): Period {
  const tz = input.timezone;
  let start = dayStart(w.from, tz);
  if (start < started) start = startOfDayIn(started, tz);
  let end = dayEnd(w.to, tz);
  const cut = roundToSecond(input.subscription.terminated_at ?? (0 as Instant));
  if (terminated && end > cut) end = (cut + SECOND) as Instant;
  if (end - SECOND < started) end = (started + SECOND) as Instant;
  return { start, end };
}

/** §2.5: both ends clamp to exact instants; the termination clamp looks at the status only. */
function chargesWindow(w: WindowDates, started: Instant, input: BillingPeriodInput): Period {
  const tz = input.timezone;
  const { status, terminated_at: terminatedAt } = input.subscription;
  const start = Math.max(dayStart(w.chargesFrom, tz), started) as Instant;
  let end = dayEnd(w.chargesTo, tz);
  // The reference compares with its inclusive end (…23:59:59.999999): a termination at the next
  // period's first instant (a downgrade's switch) is after the window and does not cut it (§8.2).
  if (status === "terminated" && terminatedAt !== null && terminatedAt < end) {
    end = (terminatedAt + SECOND) as Instant;
  }
  if (end - SECOND < started) end = (started + SECOND) as Instant;
  return { start, end };
}
