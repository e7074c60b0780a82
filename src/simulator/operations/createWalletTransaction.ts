/**
 * `create_wallet_transaction` (invoice.md §11): a top-up (paid and granted credits; paid
 * ones on a credit invoice) or a void of credits. Answers `{wallet_transactions}`.
 */
import { walletTransactionJson } from "../../invoice/index.js";
import { flushWalletWebhooks, issueCreditInvoices } from "../creditInvoices.js";
import { type Answer, invalid } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function createWalletTransaction(sim: Sim, step: Step): Answer {
  const r = sim.wallets.transact(step.body, step.at);
  if (!r.ok) return invalid(r.issues);
  const { account, transactions, credit_invoices } = r.value;
  const customer = sim.customerById(account.wallet.svc_customer_id);
  if (customer !== undefined) issueCreditInvoices(sim, customer, credit_invoices, step.at);
  flushWalletWebhooks(sim);
  return { wallet_transactions: transactions.map((t) => walletTransactionJson(t, account.wallet, sim.wallets.jsonContext)) };
}
