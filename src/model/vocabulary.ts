/**
 * The specification's closed value lists, shared by the schemas (L2) and the rating
 * areas (L3): one definition each.
 */

/** Plan billing intervals. */
export const INTERVALS = ["weekly", "monthly", "quarterly", "semiannual", "yearly"] as const;
export type Interval = (typeof INTERVALS)[number];

/** Subscription `billing_time`. */
export const BILLING_TIMES = ["calendar", "anniversary"] as const;
export type BillingTime = (typeof BILLING_TIMES)[number];

/** Subscription `status` (`incomplete` is named by the reference's period rules). */
export const SUBSCRIPTION_STATUSES = ["active", "pending", "terminated", "canceled", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Billable metric `aggregation_type`. */
export const AGGREGATION_TYPES = [
  "count_agg", "sum_agg", "max_agg", "unique_count_agg", "latest_agg", "weighted_sum_agg", "custom_agg",
] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

/** Charge `charge_model`. */
export const CHARGE_MODELS = [
  "standard", "graduated", "graduated_percentage", "package", "percentage", "volume", "dynamic",
] as const;
export type ChargeModelName = (typeof CHARGE_MODELS)[number];
