import { type Instant, parseInstant } from "../../../src/core/instant.js";
import {
  type BillingPeriod, type BillingTime, type Interval, type PeriodSubscription, type PlanFeeFacts, type Schedule,
  computeBillingPeriod, scheduleOf,
} from "../../../src/period/index.js";

export const at = (s: string): Instant => {
  const t = parseInstant(s);
  if (t === undefined) throw new Error(`bad instant ${s}`);
  return t;
};

export const NO_FACTS: PlanFeeFacts = {
  terminated: false, pay_in_advance: false, anniversary: false, upgraded: false, has_next_subscription: false,
  has_previous_subscription: false, previous_upgraded: false, invoices_count: 1, already_billed: false,
  started_in_past: false, started_before_previous_period: false,
};

export interface Run {
  readonly interval: Interval;
  readonly billing_time?: BillingTime;
  readonly pay_in_advance?: boolean;
  readonly subscription_at: string;
  readonly started_at?: string;
  readonly terminated_at?: string;
  readonly billing_at: string;
  readonly timezone?: string;
  readonly current_usage?: boolean;
  readonly next_subscription?: PeriodSubscription["next_subscription"];
}

/** The period calculator for a run, and the subscription's schedule. */
export function run(r: Run): { billing: BillingPeriod; schedule: Schedule; timezone: string } {
  const tz = r.timezone ?? "UTC";
  const billingTime = r.billing_time ?? "calendar";
  const billing = computeBillingPeriod({
    plan: { interval: r.interval, pay_in_advance: r.pay_in_advance === true },
    subscription: {
      billing_time: billingTime,
      subscription_at: at(r.subscription_at),
      started_at: at(r.started_at ?? r.subscription_at),
      terminated_at: r.terminated_at === undefined ? null : at(r.terminated_at),
      status: r.terminated_at === undefined ? "active" : "terminated",
      next_subscription: r.next_subscription ?? null,
    },
    timezone: tz,
    billing_at: at(r.billing_at),
    current_usage: r.current_usage === true,
  });
  return { billing, schedule: scheduleOf(r.interval, billingTime, at(r.subscription_at), tz), timezone: tz };
}
