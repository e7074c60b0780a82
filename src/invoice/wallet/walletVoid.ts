/**
 * Voiding wallet credits (invoice.md §11.3 outbound `voided`): a manual void of credits,
 * or a credit note refunding a credit invoice (in minor units). Settled at once, it lowers
 * the balance and counts as consumed (§11.4); on a traceable wallet it lowers the
 * inbound remainders — the named inbound transaction first when one is given, then the
 * consumption order.
 */
import { type Decimal, ZERO } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { decreaseBalance } from "./walletBalance.js";
import { type WalletCreditValue, centsToCredits, creditsToMoney, floorCredits } from "./walletCredit.js";
import { trackConsumption } from "./walletTraceability.js";
import { appendTransaction, buildTransaction } from "./walletTransactionBuild.js";
import type { KeyValue, WalletAccount, WalletTransaction, WalletTransactionSource } from "./walletTypes.js";

export interface VoidOptions {
  readonly source?: WalletTransactionSource;
  readonly priority?: number;
  readonly name?: string | null;
  readonly metadata?: readonly KeyValue[];
  /** Traceable wallets: the inbound transaction to take from first (a refunded purchase). */
  readonly svc_inbound_transaction_id?: string;
  readonly svc_credit_note_id?: string | null;
}

export interface VoidResult {
  readonly account: WalletAccount;
  /** The outbound `voided` transaction, or null for a zero amount. */
  readonly transaction: WalletTransaction | null;
}

/** Voids `credits` (floored to 5 decimals; kept as asked, worth `rhu(credits × rate, E)`). The caller checks `credits ≤ credits_balance`. */
export function voidWalletCredits(account: WalletAccount, credits: Decimal, at: Instant, opts: VoidOptions = {}): VoidResult {
  const c = floorCredits(credits);
  if (c.lte(ZERO)) return { account, transaction: null };
  return voidValue(account, creditsToMoney(c, account.wallet.rate_amount, account.wallet.currency, false), at, opts);
}

/** Voids `cents` of money (a credit note's refund of a credit invoice): `credits = q5(cents / S / rate)`. */
export function voidWalletCents(account: WalletAccount, cents: bigint, at: Instant, opts: VoidOptions = {}): VoidResult {
  if (cents <= 0n) return { account, transaction: null };
  return voidValue(account, centsToCredits(cents, account.wallet.rate_amount, account.wallet.currency), at, opts);
}

function voidValue(account: WalletAccount, value: WalletCreditValue, at: Instant, opts: VoidOptions): VoidResult {
  const t = buildTransaction(account, { ...opts, kind: "voided", value, at });
  let ledger = account.transactions;
  if (account.wallet.traceable) {
    let left = t.amount_cents;
    const first = ledger.findIndex((x) => x.svc_id === opts.svc_inbound_transaction_id && x.transaction_type === "inbound");
    const named = ledger[first];
    if (named !== undefined && (named.remaining_amount_cents ?? 0n) > 0n) {
      const take = (named.remaining_amount_cents ?? 0n) < left ? (named.remaining_amount_cents ?? 0n) : left;
      ledger = ledger.map((x, i) => (i === first ? { ...x, remaining_amount_cents: (x.remaining_amount_cents ?? 0n) - take } : x));
      left -= take;
    }
    ledger = trackConsumption(ledger, left).transactions;
  }
  return { account: appendTransaction({ wallet: decreaseBalance(account.wallet, t, at), transactions: ledger }, t), transaction: t };
}
