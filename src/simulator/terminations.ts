/**
 * Terminations (periods.md §9): a subscription ended at `at` — by `terminate_subscription`
 * (operations/terminateSubscription.ts) or its `ending_at` (clock.ts) — with its credit note
 * and final invoice, and the termination options a subscription may carry.
 */
import type { Instant } from "../core/instant.js";
import { terminationNote } from "./creditNotes.js";
import { cancelNext } from "./planChanges.js";
import { fromResult, isRefusal, type Refusal } from "./refusal.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import { issueAdvanceCharges } from "./advanceCharges.js";
import { subscriptionWebhook } from "./webhooks.js";

/**
 * Ends a subscription at `at` (a step, or its `ending_at`): pending → canceled; active →
 * terminated, its credit note, then its final invoice. A credit note the rules refuse
 * refuses the termination, with nothing changed.
 */
export function terminate(sim: Sim, s: Subscription, at: Instant, invoice: "generate" | "skip", creditNote: "credit" | "refund" | "offset" | "skip"): Refusal | undefined {
  if (s.status === "pending") {
    cancelNext(sim, s, at);
    s.status = "canceled";
    s.canceled_at = at;
    subscriptionWebhook(sim, "subscription.terminated", s, at);
    return undefined;
  }
  // The credit note of a plan paid in advance comes first (the final invoice can use it); it is
  // computed before anything changes, so that its refusal refuses the step with nothing changed.
  const computed = terminationNote(s, at, sim.timezoneOf(s.customer), creditNote, sim.invoicing.lastSubscriptionFee(s), sim.invoicing.creditNotes);
  const note = computed === undefined ? undefined : fromResult(computed);
  if (isRefusal(note)) return note;
  cancelNext(sim, s, at);
  s.status = "terminated";
  s.terminated_at = at;
  s.on_termination_invoice = invoice;
  // Recorded for a plan paid in advance, the only one a credit note concerns.
  s.on_termination_credit_note = s.plan.pay_in_advance ? creditNote : null;
  subscriptionWebhook(sim, "subscription.terminated", s, at);
  if (note !== undefined) sim.invoicing.addNote(note, at);
  if (invoice === "generate") sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "terminating" }], at);
  // The paid non-invoiceable fees are regrouped at the termination too (invoice.md §1.4; Lago's advance_charges_dates scenario).
  issueAdvanceCharges(sim.invoicing, [s], at);
  return undefined;
}

export const TERMINATION_OPTIONS = {
  on_termination_invoice: ["generate", "skip"],
  on_termination_credit_note: ["credit", "refund", "offset", "skip"],
} as const;
