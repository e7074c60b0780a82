/**
 * Prepaid-credit wallets in the simulation (invoice.md §9, §11): the wallet steps, the
 * ledger of transactions in creation order, and the accounts the invoices draw from.
 */
import { type Instant, formatInstant } from "../core/instant.js";
import type { Result } from "../core/issue.js";
import {
  type OngoingFee, type Wallet, type WalletAccount, type WalletJsonContext, type WalletTopUpResult, type WalletTransaction,
  parseCreateWallet, parseCreateWalletTransaction, parseUpdateWallet, refreshOngoingBalances, terminateWallet, walletJson, walletTransactionJson,
} from "../invoice/index.js";
import type { Webhook } from "./runs.js";
import type { Customer } from "./state.js";

/** A credit invoice's payment outcome, waiting for the wallet jobs to settle or fail its purchase. */
export interface CreditPayment {
  readonly svc_invoice_id: string;
  readonly status: "succeeded" | "failed";
}

const NONE_CHANGED: ReadonlySet<string> = new Set();

export class Wallets {
  constructor(
    /** What the wallets' objects show beside their own fields (the organization's billing entity). */
    readonly jsonContext: WalletJsonContext,
  ) {}

  /** Every wallet, in creation order (the `$ref` wallet index). */
  readonly accounts: WalletAccount[] = [];
  /** Every transaction, in creation order: `[wallet id, transaction id]`. */
  private readonly log: (readonly [string, string])[] = [];
  /** `wallet_transaction.*` webhooks not yet handed to the simulation's list. */
  webhooks: Webhook[] = [];
  /** Credit invoices paid or failed since the wallet jobs last ran (Lago's prepaid-credit job). */
  payments: CreditPayment[] = [];
  /** Wallets whose balance moved and that carry a threshold rule: to refresh and check (§11.6). */
  readonly checks = new Set<string>();
  /** Wallet id → its place in `accounts` (places never change). */
  private readonly place = new Map<string, number>();
  /** Customer id → the places of its wallets, in creation order. */
  private readonly byCustomer = new Map<string, number[]>();

  of(customer: Customer): WalletAccount[] {
    return (this.byCustomer.get(customer.svc_id) ?? []).map((i) => this.accounts[i]!);
  }

  /** The wallet's place in creation order. */
  placeOf(id: string): number {
    return this.place.get(id) ?? -1;
  }

  find(id: unknown): WalletAccount | undefined {
    const i = typeof id === "string" ? this.place.get(id) : undefined;
    return i === undefined ? undefined : this.accounts[i];
  }

  /** The customers (ids) whose wallet balances changed since the last {@link takeChanged}: their wallet alerts are evaluated (invoice.md §14.3). */
  private readonly changedCustomers = new Set<string>();

  /** Replaces accounts by wallet id and logs the new transactions. */
  update(accounts: readonly WalletAccount[], created: readonly WalletTransaction[] = [], at?: Instant): void {
    // `at`: when the balances moved (a refresh of the ongoing figures, which moves none, may leave it out).
    const moved: Wallet[] = [];
    for (const a of accounts) {
      const i = this.place.get(a.wallet.svc_id);
      if (i === undefined) continue;
      const before = this.accounts[i]!.wallet;
      if (balancesDiffer(before, a.wallet)) this.changedCustomers.add(a.wallet.svc_customer_id);
      if (balanceMoved(before, a.wallet)) moved.push(a.wallet);
      this.accounts[i] = a;
    }
    this.record(created);
    // Every balance increase or decrease is announced after the transactions that made it (contract §4).
    for (const w of moved) this.webhooks.push({ type: "wallet.updated", at: formatInstant(at ?? w.created_at), object: walletJson(w, this.jsonContext, at ?? w.created_at) });
  }

  hasChanged(): boolean {
    return this.changedCustomers.size > 0;
  }

