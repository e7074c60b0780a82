/**
 * Plan changes: upgrade or downgrade, and what each one does (periods.md §8).
 */
import type { Instant } from "../core/instant.js";
import type { PlanInterval } from "./types.js";

/** How many periods of an interval make a year. */
export const PERIODS_PER_YEAR: Readonly<Record<PlanInterval, bigint>> = {
  weekly: 52n,
  monthly: 12n,
  quarterly: 4n,
  semiannual: 2n,
  yearly: 1n,
};

export interface PlanPrice {
  readonly id?: string;
  readonly interval: PlanInterval;
  readonly amount_cents: bigint;
  readonly pay_in_advance: boolean;
}

/** `amount × {52 weekly, 12 monthly, 4 quarterly, 2 semiannual, 1 yearly}`. */
export function yearlyAmountCents(plan: Pick<PlanPrice, "interval" | "amount_cents">): bigint {
  return plan.amount_cents * PERIODS_PER_YEAR[plan.interval];
}

export type PlanChangeKind = "upgrade" | "downgrade" | "none";

/**
 * Same plan (same id) → none; new yearly amount ≥ old → upgrade (equal counts as an
 * upgrade); lower → downgrade. Compares the plans' own `amount_cents`.
 * @example classifyPlanChange({ interval: "monthly", amount_cents: 1000n }, { interval: "yearly", amount_cents: 12000n }) //=> "upgrade"
 */
export function classifyPlanChange(
  from: Pick<PlanPrice, "id" | "interval" | "amount_cents">,
  to: Pick<PlanPrice, "id" | "interval" | "amount_cents">,
): PlanChangeKind {
  if (from.id !== undefined && from.id === to.id) return "none";
  return yearlyAmountCents(to) >= yearlyAmountCents(from) ? "upgrade" : "downgrade";
}

/** What a plan change does to the two subscriptions and the invoice that bills it. */
export interface PlanChangeEffects {
  readonly kind: PlanChangeKind;
  /** The old subscription is terminated at this instant (upgrade: now; downgrade: at the next billing run). */
  readonly old_terminated_at: Instant | "next_billing_run" | null;
  /** The new subscription: `active` from now (upgrade) or `pending` until the switch (downgrade). */
  readonly new_status: "active" | "pending" | null;
  /** The invoice of the change: now + 1 s (upgrade), at the switch (downgrade). */
  readonly invoice_at: Instant | "next_billing_run" | null;
  /** Upgrade of an in-advance old plan: a credit note for the unused days, upgrade day included. */
  readonly old_credit_note: boolean;
  /**
   * The old plan's fee on the change invoice: `terminated_minus_upgrade_day` (arrears,
   * upgrade: period start … upgrade day − 1), `last_period` (arrears, downgrade: its last
   * period in full or first-period prorated) or `none` (in advance: already paid).
   */
  readonly old_fee: "terminated_minus_upgrade_day" | "last_period" | "none";
  /**
   * The new plan's fee on that invoice: `upgraded_amount` (upgrade day → period end ×
   * new single-day price), `first_period` (downgrade), or `none` (arrears plan, or
   * an upgrade into a plan still in trial).
   */
  readonly new_fee: "upgraded_amount" | "first_period" | "none";
}

export interface PlanChangeInput {
  readonly from: PlanPrice;
  readonly to: PlanPrice;
  /** The instant of the change request. */
  readonly at: Instant;
  /** The subscription is still pending (starts in the future): the plan is just replaced. */
  readonly pending?: boolean;
  /** The new plan is in trial at the change (an upgrade then bills no fee for it). */
  readonly new_plan_in_trial?: boolean;
}

/** The consequences of a plan change (periods.md §8.1, §8.2). */
export function planChangeEffects(input: PlanChangeInput): PlanChangeEffects {
  const kind = classifyPlanChange(input.from, input.to);
  if (kind === "none" || input.pending === true) {
    return { kind, old_terminated_at: null, new_status: null, invoice_at: null, old_credit_note: false, old_fee: "none", new_fee: "none" };
  }
  if (kind === "upgrade") {
    return {
      kind,
      old_terminated_at: input.at,
      new_status: "active",
      invoice_at: (input.at + 1000) as Instant,
      old_credit_note: input.from.pay_in_advance,
      old_fee: input.from.pay_in_advance ? "none" : "terminated_minus_upgrade_day",
      new_fee: input.to.pay_in_advance && input.new_plan_in_trial !== true ? "upgraded_amount" : "none",
    };
  }
  return {
    kind,
    old_terminated_at: "next_billing_run",
    new_status: "pending",
    invoice_at: "next_billing_run",
    old_credit_note: false,
    old_fee: input.from.pay_in_advance ? "none" : "last_period",
    new_fee: input.to.pay_in_advance ? "first_period" : "none",
  };
}
