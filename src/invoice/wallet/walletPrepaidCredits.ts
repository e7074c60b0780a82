/**
 * Prepaid credits (wallets) applied to a finalizing invoice, invoice.md §9: the invoice's
 * total after credit notes is paid from the customer's active wallets of its currency,
 * by priority then age, each wallet taking from the buckets it may pay; only the total
 * taken per wallet is rounded.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { type Decimal, ZERO, dec, min } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { decreaseBalance } from "./walletBalance.js";
import { type PrepaidCreditFee, walletAppliesTo, walletBuckets } from "./walletBuckets.js";
import { centsToCredits, roundCents } from "./walletCredit.js";
import { trackConsumption } from "./walletTraceability.js";
import { appendTransaction, buildTransaction } from "./walletTransactionBuild.js";
import type { WalletAccount, WalletTransaction } from "./walletTypes.js";

export interface PrepaidCreditsInput {
  readonly svc_invoice_id: string;
  readonly currency: CurrencyCode;
  /** The invoice's `total_amount_cents` after credit notes (§1.1 (e)). */
  readonly total_amount_cents: bigint;
  readonly fees: readonly PrepaidCreditFee[];
  /** Every wallet of the customer (any status or currency), with its ledger. */
  readonly accounts: readonly WalletAccount[];
  readonly at: Instant;
}

export interface PrepaidCreditsResult {
  readonly prepaid_credit_amount_cents: bigint;
  /** Only when every wallet of the customer is traceable; null when 0. */
  readonly prepaid_granted_credit_amount_cents: bigint | null;
  readonly prepaid_purchased_credit_amount_cents: bigint | null;
  /** `total_amount_cents − prepaid_credit_amount_cents`. */
  readonly total_amount_cents: bigint;
  /** The outbound `invoiced` transactions, one per paying wallet, in paying order. */
  readonly transactions: readonly WalletTransaction[];
  /** `accounts`, same order, updated. */
  readonly accounts: readonly WalletAccount[];
}

/** The wallets that pay, in paying order: active, positive balance, same currency; priority, then creation. */
function payingOrder(input: PrepaidCreditsInput): number[] {
  return input.accounts
    .map((a, i) => ({ w: a.wallet, i }))
    .filter(({ w }) => w.status === "active" && w.balance_cents > 0n && w.currency === input.currency)
    .sort((a, b) => a.w.priority - b.w.priority || a.w.created_at - b.w.created_at || a.i - b.i)
    .map(({ i }) => i);
}

const nullIfZero = (x: bigint): bigint | null => (x === 0n ? null : x);

/** Applies the wallets to the invoice (nothing when its total is ≤ 0, or when wallets already paid this invoice). */
export function applyPrepaidCredits(input: PrepaidCreditsInput): PrepaidCreditsResult {
  const accounts = [...input.accounts];
  const created: WalletTransaction[] = [];
  let paidTotal = 0n;
  let granted = 0n;
  let purchased = 0n;
  const applied = input.accounts.some((a) => a.transactions.some((t) => t.transaction_status === "invoiced" && t.svc_invoice_id === input.svc_invoice_id));
  if (input.total_amount_cents > 0n && !applied) {
    const buckets = walletBuckets(input.fees, input.total_amount_cents).map((b) => ({ ...b }));
    let remaining: Decimal = dec(input.total_amount_cents);
    for (const i of payingOrder(input)) {
      const account = accounts[i]!;
      const balance = dec(account.wallet.balance_cents);
      let taken: Decimal = ZERO;
      for (const b of buckets) {
        if (b.amount.lte(ZERO) || !walletAppliesTo(account.wallet, b)) continue;
        const take = min(min(b.amount, balance.minus(taken)), remaining);
        if (take.lte(ZERO)) continue;
        b.amount = b.amount.minus(take);
        remaining = remaining.minus(take);
        taken = taken.plus(take);
      }
      // Each wallet rounds on its own; the last one never takes more than the integer total left.
      const left = input.total_amount_cents - paidTotal;
      const rounded = roundCents(taken);
      const cents = rounded < left ? rounded : left;
      if (cents <= 0n) continue;
      const { wallet } = account;
      const t = buildTransaction(account, {
        kind: "invoiced",
        value: centsToCredits(cents, wallet.rate_amount, wallet.currency),
        at: input.at,
        svc_invoice_id: input.svc_invoice_id,
      });
      let ledger = account.transactions;
      if (wallet.traceable) {
        const c = trackConsumption(ledger, cents);
        ledger = c.transactions;
        granted += c.granted_cents;
        purchased += c.purchased_cents;
      }
      accounts[i] = appendTransaction({ wallet: decreaseBalance(wallet, t, input.at), transactions: ledger }, t);
      created.push(t);
      paidTotal += cents;
    }
  }
  const traced = input.accounts.length > 0 && input.accounts.every((a) => a.wallet.traceable);
  return {
    prepaid_credit_amount_cents: paidTotal,
    prepaid_granted_credit_amount_cents: traced ? nullIfZero(granted) : null,
    prepaid_purchased_credit_amount_cents: traced ? nullIfZero(purchased) : null,
    total_amount_cents: input.total_amount_cents - paidTotal,
    transactions: created,
    accounts,
  };
}
