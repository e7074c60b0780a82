/**
 * The value an alert watches (invoice.md §14.1), from figures the caller computed:
 * current usage, lifetime usage, or the wallet's balances.
 */
import { type Decimal, dec } from "../core/decimal.js";
import type { Alert, WalletBalances } from "./alertTypes.js";

/** A fee as alerts read it: its metric (`item.code`), amount and units. */
export interface AlertFee {
  readonly item: { readonly code: string };
  readonly amount_cents: bigint;
  readonly units: Decimal;
}

export interface AlertMeasures {
  /** Current usage without taxes (§13.1): its `amount_cents` and fees. */
  readonly current_usage?: { readonly amount_cents: bigint; readonly fees: readonly AlertFee[] };
  /** Lifetime usage (§12.2) `total_amount_cents`. */
  readonly lifetime_usage_amount_cents?: bigint;
  /** Fees of the usage since the subscription started (`billable_metric_lifetime_usage_units`). */
  readonly lifetime_fees?: readonly AlertFee[];
  readonly wallet?: WalletBalances;
}

/**
 * The measured value, or `null` when there is none: a metric with no fee (not in the
 * plan), or the figures this type needs were not given. `null` means the alert is left as is.
 * Metric types take the **max** over the metric's fees (amount or units).
 */
export function alertValue(alert: Pick<Alert, "alert_type" | "billable_metric">, m: AlertMeasures): Decimal | null {
  const metric = alert.billable_metric?.code;
  const ofMetric = (fees: readonly AlertFee[] | undefined): readonly AlertFee[] => (fees ?? []).filter((f) => f.item.code === metric);
  switch (alert.alert_type) {
    case "current_usage_amount":
      return m.current_usage === undefined ? null : dec(m.current_usage.amount_cents);
    case "billable_metric_current_usage_amount":
      return maxOf(ofMetric(m.current_usage?.fees).map((f) => dec(f.amount_cents)));
    case "billable_metric_current_usage_units":
      return maxOf(ofMetric(m.current_usage?.fees).map((f) => f.units));
    case "lifetime_usage_amount":
      return m.lifetime_usage_amount_cents === undefined ? null : dec(m.lifetime_usage_amount_cents);
    case "billable_metric_lifetime_usage_units":
      return maxOf(ofMetric(m.lifetime_fees).map((f) => f.units));
    case "wallet_balance_amount":
      return m.wallet === undefined ? null : dec(m.wallet.balance_cents);
    case "wallet_credits_balance":
      return m.wallet?.credits_balance ?? null;
    case "wallet_ongoing_balance_amount":
      return m.wallet === undefined ? null : dec(m.wallet.ongoing_balance_cents);
    case "wallet_credits_ongoing_balance":
      return m.wallet?.credits_ongoing_balance ?? null;
  }
}

function maxOf(xs: readonly Decimal[]): Decimal | null {
  let best: Decimal | null = null;
  for (const x of xs) if (best === null || x.gt(best)) best = x;
  return best;
}
