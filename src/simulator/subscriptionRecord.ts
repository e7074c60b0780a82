/**
 * The subscription record: `newSubscription`, the one factory of a `Subscription` (created,
 * replacing another on a plan change, or made up for a preview), and its JSON.
 */
import type { Decimal } from "../core/decimal.js";
import { formatInstant, type Instant } from "../core/instant.js";
import { dateOf } from "../core/zone.js";
import { trialEnd } from "../fees/index.js";
import { type BillingTime, computeBillingPeriod, formatDate } from "../period/index.js";
import type { Organization } from "./catalogTypes.js";
import type { FixedChargeLedger, SubscriptionStatus as Status, Subscription } from "./state.js";

export interface SubscriptionJson {
  readonly svc_id: string;
  readonly external_id: string;
  readonly external_customer_id: string;
  readonly svc_customer_id: string;
  readonly plan_code: string;
  readonly previous_plan_code: string | null;
  readonly next_plan_code: string | null;
  readonly name: string | null;
  readonly status: Status;
  readonly billing_time: BillingTime;
  readonly subscription_at: string;
  readonly started_at: string | null;
  readonly terminated_at: string | null;
  readonly canceled_at: string | null;
  readonly ending_at: string | null;
  readonly trial_ended_at: string | null;
  readonly on_termination_credit_note: string | null;
  readonly on_termination_invoice: string;
  readonly created_at: string;
  readonly downgrade_plan_date: string | null;
  readonly current_billing_period_started_at: string | null;
  readonly current_billing_period_ending_at: string | null;
  readonly plan_amount_cents: number;
  readonly plan_amount_currency: string;
  readonly applied_invoice_custom_sections: readonly never[];
  readonly payment_method: { readonly payment_method_type: "provider"; readonly payment_method_id: null };
  readonly progressive_billing_disabled: boolean;
  readonly consolidate_invoice: boolean;
  readonly purchase_order_number: null;
  readonly cancellation_reason: null;
  readonly activated_at: string | null;
  readonly activation_rules: readonly never[];
}

/** What a new subscription is made of; left out, it is pending, not started and with no previous one. */
export type NewSubscriptionFields =
  & Pick<Subscription, "svc_id" | "external_id" | "customer" | "plan" | "name" | "billing_time" | "subscription_at" | "created_at" | "billed_until">
  & Partial<Pick<Subscription, "status" | "started_at" | "initial_started_at" | "previous" | "ending_at">>
  & {
    /** Its own fixed-charge state (a preview has none): the start units, no change yet, no own taxes, and the ledger. */
    readonly fixed_charges?: { readonly start_units: ReadonlyMap<string, Decimal>; readonly ledger: FixedChargeLedger | undefined };
  };

/** A subscription record not yet terminated, canceled, changed nor billed in trial. */
export function newSubscription(fields: NewSubscriptionFields): Subscription {
  const { fixed_charges: fixed, ...given } = fields;
  return {
    status: "pending",
    started_at: null,
    terminated_at: null,
    canceled_at: null,
    on_termination_invoice: "generate",
    on_termination_credit_note: null,
    termination_options: { invoice: null, credit_note: null },
    initial_started_at: null,
    trial_billing_at: null,
    previous: null,
    next: null,
    change: null,
    ending_at: null,
    ...given,
    ...(fixed === undefined ? {} : {
      fixed_charge_start_units: fixed.start_units,
      fixed_charge_changes: [],
      ...(fixed.ledger === undefined ? {} : { fixed_charge_ledger: fixed.ledger }),
    }),
  };
}

/**
 * The subscription as the service shows it at `now` (the clock; `trial_ended_at` is set once
 * its trial, counted from the first start under its external id, has ended by then).
 */
