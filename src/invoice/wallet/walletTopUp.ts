/**
 * `create_wallet_transaction` (and the initial top-ups of `create_wallet`), invoice.md
 * §11.3: a purchase (pending, settled when its `credit` invoice is paid), then a grant
 * (settled at once), then a void (settled at once); each amount floored to 5 decimals, a
 * zero amount creating nothing.
 */
import { type Decimal, ZERO } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { type Issue, type Result, fail, issue, ok } from "../../core/issue.js";
import { subunitToUnit } from "../../core/money.js";
import { increaseBalance } from "./walletBalance.js";
import { creditsToMoney, floorCredits } from "./walletCredit.js";
import { voidWalletCents, voidWalletCredits } from "./walletVoid.js";
import { appendTransaction, buildTransaction } from "./walletTransactionBuild.js";
import {
  type CreditInvoiceRequest,
  DEFAULT_WALLET_PRIORITY,
  type KeyValue,
  type WalletAccount,
  type WalletTransaction,
  type WalletTransactionSource,
} from "./walletTypes.js";

/** A checked `create_wallet_transaction` body (credits unfloored, as sent). */
export interface WalletTransactionRequest {
  readonly paid_credits: Decimal | null;
  readonly granted_credits: Decimal | null;
  readonly voided_credits: Decimal | null;
  readonly source?: WalletTransactionSource;
  readonly priority?: number;
  readonly name?: string | null;
  readonly metadata?: readonly KeyValue[];
  /** The call's value when it gives one (`true` or `false`); otherwise the wallet's setting (invoice.md §11.3). */
  readonly invoice_requires_successful_payment?: boolean | null;
  readonly ignore_paid_top_up_limits?: boolean;
  readonly reset_consumed_credits?: boolean;
  /**
   * Traceable wallets: the inbound transaction the void takes from (`voided_credits` of it, or,
   * without them, its whole remaining amount), checked by the caller to exist with a remainder.
   */
  readonly voided_transaction_id?: string;
}

export interface WalletTopUpResult {
  readonly account: WalletAccount;
  /** The transactions created, in creation order. */
  readonly transactions: readonly WalletTransaction[];
  /** One `credit` invoice to issue per purchase. */
  readonly credit_invoices: readonly CreditInvoiceRequest[];
}

/**
 * Creates the transactions of one call, or refuses the whole call: `wallet_id:
 * wallet_is_terminated`; `paid_credits: amount_below_minimum | amount_above_maximum` (unless
 * `ignore_paid_top_up_limits`); `<field>: amount_rounds_to_zero` for a non-zero paid or
 * granted amount worth 0 cents; `voided_credits: insufficient_credits` above `credits_balance`;
 * `amount_cents: exceeds_remaining_transaction_amount` for a void of a named grant above its remainder.
 */
export function walletTopUp(account: WalletAccount, req: WalletTransactionRequest, at: Instant): Result<WalletTopUpResult> {
  const { wallet } = account;
  const issues: Issue[] = [];
  if (wallet.status !== "active") issues.push(issue("wallet_is_terminated", ["wallet_id"]));
  const paid = floorCredits(req.paid_credits ?? ZERO);
  const granted = floorCredits(req.granted_credits ?? ZERO);
  const voided = floorCredits(req.voided_credits ?? ZERO);
  const paidValue = creditsToMoney(paid, wallet.rate_amount, wallet.currency, true);
  const grantedValue = creditsToMoney(granted, wallet.rate_amount, wallet.currency, true);
  if (paid.gt(ZERO)) {
    if (paidValue.amount_cents === 0n) issues.push(issue("amount_rounds_to_zero", ["paid_credits"]));
    else if (req.ignore_paid_top_up_limits !== true) {
      const { paid_top_up_min_amount_cents: lo, paid_top_up_max_amount_cents: hi } = wallet;
      if (lo !== null && paidValue.amount_cents < lo) issues.push(issue("amount_below_minimum", ["paid_credits"]));
      else if (hi !== null && paidValue.amount_cents > hi) issues.push(issue("amount_above_maximum", ["paid_credits"]));
    }
  }
  if (granted.gt(ZERO) && grantedValue.amount_cents === 0n) issues.push(issue("amount_rounds_to_zero", ["granted_credits"]));
  if (req.voided_credits !== null && req.voided_credits.gt(wallet.credits_balance))
    issues.push(issue("insufficient_credits", ["voided_credits"]));
  const target = req.voided_transaction_id === undefined ? undefined : account.transactions.find((x) => x.svc_id === req.voided_transaction_id);
  const remaining = target?.remaining_amount_cents ?? 0n;
  // A void of a named grant takes no more than what is left of it (the reference's void check).
  if (target !== undefined && voided.gt(ZERO) && creditsToMoney(voided, wallet.rate_amount, wallet.currency, false).amount_cents > remaining)
    issues.push(issue("exceeds_remaining_transaction_amount", ["amount_cents"]));
  const [first, ...rest] = issues;
  if (first !== undefined) return fail([first, ...rest]);

  const common = {
    at,
    source: req.source ?? "manual",
    priority: req.priority ?? DEFAULT_WALLET_PRIORITY,
    name: req.name ?? null,
    metadata: req.metadata ?? [],
  } as const;
  let acc = account;
  const created: WalletTransaction[] = [];
  const invoices: CreditInvoiceRequest[] = [];
  if (paid.gt(ZERO)) {
    const irsp = req.invoice_requires_successful_payment ?? wallet.invoice_requires_successful_payment;
    const t = buildTransaction(acc, { ...common, kind: "purchased", value: paidValue, invoice_requires_successful_payment: irsp });
    acc = appendTransaction(acc, t);
    created.push(t);
    invoices.push({
      svc_wallet_id: wallet.svc_id,
      svc_wallet_transaction_id: t.svc_id,
      currency: wallet.currency,
      amount_cents: t.amount_cents,
      units: t.credit_amount,
      unit_amount_cents: wallet.rate_amount.times(subunitToUnit(wallet.currency)),
      invoice_requires_successful_payment: irsp,
    });
  }
  if (granted.gt(ZERO)) {
    const t = buildTransaction(acc, { ...common, kind: "granted", value: grantedValue });
    acc = { wallet: increaseBalance(acc.wallet, t, at, req.reset_consumed_credits === true), transactions: acc.transactions };
    acc = appendTransaction(acc, t);
    created.push(t);
  }
  const named = target === undefined ? common : Object.assign({}, common, { svc_inbound_transaction_id: target.svc_id });
  const v = target !== undefined && req.voided_credits === null ? voidWalletCents(acc, remaining, at, named) : voidWalletCredits(acc, voided, at, named);
  if (v.transaction !== null) {
    acc = v.account;
    created.push(v.transaction);
  }
  return ok({ account: acc, transactions: created, credit_invoices: invoices });
}

