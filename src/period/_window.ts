/**
 * The dates one billing run covers with one set of interval rules (§2.1-§2.5 of the
 * period semantics): the subscription-fee period and the charges window, as days.
 */
import type { CalendarDate } from "../core/zone.js";
import { daysBetween } from "./_date.js";
import type { IntervalRules } from "./_intervals/types.js";
import type { BillingTime } from "./types.js";

export interface WindowFlags {
  readonly billingTime: BillingTime;
  readonly anchor: CalendarDate;
  readonly payInAdvance: boolean;
  readonly currentUsage: boolean;
  /** The subscription counts as terminated for this run. */
  readonly terminated: boolean;
  readonly hasNext: boolean;
  readonly downgrade: boolean;
}

export interface WindowDates {
  /** `base_date`. */
  readonly base: CalendarDate;
  /** Subscription-fee period, unclamped. */
  readonly from: CalendarDate;
  readonly to: CalendarDate;
  /** Charges window, unclamped. */
  readonly chargesFrom: CalendarDate;
  readonly chargesTo: CalendarDate;
  /** Whole-period length from `chargesFrom`. */
  readonly chargesDuration: number;
}

export function windowDates(rules: IntervalRules, billingDate: CalendarDate, f: WindowFlags): WindowDates {
  const anchor = rules.anchorFor(f.billingTime, f.anchor);
  const start = (d: CalendarDate): CalendarDate => rules.periodStart(d, anchor);
  const base = f.currentUsage ? billingDate : rules.previousDate(billingDate, anchor);
  // An arrears plan terminated on this run bills its running period (unless the end comes
  // from a scheduled downgrade, whose switch happens at a period start).
  const terminatedPayInArrears = f.terminated && !f.payInAdvance && !f.downgrade;
  const terminatedForCharges = f.terminated && !f.hasNext;

  const from = f.payInAdvance || terminatedPayInArrears ? start(billingDate) : start(base);
  const to = rules.periodEnd(from, anchor);
  // Advance plans: the fee covers the coming period, the usage the period that ended.
  const chargesFrom = terminatedForCharges ? start(billingDate) : f.payInAdvance ? start(base) : from;
  const chargesTo = rules.periodEnd(chargesFrom, anchor);
  return { base, from, to, chargesFrom, chargesTo, chargesDuration: daysBetween(chargesFrom, chargesTo) + 1 };
}
