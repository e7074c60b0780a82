/**
 * The vocabulary of billing periods (types and value lists only).
 */
import type { Instant, Period } from "../core/instant.js";
import type { CalendarDate } from "../core/zone.js";

export {
  INTERVALS, BILLING_TIMES, SUBSCRIPTION_STATUSES, type Interval, type BillingTime, type SubscriptionStatus,
} from "../model/vocabulary.js";
import type { BillingTime, Interval, SubscriptionStatus } from "../model/vocabulary.js";

/**
 * How a subscription's periods are laid out: the plan's interval, the billing time and
 * the anchor (the date of `subscription_at` in the customer's zone).
 */
export interface Schedule {
  readonly interval: Interval;
  readonly billing_time: BillingTime;
  readonly anchor: CalendarDate;
}

export interface PeriodPlan {
  readonly interval: Interval;
  readonly pay_in_advance: boolean;
  /** Semiannual and yearly plans only: usage charges are billed every month. `null` = false. */
  readonly bill_charges_monthly?: boolean | null | undefined;
  /** Semiannual and yearly plans only: fixed charges are billed every month. `null` = false. */
  readonly bill_fixed_charges_monthly?: boolean | null | undefined;
}

export interface PeriodSubscription {
  readonly billing_time: BillingTime;
  readonly subscription_at: Instant;
  /** `null` while pending: the six boundaries are then `null`. */
  readonly started_at: Instant | null;
  readonly terminated_at: Instant | null;
  readonly status: SubscriptionStatus;
  /**
   * The subscription that replaces this one, if any (not in the JSON contract, which
   * computes as if there were none). `downgrade`: the change is a downgrade.
   */
  readonly next_subscription?: { readonly downgrade: boolean } | null | undefined;
}

export interface BillingPeriodInput {
  readonly plan: PeriodPlan;
  readonly subscription: PeriodSubscription;
  /** The customer's IANA zone. */
  readonly timezone: string;
  /** The instant of the billing run. */
  readonly billing_at: Instant;
  /** The period containing `billing_at` instead of the one that just ended. */
  readonly current_usage?: boolean | undefined;
}

/**
 * What a billing run covers. Every period is half-open `[start, end)`: `end` is one
 * second after the last second covered (the contract's inclusive `*_to_datetime` is
 * `end − 1 s`; see `src/json/boundaries.ts`). A period may be empty or inverted
 * (`start ≥ end`) when a termination or a late start leaves nothing to bill.
 */
export interface BillingPeriod {
  /** The date of `billing_at` in the customer's zone. */
  readonly billing_date: CalendarDate;
  /** First and last day of the subscription-fee period, before the started/terminated clamps. */
  readonly from_date: CalendarDate;
  readonly to_date: CalendarDate;
  /** Length in days of the whole period holding `from_date` (the single-day-price denominator). */
  readonly duration_in_days: number;
  /** The subscription-fee period (`from_datetime` … `to_datetime`); `null` while pending. */
  readonly period: Period | null;
  /** The usage-charges window; `null` while pending or when this run bills no usage (§2.7). */
  readonly charges_period: Period | null;
  /** The fixed-charges window; `null` while pending or when this run bills no fixed charges. */
  readonly fixed_charges_period: Period | null;
  readonly charges_duration_in_days: number;
  readonly fixed_charges_duration_in_days: number;
  /** Exclusive end of the period containing `billing_date` (plan interval). */
  readonly next_end_of_period: Instant;
  /** Start of the previous period (of the current one in current-usage mode). */
  readonly previous_beginning_of_period: Instant;
}
