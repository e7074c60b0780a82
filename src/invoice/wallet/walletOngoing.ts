/**
 * Ongoing balances (invoice.md §11.5): the customer's usage not yet paid is netted per fee
 * key and allocated to the wallets that would pay it, largest key first, wallets in
 * paying order; a wallet takes at most its balance, except the last eligible wallet and a
 * wallet with an active threshold rule, which absorb the rest and may go negative.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { type Decimal, ZERO, dec, min, round, toScaledBigInt } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { walletAppliesTo } from "./walletBuckets.js";
import { creditsOfCents } from "./walletCredit.js";
import type { Wallet, WalletAccount } from "./walletTypes.js";

/** A fee as the ongoing balance sees it. */
export interface OngoingFee {
  readonly fee_type: string;
  readonly metric_code: string | null;
  readonly target_wallet_code?: string | null;
  readonly currency: CurrencyCode;
  readonly amount_cents: bigint;
  /** The fee's own rounded tax. */
  readonly taxes_amount_cents: bigint;
  readonly precise_coupons_amount_cents?: Decimal;
}

export interface OngoingUsageInput {
  /** Current-usage fees of the active subscriptions (pay-in-advance charges included). */
  readonly current_usage_fees: readonly OngoingFee[];
  /** Fees of the customer's draft invoices whose total is not 0. */
  readonly draft_invoice_fees: readonly OngoingFee[];
  /** Fees of the progressive-billing invoices of the current periods. */
  readonly progressive_billing_fees: readonly OngoingFee[];
  /** Current-usage fees of pay-in-advance charges (already billed). */
  readonly pay_in_advance_fees: readonly OngoingFee[];
}

export interface OngoingResult {
  /** The accounts, same order, with the ongoing fields refreshed (terminated wallets untouched). */
  readonly accounts: readonly WalletAccount[];
  /** Wallets whose `depleted_ongoing_balance` just became true (webhook `wallet.depleted_ongoing_balance`). */
  readonly depleted: readonly string[];
}

interface Key {
  readonly fee_type: string;
  readonly metric_code: string | null;
  readonly target_wallet_code: string | null;
  readonly currency: CurrencyCode;
  readonly id: string;
}

function keyOf(f: OngoingFee): Key {
  const metric = f.fee_type === "charge" ? f.metric_code : null;
  const target = f.target_wallet_code ?? null;
  return { fee_type: f.fee_type, metric_code: metric, target_wallet_code: target, currency: f.currency, id: JSON.stringify([f.fee_type, metric ?? "", target ?? "", f.currency]) };
}

function nets(input: OngoingUsageInput): Map<string, { key: Key; net: Decimal }> {
  const out = new Map<string, { key: Key; net: Decimal }>();
  const add = (fees: readonly OngoingFee[], value: (f: OngoingFee) => Decimal): void => {
    for (const f of fees) {
      const key = keyOf(f);
      out.set(key.id, { key, net: (out.get(key.id)?.net ?? ZERO).plus(value(f)) });
    }
  };
  const coupons = (f: OngoingFee): Decimal => f.precise_coupons_amount_cents ?? ZERO;
  add(input.current_usage_fees, (f) => dec(f.amount_cents + f.taxes_amount_cents));
  add(input.draft_invoice_fees, (f) => dec(f.amount_cents + f.taxes_amount_cents).minus(coupons(f)));
  add(input.progressive_billing_fees, (f) => dec(f.amount_cents + f.taxes_amount_cents).minus(coupons(f)).neg());
  add(input.pay_in_advance_fees, (f) => dec(f.amount_cents + f.taxes_amount_cents).neg());
  return out;
}

/** True when the wallet has a threshold rule active at `at`. */
export function hasActiveThresholdRule(wallet: Wallet, at: Instant): boolean {
  return wallet.recurring_transaction_rules.some(
    (r) => r.trigger === "threshold" && r.status === "active" && (r.expiration_at === null || r.expiration_at > at),
  );
}

/** Refreshes every active wallet's ongoing balance from the usage (integer columns truncate). */
export function refreshOngoingBalances(accounts: readonly WalletAccount[], input: OngoingUsageInput, at: Instant): OngoingResult {
  const net = nets(input);
  const budgets = new Map<string, Decimal>();
  for (const { key, net: n } of net.values()) budgets.set(key.currency, (budgets.get(key.currency) ?? ZERO).plus(n));
  for (const [c, b] of budgets) if (b.lt(ZERO)) budgets.set(c, ZERO);
  const order = accounts
    .map((a, i) => ({ w: a.wallet, i }))
    .filter(({ w }) => w.status === "active")
    .sort((a, b) => a.w.priority - b.w.priority || a.w.created_at - b.w.created_at || a.i - b.i);
  const alloc = new Map<number, Decimal>(order.map(({ i }) => [i, ZERO]));
  const pool = [...net.values()].filter((x) => x.net.gt(ZERO)).sort((a, b) => b.net.cmp(a.net) || (a.key.id < b.key.id ? -1 : a.key.id > b.key.id ? 1 : 0));
  for (const { key, net: amount } of pool) {
    let remaining = min(amount, budgets.get(key.currency) ?? ZERO);
    const eligible = order.filter(({ w }) => w.currency === key.currency && walletAppliesTo(w, key));
    for (const [n, { w, i }] of eligible.entries()) {
      if (remaining.lte(ZERO)) break;
      const used = alloc.get(i) ?? ZERO;
      let take = remaining;
      if (!hasActiveThresholdRule(w, at) && n !== eligible.length - 1) {
        const room = dec(w.balance_cents).minus(used);
        if (room.lte(ZERO)) continue;
        take = min(remaining, room);
      }
      alloc.set(i, used.plus(take));
      remaining = remaining.minus(take);
      budgets.set(key.currency, (budgets.get(key.currency) ?? ZERO).minus(take));
    }
  }
  const depleted: string[] = [];
  const out = accounts.map((a, i) => {
    const used = alloc.get(i);
    if (used === undefined) return a;
    const w = a.wallet;
    const usage = toScaledBigInt(round(used, 0, "down"), 0);
    const ongoing = w.balance_cents - usage;
    const flag = ongoing <= 0n;
    if (flag && !w.depleted_ongoing_balance) depleted.push(w.svc_id);
    const wallet: Wallet = {
      ...w,
      ongoing_usage_balance_cents: usage,
      ongoing_balance_cents: ongoing,
      credits_ongoing_usage_balance: creditsOfCents(usage, w.rate_amount, w.currency),
      credits_ongoing_balance: creditsOfCents(ongoing, w.rate_amount, w.currency),
      depleted_ongoing_balance: flag,
    };
    return { wallet, transactions: a.transactions };
  });
  return { accounts: out, depleted };
}
