/**
 * Building one wallet transaction (invoice.md §11.3) with a deterministic id: the
 * `stableId` of the wallet and the transaction's position in the wallet's ledger.
 */
import type { Instant } from "../../core/instant.js";
import { stableId } from "../../core/ids.js";
import type { WalletCreditValue } from "./walletCredit.js";
import {
  DEFAULT_WALLET_PRIORITY,
  type KeyValue,
  type WalletAccount,
  type WalletTransaction,
  type WalletTransactionKind,
  type WalletTransactionSource,
} from "./walletTypes.js";

export interface NewTransaction {
  readonly kind: WalletTransactionKind;
  readonly value: WalletCreditValue;
  readonly at: Instant;
  readonly source?: WalletTransactionSource;
  readonly priority?: number;
  readonly name?: string | null;
  readonly metadata?: readonly KeyValue[];
  readonly invoice_requires_successful_payment?: boolean;
  readonly svc_invoice_id?: string | null;
  readonly svc_voided_invoice_id?: string | null;
  readonly svc_credit_note_id?: string | null;
}

/**
 * The transaction, `pending` for a purchase and `settled` otherwise; a granted inbound of a
 * traceable wallet starts with `remaining_amount_cents = amount_cents`.
 */
export function buildTransaction(account: WalletAccount, n: NewTransaction): WalletTransaction {
  const { wallet } = account;
  const inbound = n.kind === "purchased" || n.kind === "granted";
  const pending = n.kind === "purchased";
  return {
    svc_id: stableId("wallet_transaction", wallet.svc_id, account.transactions.length),
    svc_wallet_id: wallet.svc_id,
    status: pending ? "pending" : "settled",
    source: n.source ?? "manual",
    transaction_status: n.kind,
    transaction_type: inbound ? "inbound" : "outbound",
    amount: n.value.amount,
    amount_cents: n.value.amount_cents,
    credit_amount: n.value.credit_amount,
    remaining_amount_cents: wallet.traceable && n.kind === "granted" ? n.value.amount_cents : null,
    priority: n.priority ?? DEFAULT_WALLET_PRIORITY,
    name: n.name ?? null,
    invoice_requires_successful_payment: n.invoice_requires_successful_payment ?? wallet.invoice_requires_successful_payment,
    metadata: n.metadata ?? [],
    created_at: n.at,
    settled_at: pending ? null : n.at,
    failed_at: null,
    svc_invoice_id: n.svc_invoice_id ?? null,
    svc_voided_invoice_id: n.svc_voided_invoice_id ?? null,
    svc_credit_note_id: n.svc_credit_note_id ?? null,
  };
}

/** The account with one more transaction at the end of its ledger. */
export function appendTransaction(account: WalletAccount, t: WalletTransaction): WalletAccount {
  return { wallet: account.wallet, transactions: [...account.transactions, t] };
}
