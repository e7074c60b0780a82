/**
 * Whether an invoice carries a subscription fee for a subscription (periods.md §5, §6).
 */
import type { Instant } from "../core/instant.js";
import { type CalendarDate, dateOf } from "../core/zone.js";
import { type Schedule, type SubscriptionStatus, periodContaining } from "../period/index.js";

export interface SubscriptionFeeCreationFacts {
  readonly pay_in_advance: boolean;
  readonly interval: Schedule["interval"];
  readonly status: SubscriptionStatus;
  readonly terminated_at: Instant | null;
  /** When the invoice is created. */
  readonly invoice_created_at: Instant;
  /** A subscription fee of this subscription was created on another invoice on the same issuing day (in the zone). */
  readonly billed_on_other_invoice_same_day: boolean;
  /** A subscription fee of this subscription was ever created. */
  readonly ever_billed: boolean;
  /** The UTC date of `started_at` is before the UTC date the subscription was created. */
  readonly started_in_past: boolean;
  /** Yearly / semiannual: the run falls in the first month of a plan period ({@link firstMonthFacts}). */
  readonly first_month_of_period: boolean;
  /** …of the first plan period of the subscription. */
  readonly first_month_of_first_period: boolean;
  /** In a trial that does not end on the invoice's day ({@link inTrialNotEndingToday}). */
  readonly in_trial_not_ending_today: boolean;
  /** The starting invoice of an arrears plan, which only bills pay-in-advance fixed charges. */
  readonly advance_fixed_charges_starting_invoice: boolean;
}

/** All the conditions of §5 for a subscription fee on this invoice. */
export function subscriptionFeeIsCreated(f: SubscriptionFeeCreationFacts): boolean {
  if (f.pay_in_advance && f.billed_on_other_invoice_same_day) return false;
  if (!longPlanAllows(f)) return false;
  if (f.in_trial_not_ending_today) return false;
  if (f.advance_fixed_charges_starting_invoice) return false;
  if (f.status === "active" || f.status === "incomplete") return true;
  if (f.status !== "terminated") return false;
  return !f.pay_in_advance || (f.terminated_at !== null && f.terminated_at > f.invoice_created_at);
}

/** Yearly and semiannual plans bill their fee only on the first month of a period (or at termination). */
function longPlanAllows(f: SubscriptionFeeCreationFacts): boolean {
  if (f.interval !== "yearly" && f.interval !== "semiannual") return true;
  if (!f.pay_in_advance) return f.status === "terminated" || f.first_month_of_period;
  if (!f.started_in_past) return f.first_month_of_period || !f.ever_billed;
  return f.first_month_of_period && !f.first_month_of_first_period;
}

/**
 * First-month facts of a run on `billing_date`: the monthly period holding it starts
 * the plan period holding it (calendar: January, or January/July; anniversary: the
 * anchor's month, or ± 6 months), and whether that plan period is the one holding
 * `started_at`.
 */
export function firstMonthFacts(billingDate: CalendarDate, schedule: Schedule, startedAt: Instant, timezone: string): { first_month_of_period: boolean; first_month_of_first_period: boolean } {
  const plan = periodContaining(billingDate, schedule);
  const month = periodContaining(billingDate, { ...schedule, interval: "monthly" });
  const first = month.first.year === plan.first.year && month.first.month === plan.first.month;
  const startPeriod = periodContaining(dateOf(startedAt, timezone), schedule);
  return { first_month_of_period: first, first_month_of_first_period: first && sameDay(startPeriod.first, plan.first) };
}

/**
 * Trial: the subscription is in trial at `at` (trial end later than `at`) and the trial
 * does not end on `at`'s date in the zone.
 */
export function inTrialNotEndingToday(trialEnd: Instant | null | undefined, at: Instant, timezone: string, trialEnded = false): boolean {
  if (trialEnd === null || trialEnd === undefined || trialEnded || trialEnd <= at) return false;
  return !sameDay(dateOf(trialEnd, timezone), dateOf(at, timezone));
}

function sameDay(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}
