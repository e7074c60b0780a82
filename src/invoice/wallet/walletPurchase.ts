/**
 * The end of a purchased top-up (invoice.md §1.1 payments, §11.3): when its `credit`
 * invoice's payment succeeds the pending inbound is settled and the wallet credited (a
 * traceable wallet's inbound then gets its `remaining_amount_cents`); when it fails, the
 * transaction is marked failed and nothing is credited. Anything else is left as is.
 */
import type { Instant } from "../../core/instant.js";
import { increaseBalance } from "./walletBalance.js";
import type { WalletAccount } from "./walletTypes.js";

/** Settles the pending purchase `svcTransactionId` at `at` (payment time). */
export function settlePurchase(account: WalletAccount, svcTransactionId: string, at: Instant): WalletAccount {
  const i = account.transactions.findIndex((t) => t.svc_id === svcTransactionId);
  const t = account.transactions[i];
  if (t === undefined || t.status !== "pending" || t.transaction_status !== "purchased") return account;
  const settled = {
    ...t,
    status: "settled" as const,
    settled_at: at,
    remaining_amount_cents: account.wallet.traceable ? t.amount_cents : null,
  };
  const transactions = account.transactions.map((x, j) => (j === i ? settled : x));
  return { wallet: increaseBalance(account.wallet, t, at), transactions };
}

/** Marks the pending purchase `svcTransactionId` failed at `at`. */
export function failPurchase(account: WalletAccount, svcTransactionId: string, at: Instant): WalletAccount {
  const i = account.transactions.findIndex((t) => t.svc_id === svcTransactionId);
  const t = account.transactions[i];
  if (t === undefined || t.status !== "pending") return account;
  const transactions = account.transactions.map((x, j) => (j === i ? { ...t, status: "failed" as const, failed_at: at } : x));
  return { wallet: account.wallet, transactions };
}
