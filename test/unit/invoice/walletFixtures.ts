/**
 * Builders for the wallet tests: wallets, accounts topped up through the real rules, and
 * invoice fees as the wallet step sees them.
 */
import type { CurrencyCode } from "../../../src/core/currency.js";
import { type Decimal, ZERO, dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { unwrap } from "../../../src/core/issue.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import type { PrepaidCreditFee } from "../../../src/invoice/wallet/walletBuckets.js";
import { settlePurchase } from "../../../src/invoice/wallet/walletPurchase.js";
import { walletTopUp } from "../../../src/invoice/wallet/walletTopUp.js";
import type { Wallet, WalletAccount } from "../../../src/invoice/wallet/walletTypes.js";

export const at = (iso: string): Instant => parseInstant(iso)!;
export const T0 = at("2024-03-01T00:00:00Z");

let n = 0;

/** An empty active wallet (EUR, rate 1, unrestricted, priority 50, not traceable). */
export function wallet(over: Partial<Wallet> = {}): Wallet {
  n++;
  return {
    svc_id: `w_${n}`,
    svc_customer_id: "cus_1",
    external_customer_id: "c1",
    name: null,
    code: `w_${n}`,
    status: "active",
    currency: "EUR",
    rate_amount: dec("1"),
    priority: 50,
    allowed_fee_types: [],
    billable_metric_codes: [],
    paid_top_up_min_amount_cents: null,
    paid_top_up_max_amount_cents: null,
    invoice_requires_successful_payment: false,
    expiration_at: null,
    traceable: false,
    balance_cents: 0n,
    credits_balance: ZERO,
    consumed_credits: ZERO,
    consumed_amount_cents: 0n,
    ongoing_balance_cents: 0n,
    ongoing_usage_balance_cents: 0n,
    credits_ongoing_balance: ZERO,
    credits_ongoing_usage_balance: ZERO,
    depleted_ongoing_balance: false,
    created_at: T0,
    terminated_at: null,
    last_balance_sync_at: null,
    last_consumed_credit_at: null,
    recurring_transaction_rules: [],
    transaction_name: null,
    transaction_metadata: [],
    metadata: null,
    ...over,
  };
}

/** An account whose wallet received `granted` then `paid` credits (the purchase settled). */
export function funded(w: Wallet, granted: string, paid = "0", when: Instant = T0): WalletAccount {
  const r = unwrap(walletTopUp({ wallet: w, transactions: [] }, { paid_credits: dec(paid), granted_credits: dec(granted), voided_credits: null }, when));
  const purchase = r.transactions.find((t) => t.transaction_status === "purchased");
  return purchase === undefined ? r.account : settlePurchase(r.account, purchase.svc_id, when);
}

export interface FeeOpts {
  metric?: string;
  coupons?: string;
  creditNotes?: string;
  taxesPrecise?: string;
  target?: string | null;
  currency?: CurrencyCode;
}

/** A fee for the wallet step: `amount` cents, its coupon and credit-note shares and precise tax. */
export function wfee(feeType: InvoiceFee["fee_type"], amount: number | string, o: FeeOpts = {}): PrepaidCreditFee {
  n++;
  const fee: InvoiceFee = {
    svc_id: `fee_${n}`,
    fee_type: feeType,
    svc_subscription_id: "sub_1",
    plan_code: "p",
    metric_code: o.metric ?? null,
    svc_charge_id: o.metric === undefined ? null : `ch_${o.metric}`,
    amount_cents: BigInt(amount),
    precise_amount_cents: dec(String(amount)),
    units: dec("1"),
    precise_coupons_amount_cents: dec(o.coupons ?? "0"),
    precise_credit_notes_amount_cents: dec(o.creditNotes ?? "0"),
    taxes: [],
    from_date: null,
    to_date: null,
    pay_in_advance: false,
  };
  return { fee, taxes_precise_amount_cents: dec(o.taxesPrecise ?? "0"), target_wallet_code: o.target ?? null };
}

export const d = (x: string): Decimal => dec(x);
