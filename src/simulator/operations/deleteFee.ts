/**
 * `delete_fee` (`{fee_id}`; beyond the contract's list, the service's `DELETE /fees/{id}`): a fee
 * without invoice (a non-invoiceable pay-in-advance charge's) is removed, as the reference
 * discards it — no longer in `fees`, never regrouped on an `advance_charges` invoice. A fee on an
 * invoice, or already regrouped, is refused (`invoiced_fee`), as the reference refuses it.
 * Answers `{fee}` as it was.
 */
import { type StandaloneFee, standaloneFeeJson } from "../standaloneFees.js";
import { type Answer, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function deleteFee(sim: Sim, step: Step): Answer {
  const id = step.body["fee_id"];
  const entry = sim.invoicing.entries.find((e): e is StandaloneFee => "line" in e && e.line.fee.svc_id === id);
  if (entry === undefined) {
    const invoiced = typeof id === "string" && sim.invoicing.invoices.some((i) => i.status !== "closed" && i.lines.some((l) => l.fee.svc_id === id));
    return refusal(invoiced ? "invoiced_fee" : "fee_not_found");
  }
  if (entry.payment.invoice !== null) return refusal("invoiced_fee");
  // Checked: from here on the step is accepted.
  const answer = standaloneFeeJson(entry);
  sim.invoicing.removeStandaloneFee(entry, entry.line.run?.subscription.customer ?? entry.line.customer);
  return { fee: answer };
}
