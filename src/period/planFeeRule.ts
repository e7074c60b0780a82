/**
 * Which of the four plan-fee rules of periods.md §4 applies (the first that matches).
 */

/**
 * `terminated`: last fee of an arrears plan; `upgraded`: first fee of a subscription
 * that an upgrade created; `full`: the plan amount; `first_period`: prorated from the
 * start of the period.
 */
export type PlanFeeRule = "terminated" | "upgraded" | "full" | "first_period";

export interface PlanFeeFacts {
  readonly terminated: boolean;
  readonly pay_in_advance: boolean;
  readonly anniversary: boolean;
  /** This subscription was ended by an upgrade. */
  readonly upgraded: boolean;
  readonly has_next_subscription: boolean;
  /** This subscription replaced another one (upgrade or downgrade). */
  readonly has_previous_subscription: boolean;
  /** The previous subscription was upgraded into this one. */
  readonly previous_upgraded: boolean;
  /** Non-deleted invoices of this subscription, counting the one being built. */
  readonly invoices_count: number;
  /** A subscription fee of this subscription was created before this invoice. */
  readonly already_billed: boolean;
  /** The UTC date of `started_at` is before the UTC date the subscription was created. */
  readonly started_in_past: boolean;
  /** `started_at < previous_beginning_of_period` at the invoice's billing instant. */
  readonly started_before_previous_period: boolean;
}

export function selectPlanFeeRule(f: PlanFeeFacts): PlanFeeRule {
  if (f.terminated && !f.pay_in_advance && (f.upgraded || !f.has_next_subscription)) return "terminated";
  if (f.has_previous_subscription && f.previous_upgraded && f.invoices_count <= 1) return "upgraded";
  if (
    (f.pay_in_advance && f.anniversary && !f.has_previous_subscription) ||
    f.already_billed ||
    (f.started_in_past && f.pay_in_advance) ||
    (f.started_in_past && f.started_before_previous_period)
  ) {
    return "full";
  }
  return "first_period";
}
