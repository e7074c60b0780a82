/**
 * Wallets and wallet transactions as plain data (invoice.md §11). A wallet's evolving
 * state is a {@link WalletAccount} value: the wallet and its transactions, passed in and
 * handed back updated by every wallet rule. Money in minor units is `bigint`; credits and
 * the rate are exact `Decimal`s (decimal(30,5) columns, §0.3).
 */
import type { CurrencyCode } from "../../core/currency.js";
import type { Decimal } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import type { Interval } from "../../model/vocabulary.js";

export type WalletStatus = "active" | "terminated";
export type WalletTransactionStatus = "pending" | "settled" | "failed";
export type WalletTransactionKind = "purchased" | "granted" | "voided" | "invoiced";
export type WalletTransactionType = "inbound" | "outbound";
export type WalletTransactionSource = "manual" | "interval" | "threshold";

/** Lowest priority, the default (§11.1). */
export const DEFAULT_WALLET_PRIORITY = 50;

export interface KeyValue {
  readonly key: string;
  readonly value: string | null;
}

/** A recurring top-up rule (§11.6). Credits are floored to 5 decimals. */
export interface RecurringTransactionRule {
  readonly svc_id: string;
  readonly trigger: "interval" | "threshold";
  readonly method: "fixed" | "target";
  readonly interval: Interval | null;
  readonly threshold_credits: Decimal | null;
  readonly paid_credits: Decimal;
  readonly granted_credits: Decimal;
  readonly target_ongoing_balance: Decimal | null;
  /** Target rules: grant the gap instead of buying it. */
  readonly grants_target_top_up: boolean;
  readonly started_at: Instant | null;
  readonly created_at: Instant;
  readonly expiration_at: Instant | null;
  readonly status: "active" | "terminated";
  readonly invoice_requires_successful_payment: boolean;
  readonly ignore_paid_top_up_limits: boolean;
  readonly transaction_name: string | null;
  readonly transaction_metadata: readonly KeyValue[];
}

/** A wallet (§11.1) with its balances (§11.4, §11.5). */
export interface Wallet {
  readonly svc_id: string;
  readonly svc_customer_id: string;
  readonly external_customer_id: string;
  readonly name: string | null;
  readonly code: string;
  readonly status: WalletStatus;
  readonly currency: CurrencyCode;
  /** Money value of one credit, in currency units (> 0). */
  readonly rate_amount: Decimal;
  /** 1 (first) … 50 (default, last). */
  readonly priority: number;
  /** `applies_to.fee_types`. */
  readonly allowed_fee_types: readonly string[];
  /** `applies_to.billable_metric_codes`. */
  readonly billable_metric_codes: readonly string[];
  readonly paid_top_up_min_amount_cents: bigint | null;
  readonly paid_top_up_max_amount_cents: bigint | null;
  readonly invoice_requires_successful_payment: boolean;
  readonly expiration_at: Instant | null;
  readonly traceable: boolean;
  readonly balance_cents: bigint;
  readonly credits_balance: Decimal;
  readonly consumed_credits: Decimal;
  readonly consumed_amount_cents: bigint;
  readonly ongoing_balance_cents: bigint;
  readonly ongoing_usage_balance_cents: bigint;
  readonly credits_ongoing_balance: Decimal;
  readonly credits_ongoing_usage_balance: Decimal;
  readonly depleted_ongoing_balance: boolean;
  readonly created_at: Instant;
  readonly terminated_at: Instant | null;
  readonly last_balance_sync_at: Instant | null;
  readonly last_consumed_credit_at: Instant | null;
  readonly recurring_transaction_rules: readonly RecurringTransactionRule[];
  readonly transaction_name: string | null;
  readonly transaction_metadata: readonly KeyValue[];
  readonly metadata: Readonly<Record<string, unknown>> | null;
}

/** A wallet transaction (§11.3). */
export interface WalletTransaction {
  readonly svc_id: string;
  readonly svc_wallet_id: string;
  readonly status: WalletTransactionStatus;
  readonly source: WalletTransactionSource;
  readonly transaction_status: WalletTransactionKind;
  readonly transaction_type: WalletTransactionType;
  /** Currency units, at most the currency's exponent decimals. */
  readonly amount: Decimal;
  /** `amount × S`, an integer. */
  readonly amount_cents: bigint;
  /** Credits, 5 decimals. */
  readonly credit_amount: Decimal;
  /** Traceable wallets' inbound transactions only (null otherwise, and while a purchase is pending). */
  readonly remaining_amount_cents: bigint | null;
  readonly priority: number;
  readonly name: string | null;
  readonly invoice_requires_successful_payment: boolean;
  readonly metadata: readonly KeyValue[];
  readonly created_at: Instant;
  readonly settled_at: Instant | null;
  readonly failed_at: Instant | null;
  /** Outbound `invoiced`: the invoice; inbound `purchased`: its credit invoice, once the lead sets it. */
  readonly svc_invoice_id: string | null;
  /** Granted inbound re-crediting a voided invoice (§16). */
  readonly svc_voided_invoice_id: string | null;
  /** Outbound `voided` made by a credit note refunding a credit invoice. */
  readonly svc_credit_note_id: string | null;
}

/** A wallet and all its transactions, oldest first: the state every wallet rule evolves. */
export interface WalletAccount {
  readonly wallet: Wallet;
  readonly transactions: readonly WalletTransaction[];
}

/** What the lead needs to issue the `credit` invoice of a purchased top-up (§1.2, §11.3). */
export interface CreditInvoiceRequest {
  readonly svc_wallet_id: string;
  readonly svc_wallet_transaction_id: string;
  readonly currency: CurrencyCode;
  /** The one untaxed `credit` fee: amount_cents = units × unit_amount_cents. */
  readonly amount_cents: bigint;
  /** Credits bought (the fee's units). */
  readonly units: Decimal;
  /** `rate_amount × S`: the fee's unit amount in minor units (may be fractional). */
  readonly unit_amount_cents: Decimal;
  /** Stay `open` until paid (premium), instead of finalized at once. */
  readonly invoice_requires_successful_payment: boolean;
}
