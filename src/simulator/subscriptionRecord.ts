/**
 * The subscription record: `newSubscription`, the one factory of a `Subscription` (created,
 * replacing another on a plan change, or made up for a preview), and its JSON.
 */
import type { Decimal } from "../core/decimal.js";
import { formatInstant, type Instant } from "../core/instant.js";
import { trialEnd } from "../fees/index.js";
import type { BillingTime } from "../period/index.js";
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
      fixed_charge_taxes: new Map(),
      ...(fixed.ledger === undefined ? {} : { fixed_charge_ledger: fixed.ledger }),
    }),
  };
}

/**
 * The subscription as the service shows it at `now` (the clock; `trial_ended_at` is set once
 * its trial, counted from the first start under its external id, has ended by then).
 */
export function subscriptionJson(s: Subscription, now: Instant): SubscriptionJson {
  const t = (x: Instant | null): string | null => (x === null ? null : formatInstant(x));
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
  };
}

/** When the trial of `s` ended, if it has by `now` (and while it was live). */
function trialEndedAt(s: Subscription, now: Instant): Instant | null {
  if (s.initial_started_at === null) return null;
  const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
  if (trial === null || trial.trial_end > now) return null;
  const end = s.terminated_at ?? s.canceled_at;
  return end !== null && end < trial.trial_end ? null : trial.trial_end;
}
