/**
 * The simulation's clock: moving it to an instant while handling, in time order, what
 * falls due on the way — pending subscriptions start, trials end, billing runs (one
 * invoice per customer and instant, a downgrade's switch), wallets expire, subscriptions
 * reach their `ending_at`, drafts' grace periods end, wallet interval rules top up (and the
 * queued wallet jobs run) — and the activation of a subscription.
 */
import type { Instant } from "../core/instant.js";
import { trialEnd } from "../fees/index.js";
import { walletExpiryInstant } from "../invoice/index.js";
import { billNonInvoiceableFees } from "./advanceCharges.js";
import { dayKey } from "./billing.js";
import { type SubscriptionRun } from "./runs.js";
import { switchTo } from "./planChanges.js";
import type { Sim } from "./sim.js";
import type { Customer, Subscription } from "./state.js";
import { startFixedCharges } from "./subscriptionFixedCharges.js";
import { terminate } from "./subscriptionOps.js";
import { nextIntervalOf, runIntervalRules, runWalletJobs } from "./walletRules.js";

/**
 * Moves the clock to `to`, handling in time order what falls due on the way (docs/simulator.md,
 * "The clock"). The due instants come from the schedule (schedule.ts): only the customers with
 * something due at an instant are looked at, and their entities are handled in the order a
 * scan of everything would take them (creation order).
 */
export function advanceClock(sim: Sim, to: Instant, closing: boolean): void {
  const schedule = sim.schedule;
  for (let guard = 0; guard < 100_000; guard++) {
    schedule.flush(sim);
    if (sim.checkInvariants) schedule.check(nextDueByScan(sim));
    const next = schedule.peek();
    if (next === undefined || next > to) break;
    sim.clock = next;
    const due = schedule.takeDue(next);
    runDueJobs(sim, due, next);
    runWalletJobs(sim, next);
    for (const c of due) schedule.touch(c);
    // The instant's alerts, unless steps follow at it (they end it).
    if (next < to || closing) sim.endOfInstant(next);
  }
  if (to > sim.clock) sim.clock = to;
}

/**
 * The jobs of one due instant, in their documented order, for the customers `due` (those with
 * something due now): pending subscriptions start, trials of plans paid in advance end, billing
 * runs (one invoice per customer; a downgrade's switch), wallets expire, subscriptions reach
 * their `ending_at`, drafts whose grace period ended are finalized, wallet interval rules top up.
 */
function runDueJobs(sim: Sim, due: readonly Customer[], next: Instant): void {
  const subscriptions = (): Subscription[] => inOrder(due.flatMap((c) => sim.subscriptionsOf(c)), (s) => sim.subscriptionOrder.get(s) ?? 0);
  for (const s of subscriptions()) if (s.status === "pending" && s.previous === null && s.subscription_at <= next) startSubscription(sim, s, s.subscription_at);
  for (const s of subscriptions()) {
    if (s.status !== "active" || s.trial_billing_at === null || s.trial_billing_at > next) continue;
    s.trial_billing_at = null;
    if (!trialAlreadyBilled(sim, s, next)) sim.invoicing.issue(s.customer, [{ subscription: s, at: next, reason: "starting" }], next);
  }
  const runs = new Map<Customer, SubscriptionRun[]>();
  for (const s of subscriptions()) {
    if (s.status !== "active" || sim.boundaryAfter(s) !== next) continue;
    s.billed_until = next;
    // No periodic run (nor downgrade switch) on the day the subscription ends: its termination bills the period (periods.md §3, §5).
    if (s.ending_at !== null && dayKey(s.ending_at, sim.timezoneOf(s.customer)) === dayKey(next, sim.timezoneOf(s.customer))) continue;
    if (s.change === "downgrade" && s.next !== null) {
      // The downgrade's switch: the old one ends at this run, the new one starts (§8.2).
      s.status = "terminated";
      s.terminated_at = next;
      switchTo(sim, s.next, s, next, next);
      continue;
    }
    const list = runs.get(s.customer);
    if (list === undefined) runs.set(s.customer, [{ subscription: s, at: next, reason: "periodic" }]);
    else list.push({ subscription: s, at: next, reason: "periodic" });
  }
  for (const [customer, list] of runs) {
    sim.invoicing.issue(customer, list, next);
    // Renewal fees of non-invoiceable charges, then the advance_charges invoice of paid fees (invoice.md §1.4).
    billNonInvoiceableFees(sim.invoicing, list, next);
  }
  // Wallets whose expiration has come are terminated (the reference's expiry job, §11).
  for (const a of inOrder(due.flatMap((c) => sim.wallets.of(c)), (w) => sim.wallets.placeOf(w.wallet.svc_id))) {
    const current = sim.wallets.find(a.wallet.svc_id)!;
    const expiry = current.wallet.status === "active" ? walletExpiryInstant(current.wallet) : null;
    if (expiry !== null && expiry <= next) sim.wallets.terminate(current, expiry);
  }
  // Subscriptions whose ending_at has come end then, as a termination would.
  for (const s of subscriptions()) {
    if ((s.status === "active" || s.status === "pending") && s.ending_at !== null && s.ending_at <= next) terminate(sim, s, s.ending_at, s.termination_options.invoice ?? "generate", s.termination_options.credit_note ?? "credit");
  }
  sim.invoicing.finalizeDue(due, next);
  // Wallet interval rules on their days, then the wallet jobs (threshold checks, credit payments) of this instant.
  runIntervalRules(sim, next);
}

