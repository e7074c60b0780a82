/**
 * `fetch_wallet` (`{external_customer_id}` or `{svc_id}`): the wallet with its balances as of
 * the clock, ongoing ones refreshed from the customer's usage (invoice.md §11.5). Answers
 * `{wallet}`.
 */
import { walletJson } from "../../invoice/index.js";
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { refreshWallets } from "../walletBalances.js";

export function fetchWallet(sim: Sim, step: Step): Answer {
  const b = step.body;
  const byCustomer = typeof b["external_customer_id"] === "string" ? sim.customers.get(b["external_customer_id"]) : undefined;
  const account = b["svc_id"] !== undefined ? sim.wallets.find(b["svc_id"])
    : byCustomer === undefined ? undefined : sim.wallets.of(byCustomer).find((a) => a.wallet.status === "active") ?? sim.wallets.of(byCustomer)[0];
  if (account === undefined) return refusal("wallet_not_found");
  const customer = sim.customerById(account.wallet.svc_customer_id)!;
  refreshWallets(sim, customer, step.at);
  return { wallet: walletJson(sim.wallets.find(account.wallet.svc_id)!.wallet, sim.wallets.jsonContext, step.at) };
}
