/**
 * Voiding an invoice gives its wallet consumption back (invoice.md §16), when no credit
 * note is generated: each outbound `invoiced` transaction of the invoice whose wallet is
 * still active is matched by a granted inbound of the same credits, settled at once,
 * naming the voided invoice, lowering the consumed counters. Terminated wallets get nothing.
 */
import type { Instant } from "../../core/instant.js";
import { increaseBalance } from "./walletBalance.js";
import { creditsToMoney } from "./walletCredit.js";
import { appendTransaction, buildTransaction } from "./walletTransactionBuild.js";
import type { WalletAccount, WalletTransaction } from "./walletTypes.js";

export interface RecreditResult {
  readonly account: WalletAccount;
  /** The granted inbound transactions created. */
  readonly transactions: readonly WalletTransaction[];
}

/** Re-credits what `svcInvoiceId` took from this wallet (nothing twice: an invoice already re-credited is skipped). */
export function recreditVoidedInvoice(account: WalletAccount, svcInvoiceId: string, at: Instant): RecreditResult {
  if (account.wallet.status !== "active") return { account, transactions: [] };
  if (account.transactions.some((t) => t.svc_voided_invoice_id === svcInvoiceId)) return { account, transactions: [] };
  const outbound = account.transactions.filter(
    (t) => t.transaction_type === "outbound" && t.transaction_status === "invoiced" && t.svc_invoice_id === svcInvoiceId,
  );
  let acc = account;
  const created: WalletTransaction[] = [];
  for (const o of outbound) {
    const { wallet } = acc;
    const value = creditsToMoney(o.credit_amount, wallet.rate_amount, wallet.currency, true);
    const t = buildTransaction(acc, { kind: "granted", value, at, svc_voided_invoice_id: svcInvoiceId });
    acc = appendTransaction({ wallet: increaseBalance(wallet, t, at, true), transactions: acc.transactions }, t);
    created.push(t);
  }
  return { account: acc, transactions: created };
}
