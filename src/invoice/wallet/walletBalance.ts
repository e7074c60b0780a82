/**
 * A wallet's balance counters (invoice.md §11.4): a settled inbound raises them, an
 * outbound (invoiced or voided) lowers them and counts as consumed.
 */
import { type Decimal, ZERO, max, round, toScaledBigInt } from "../../core/decimal.js";
import { currencyExponent } from "../../core/currency.js";
import type { Instant } from "../../core/instant.js";
import type { Wallet } from "./walletTypes.js";

/** The money and credits one transaction moves. */
export interface BalanceMove {
  readonly amount_cents: bigint;
  readonly credit_amount: Decimal;
}

/**
 * `balance_cents += amount_cents; credits_balance += credits`. With `resetConsumed`
 * (re-crediting a voided invoice, §16): `consumed_credits = max(0, consumed − credits)`
 * and `consumed_amount_cents = floor(consumed_credits × rate × S)`.
 */
export function increaseBalance(wallet: Wallet, move: BalanceMove, at: Instant, resetConsumed = false): Wallet {
  const next: Wallet = {
    ...wallet,
    balance_cents: wallet.balance_cents + move.amount_cents,
    credits_balance: wallet.credits_balance.plus(move.credit_amount),
    last_balance_sync_at: at,
  };
  if (!resetConsumed) return next;
  const consumed = max(ZERO, wallet.consumed_credits.minus(move.credit_amount));
  const e = currencyExponent(wallet.currency);
  const cents = toScaledBigInt(round(consumed.times(wallet.rate_amount), e, "floor"), e);
  return { ...next, consumed_credits: consumed, consumed_amount_cents: cents };
}

/** `balance −= amount`, `credits −= credits`, `consumed += both`; sets the sync and consumption instants. */
export function decreaseBalance(wallet: Wallet, move: BalanceMove, at: Instant): Wallet {
  return {
    ...wallet,
    balance_cents: wallet.balance_cents - move.amount_cents,
    credits_balance: wallet.credits_balance.minus(move.credit_amount),
    consumed_credits: wallet.consumed_credits.plus(move.credit_amount),
    consumed_amount_cents: wallet.consumed_amount_cents + move.amount_cents,
    last_balance_sync_at: at,
    last_consumed_credit_at: at,
  };
}
