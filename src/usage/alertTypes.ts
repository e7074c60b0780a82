/**
 * Usage alerts as plain data (invoice.md §14): the nine alert types, their direction and
 * what they attach to, thresholds and the alert's evolving state (`previous_value`).
 */
import type { Decimal } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";

/** §14.1, subscription types first, then wallet types. */
export const ALERT_TYPES = [
  "current_usage_amount",
  "billable_metric_current_usage_amount",
  "billable_metric_current_usage_units",
  "lifetime_usage_amount",
  "billable_metric_lifetime_usage_units",
  "wallet_balance_amount",
  "wallet_credits_balance",
  "wallet_ongoing_balance_amount",
  "wallet_credits_ongoing_balance",
] as const;

export type AlertType = (typeof ALERT_TYPES)[number];

export const WALLET_ALERT_TYPES: readonly AlertType[] = [
  "wallet_balance_amount", "wallet_credits_balance", "wallet_ongoing_balance_amount", "wallet_credits_ongoing_balance",
];

/** Types that need a billable metric (and only those may have one). */
export const METRIC_ALERT_TYPES: readonly AlertType[] = [
  "billable_metric_current_usage_amount", "billable_metric_current_usage_units", "billable_metric_lifetime_usage_units",
];

export type AlertDirection = "increasing" | "decreasing";

export const isAlertType = (x: unknown): x is AlertType => typeof x === "string" && (ALERT_TYPES as readonly string[]).includes(x);
export const isWalletAlertType = (t: AlertType): boolean => WALLET_ALERT_TYPES.includes(t);
export const isMetricAlertType = (t: AlertType): boolean => METRIC_ALERT_TYPES.includes(t);
/** Wallet balances fall: their alerts watch a decreasing value; usage alerts an increasing one. */
export const alertDirection = (t: AlertType): AlertDirection => (isWalletAlertType(t) ? "decreasing" : "increasing");

/** One threshold, as stored: `value` is decimal(30,5). */
export interface AlertThreshold {
  readonly code: string | null;
  readonly value: Decimal;
  readonly recurring: boolean;
}

/** The metric an alert watches, as the caller's catalog knows it (echoed by `alertJson`). */
export interface AlertMetric {
  readonly svc_id: string;
  readonly code: string;
  readonly name?: string;
  readonly aggregation_type?: string;
}

/** The wallet of a wallet alert. */
export interface AlertWallet {
  readonly svc_id: string;
  readonly code: string | null;
}

/** An alert and its state. A new state is returned by `processAlert`; nothing is mutated. */
export interface Alert {
  readonly svc_id: string;
  readonly alert_type: AlertType;
  readonly direction: AlertDirection;
  readonly code: string;
  readonly name: string | null;
  readonly external_customer_id: string | null;
  /** Subscription alerts: the subscription's external id (shared by plan changes). */
  readonly external_subscription_id: string | null;
  readonly wallet: AlertWallet | null;
  readonly billable_metric: AlertMetric | null;
  /** In creation order (the order of `crossed_thresholds` follows it). */
  readonly thresholds: readonly AlertThreshold[];
  /** decimal(30,5); 0 at creation for increasing alerts, the wallet's value for decreasing ones. */
  readonly previous_value: Decimal;
  readonly last_processed_at: Instant | null;
  readonly created_at: Instant;
}

/** A wallet's balances, the values of the wallet alert types. */
export interface WalletBalances {
  readonly balance_cents: bigint;
  readonly credits_balance: Decimal;
  readonly ongoing_balance_cents: bigint;
  readonly credits_ongoing_balance: Decimal;
}

/** A crossed threshold as the `alert.triggered` webhook lists it. */
export interface CrossedThreshold {
  readonly code: string | null;
  readonly value: Decimal;
  readonly recurring: boolean;
}
