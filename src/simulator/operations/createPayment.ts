/**
 * `create_payment` (`{invoice_id, amount_cents, reference}`): a manual payment of a finalized
 * invoice. Answers `{payment}`.
 */
import { stableId } from "../../core/ids.js";
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
  const reference = step.body["reference"];
  return {
    payment: {
      svc_id: stableId("payment", inv.svc_id, step.at, inv.total_paid_amount_cents.toString()), svc_customer_id: inv.customer.svc_id,
      external_customer_id: inv.customer.external_id, svc_invoice_id: inv.svc_id, invoice_ids: [inv.svc_id], invoice_numbers: [inv.number],
      svc_payable_id: inv.svc_id, payable_type: "Invoice", amount_cents: amount, amount_currency: inv.currency,
      status: "succeeded", payment_status: "succeeded", type: "manual", reference: typeof reference === "string" ? reference : null,
      payment_provider_code: null, payment_provider_type: null, external_payment_id: null, provider_payment_id: null, provider_customer_id: null,
      next_action: null, created_at: formatInstant(step.at), payment_method_id: null,
    },
  };
}