  /** The customers whose wallet balances changed since the last call. */
  takeChanged(): ReadonlySet<string> {
    // Nothing changed (the usual end of an instant): no new set.
    if (this.changedCustomers.size === 0) return NONE_CHANGED;
    const out = new Set(this.changedCustomers);
    this.changedCustomers.clear();
    return out;
  }

  private add(a: WalletAccount): void {
    const i = this.accounts.length;
    this.accounts.push(a);
    this.place.set(a.wallet.svc_id, i);
    const list = this.byCustomer.get(a.wallet.svc_customer_id);
    if (list === undefined) this.byCustomer.set(a.wallet.svc_customer_id, [i]);
    else list.push(i);
  }

  /** Logs new transactions, with their `wallet_transaction.created` webhooks; a balance move queues a threshold check. */
  private record(created: readonly WalletTransaction[]): void {
    for (const t of created) {
      this.log.push([t.svc_wallet_id, t.svc_id]);
      const a = this.find(t.svc_wallet_id)!;
      this.webhooks.push({ type: "wallet_transaction.created", at: formatInstant(t.created_at), object: walletTransactionJson(t, a.wallet, this.jsonContext) });
      if (t.status === "settled") this.queueCheck(a);
    }
  }

  /** Queues a threshold check of the wallet when it has an active threshold rule. */
  queueCheck(a: WalletAccount): void {
    if (a.wallet.status === "active" && a.wallet.recurring_transaction_rules.some((r) => r.trigger === "threshold" && r.status === "active")) this.checks.add(a.wallet.svc_id);
  }

  /** A transaction changed (settled or failed): stored, with its `wallet_transaction.updated` webhook. */
  changed(account: WalletAccount, svcTransactionId: string, at: Instant): void {
    const t = account.transactions.find((x) => x.svc_id === svcTransactionId)!;
    this.webhooks.push({ type: "wallet_transaction.updated", at: formatInstant(at), object: walletTransactionJson(t, account.wallet, this.jsonContext) });
    // The settled purchase raises the balance: announced after its transaction.
    this.update([account], [], at);
    if (t.status === "settled") this.queueCheck(account);
  }

  /** The credit invoice of a purchase: its id on the pending inbound. */
  linkInvoice(svcWalletId: string, svcTransactionId: string, svcInvoiceId: string): void {
    const a = this.find(svcWalletId)!;
    this.update([{ ...a, transactions: a.transactions.map((t) => (t.svc_id === svcTransactionId ? { ...t, svc_invoice_id: svcInvoiceId } : t)) }]);
  }

  /** The purchase a credit invoice bills, with its wallet. */
  purchaseOf(svcInvoiceId: string): { account: WalletAccount; svc_transaction_id: string } | undefined {
    for (const account of this.accounts) {
      const t = account.transactions.find((x) => x.svc_invoice_id === svcInvoiceId && x.transaction_status === "purchased");
      if (t !== undefined) return { account, svc_transaction_id: t.svc_id };
    }
    return undefined;
  }

  /**
   * How many wallets the organization created before the next one (its id's seed). A part of a
   * split simulation (ratecard/parallel) replaces it on its instance: it holds some customers
   * only, and numbers their wallets organization-wide.
   */
  walletIndex(): number {
    return this.accounts.length;
  }

  /** A new wallet (and its top-ups) checked, or the issues that refuse it; nothing changes until {@link create}. */
  checkCreate(body: Record<string, unknown>, customer: Customer | undefined, at: Instant, metricCodes: ReadonlySet<string>): Result<WalletTopUpResult> {
    return parseCreateWallet(body, {
      at,
      customer: customer === undefined ? null : { svc_id: customer.svc_id, external_id: customer.external_id, currency: customer.currency },
      customer_wallets: customer === undefined ? [] : this.of(customer).map((a) => a.wallet),
      wallet_index: this.walletIndex(),
      metric_codes: metricCodes,
    });
  }

