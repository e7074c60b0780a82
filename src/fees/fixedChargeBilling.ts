/**
 * Which fixed charges an invoice bills, and for which window (periods.md §5, §7).
 */
import type { Period } from "../core/instant.js";
import { type BillingPeriodInput, type SubscriptionStatus, computeBillingPeriod } from "../period/index.js";

export type FixedChargeInvoiceReason = "starting" | "periodic" | "terminating";

/**
 * The window of a fixed charge on a run: arrears → the run's fixed-charges window;
 * advance → the current period (the calculator in current-usage mode at the invoice
 * timestamp). `null` when the run bills no fixed charges or the window is empty.
 */
export function fixedChargeWindow(run: BillingPeriodInput, payInAdvance: boolean): Period | null {
  const w = computeBillingPeriod(Object.assign({}, run, { current_usage: payInAdvance ? true : run.current_usage === true })).fixed_charges_period;
  return w === null || w.start > w.end - 1000 ? null : w;
}

export interface FixedChargeBilledInput {
  readonly reason: FixedChargeInvoiceReason;
  readonly pay_in_advance: boolean;
  readonly status: SubscriptionStatus;
  /** The plan has at least one arrears fixed charge (terminated subscriptions). */
  readonly plan_has_arrears_fixed_charge: boolean;
  /** `terminated_at` is later than the invoice creation. */
  readonly terminated_after_invoice: boolean;
  /**
   * Advance charges: a non-voided invoice already holds a fee of this fixed charge for the
   * same window (to the second) with units > 0 or amount > 0.
   */
  readonly already_billed_for_window: boolean;
}

/**
 * §5: the subscription must be active/incomplete, or terminated with an arrears fixed
 * charge, or terminated after the invoice creation; a starting invoice bills only advance
 * fixed charges; a terminated subscription never bills advance ones; an advance charge
 * already billed for the window (units or amount > 0) is not billed again.
 */
export function fixedChargeIsBilled(f: FixedChargeBilledInput): boolean {
  const live = f.status === "active" || f.status === "incomplete";
  const terminated = f.status === "terminated";
  if (!live && !(terminated && (f.plan_has_arrears_fixed_charge || f.terminated_after_invoice))) return false;
  if (f.reason === "starting" && !f.pay_in_advance) return false;
  if (f.pay_in_advance && (terminated || f.reason === "terminating")) return false;
  return !(f.pay_in_advance && f.already_billed_for_window);
}

/** §5: usage charges on an invoice — not "pay in advance & non-recurring"; recurring advance ones not at termination. */
export function usageChargeIsBilled(charge: { readonly pay_in_advance: boolean }, metricRecurring: boolean, reason: FixedChargeInvoiceReason): boolean {
  if (!charge.pay_in_advance) return reason !== "starting";
  return metricRecurring && reason === "periodic";
}
