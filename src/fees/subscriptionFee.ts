/**
 * The subscription ("plan") fee of one invoice (periods.md §4, §6), as a Fee.
 */
import type { CurrencyCode } from "../core/currency.js";
import { ONE, dec } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { subunitToUnit } from "../core/money.js";
import { ValidationError, issue } from "../core/issue.js";
import { type CalendarDate, dateOf } from "../core/zone.js";
import { type BillingPeriod, type PlanFee, type PlanFeeFacts, type Schedule, planFee, selectPlanFeeRule } from "../period/index.js";
import { lastSecond } from "./_days.js";
import { type FeeIdContext, feeIds, windowParts } from "./feeIds.js";
import type { Fee } from "./types.js";

export interface SubscriptionFeeInput {
  readonly plan: {
    readonly code: string;
    readonly name: string;
    readonly invoice_display_name?: string | null;
    readonly amount_cents: bigint;
    readonly pay_in_advance: boolean;
  };
  /** The subscription's `plan_amount_cents` override, when it has one. */
  readonly plan_amount_cents?: bigint;
  /** The period calculator at the invoice's `billing_at` (not current-usage mode), or the §5 replacement at termination. */
  readonly billing: BillingPeriod;
  readonly schedule: Schedule;
  readonly timezone: string;
  readonly currency: CurrencyCode;
  /** Which §4 rule applies. */
  readonly facts: PlanFeeFacts;
  /** The subscription ends by an upgrade (rule 1 bills one day less). */
  readonly terminated_by_upgrade?: boolean;
  /** `trial_end_datetime`, when the plan has a trial ({@link trialEnd}). */
  readonly trial_end?: Instant | null;
  /** The subscription (and scope) of the fee's id: `svc_id` = stableId("fee", …scope, subscription, "subscription", plan code, from, to). */
  readonly ids?: FeeIdContext;
}

/** The fee with its plan-fee computation, or `undefined` when the subscription is pending. */
export interface SubscriptionFee {
  readonly fee: Fee;
  readonly computation: PlanFee;
}

/**
 * `amount_cents = round(precise)` (half away from zero), units 1, `unit_amount_cents =
 * amount_cents`, `amount_details.plan_amount_cents` = the amount priced, from/to the
 * invoice's subscription period.
 * @example weekly calendar 100 cents started Wed 2022-06-22 → 5 × 100/7 = 71.43 → 71
 */
export function subscriptionFee(input: SubscriptionFeeInput): SubscriptionFee | undefined {
  const period = input.billing.period;
  if (period === null) return undefined;
  const amount = input.plan_amount_cents ?? input.plan.amount_cents;
  const trialEnd = input.trial_end ?? null;
  const computation = planFee({
    rule: selectPlanFeeRule(input.facts),
    amount_cents: amount,
    period,
    timezone: input.timezone,
    schedule: input.schedule,
    from_date: input.billing.from_date,
    terminated_by_upgrade: input.terminated_by_upgrade === true,
    trial_end: trialEnd,
  });
  const cents = computation.amount_cents;
  const toDate = lastSecond(period);
  const ids = feeIds(input.ids, ["subscription", input.plan.code, ...windowParts(period.start, toDate)]);
  // Written whole, ids first (svc_id, then svc_subscription_id when known): a leading spread followed
  // by 15 keys costs ~20 µs on Node 20, and Object.assign would leave a dictionary-mode object.
  const fee: Fee = {
    svc_id: ids.svc_id,
    ...(ids.svc_subscription_id === undefined ? {} : { svc_subscription_id: ids.svc_subscription_id }),
    amount_currency: input.currency,
    units: ONE,
    amount_cents: cents,
    precise_amount_cents: computation.precise_amount_cents,
    unit_amount_cents: cents,
    precise_unit_amount: dec(cents).div(subunitToUnit(input.currency)),
    events_count: 0,
    total_aggregated_units: ONE,
    amount_details: { plan_amount_cents: amount },
    item: { type: "subscription" as const, code: input.plan.code, name: input.plan.name, invoice_display_name: input.plan.invoice_display_name ?? null },
    from_date: period.start,
    to_date: toDate,
    pay_in_advance: input.plan.pay_in_advance,
  };
  return { fee, computation };
}

/** The last instant ECMAScript dates can hold (ms from the epoch, either way). */
const MAX_INSTANT = 8.64e15;

/**
 * `trial_end_datetime = initial_started_at + trial_period days` (fractional days allowed)
 * and its UTC date (`trial_end_date`). `initial_started_at` is the earliest start among the
 * subscriptions with the same external id, so plan changes never restart a trial.
 * @throws ValidationError (`trial_period: value_is_out_of_range`) when that end is past any date.
 */
export function trialEnd(initialStartedAt: Instant, trialPeriodDays: number): { trial_end: Instant; trial_end_date: CalendarDate } | null {
  if (!(trialPeriodDays > 0)) return null;
  const t = (initialStartedAt + Math.round(trialPeriodDays * 86_400_000)) as Instant;
  // Beyond ECMAScript's ±8.64e15 ms (Infinity included) there is no date to give.
  if (!(Math.abs(t) <= MAX_INSTANT)) throw new ValidationError([issue("value_is_out_of_range", ["trial_period"])]);
  return { trial_end: t, trial_end_date: dateOf(t, "UTC") };
}
