/**
 * `lose_dispute` (`{invoice_id}`; beyond the contract's list, the service's `POST
 * /invoices/{id}/lose_dispute`): the invoice's payment dispute is lost — `payment_dispute_lost_at`
 * the step's instant (kept from the first time), `invoice.payment_dispute_lost` sent — as the
 * reference marks it. Only a finalized or voided invoice can lose one (`not_disputable`, 405 on
 * the wire, otherwise). Nothing else changes. Answers `{invoice}`.
 */
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { emitWebhook } from "../webhooks.js";

export function loseDispute(sim: Sim, step: Step): Answer {
  const inv = sim.invoicing.find(step.body["invoice_id"]);
  if (inv === undefined || inv.status === "closed") return refusal("invoice_not_found");
  if (inv.status !== "finalized" && inv.status !== "voided") return refusal("not_disputable");
  // Checked: from here on the step is accepted.
  if (inv.payment_dispute_lost_at === undefined) {
    inv.payment_dispute_lost_at = step.at;
    inv.updated_at = step.at;
  }
  const json = sim.invoicing.invoiceJson(inv, step.at);
  emitWebhook(sim, "invoice.payment_dispute_lost", step.at, json);
  return { invoice: json };
}
