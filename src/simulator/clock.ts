/**
 * The simulation's clock: moving it to an instant while handling, in time order, what
 * falls due on the way — pending subscriptions start, trials end, billing runs (one
 * invoice per customer and instant, a downgrade's switch), wallets expire, subscriptions
 * reach their `ending_at`, drafts' grace periods end, termination alerts and overdue invoices
 * are announced (notices.ts), wallet interval rules top up (and the queued wallet jobs run) —
 * and the activation of a subscription.
 */
import type { Instant } from "../core/instant.js";
import { startOfDayIn } from "../core/zone.js";
import { trialEnd } from "../fees/index.js";
import { walletExpiryInstant } from "../invoice/index.js";
import { billNonInvoiceableFees } from "./advanceCharges.js";
import { dayKey } from "./billing.js";
import { type SubscriptionRun } from "./runs.js";
import { switchTo } from "./planChanges.js";
import type { Sim } from "./sim.js";
import type { Customer, Subscription } from "./state.js";
import { startFixedCharges } from "./subscriptionFixedCharges.js";
import { terminate } from "./terminations.js";
import { alertTermination, announceOverdue, announceTrialEnd, invoicesOverdueAt, terminationAlertAt, trialEndsAt } from "./notices.js";
import { subscriptionWebhook } from "./webhooks.js";
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
    for (const c of due) schedule.touch(c);
    // The instant's alerts, unless steps follow at it (they end it).
    if (next < to || closing) sim.endOfInstant(next);
  }
  if (to > sim.clock) sim.clock = to;
}

/**
 * A job of the clock: when it next falls due for a customer (the schedule's input), and what it
 * does at a due instant for the customers due then. Listed once, in the order they run at an
 * instant (docs/simulator.md, "The clock"): the table is both what the schedule reads and what
 * the clock does, so the two cannot disagree.
 */
interface DueJob {
  readonly name: string;
  /** The customer's next instant for this job (undefined: none). */
  readonly dueAt: (sim: Sim, c: Customer) => Instant | undefined;
  /** Runs the job at `at` for the customers due then. */
  readonly run: (sim: Sim, due: readonly Customer[], at: Instant) => void;
}

/** The customers' subscription records, in creation order (the order every job takes them in). */
const subscriptionsOf = (sim: Sim, due: readonly Customer[]): Subscription[] =>
  inOrder(due.flatMap((c) => sim.subscriptionsOf(c)), (s) => sim.subscriptionOrder.get(s) ?? 0);

/** The earliest of `at(x)` over `xs` (undefined when none is set), without the array of instants. */
function earliestOf<T>(xs: readonly T[], at: (x: T) => Instant | null | undefined): Instant | undefined {
  let next: Instant | undefined;
  for (let i = 0; i < xs.length; i++) {
    const t = at(xs[i]!);
    if (t !== null && t !== undefined && (next === undefined || t < next)) next = t;
  }
  return next;
}