const inOrder = <T>(xs: T[], key: (x: T) => number): T[] => xs.sort((a, b) => key(a) - key(b));

/**
 * The earliest instant at which something of `c` falls due: a pending subscription's start, an
 * active one's next billing boundary, its trial's end, an `ending_at`, a draft's finalization,
 * a wallet's expiry or its next interval top-up (after the clock).
 */
export function customerDue(sim: Sim, c: Customer): Instant | undefined {
  let next: Instant | undefined;
  const take = (t: Instant | null | undefined): void => {
    if (t !== null && t !== undefined && (next === undefined || t < next)) next = t;
  };
  for (const s of sim.subscriptionsOf(c)) {
    if (s.status === "pending" && s.previous === null) take(s.subscription_at);
    if (s.status === "active") {
      take(sim.boundaryAfter(s));
      take(s.trial_billing_at);
    }
    if ((s.status === "active" || s.status === "pending") && s.ending_at !== null) take(s.ending_at);
  }
  take(sim.invoicing.nextFinalization(c));
  for (const a of sim.wallets.of(c)) {
    if (a.wallet.status === "active") take(walletExpiryInstant(a.wallet));
    take(nextIntervalOf(a, sim.clock));
  }
  return next;
}

/** The earliest due instant over everything, by a full scan: what the schedule must agree with (checked under `checkInvariants`). */
function nextDueByScan(sim: Sim): Instant | undefined {
  let next: Instant | undefined;
  for (const c of sim.customers.values()) {
    const t = customerDue(sim, c);
    if (t !== undefined && (next === undefined || t < next)) next = t;
  }
  return next;
}

/**
 * The trial job skips a subscription already billed by a periodic run that day (in the
 * customer's zone), or whose subscription fee was billed on its start day (UTC) (periods.md §6).
 */
function trialAlreadyBilled(sim: Sim, s: Subscription, at: Instant): boolean {
  const tz = sim.timezoneOf(s.customer);
  const today = dayKey(at, tz);
  const startDay = s.started_at === null ? null : dayKey(s.started_at, "UTC");
  return sim.invoicing.invoicesNamed(s.external_id).some((i) => i.runs.some((r) => r.subscription === s && (
    (r.reason === "periodic" && dayKey(r.at, tz) === today)
    || (i.invoice_type === "subscription" && (i.status === "draft" || i.status === "finalized") && dayKey(r.at, "UTC") === startDay
      && i.lines.some((l) => l.fee.fee_type === "subscription" && l.run?.subscription === s))
  )));
}

/** Activation at `at`: the clock reaching `subscription_at`, or the creation of one whose date has come (its anchor stays). */
export function startSubscription(sim: Sim, s: Subscription, at: Instant): void {
  s.status = "active";
  s.started_at = at;
  s.billed_until = at;
  const earlier = sim.subscriptions.filter((x) => x.external_id === s.external_id && x.started_at !== null).map((x) => x.started_at!);
  s.initial_started_at = Math.min(...earlier) as Instant;
  // Pay-in-advance fixed charges the starting invoice does not carry get their own (arrears plan, or in trial).
  startFixedCharges(sim, s, at);
  // A plan paid in advance bills its first period when it starts, or when its trial ends.
  if (!s.plan.pay_in_advance) return;
  const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
  if (trial !== null && trial.trial_end > at) s.trial_billing_at = trial.trial_end;
  else sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "starting" }], at);
}
