/**
 * `create_wallet` (invoice.md §11): a prepaid-credit wallet for a customer, with its
 * granted and paid credits (paid ones on a credit invoice). A `billing_entity_code` other than the
 * organization's, or any `billing_entity_id`, is `billing_entity_not_found` (checked after the
 * fields, as the reference's wallet creation). Answers `{wallet}`.
 */
import { walletJson } from "../../invoice/index.js";
import { flushWalletWebhooks, issueCreditInvoices } from "../creditInvoices.js";
import { namesOtherBillingEntity } from "../integrations.js";
import { type Answer, invalid, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { metricCodes, refreshOngoing } from "../walletBalances.js";

export function createWallet(sim: Sim, step: Step): Answer {
  const id = step.body["external_customer_id"];
  const customer = typeof id === "string" ? sim.customers.get(id) : undefined;
  const r = sim.wallets.checkCreate(step.body, customer, step.at, metricCodes(sim));
  if (!r.ok) return invalid(r.issues);
  // A billing entity named by code must be the organization's; none has an id a caller could name.
  const entityId = step.body["billing_entity_id"];
  if (namesOtherBillingEntity(sim, step.body["billing_entity_code"]) || (typeof entityId === "string" && entityId !== "")) return refusal("billing_entity_not_found");
  sim.wallets.create(r.value, step.at);
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