export const DUE_JOBS: readonly DueJob[] = [
  {
    name: "pending subscriptions start",
    dueAt: (sim, c) => earliestOf(sim.subscriptionsOf(c), (s) => (s.status === "pending" && s.previous === null ? s.subscription_at : undefined)),
    run: (sim, due, at) => {
      for (const s of subscriptionsOf(sim, due)) if (s.status === "pending" && s.previous === null && s.subscription_at <= at) startSubscription(sim, s, s.subscription_at);
    },
  },
  {
    name: "trials end (subscription.trial_ended, any plan)",
    dueAt: (sim, c) => earliestOf(sim.subscriptionsOf(c), trialEndsAt),
    run: (sim, due, at) => {
      for (const s of subscriptionsOf(sim, due)) announceTrialEnd(sim, s, at);
    },
  },
  {
    name: "trials of plans paid in advance end",
    dueAt: (sim, c) => earliestOf(sim.subscriptionsOf(c), (s) => (s.status === "active" ? s.trial_billing_at : undefined)),
    run: (sim, due, at) => {
      for (const s of subscriptionsOf(sim, due)) {
        if (s.status !== "active" || s.trial_billing_at === null || s.trial_billing_at > at) continue;
        s.trial_billing_at = null;
        if (!trialAlreadyBilled(sim, s, at)) sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "starting" }], at);
      }
    },
  },
  {
    name: "billing runs (one invoice per customer) and downgrade switches",
    dueAt: (sim, c) => earliestOf(sim.subscriptionsOf(c), (s) => (s.status === "active" ? sim.boundaryAfter(s) : undefined)),
    run: (sim, due, at) => {
      const runs = new Map<Customer, SubscriptionRun[]>();
      for (const s of subscriptionsOf(sim, due)) {
        if (s.status !== "active" || sim.boundaryAfter(s) !== at) continue;
        s.billed_until = at;
        // No periodic run (nor downgrade switch) on the day the subscription ends: its termination bills the period (periods.md §3, §5).
        if (s.ending_at !== null && dayKey(s.ending_at, sim.timezoneOf(s.customer)) === dayKey(at, sim.timezoneOf(s.customer))) continue;
        if (s.change === "downgrade" && s.next !== null) {
          // The downgrade's switch: the old one ends at this run, the new one starts (§8.2).
          s.status = "terminated";
          s.terminated_at = at;
          switchTo(sim, s.next, s, at, at);
          continue;
        }
        const list = runs.get(s.customer);
        if (list === undefined) runs.set(s.customer, [{ subscription: s, at, reason: "periodic" }]);
        else list.push({ subscription: s, at, reason: "periodic" });
      }
      for (const [customer, list] of runs) {
        sim.invoicing.issue(customer, list, at);
        // Renewal fees of non-invoiceable charges, then the advance_charges invoice of paid fees (invoice.md §1.4).
        billNonInvoiceableFees(sim.invoicing, list, at);
      }
    },
  },
  {
    name: "wallets expire",
    dueAt: (sim, c) => earliestOf(sim.wallets.of(c), (a) => (a.wallet.status === "active" ? walletExpiryInstant(a.wallet) : undefined)),
    run: (sim, due, at) => {
      for (const a of inOrder(due.flatMap((c) => sim.wallets.of(c)), (w) => sim.wallets.placeOf(w.wallet.svc_id))) {
        const current = sim.wallets.find(a.wallet.svc_id)!;
        const expiry = current.wallet.status === "active" ? walletExpiryInstant(current.wallet) : null;
        if (expiry !== null && expiry <= at) sim.wallets.terminate(current, expiry);
      }
    },
  },
  {
    name: "subscriptions reach their ending_at",
    dueAt: (sim, c) => earliestOf(sim.subscriptionsOf(c), (s) => ((s.status === "active" || s.status === "pending") ? s.ending_at : undefined)),
    run: (sim, due, at) => {
      for (const s of subscriptionsOf(sim, due)) {
        if ((s.status === "active" || s.status === "pending") && s.ending_at !== null && s.ending_at <= at) endAt(sim, s, s.ending_at);
      }
    },
  },
  {
    name: "drafts whose grace period ended are finalized",
    dueAt: (sim, c) => sim.invoicing.nextFinalization(c),
    run: (sim, due, at) => sim.invoicing.finalizeDue(due, at),
  },
  {
    name: "termination alerts (ending_at 45 and 15 days away)",
    dueAt: (sim, c) => earliestOf(sim.subscriptionsOf(c), terminationAlertAt),
    run: (sim, due, at) => {
      for (const s of subscriptionsOf(sim, due)) alertTermination(sim, s, at);
    },
  },
  {
    name: "unpaid invoices past their due date (invoice.payment_overdue)",
    dueAt: (sim, c) => invoicesOverdueAt(sim, c),
    run: (sim, due, at) => {
      // In customer creation order, as every other job takes its entities (the schedule hands the due customers in no particular order).
      for (const c of [...due].sort((a, b) => a.sequential_id - b.sequential_id)) announceOverdue(sim, c, at);
    },
  },
  {
    name: "wallet interval rules top up (the :55 job)",
    dueAt: (sim, c) => earliestOf(sim.wallets.of(c), (a) => nextIntervalOf(a, sim.clock, sim.timezoneOf(c))),
    // Every wallet's rules are read at a :55 instant, as the reference's job reads them all.
    run: (sim, _due, at) => runIntervalRules(sim, at),
  },
  {
    name: "wallet jobs (credit payments, threshold checks)",
    dueAt: () => undefined,
    run: (sim, _due, at) => runWalletJobs(sim, at),
  },
];

