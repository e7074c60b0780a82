/**
 * Plan changes (periods.md §8): a live subscription moved to another plan (upgrade now,
 * downgrade at the next billing run), the switch from the old subscription to the new
 * one, and the cancellation of a pending downgrade.
 */
import type { Decimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { type Instant, parseTimestamp } from "../core/instant.js";
import { classifyPlanChange, trialEnd } from "../fees/index.js";
import { issueAdvanceCharges, renewalFees } from "./advanceCharges.js";
import type { SubscriptionRun } from "./runs.js";
import type { Plan } from "./catalog.js";
import { terminationNote } from "./creditNotes.js";
import type { CreditNote } from "../invoice/index.js";
import { hasAdvanceFixedCharges } from "./fixedCharges.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import { type Answer, fromResult, isRefusal, type Refusal } from "./refusal.js";
import type { Step } from "./steps.js";
import { newSubscription, subscriptionJson } from "./subscriptionRecord.js";
import { subscriptionWebhook } from "./webhooks.js";

/** A plan change checked: what `applyPlanChange` does, computed before anything changes. */
export interface PlanChange {
  readonly live: Subscription;
  readonly plan: Plan;
  readonly step: Step;
  readonly overrides: ReadonlyMap<string, Decimal>;
  /** The live one's credit note for its unused days (an upgrade of a plan paid in advance). */
  readonly note: CreditNote | undefined;
}

/**
 * A subscription on another plan under a live external id (periods.md §8), checked: an
 * upgrade of a plan paid in advance credits the unused days (upgrade day included; a refund
 * is not allowed with an upgrade, §10) unless the subscription says `skip`, and that note is
 * computed here, so that its refusal refuses the step with nothing changed.
 */
export function checkPlanChange(sim: Sim, live: Subscription, plan: Plan, step: Step, overrides: ReadonlyMap<string, Decimal> = new Map()): PlanChange | Refusal {
  const same = live.plan.svc_id === (plan.parent_id ?? plan.svc_id);
  const kind = same || (live.status === "pending" && live.previous === null) ? undefined : classifyPlanChange(live.plan, plan);
  const computed = kind === undefined || kind === "downgrade" || live.termination_options.credit_note === "skip" ? undefined
    : terminationNote(live, step.at, sim.timezoneOf(live.customer), "credit", sim.invoicing.lastSubscriptionFee(live), sim.invoicing.creditNotes, true);
  const note = computed === undefined ? undefined : fromResult(computed);
  if (isRefusal(note)) return note;
  return { live, plan, step, overrides, note };
}

/**
 * The plan change applied: a pending one just gets the plan; an upgrade ends the old one now
 * and bills both at now + 1 s; a downgrade waits, pending, for the old one's next billing run.
 */
export function applyPlanChange(sim: Sim, change: PlanChange): Answer {
  const { live, plan, step, overrides, note } = change;
  // The same plan (the reference compares the catalog plan with the live one's: a live
  // subscription on its own child plan, from plan_overrides, changes plan even to the same
  // code, §8): the live one answers.
  if (live.plan.svc_id === (plan.parent_id ?? plan.svc_id)) {
    if (step.body["plan_overrides"] != null) sim.warn(step.at, `subscription ${live.external_id}: create_subscription on its own plan does not apply plan_overrides; use update_subscription`, step.index, "ignored_field");
    return { subscription: subscriptionJson(live, step.at, sim.catalog.organization) };
  }
  if (live.status === "pending" && live.previous === null) {
    live.plan = plan;
    live.fixed_charge_start_units = overrides;
    // The reference's pending-subscription update sets the name when one is given.
    if (typeof step.body["name"] === "string") live.name = step.body["name"];
    return { subscription: subscriptionJson(live, step.at, sim.catalog.organization) };
  }
  const kind = classifyPlanChange(live.plan, plan);
  cancelNext(sim, live, step.at);
  const s = newSubscription({
    svc_id: stableId("subscription", live.external_id, sim.subscriptions.filter((x) => x.external_id === live.external_id).length),
    external_id: live.external_id,
    customer: live.customer,
    plan,
    name: typeof step.body["name"] === "string" ? step.body["name"] : live.name,
    billing_time: live.billing_time,
    subscription_at: live.subscription_at,
    created_at: step.at,
    billed_until: step.at,
    initial_started_at: live.initial_started_at,
    previous: live,
    // An ending_at sent with the plan change is the new subscription's (the reference's plan
    // upgrade and downgrade services); otherwise the current one's carries over.
    ending_at: endingAtOf(step) ?? live.ending_at,
    fixed_charges: { start_units: overrides, ledger: live.fixed_charge_ledger },
  });
  // The termination options belong to the subscription the customer knows (its external id).
  s.termination_options = { ...live.termination_options };
  sim.addSubscription(s);
  live.next = s;
  live.change = kind === "downgrade" ? "downgrade" : "upgrade";
  if (live.change === "downgrade") {
    // The downgrade is scheduled: the current subscription is updated (contract §4), and it is
    // what the call answers, still active, naming its next plan (the reference's plan downgrade
    // service answers the current subscription; the pending one is its `next`).
    subscriptionWebhook(sim, "subscription.updated", live, step.at);
    return { subscription: subscriptionJson(live, step.at, sim.catalog.organization) };
  }
  live.status = "terminated";
  live.terminated_at = step.at;
  if (note !== undefined) sim.invoicing.addNote(note, step.at);
  switchTo(sim, s, live, step.at, (step.at + 1000) as Instant);
  return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
}

/** The new subscription of a plan change starts at `start`; one invoice at `invoiceAt` bills the old one's end and the new one's start. */
export function switchTo(sim: Sim, s: Subscription, old: Subscription, start: Instant, invoiceAt: Instant): void {
  s.status = "active";
  s.started_at = start;
  s.billed_until = start;
  s.initial_started_at = old.initial_started_at ?? old.started_at;
  subscriptionWebhook(sim, "subscription.terminated", old, start);
  subscriptionWebhook(sim, "subscription.started", s, start);
  const runs: SubscriptionRun[] = [{ subscription: old, at: invoiceAt, reason: "terminating" }];
  const trial = trialEnd(s.initial_started_at ?? start, s.plan.trial_period);
  const advancePlan = s.plan.pay_in_advance && (old.change === "downgrade" || trial === null || trial.trial_end <= start);
  // The new one is on the invoice when its plan is paid in advance, or for its pay-in-advance fixed charges (§8.1, §8.2).
  if (advancePlan || hasAdvanceFixedCharges(s)) runs.push({ subscription: s, at: invoiceAt, reason: "starting" });
  // A plan paid in advance still in trial (which runs on from the first start, §8.1) bills its period when the trial ends (§6).
  if (s.plan.pay_in_advance && !advancePlan && trial !== null) s.trial_billing_at = trial.trial_end;
  sim.invoicing.issue(s.customer, runs, invoiceAt);
  // A downgrade switches at a billing boundary, where the reference bills the old record as a
  // periodic run would: its non-invoiceable recurring charges renew there, on the old record
  // (Lago's advance_charges "downgraded" scenario).
  if (old.change === "downgrade") {
    const renewal: SubscriptionRun = { subscription: old, at: invoiceAt, reason: "periodic" };
    const asLive: SubscriptionRun = { ...renewal, subscription: { ...old, status: "active", terminated_at: null, next: null, change: null } };
    for (const b of renewalFees(asLive, sim.timezoneOf(old.customer), sim.eventsOf(old.external_id))) sim.invoicing.addStandaloneFee(b, renewal);
  }
  // A plan change also regroups the old subscription's paid non-invoiceable fees (invoice.md §1.4).
  issueAdvanceCharges(sim.invoicing, [old], invoiceAt);
}

/** A pending downgrade is cancelled by any later change or by a termination; its previous subscription is updated (contract §4). */
export function cancelNext(sim: Sim, s: Subscription, at: Instant): void {
  if (s.next === null || s.next.status !== "pending") return;
  s.next.status = "canceled";
  s.next.canceled_at = at;
  s.next = null;
  s.change = null;
  subscriptionWebhook(sim, "subscription.updated", s, at);
}


/** A plan change's own `ending_at`, when its body gives a valid one. */
function endingAtOf(step: Step): Instant | undefined {
  const v = step.body["ending_at"];
  return v === undefined || v === null ? undefined : parseTimestamp(v);
}