  /** A wallet {@link checkCreate} accepted, added with its top-ups. */
  create(r: WalletTopUpResult, at: Instant): void {
    this.add(r.account);
    // `wallet.created` before the initial transactions' entries (contract §4).
    this.webhooks.push({ type: "wallet.created", at: formatInstant(at), object: walletJson(r.account.wallet, this.jsonContext, at) });
    this.changedCustomers.add(r.account.wallet.svc_customer_id);
    this.record(r.transactions);
    // Granted credits settled at creation raise the balance from 0 (contract §4 `wallet.updated`).
    if (r.account.wallet.balance_cents !== 0n) this.webhooks.push({ type: "wallet.updated", at: formatInstant(at), object: walletJson(r.account.wallet, this.jsonContext, at) });
  }

  /** The wallet as an update would leave it, or the issues that refuse it; nothing changes until {@link updateWallet}. */
  checkUpdate(account: WalletAccount, body: Record<string, unknown>, customer: Customer, at: Instant, metricCodes: ReadonlySet<string>): Result<Wallet> {
    return parseUpdateWallet(body, account.wallet, { at, metric_codes: metricCodes, customer_wallets: this.of(customer).map((a) => a.wallet) });
  }

  /** The wallet {@link checkUpdate} made, in place of the account's. */
  updateWallet(account: WalletAccount, wallet: Wallet, at: Instant): void {
    this.update([{ ...account, wallet }], [], at);
    this.webhooks.push({ type: "wallet.updated", at: formatInstant(at), object: walletJson(wallet, this.jsonContext, at) });
  }

  /** A top-up or void (`wallet_id` in the body), or the issues that refuse it, with nothing changed. */
  transact(body: Record<string, unknown>, at: Instant): Result<WalletTopUpResult> {
    const r = parseCreateWalletTransaction(body, this.find(body["wallet_id"]) ?? null, at);
    if (r.ok) this.update([r.value.account], r.value.transactions, at);
    return r;
  }

  terminate(account: WalletAccount, at: Instant): Wallet {
    // A terminated wallet is answered as it is: nothing changes, no webhook (the reference's terminate service).
    if (account.wallet.status !== "active") return account.wallet;
    const wallet = terminateWallet(account.wallet, at);
    this.update([{ ...account, wallet }], [], at);
    this.webhooks.push({ type: "wallet.terminated", at: formatInstant(at), object: walletJson(wallet, this.jsonContext, at) });
    return wallet;
  }

  /** The customer's ongoing balances from its usage so far (§11.5). */
  refreshOngoing(customer: Customer, usage: { current: readonly OngoingFee[]; drafts: readonly OngoingFee[]; advance: readonly OngoingFee[]; progressive: readonly OngoingFee[] }, at: Instant): string[] {
    const r = refreshOngoingBalances(this.of(customer), {
      current_usage_fees: usage.current, draft_invoice_fees: usage.drafts, progressive_billing_fees: usage.progressive, pay_in_advance_fees: usage.advance,
    }, at);
    this.update(r.accounts);
    return [...r.depleted];
  }

  transactionsJson(): unknown[] {
    return this.log.map(([w, t]) => {
      const a = this.find(w)!;
      return walletTransactionJson(a.transactions.find((x) => x.svc_id === t)!, a.wallet, this.jsonContext);
    });
  }

  /** One wallet's object (objects.md §4), as of its last refresh. */
  walletObject(svcWalletId: string): unknown {
    return walletJson(this.find(svcWalletId)!.wallet, this.jsonContext);
  }

  walletsJson(now?: Instant): unknown[] {
    return this.accounts.map((a) => walletJson(a.wallet, this.jsonContext, now));
  }
}

/** The balance itself (not the ongoing figures) went up or down. */
function balanceMoved(a: Wallet, b: Wallet): boolean {
  return a.balance_cents !== b.balance_cents || !a.credits_balance.eq(b.credits_balance);
}

function balancesDiffer(a: Wallet, b: Wallet): boolean {
  return a.balance_cents !== b.balance_cents || a.ongoing_balance_cents !== b.ongoing_balance_cents
    || !a.credits_balance.eq(b.credits_balance) || !a.credits_ongoing_balance.eq(b.credits_ongoing_balance);
}
