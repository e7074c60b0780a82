/**
 * `delete_plan` (`{code}`; beyond the contract's list, the service's `DELETE /plans/{code}`): the
 * plan leaves the catalog, as the reference's plan deletion does — its active subscriptions
 * (those on a child plan of it included) are terminated as `terminate_subscription` terminates
 * them, with the termination options each one carries (else a final invoice and a `credit` note);
 * its pending ones are canceled (a pending downgrade to it is canceled on its previous
 * subscription); the drafts of its subscriptions are refreshed and finalized. `plan.deleted` is
 * sent first. Answers `{plan}` as it was. The plan's code cannot be used again (docs/serve.md).
 */
import { planJson } from "../catalogJson.js";
import { terminationNote } from "../creditNotes.js";
import { cancelNext } from "../planChanges.js";
import { fromResult, type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Subscription } from "../state.js";
import type { Step } from "../steps.js";
import { terminate } from "../terminations.js";
import { emitWebhook } from "../webhooks.js";

export function deletePlan(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const plan = sim.catalog.plans.get(code);
  if (plan === undefined) return refusal("plan_not_found");
  const onPlan = (s: Subscription): boolean => s.plan.svc_id === plan.svc_id || s.plan.parent_id === plan.svc_id;
  const active = sim.subscriptions.filter((s) => s.status === "active" && onPlan(s));
  const pending = sim.subscriptions.filter((s) => s.status === "pending" && onPlan(s));
  const options = (s: Subscription) => ({ invoice: s.termination_options.invoice ?? "generate", note: s.termination_options.credit_note ?? "credit" }) as const;
  // Each termination's credit note is computed first: one the rules refuse refuses the step, with nothing changed.
  for (const s of active) {
    const computed = terminationNote(s, step.at, sim.timezoneOf(s.customer), options(s).note, sim.invoicing.lastSubscriptionFee(s), sim.invoicing.creditNotes);
    const note = computed === undefined ? undefined : fromResult(computed);
    if (isRefusal(note)) return note;
  }
  // Checked: from here on the step is accepted.
  const answer = planJson(plan, sim.catalogJson);
  emitWebhook(sim, "plan.deleted", step.at, answer);
  for (const s of active) {
    const refused = terminate(sim, s, step.at, options(s).invoice, options(s).note);
    if (refused !== undefined) sim.warn(step.at, `delete_plan: the termination of subscription ${s.external_id} was refused (${refused.error.code}); it goes on`, step.index, "job_refused");
  }
  for (const s of pending) {
    if (s.status !== "pending") continue;
    if (s.previous !== null && s.previous.next === s) cancelNext(sim, s.previous, step.at);
    else terminate(sim, s, step.at, "skip", "skip");
  }
  // The drafts of its subscriptions are refreshed and finalized.
  const seen = new Set<string>();
  for (const s of [...active, ...pending]) {
    if (seen.has(s.external_id)) continue;
    seen.add(s.external_id);
    for (const inv of [...sim.invoicing.draftsNamed(s.external_id)]) {
      if (inv.runs.some((r) => onPlan(r.subscription))) sim.invoicing.finalize(inv, step.at);
    }
  }
  sim.catalog.plans.delete(code);
  return { plan: answer };
}
