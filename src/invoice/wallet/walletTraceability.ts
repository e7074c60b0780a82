/**
 * Traceable wallets (invoice.md §9, §11.3): each outbound consumes the remaining amounts of
 * the wallet's settled inbound transactions, `priority` ascending, granted before
 * purchased, oldest first; the parts consumed are summed by the inbound's kind.
 */
import type { WalletTransaction } from "./walletTypes.js";

export interface Consumption {
  /** The wallet's transactions with the inbound remainders lowered. */
  readonly transactions: readonly WalletTransaction[];
  readonly granted_cents: bigint;
  readonly purchased_cents: bigint;
}

const KIND_ORDER: Readonly<Record<string, number>> = { granted: 0, purchased: 1 };

function available(t: WalletTransaction): boolean {
  return t.transaction_type === "inbound" && t.status === "settled" && (t.remaining_amount_cents ?? 0n) > 0n;
}

/** Consumes `amountCents` from the available inbound transactions (whatever exceeds them stays unmatched). */
export function trackConsumption(transactions: readonly WalletTransaction[], amountCents: bigint): Consumption {
  const order = transactions
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => available(t))
    .sort(
      (a, b) =>
        a.t.priority - b.t.priority ||
        (KIND_ORDER[a.t.transaction_status] ?? 2) - (KIND_ORDER[b.t.transaction_status] ?? 2) ||
        a.t.created_at - b.t.created_at ||
        a.i - b.i,
    );
  const out = [...transactions];
  let left = amountCents;
  let granted = 0n;
  let purchased = 0n;
  for (const { t, i } of order) {
    if (left <= 0n) break;
    const remaining = t.remaining_amount_cents ?? 0n;
    const take = remaining < left ? remaining : left;
    out[i] = { ...t, remaining_amount_cents: remaining - take };
    if (t.transaction_status === "granted") granted += take;
    else purchased += take;
    left -= take;
  }
  return { transactions: out, granted_cents: granted, purchased_cents: purchased };
}
