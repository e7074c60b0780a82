/** `terminate_wallet` (`{wallet_id}`, invoice.md §11): the wallet ends now. Answers `{wallet}`. */
import { walletJson } from "../../invoice/index.js";
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function terminateWallet(sim: Sim, step: Step): Answer {
  const a = sim.wallets.find(step.body["wallet_id"] ?? step.body["svc_id"]);
  if (a === undefined) return refusal("wallet_not_found");
  return { wallet: walletJson(sim.wallets.terminate(a, step.at), sim.wallets.jsonContext, step.at) };
}
