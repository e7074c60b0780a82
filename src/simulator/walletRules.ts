/**
 * The wallet jobs of the simulation (invoice.md §11.3, §11.6), run when the clock moves, as
 * the reference's queued jobs would: credit-invoice payments settle or fail purchases, then
 * wallets whose balance moved are refreshed and their threshold rule checked; interval rules
 * top up on their days (the clock's hourly :55 job, first run of the UTC day).
 */
import type { Instant } from "../core/instant.js";
import { type WalletAccount, type WalletTransactionRequest, dueIntervalTopUps, dueThresholdTopUp, intervalDue, ruleIsActive, walletTopUp } from "../invoice/index.js";
import { flushWalletWebhooks, issueCreditInvoices, settleCreditPayments } from "./creditInvoices.js";
import type { Sim } from "./sim.js";
import type { Customer } from "./state.js";
import { refreshOngoing } from "./walletBalances.js";

const DAY = 86_400_000;
/** The reference's interval top-up job runs hourly at :55; the first run of a UTC day tops up. */
const INTERVAL_OFFSET = 55 * 60_000;

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

/** The interval top-ups due on the UTC day of `at`, when `at` is that day's :55 run. */
export function runIntervalRules(sim: Sim, at: Instant): void {
  if ((at - INTERVAL_OFFSET) % DAY !== 0) return;
  for (const a of sim.wallets.accounts) {
    if (a.wallet.status !== "active" || !a.wallet.recurring_transaction_rules.some((r) => r.trigger === "interval")) continue;
    const c = customerOf(sim, a);
    // Target rules read the ongoing balance: refreshed first.
    if (c !== undefined && a.wallet.recurring_transaction_rules.some((r) => r.trigger === "interval" && r.method === "target")) refreshOngoing(sim, c, at);
    for (const req of dueIntervalTopUps(sim.wallets.find(a.wallet.svc_id)!, at)) topUp(sim, sim.wallets.find(a.wallet.svc_id)!, req, at);
  }
  runWalletJobs(sim, at);
}

const cache = new WeakMap<object, { readonly from: Instant; readonly until: Instant; readonly at: Instant | undefined }>();

/** The wallet's next interval top-up after `after` (within 400 days), memoized on its rules. */
export function nextIntervalOf(a: WalletAccount, after: Instant): Instant | undefined {
  const rules = a.wallet.recurring_transaction_rules;
  if (a.wallet.status !== "active" || !rules.some((r) => r.trigger === "interval" && r.status === "active")) return undefined;
  const hit = cache.get(rules);
  if (hit !== undefined && hit.from <= after && after < (hit.at ?? hit.until)) return hit.at;
  let at: Instant | undefined;
  const first = Math.floor((after - INTERVAL_OFFSET) / DAY) + 1;
  for (let d = first; d < first + 400 && at === undefined; d++) {
    const t = (d * DAY + INTERVAL_OFFSET) as Instant;
    if (rules.some((r) => ruleIsActive(r, t) && intervalDue(r, a.wallet, t))) at = t;
  }
  cache.set(rules, { from: after, until: ((first + 399) * DAY + INTERVAL_OFFSET) as Instant, at });
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
