/**
 * `update_wallet` (`{wallet_id, ...fields}`, invoice.md §11): a wallet's name, expiration,
 * rules and limits; a `billing_entity_code` other than the organization's is `billing_entity_not_found`,
 * changing nothing. Answers `{wallet}`.
 */
import { walletJson } from "../../invoice/index.js";
import { namesOtherBillingEntity } from "../integrations.js";
import { type Answer, invalid, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { metricCodes } from "../walletBalances.js";

export function updateWallet(sim: Sim, step: Step): Answer {
  const a = sim.wallets.find(step.body["wallet_id"] ?? step.body["svc_id"]);
  if (a === undefined) return refusal("wallet_not_found");
  const customer = sim.customerById(a.wallet.svc_customer_id)!;
  const r = sim.wallets.checkUpdate(a, step.body, customer, step.at, metricCodes(sim));
  if (!r.ok) return invalid(r.issues);
  if (namesOtherBillingEntity(sim, step.body["billing_entity_code"])) return refusal("billing_entity_not_found");
  sim.wallets.updateWallet(a, r.value, step.at);
  return { wallet: walletJson(r.value, sim.wallets.jsonContext, step.at) };
}
