/**
 * The fee buckets wallets pay from (invoice.md §9) and which wallet may pay which bucket
 * (shared with the ongoing balance, §11.5).
 */
import { type Decimal, ZERO, dec, sum } from "../../core/decimal.js";
import { feeTaxAmounts } from "../tax/feeTaxAmounts.js";
import type { InvoiceFee } from "../types.js";
import type { Wallet } from "./walletTypes.js";

/** A fee as the wallet step sees it. */
export interface PrepaidCreditFee {
  readonly fee: InvoiceFee;
  /** The fee's `taxes_precise_amount_cents` (§2): its unrounded tax; computed from its taxes (§5.2) when absent. */
  readonly taxes_precise_amount_cents?: Decimal;
  /** The event's `target_wallet_code`, when the organization lets events target wallets and the charge accepts it. */
  readonly target_wallet_code?: string | null;
}

/** A group of fees of one `(fee_type, metric, target wallet)` key and the amount wallets may still take from it. */
export interface WalletBucket {
  readonly fee_type: string;
  readonly metric_code: string | null;
  readonly target_wallet_code: string | null;
  readonly amount: Decimal;
}

/** The bucket-side of the eligibility rule of §9. */
export interface BucketKey {
  readonly fee_type: string;
  readonly metric_code: string | null;
  readonly target_wallet_code: string | null;
}

/**
 * May `wallet` pay `key`? A targeted key only by the wallet of that code; otherwise when the
 * key is a charge of one of the wallet's metrics, or of one of its fee types, or when the
 * wallet has neither restriction.
 */
export function walletAppliesTo(wallet: Wallet, key: BucketKey): boolean {
  if (key.target_wallet_code !== null && key.target_wallet_code !== "") return wallet.code === key.target_wallet_code;
  const metricMatch = key.fee_type === "charge" && key.metric_code !== null && wallet.billable_metric_codes.includes(key.metric_code);
  const typeMatch = wallet.allowed_fee_types.includes(key.fee_type);
  const unrestricted = wallet.billable_metric_codes.length === 0 && wallet.allowed_fee_types.length === 0;
  return metricMatch || typeMatch || unrestricted;
}

/**
 * Buckets of §9, largest first (ties: the order their first fee was met). Per fee
 * `cap = (amount − precise_coupons) + taxes_precise − precise_credit_notes`, exact; fees
 * with a zero remainder or a cap ≤ 0 are left out. When `0 < total − Σ buckets ≤ count`,
 * the difference goes to the largest bucket.
 */
export function walletBuckets(fees: readonly PrepaidCreditFee[], totalAmountCents: bigint): WalletBucket[] {
  const byKey = new Map<string, { key: BucketKey; amount: Decimal }>();
  for (const f of fees) {
    const remainder = dec(f.fee.amount_cents).minus(f.fee.precise_coupons_amount_cents);
    if (remainder.eq(ZERO)) continue;
    const tax = f.taxes_precise_amount_cents ?? feeTaxAmounts(f.fee).taxes_precise_amount_cents;
    const cap = remainder.plus(tax).minus(f.fee.precise_credit_notes_amount_cents);
    if (cap.lte(ZERO)) continue;
    const key: BucketKey = {
      fee_type: f.fee.fee_type,
      metric_code: f.fee.fee_type === "charge" ? f.fee.metric_code : null,
      target_wallet_code: f.target_wallet_code ?? null,
    };
    const id = JSON.stringify([key.fee_type, key.metric_code, key.target_wallet_code]);
    const cur = byKey.get(id);
    byKey.set(id, { key, amount: (cur?.amount ?? ZERO).plus(cap) });
  }
  const buckets = [...byKey.values()]
    .map((b, i) => ({ ...b, i }))
    .sort((a, b) => b.amount.cmp(a.amount) || a.i - b.i)
    .map(({ key, amount }): WalletBucket => ({ ...key, amount }));
  const gap = dec(totalAmountCents).minus(sum(buckets.map((b) => b.amount)));
  const largest = buckets[0];
  if (largest !== undefined && gap.gt(ZERO) && gap.lte(dec(buckets.length))) {
    buckets[0] = { ...largest, amount: largest.amount.plus(gap) };
  }
  return buckets;
}
