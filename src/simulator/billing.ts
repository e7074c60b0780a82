/**
 * The fees one billing run puts on an invoice for one subscription (invoice.md §1.1
 * steps 1–2; periods.md §4–§5, §9): the subscription fee when §5 creates one, then the
 * usage charges the run bills, its fixed charges (fixedCharges.ts), then the recurring
 * pay-in-advance charges' period fees (the fee order of invoice.md §1.1).
 */
import type { Instant } from "../core/instant.js";
import { dateOf } from "../core/zone.js";
import {
  finalInvoiceContent, firstMonthFacts, inTrialNotEndingToday, subscriptionFee, subscriptionFeeIsCreated, terminationBillingPeriod,
  type UsageCharge, trialEnd, usageChargeFees, usageChargeIsBilled,
} from "../fees/index.js";
import { type BillingPeriod, type BillingPeriodInput, computeBillingPeriod, scheduleOf } from "../period/index.js";
import { runFixedChargeFees } from "./fixedCharges.js";
import { type EventLog, windowEvents } from "./eventStore.js";
import type { BilledFee, SubscriptionRun } from "./runs.js";

export interface RunResult {
  readonly fees: readonly BilledFee[];
  readonly billing: BillingPeriod;
}


/** The period input of a run, with the subscription as it is at the run. */
export function periodInput(run: SubscriptionRun, timezone: string): BillingPeriodInput {
  const s = run.subscription;
  const p = s.plan;
  return {
    plan: { interval: p.interval, pay_in_advance: p.pay_in_advance, bill_charges_monthly: p.bill_charges_monthly, bill_fixed_charges_monthly: p.bill_fixed_charges_monthly },
    subscription: {
      billing_time: s.billing_time,
      subscription_at: s.subscription_at,
      started_at: s.started_at,
      terminated_at: run.reason === "terminating" ? s.terminated_at : null,
      status: run.reason === "terminating" ? "terminated" : "active",
      next_subscription: s.next === null ? null : { downgrade: s.change === "downgrade" },
    },
    timezone,
    billing_at: run.at,
    // An upgraded subscription's final run: the running period, cut at the upgrade (§8.1).
    ...(run.reason === "terminating" && s.change === "upgrade" ? { current_usage: true } : {}),
  };
}

/**
 * The fees of `run`. `events` are the subscription's events (its external id).
 */
/** What other invoices already billed for the subscription (the one being built excluded). */
export interface RunHistory {
  readonly invoices_count: number;
  /** Local days ({@link dayKey}) on which a subscription fee of the subscription was billed. */
  readonly subscription_fee_days: readonly string[];
  /** The previous period has an invoice (termination, periods.md §5). */
  readonly previous_period_billed: boolean;
}

