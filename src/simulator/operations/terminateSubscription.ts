/**
 * `terminate_subscription` (`{external_id, status?, on_termination_invoice?,
 * on_termination_credit_note?}`, periods.md §9): a pending subscription is canceled, an
 * active one terminated now, with its credit note and final invoice. Answers `{subscription}`.
 */
import { issue } from "../../core/issue.js";
import { type Answer, invalid, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { cancelNext } from "../planChanges.js";
import { subscriptionJson } from "../subscriptionRecord.js";
import { subscriptionWebhook } from "../webhooks.js";
import { terminate, TERMINATION_OPTIONS } from "../terminations.js";

export function terminateSubscription(sim: Sim, step: Step): Answer {
  const id = step.body["external_id"];
  if (typeof id !== "string" || id === "") return invalidField("value_is_mandatory", ["external_id"]);
  // A blank credit-note option is `credit`, as the reference's termination reads it.
  const blankNote = step.body["on_termination_credit_note"] === "";
  const bad = (["on_termination_invoice", "on_termination_credit_note"] as const).filter((k) => {
    const v = step.body[k];
    if (k === "on_termination_credit_note" && blankNote) return false;
    return v !== undefined && v !== null && !(TERMINATION_OPTIONS[k] as readonly unknown[]).includes(v);
  });
  const [first, ...rest] = bad.map((k) => issue("invalid_value", [k]));
  if (first !== undefined) return invalid([first, ...rest]);
  // `status: "pending"` names the pending record, as the reference's terminate endpoint reads it
  // (a pending plan change is then canceled and the active subscription keeps its plan, a
  // subscription that has not started is canceled); otherwise the active record.
  const named = sim.subscriptions.filter((x) => x.external_id === id && (x.status === "active" || x.status === "pending"));
  const s = step.body["status"] === "pending" ? named.find((x) => x.status === "pending") : named.find((x) => x.status === "active");
  if (s === undefined) return refusal("subscription_not_found");
  const current = s.previous;
  if (s.status === "pending" && current !== null && current.next === s) {
    cancelNext(sim, current, step.at);
    subscriptionWebhook(sim, "subscription.terminated", s, step.at);
    return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
  }
  const invoice = (step.body["on_termination_invoice"] ?? null) as "generate" | "skip" | null;
  const creditNote = (blankNote ? "credit" : step.body["on_termination_credit_note"] ?? null) as "credit" | "refund" | "offset" | "skip" | null;
  const refused = terminate(sim, s, step.at, invoice ?? s.termination_options.invoice ?? "generate", creditNote ?? s.termination_options.credit_note ?? "credit");
  if (isRefusal(refused)) return refused;
  return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
}