export function subscriptionJson(s: Subscription, now: Instant, org: Organization): SubscriptionJson {
  const t = (x: Instant | null): string | null => (x === null ? null : formatInstant(x));
  const tz = s.customer.timezone ?? org.timezone;
  const period = currentPeriod(s, now, tz);
  const downgrading = s.next !== null && s.next.status === "pending" && s.change === "downgrade";
  return {
    svc_id: s.svc_id,
    external_id: s.external_id,
    external_customer_id: s.customer.external_id,
    svc_customer_id: s.customer.svc_id,
    plan_code: s.plan.code,
    previous_plan_code: s.previous?.plan.code ?? null,
    next_plan_code: s.next?.plan.code ?? null,
    name: s.name,
    status: s.status,
    billing_time: s.billing_time,
    subscription_at: formatInstant(s.subscription_at),
    started_at: t(s.started_at),
    terminated_at: t(s.terminated_at),
    canceled_at: t(s.canceled_at),
    ending_at: t(s.ending_at),
    trial_ended_at: t(trialEndedAt(s, now)),
    on_termination_credit_note: s.on_termination_credit_note,
    on_termination_invoice: s.on_termination_invoice,
    created_at: formatInstant(s.created_at),
    // The switch happens when the current subscription period ends (periods.md §8); once made, the
    // old record shows the (UTC) day its successor started, as the reference's subscription does.
    downgrade_plan_date: downgrading && period !== null ? formatDate(dateOf(period.next_end_of_period as Instant, tz))
      : s.change === "downgrade" && s.next !== null && s.next.status === "active" && s.next.started_at !== null ? formatInstant(s.next.started_at).slice(0, 10) : null,
    current_billing_period_started_at: period?.charges_period == null ? null : formatInstant(period.charges_period.start),
    current_billing_period_ending_at: period?.charges_period == null ? null : formatInstant((period.charges_period.end - 1000) as Instant),
    plan_amount_cents: Number(s.plan.amount_cents),
    plan_amount_currency: s.plan.currency,
    applied_invoice_custom_sections: [],
    payment_method: { payment_method_type: "provider", payment_method_id: null },
    progressive_billing_disabled: s.progressive_billing_disabled === true,
    consolidate_invoice: true,
    purchase_order_number: null,
    cancellation_reason: null,
    activated_at: t(s.started_at),
    activation_rules: [],
  };
}

/**
 * {@link subscriptionJson}, the object shared by every caller that asks at the same `now` while
 * nothing it reads changed (an invoice's embedded subscriptions: each invoice of a subscription
 * shows it, and the result's list too). Callers must not change the object (webhooks and
 * responses that add keys use {@link subscriptionJson}).
 */
export function sharedSubscriptionJson(s: Subscription, now: Instant, org: Organization): SubscriptionJson {
  const deps = subscriptionJsonDeps(s);
  const hit = renderedSubscriptions.get(s);
  if (hit !== undefined && hit.now === now && hit.org === org && hit.deps.every((d, i) => d === deps[i])) return hit.json;
  const json = subscriptionJson(s, now, org);
  renderedSubscriptions.set(s, { now, org, deps, json });
  return json;
}

const renderedSubscriptions = new WeakMap<Subscription, { readonly now: Instant; readonly org: Organization; readonly deps: readonly unknown[]; readonly json: SubscriptionJson }>();

/** Everything {@link subscriptionJson} reads of the subscription (beside `now` and the organization). */
function subscriptionJsonDeps(s: Subscription): unknown[] {
  return [
    s.svc_id, s.external_id, s.customer, s.customer.external_id, s.customer.svc_id, s.customer.timezone, s.plan, s.previous, s.previous?.plan,
    s.next, s.next?.plan, s.next?.status, s.change, s.name, s.status, s.billing_time, s.subscription_at, s.started_at, s.terminated_at,
    s.canceled_at, s.ending_at, s.initial_started_at, s.on_termination_credit_note, s.on_termination_invoice, s.created_at,
  ];
}

/**
 * The period calculator in current-usage mode at `max(now, start)` (objects.md §7): a pending
 * subscription shows its first period, a terminated one its last, clamped at its termination;
 * a canceled one (never started) none.
 */
function currentPeriod(s: Subscription, now: Instant, tz: string): ReturnType<typeof computeBillingPeriod> | null {
  if (s.status === "canceled") return null;
  const start = s.started_at ?? s.subscription_at;
  const at = (s.terminated_at !== null ? Math.min(s.terminated_at, Math.max(now, start)) : Math.max(now, start)) as Instant;
  const p = s.plan;
  return computeBillingPeriod({
    plan: { interval: p.interval, pay_in_advance: p.pay_in_advance, bill_charges_monthly: p.bill_charges_monthly, bill_fixed_charges_monthly: p.bill_fixed_charges_monthly },
    subscription: { billing_time: s.billing_time, subscription_at: s.subscription_at, started_at: s.started_at ?? start, terminated_at: s.terminated_at, status: s.status === "pending" ? "active" : s.status },
    timezone: tz,
    billing_at: at,
    current_usage: true,
  });
}

/** When the trial of `s` ended, if it has by `now` (and while it was live). */
function trialEndedAt(s: Subscription, now: Instant): Instant | null {
  if (s.initial_started_at === null) return null;
  const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
  if (trial === null || trial.trial_end > now) return null;
  const end = s.terminated_at ?? s.canceled_at;
  return end !== null && end < trial.trial_end ? null : trial.trial_end;
}