export function billRun(run: SubscriptionRun, timezone: string, events: EventLog, history: RunHistory): RunResult {
  const s = run.subscription;
  const plan = s.plan;
  const input = periodInput(run, timezone);
  const schedule = scheduleOf(plan.interval, s.billing_time, s.subscription_at, timezone);
  if (run.reason === "progressive_billing") return progressiveRun(run, input, timezone, events);
  const billing = run.reason === "terminating" && s.change === null
    ? terminationBillingPeriod({ period: input, schedule, previous_period_billed: history.previous_period_billed })
    : computeBillingPeriod(input);
  if (run.reason === "in_advance_charge") return { fees: [], billing };
  const content = run.reason === "terminating" ? finalInvoiceContent(plan.pay_in_advance, s.on_termination_invoice) : null;
  if (run.reason === "terminating" && content === null) return { fees: [], billing };
  const fees: BilledFee[] = [];
  const startedAt = s.started_at ?? run.at;
  const trial = trialEnd(s.initial_started_at ?? startedAt, plan.trial_period);
  const status = run.reason === "terminating" ? "terminated" : "active";
  const billingDate = dateOf(run.at, timezone);
  const months = firstMonthFacts(billingDate, schedule, startedAt, timezone);
  const startedInPast = dayOrder(startedAt) < dayOrder(s.created_at);
  const created = subscriptionFeeIsCreated({
    pay_in_advance: plan.pay_in_advance,
    interval: plan.interval,
    status,
    terminated_at: s.terminated_at,
    invoice_created_at: run.at,
    billed_on_other_invoice_same_day: history.subscription_fee_days.includes(dayKey(run.at, timezone)),
    ever_billed: history.subscription_fee_days.length > 0,
    started_in_past: startedInPast,
    ...months,
    in_trial_not_ending_today: inTrialNotEndingToday(trial?.trial_end, run.at, timezone),
    // An arrears plan is on a starting invoice only for its pay-in-advance fixed charges.
    advance_fixed_charges_starting_invoice: run.reason === "starting" && !plan.pay_in_advance,
  });
  if (created && (content === null || content.subscription_fee)) {
    const fee = subscriptionFee({
      plan: { code: plan.code, name: plan.name, amount_cents: plan.amount_cents, pay_in_advance: plan.pay_in_advance, invoice_display_name: plan.invoice_display_name ?? null },
      billing,
      schedule,
      timezone,
      currency: plan.currency,
      facts: {
        terminated: status === "terminated",
        pay_in_advance: plan.pay_in_advance,
        anniversary: s.billing_time === "anniversary",
        upgraded: s.change === "upgrade",
        has_next_subscription: s.next !== null,
        has_previous_subscription: s.previous !== null,
        previous_upgraded: s.previous?.change === "upgrade",
        invoices_count: history.invoices_count + 1,
        already_billed: history.subscription_fee_days.length > 0,
        started_in_past: startedInPast,
        started_before_previous_period: startedAt < billing.previous_beginning_of_period,
      },
      trial_end: trial?.trial_end ?? null,
      terminated_by_upgrade: run.reason === "terminating" && s.change === "upgrade",
      ids: { subscription_id: s.svc_id },
    });
    if (fee !== undefined) fees.push({ fee: fee.fee, charge: null });
  }
  // A recurring pay-in-advance charge bills, on a periodic run, the period that starts (its
  // fee is paid ahead, like the plan's); other charges the charges window of the run.
  let advance: BillingPeriod | undefined;
  const advanceWindow = (): BillingPeriod => (advance ??= computeBillingPeriod(Object.assign({}, input, { current_usage: true })));
  const periodFees: BilledFee[] = [];
  if (content === null || content.usage_charges) {
    for (const ch of plan.charges) {
      if (!usageChargeIsBilled({ pay_in_advance: ch.charge.pay_in_advance === true }, ch.metric.recurring === true, run.reason)) continue;
      // A non-invoiceable charge is not on the invoice (invoice.md §1.1: the periodic run walks the
      // invoiceable charges); paid in advance, its renewal fee is billed outside it (advanceCharges.ts,
      // charges.md §16 step 4).
      if (!ch.invoiceable) continue;
      const b = ch.charge.pay_in_advance === true ? advanceWindow() : billing;
      const window = b.charges_period;
      if (window === null) continue;
      for (const fee of usageChargeFees({
        charge: ch.usage,
        metric: ch.metric,
        events: windowEvents(events, ch.metric.recurring === true, window),
        window,
        charges_duration_in_days: b.charges_duration_in_days,
        timezone,
        currency: plan.currency,
        terminated_by_upgrade: run.reason === "terminating" && s.change === "upgrade",
        ids: { subscription_id: s.svc_id },
      })) {
        // A fee the run computes on the invoice is not a pay-in-advance fee (only an event's is).
        if (ch.charge.pay_in_advance === true) periodFees.push({ fee: { ...fee, pay_in_advance: false }, charge: ch });
        else fees.push({ fee, charge: ch });
      }
    }
  }
  if (content === null || content.arrears_fixed_charges) fees.push(...runFixedChargeFees(run, input, billing, timezone));
  fees.push(...periodFees);
  return { fees, billing };
}

/**
 * A progressive-billing run (invoice.md §1.2): the in-arrears invoiceable charges of the
 * current period to date; no subscription fee, no true-up, no commitment.
 */
function progressiveRun(run: SubscriptionRun, input: BillingPeriodInput, timezone: string, events: EventLog): RunResult {
  const billing = computeBillingPeriod(Object.assign({}, input, { current_usage: true }));
  const window = billing.charges_period;
  const fees: BilledFee[] = [];
  if (window === null) return { fees, billing };
  const s = run.subscription;
  for (const ch of s.plan.charges) {
    if (ch.charge.pay_in_advance === true || !ch.invoiceable) continue;
    for (const fee of usageChargeFees({
      charge: withoutMinimum(ch.usage), metric: ch.metric, events: windowEvents(events, ch.metric.recurring === true, window), window,
      charges_duration_in_days: billing.charges_duration_in_days, timezone, currency: s.plan.currency,
      ids: { subscription_id: s.svc_id, scope: ["progressive_billing", run.at] },
    })) fees.push({ fee, charge: ch });
  }
  return { fees, billing };
}

/** The charge without its min-spend (a progressive invoice bills no true-up). */
function withoutMinimum(c: UsageCharge): UsageCharge {
  const { min_amount_cents: _ignored, ...rest } = c;
  return rest;
}

/** The UTC date as a sortable number. */
function dayOrder(t: Instant): number {
  const d = dateOf(t, "UTC");
  return d.year * 10_000 + d.month * 100 + d.day;
}

/** The run's local day, the key of "a subscription fee was billed that day". */
export function dayKey(t: Instant, timezone: string): string {
  const d = dateOf(t, timezone);
  return `${d.year}-${d.month}-${d.day}`;
}
