/**
 * `create_payment` (`{invoice_id, amount_cents, reference}`): a manual payment of a finalized
 * invoice. Answers `{payment}`.
 */
import { formatInstant } from "../../core/instant.js";
import { type Answer, fromOutcome, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function createPayment(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined) return refusal("invoice_not_found");
  const amount = step.body["amount_cents"];
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) return invalidField("invalid_value", ["amount_cents"]);
  const refused = fromOutcome(sim.invoicing.pay(inv, BigInt(amount), step.at));
  if (refused !== undefined) return refused;
  return { payment: { svc_invoice_id: inv.svc_id, amount_cents: amount, amount_currency: inv.currency, reference: step.body["reference"] ?? null, created_at: formatInstant(step.at) } };
}
