/**
 * Billing periods and plan-fee proration: the typed API of the period area.
 */
export {
  INTERVALS,
  BILLING_TIMES,
  SUBSCRIPTION_STATUSES,
  type Interval,
  type BillingTime,
  type SubscriptionStatus,
  type Schedule,
  type PeriodPlan,
  type PeriodSubscription,
  type BillingPeriodInput,
  type BillingPeriod,
} from "./types.js";
export { computeBillingPeriod } from "./billingPeriod.js";
export { formatDate } from "./_date.js";
export {
  type DateRange,
  scheduleOf,
  periodContaining,
  durationInDays,
  previousPeriodDate,
  rangeToPeriod,
} from "./periodDates.js";
export { type BillingClock, isBillingDate, nextBillingBoundary } from "./clock.js";
export { prorationDays, singleDayPrice } from "./proration.js";
export { type PlanFeeRule, type PlanFeeFacts, selectPlanFeeRule } from "./planFeeRule.js";
export { type PlanFeeInput, type PlanFee, planFee } from "./planFee.js";
