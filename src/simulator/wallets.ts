/**
 * Prepaid-credit wallets in the simulation (invoice.md §9, §11): the wallet steps, the
 * ledger of transactions in creation order, and the accounts the invoices draw from.
 */
import type { Instant } from "../core/instant.js";
import { ValidationError, type Result } from "../core/issue.js";
import {
  type OngoingFee, type Wallet, type WalletAccount, type WalletTopUpResult, type WalletTransaction,
  parseCreateWallet, parseCreateWalletTransaction, parseUpdateWallet, refreshOngoingBalances, terminateWallet, walletJson, walletTransactionJson,
} from "../invoice/index.js";
import type { Customer } from "./state.js";

export class Wallets {
  /** Every wallet, in creation order (the `$ref` wallet index). */
  accounts: WalletAccount[] = [];
  /** Every transaction, in creation order: `[wallet id, transaction id]`. */
  private readonly log: (readonly [string, string])[] = [];

  of(customer: Customer): WalletAccount[] {
    return this.accounts.filter((a) => a.wallet.svc_customer_id === customer.svc_id);
  }

  find(id: unknown): WalletAccount | undefined {
    return this.accounts.find((a) => a.wallet.svc_id === id);
  }

  /** Replaces accounts by wallet id and logs the new transactions. */
  update(accounts: readonly WalletAccount[], created: readonly WalletTransaction[] = []): void {
    const byId = new Map(accounts.map((a) => [a.wallet.svc_id, a]));
    this.accounts = this.accounts.map((a) => byId.get(a.wallet.svc_id) ?? a);
    for (const t of created) this.log.push([t.svc_wallet_id, t.svc_id]);
  }

  create(body: Record<string, unknown>, customer: Customer | undefined, at: Instant, metricCodes: ReadonlySet<string>): WalletTopUpResult {
    const r = unwrap(parseCreateWallet(body, {
      at,
      customer: customer === undefined ? null : { svc_id: customer.svc_id, external_id: customer.external_id, currency: customer.currency },
      customer_wallets: customer === undefined ? [] : this.of(customer).map((a) => a.wallet),
      wallet_index: this.accounts.length,
      metric_codes: metricCodes,
    }));
    this.accounts.push(r.account);
    for (const t of r.transactions) this.log.push([t.svc_wallet_id, t.svc_id]);
    return r;
  }

  updateWallet(account: WalletAccount, body: Record<string, unknown>, customer: Customer, at: Instant, metricCodes: ReadonlySet<string>): Wallet {
    const wallet = unwrap(parseUpdateWallet(body, account.wallet, { at, metric_codes: metricCodes, customer_wallets: this.of(customer).map((a) => a.wallet) }));
    this.update([{ ...account, wallet }]);
    return wallet;
  }

  transact(body: Record<string, unknown>, at: Instant): WalletTopUpResult {
    const r = unwrap(parseCreateWalletTransaction(body, this.find(body["wallet_id"]) ?? null, at));
    this.update([r.account], r.transactions);
    return r;
  }

  terminate(account: WalletAccount, at: Instant): Wallet {
    const wallet = terminateWallet(account.wallet, at);
    this.update([{ ...account, wallet }]);
    return wallet;
  }

  /** The customer's ongoing balances from its usage so far (§11.5). */
  refreshOngoing(customer: Customer, usage: { current: readonly OngoingFee[]; drafts: readonly OngoingFee[]; advance: readonly OngoingFee[] }, at: Instant): string[] {
    const r = refreshOngoingBalances(this.of(customer), {
      current_usage_fees: usage.current, draft_invoice_fees: usage.drafts, progressive_billing_fees: [], pay_in_advance_fees: usage.advance,
    }, at);
    this.update(r.accounts);
    return [...r.depleted];
  }

  transactionsJson(): unknown[] {
    return this.log.map(([w, t]) => {
      const a = this.find(w)!;
      return walletTransactionJson(a.transactions.find((x) => x.svc_id === t)!, a.wallet);
    });
  }

  walletsJson(): unknown[] {
    return this.accounts.map((a) => walletJson(a.wallet));
  }
}

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new ValidationError(r.issues);
  return r.value;
}