/** The jobs of one due instant, in the table's order, for the customers due then. */
function runDueJobs(sim: Sim, due: readonly Customer[], at: Instant): void {
  for (const job of DUE_JOBS) job.run(sim, due, at);
}

const inOrder = <T>(xs: T[], key: (x: T) => number): T[] => xs.sort((a, b) => key(a) - key(b));

/** The earliest instant at which a job falls due for `c`. */
export function customerDue(sim: Sim, c: Customer): Instant | undefined {
  return earliestOf(DUE_JOBS, (job) => job.dueAt(sim, c));
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

/**
 * Activation (periods.md §1.1): the subscription becomes active with `started_at`, at `at` — the
 * instant of the step or clock job that starts it (default: `started_at`, the clock reaching
 * `subscription_at`); its `subscription.started` webhook and its next billing run are counted
 * from `at`. `billed` (default true) bills it as a start at `at`: the starting invoice of a plan
 * paid in advance, or the own invoice of its advance fixed charges. A back-dated start is not
 * billed: its first bill is its next periodic run (or, for a plan paid in advance, the end of a
 * trial still running at `at`).
 */
export function startSubscription(sim: Sim, s: Subscription, startedAt: Instant, at: Instant = startedAt, billed = true): void {
  s.status = "active";
  s.started_at = startedAt;
  s.billed_until = at;
  const earlier = sim.subscriptions.filter((x) => x.external_id === s.external_id && x.started_at !== null).map((x) => x.started_at!);
  s.initial_started_at = Math.min(...earlier) as Instant;
  subscriptionWebhook(sim, "subscription.started", s, at);
  const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
  const inTrial = trial !== null && trial.trial_end > at;
  if (!billed) {
    if (s.plan.pay_in_advance && inTrial) s.trial_billing_at = trial.trial_end;
    return;
  }
  // Pay-in-advance fixed charges the starting invoice does not carry get their own (arrears plan, or in trial).
  startFixedCharges(sim, s, at);
  // A plan paid in advance bills its first period when it starts, or when its trial ends.
  if (!s.plan.pay_in_advance) return;
  if (inTrial) s.trial_billing_at = trial.trial_end;
  else sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "starting" }], at);
}

/**
 * `create_subscription` of a new subscription (not a plan change) whose `subscription_at` has
 * come by the call instant `at` (periods.md §1.1), compared by dates in the customer's zone:
 * on the same day it starts at `subscription_at` and is billed as a start; on an earlier day
 * (back-dated) it starts at `subscription_at`, or at the latest termination of a terminated
 * subscription of the customer under the same external id whose final invoice was generated
 * when that is later, and nothing is billed at creation. (A `subscription_at` later than `at`
 * leaves it pending: the clock starts it.)
 */
export function startCreated(sim: Sim, s: Subscription, at: Instant): void {
  const tz = sim.timezoneOf(s.customer);
  if (startOfDayIn(s.subscription_at, tz) >= startOfDayIn(at, tz)) {
    startSubscription(sim, s, s.subscription_at, at);
    return;
  }
  let startedAt = s.subscription_at;
  for (const x of sim.subscriptionsOf(s.customer)) {
    if (x.external_id === s.external_id && x.status === "terminated" && x.on_termination_invoice === "generate" && x.terminated_at !== null && x.terminated_at > startedAt) startedAt = x.terminated_at;
  }
  startSubscription(sim, s, startedAt, at, false);
}

/**
 * A subscription reaching its `ending_at` ends, whatever the rules say of its credit note: a
 * note they refuse (nothing left to credit or refund as asked) is skipped, with a warning —
 * time cannot refuse to pass.
 */
function endAt(sim: Sim, s: Subscription, at: Instant): void {
  const options = s.termination_options;
  const refused = terminate(sim, s, at, options.invoice ?? "generate", options.credit_note ?? "credit");
  if (refused === undefined) return;
  sim.warn(at, `subscription ${s.external_id}: its ending_at credit note was refused (${String(refused.error["code"])}); it ends without one`, undefined, "job_refused");
  terminate(sim, s, at, options.invoice ?? "generate", "skip");
}
