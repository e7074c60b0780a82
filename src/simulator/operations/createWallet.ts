/**
 * `create_wallet` (invoice.md §11): a prepaid-credit wallet for a customer, with its
 * granted and paid credits (paid ones on a credit invoice). Answers `{wallet}`.
 */
import { walletJson } from "../../invoice/index.js";
import { flushWalletWebhooks, issueCreditInvoices } from "../creditInvoices.js";
import { type Answer, invalid } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { metricCodes, refreshOngoing } from "../walletBalances.js";

export function createWallet(sim: Sim, step: Step): Answer {
  const id = step.body["external_customer_id"];
  const customer = typeof id === "string" ? sim.customers.get(id) : undefined;
  const r = sim.wallets.create(step.body, customer, step.at, metricCodes(sim));
  if (!r.ok) return invalid(r.issues);
  const { account, credit_invoices } = r.value;
  if (customer !== undefined) {
    customer.currency ??= account.wallet.currency;
    issueCreditInvoices(sim, customer, credit_invoices, step.at);
  }
  flushWalletWebhooks(sim);
  // The answer shows the wallet after the call: its ongoing figures recomputed at once (invoice.md §11.3).
  if (customer !== undefined) refreshOngoing(sim, customer, step.at);
  return { wallet: walletJson(sim.wallets.find(account.wallet.svc_id)!.wallet, sim.wallets.jsonContext, step.at) };
}
