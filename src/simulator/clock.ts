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
import { type SubscriptionRun, dayKey } from "./billing.js";
import { switchTo } from "./planChanges.js";
import type { Simulation } from "./simulate.js";
import type { Customer, Subscription } from "./state.js";
import { startFixedCharges } from "./subscriptionFixedCharges.js";
import { terminate } from "./subscriptionOps.js";
import { nextIntervalRun, runIntervalRules, runWalletJobs } from "./walletRules.js";

/**
 * Moves the clock to `to`, handling in time order what falls due on the way: pending
 * subscriptions start, billing runs (one invoice per customer and instant; none for a
 * subscription on the day its `ending_at` falls), drafts whose grace period ends.
 */
export function advanceClock(sim: Simulation, to: Instant): void {
  // The wallet jobs the last step queued run at its instant, before the clock moves on.
  if (sim.clock !== -Infinity) runWalletJobs(sim, sim.clock);
  for (let guard = 0; guard < 100_000; guard++) {
    const next = nextDue(sim);
    if (next === undefined || next > to) break;
    sim.clock = next;
    for (const s of sim.subscriptions) if (s.status === "pending" && s.previous === null && s.subscription_at <= next) startSubscription(sim, s, s.subscription_at);
    for (const s of sim.subscriptions) {
      if (s.status !== "active" || s.trial_billing_at === null || s.trial_billing_at > next) continue;
      s.trial_billing_at = null;
      if (!trialAlreadyBilled(sim, s, next)) sim.invoicing.issue(s.customer, [{ subscription: s, at: next, reason: "starting" }], next);
    }
    const runs = new Map<Customer, SubscriptionRun[]>();
    for (const s of sim.subscriptions) {
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
      runs.set(s.customer, [...(runs.get(s.customer) ?? []), { subscription: s, at: next, reason: "periodic" }]);
    }
    for (const [customer, list] of runs) {
      sim.invoicing.issue(customer, list, next);
      // Renewal fees of non-invoiceable charges, then the advance_charges invoice of paid fees (invoice.md §1.4).
      billNonInvoiceableFees(sim.invoicing, list, next);
    }
    // Wallets whose expiration has come are terminated (the reference's expiry job, §11).
    for (const a of sim.wallets.accounts) {
      const expiry = a.wallet.status === "active" ? walletExpiryInstant(a.wallet) : null;
      if (expiry !== null && expiry <= next) sim.wallets.terminate(a, expiry);
    }
    // Subscriptions whose ending_at has come end then, as a termination would.
    for (const s of sim.subscriptions) {
      if ((s.status === "active" || s.status === "pending") && s.ending_at !== null && s.ending_at <= next) terminate(sim, s, s.ending_at, s.termination_options.invoice ?? "generate", s.termination_options.credit_note ?? "credit");
    }
    sim.invoicing.finalizeDue(next);
    // Wallet interval rules on their days, then the wallet jobs (threshold checks, credit payments) of this instant.
    runIntervalRules(sim, next);
  }
  if (to > sim.clock) sim.clock = to;
}

/** The earliest instant after the clock at which something falls due. */
export function nextDue(sim: Simulation): Instant | undefined {
  let next = sim.invoicing.nextFinalization();
  const take = (t: Instant): void => {
    if (next === undefined || t < next) next = t;
  };
  for (const s of sim.subscriptions) {
    if (s.status === "pending" && s.previous === null) take(s.subscription_at);
    if (s.status === "active") take(sim.boundaryAfter(s));
    if (s.status === "active" && s.trial_billing_at !== null) take(s.trial_billing_at);
    if ((s.status === "active" || s.status === "pending") && s.ending_at !== null) take(s.ending_at);
  }
  for (const a of sim.wallets.accounts) {
    const expiry = a.wallet.status === "active" ? walletExpiryInstant(a.wallet) : null;
    if (expiry !== null) take(expiry);
  }
  const interval = nextIntervalRun(sim, sim.clock);
  if (interval !== undefined) take(interval);
  return next;
}

/**
 * The trial job skips a subscription already billed by a periodic run that day (in the
 * customer's zone), or whose subscription fee was billed on its start day (UTC) (periods.md §6).
 */
function trialAlreadyBilled(sim: Simulation, s: Subscription, at: Instant): boolean {
  const tz = sim.timezoneOf(s.customer);
  const today = dayKey(at, tz);
  const startDay = s.started_at === null ? null : dayKey(s.started_at, "UTC");
  return sim.invoicing.invoices.some((i) => i.runs.some((r) => r.subscription === s && (
    (r.reason === "periodic" && dayKey(r.at, tz) === today)
    || (i.invoice_type === "subscription" && (i.status === "draft" || i.status === "finalized") && dayKey(r.at, "UTC") === startDay
      && i.lines.some((l) => l.fee.fee_type === "subscription" && l.run?.subscription === s))
  )));
}

/** Activation at `at`: the clock reaching `subscription_at`, or the creation of one whose date has come (its anchor stays). */
export function startSubscription(sim: Simulation, s: Subscription, at: Instant): void {
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
