/**
 * The wallet jobs of the simulation (invoice.md §11.3, §11.6), run when the clock moves, as
 * the reference's queued jobs would: credit-invoice payments settle or fail purchases, then
 * wallets whose balance moved are refreshed and their threshold rule checked; interval rules
 * top up on their days (the clock's hourly :55 job, its first run of the customer's local day).
 */
import type { Instant } from "../core/instant.js";
import { startOfDayIn, startOfNextDayIn } from "../core/zone.js";
import { type WalletAccount, type WalletTransactionRequest, dueIntervalTopUps, dueThresholdTopUp, intervalDue, ruleIsActive, walletTopUp } from "../invoice/index.js";
import { flushWalletWebhooks, issueCreditInvoices, settleCreditPayments } from "./creditInvoices.js";
import type { Sim } from "./sim.js";
import type { Customer } from "./state.js";
import { refreshOngoing } from "./walletBalances.js";

const HOUR = 3_600_000;
/**
 * The reference's interval top-up job runs hourly at :55 and compares days in the customer's
 * zone: a rule tops up at the job's first run of its local day.
 */
const INTERVAL_OFFSET = 55 * 60_000;

/** The job's first run (an hourly :55 instant) at or after the start of the local day holding `t`. */
function firstRunOfDay(t: Instant, tz: string): Instant {
  const start = startOfDayIn(t, tz);
  return (Math.ceil((start - INTERVAL_OFFSET) / HOUR) * HOUR + INTERVAL_OFFSET) as Instant;
}

/** Runs the queued wallet jobs at `at` until none is left (a top-up can queue another check). */
export function runWalletJobs(sim: Sim, at: Instant): void {
  for (let guard = 0; guard < 1000; guard++) {
    if (sim.wallets.payments.length === 0 && sim.wallets.checks.size === 0) break;
    settleCreditPayments(sim, at);
    const ids = [...sim.wallets.checks];
    sim.wallets.checks.clear();
    const customers = new Set(ids.map((id) => customerOf(sim, sim.wallets.find(id)!)).filter((c): c is Customer => c !== undefined));
    for (const c of customers) {
      refreshOngoing(sim, c, at);
      for (const id of ids) {
        const a = sim.wallets.find(id)!;
        if (customerOf(sim, a) !== c) continue;
        const req = dueThresholdTopUp(a, at);
        if (req !== null) topUp(sim, a, req, at);
      }
    }
  }
  flushWalletWebhooks(sim);
}

/** The interval top-ups due at `at`, a :55 run: for each wallet whose customer's local day this run is the first of. */
export function runIntervalRules(sim: Sim, at: Instant): void {
  if ((at - INTERVAL_OFFSET) % HOUR !== 0) return;
  for (const a of sim.wallets.accounts) {
    if (a.wallet.status !== "active" || !a.wallet.recurring_transaction_rules.some((r) => r.trigger === "interval")) continue;
    const c = customerOf(sim, a);
    const tz = c === undefined ? "UTC" : sim.timezoneOf(c);
    if (firstRunOfDay(at, tz) !== at) continue;
    // Target rules read the ongoing balance: refreshed first.
    if (c !== undefined && a.wallet.recurring_transaction_rules.some((r) => r.trigger === "interval" && r.method === "target")) refreshOngoing(sim, c, at);
    for (const req of dueIntervalTopUps(sim.wallets.find(a.wallet.svc_id)!, at, tz)) topUp(sim, sim.wallets.find(a.wallet.svc_id)!, req, at);
  }
  runWalletJobs(sim, at);
}

const cache = new WeakMap<object, { readonly tz: string; readonly from: Instant; readonly until: Instant; readonly at: Instant | undefined }>();

/** The wallet's next interval top-up after `after` (within 400 local days), memoized on its rules and zone. */
export function nextIntervalOf(a: WalletAccount, after: Instant, tz: string): Instant | undefined {
  const rules = a.wallet.recurring_transaction_rules;
  if (a.wallet.status !== "active" || !rules.some((r) => r.trigger === "interval" && r.status === "active")) return undefined;
  const hit = cache.get(rules);
  if (hit !== undefined && hit.tz === tz && hit.from <= after && after < (hit.at ?? hit.until)) return hit.at;
  let at: Instant | undefined;
  // Each local day's first run, from the day holding `after` on (a run at or before `after` is past).
  let day = startOfDayIn(after, tz);
  let until = after;
  for (let n = 0; n < 400 && at === undefined; n++) {
    const t = firstRunOfDay(day, tz);
    until = t;
    if (t > after && rules.some((r) => ruleIsActive(r, t) && intervalDue(r, a.wallet, t, tz))) at = t;
    day = startOfNextDayIn(day, tz);
  }
  cache.set(rules, { tz, from: after, until, at });
  return at;
}

/** A rule's top-up: its transactions, and the credit invoice of a purchase. A refused one (limits) is not made, as the reference's job fails, and is listed in the warnings. */
export function topUp(sim: Sim, a: WalletAccount, req: WalletTransactionRequest, at: Instant): void {
  const r = walletTopUp(a, req, at);
  if (!r.ok) {
    sim.warn(at, `wallet ${a.wallet.code}: the top-up of its recurring rule was refused (${r.issues.map((i) => i.code).join(", ")}), as the reference's job fails`, undefined, "job_refused");
    return;
  }
  sim.wallets.update([r.value.account], r.value.transactions, at);
  const c = customerOf(sim, a);
  if (c !== undefined) issueCreditInvoices(sim, c, r.value.credit_invoices, at);
}

function customerOf(sim: Sim, a: WalletAccount): Customer | undefined {
  return [...sim.customers.values()].find((x) => x.svc_id === a.wallet.svc_customer_id);
}
