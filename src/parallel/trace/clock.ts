/**
 * The clock's jobs traced (part.ts): each job a traced part runs goes a unit at a time, each
 * unit under its key [k, 1, t, round, 0, job, unit…]. The entries of the clock's `DUE_JOBS`
 * table are wrapped once per thread (a simulation that is not traced goes through the wrappers
 * unchanged), and a few methods the jobs call tell their units apart: the billing job's second
 * loop, the drafts finalized, the wallets that expire (`observeJobs`).
 * Pure: no I/O.
 */
import { type Instant } from "../../core/instant.js";
import { DUE_JOBS } from "../../simulator/clock.js";
import type { InvoiceRecord } from "../../simulator/invoices.js";
import type { Sim } from "../../simulator/sim.js";
import type { Customer } from "../../simulator/state.js";
import { instantPart, key, keyPart } from "../keys.js";
import type { Tracer } from "./tracer.js";
import type { WalletTracer } from "./wallets.js";

type JobRun = (sim: Sim, due: readonly Customer[], at: Instant) => void;
type Strategy = "single" | "group" | "billing" | "customer" | "finalize" | "expire" | "interval" | "walletJobs";

/**
 * How each job of the clock takes its entities (simulator/clock.ts `DUE_JOBS`): `group` — subscription
 * records in creation order, so a group at a time; `billing` — the downgrade switches of every
 * record, then one invoice per customer; `customer` — customers in creation order; `finalize` —
 * invoices in issue order; `expire` — wallets in creation order; `interval` — every wallet in
 * creation order, then the wallet jobs; `walletJobs` — the customers queued for a check, in
 * queue order; `single` — a job the split does not know: run as it is, its outputs under the
 * job's key.
 */
const STRATEGIES: Readonly<Record<string, Strategy>> = {
  "pending subscriptions start": "group",
  "trials end (subscription.trial_ended, any plan)": "group",
  "trials of plans paid in advance end": "group",
  "billing runs (one invoice per customer) and downgrade switches": "billing",
  "subscriptions reach their ending_at": "group",
  "drafts whose grace period ended are finalized": "finalize",
  "termination alerts (ending_at 45 and 15 days away)": "group",
  "unpaid invoices past their due date (invoice.payment_overdue)": "customer",
  "wallets expire": "expire",
  "wallet interval rules top up (the :55 job)": "interval",
  "wallet jobs (credit payments, threshold checks)": "walletJobs",
};

/** The clock tracer of each traced simulation (keyed by the simulation object the jobs receive). */
const tracers = new WeakMap<object, ClockTracer>();
let installed = false;

/**
 * Wraps the clock's jobs once per thread: an untraced simulation runs them unchanged. A part told
 * the instants of one run's walks of the interval rules' job makes a customer with a wallet
 * topping up to a target due at each (that job then refreshes it, as one run's walk does); at
 * such an instant the other jobs do not see it.
 */
export function install(): void {
  if (installed) return;
  installed = true;
  DUE_JOBS.forEach((job, j) => {
    const orig = job.run as JobRun;
    const strategy = STRATEGIES[job.name] ?? "single";
    (job as unknown as { run: JobRun }).run = (sim, due, at) => {
      const ct = tracers.get(sim);
      if (ct === undefined || ct.tr.mode !== "advance") return orig(sim, due, at);
      const w = ct.wallets;
      if (j === 0) w.walkOnly = w.walkOnlyAt(due, at);
      const mine = w.walkOnly.size === 0 || strategy === "interval" || strategy === "walletJobs" ? due : due.filter((c) => !w.walkOnly.has(c));
      ct.runJob(j, strategy, orig, mine, at);
    };
    if (strategy !== "interval") return;
    const dueAt = job.dueAt;
    (job as unknown as { dueAt: typeof dueAt }).dueAt = (sim, c) => {
      const own = dueAt(sim, c);
      const ct = tracers.get(sim);
      return ct === undefined || ct.wallets.walkPlan.length === 0 ? own : ct.wallets.dueForWalk(c, own);
    };
  });
}

/** The clock's jobs of `ct`'s simulation are traced from now on (`install` first). */
export function traceJobs(ct: ClockTracer): void {
  tracers.set(ct.tr.sim, ct);
}

/** The clock's jobs of `sim` are no longer traced. */
export function untraceJobs(sim: object): void {
  tracers.delete(sim);
}

export class ClockTracer {
  /** The instant and step of the current round of jobs, and its number. */
  private roundAt = NaN;
  private roundK = -1;
  private round = 0;
  billing: { base: string; rank: number; switched: boolean } | null = null;
  finalizeBase: string | null = null;
  /** The key of the wallets expire job while it runs (each wallet under its number). */
  expireBase: string | null = null;
  /** External id of each customer → the rank of its group (plan.ts). */
  readonly rank = new Map<string, number>();

  constructor(readonly tr: Tracer, readonly wallets: WalletTracer) {}

  private rankOf(c: Customer): number {
    const r = this.rank.get(c.external_id);
    if (r === undefined) {
      this.tr.fail(`customer ${c.external_id} is not in the split's plan`);
      return 0;
    }
    return r;
  }

  /** Runs one job of the clock at `at` for the due customers, a unit at a time, each under its key. */
  runJob(j: number, strategy: Strategy, orig: JobRun, due: readonly Customer[], at: Instant): void {
    const tr = this.tr, sim = tr.sim;
    if (j === 0) {
      if (this.roundK === tr.k && this.roundAt === at) this.round++;
      else {
        this.roundK = tr.k;
        this.roundAt = at;
        this.round = 0;
      }
    } else if (this.roundK !== tr.k || this.roundAt !== at) tr.fail("the clock's jobs ran out of their table's order");
    const base = this.roundKey(at) + keyPart(0) + keyPart(j);
    switch (strategy) {
      case "single":
        tr.set(base);
        orig(sim, due, at);
        break;
      case "group":
        for (const [rank, customers] of this.byRank(due)) {
          tr.set(base + keyPart(rank));
          orig(sim, customers, at);
        }
        break;
      case "billing":
        for (const [rank, customers] of this.byRank(due)) {
          this.billing = { base, rank, switched: false };
          tr.set(base + keyPart(0) + keyPart(rank));
          orig(sim, customers, at);
        }
        this.billing = null;
        break;
      case "customer":
        for (const c of [...due].sort((a, b) => a.sequential_id - b.sequential_id)) {
          tr.set(base + keyPart(c.sequential_id));
          orig(sim, [c], at);
        }
        break;
      case "finalize":
        this.finalizeBase = base;
        tr.set(base, true);
        orig(sim, due, at);
        this.finalizeBase = null;
        break;
      case "expire":
        this.expireBase = base;
        tr.set(base, true);
        orig(sim, due, at);
        this.expireBase = null;
        break;
      case "interval":
        tr.set(base + keyPart(0), true);
        this.eachWallet(base, `${at}:${this.round}`, () => orig(sim, due, at));
        break;
      case "walletJobs":
        this.wallets.beginWalletJobs(base);
        orig(sim, due, at);
        break;
    }
    this.wallets.clearWalletJobs();
    tr.set(key(tr.k, 1), true);
  }

  /**
   * Runs the interval rules' job, its walk over the wallets observed (each wallet under its
   * number), then its wallet jobs: the first walk over `sim.wallets.accounts` is the job's.
   */
  private eachWallet(base: string, walk: string, run: () => void): void {
    const accounts = this.tr.sim.wallets.accounts, tr = this.tr, wallets = this.wallets;
    let used = false;
    Object.defineProperty(accounts, Symbol.iterator, {
      configurable: true, writable: true, enumerable: false,
      value: function (this: typeof accounts): Iterator<(typeof accounts)[number]> {
        const plain = Array.prototype[Symbol.iterator].call(this) as Iterator<(typeof accounts)[number]>;
        if (used) return plain;
        used = true;
        wallets.walks.push(walk);
        return {
          next() {
            const r = plain.next();
            if (r.done === true) wallets.beginWalletJobs(base + keyPart(1));
            else tr.set(base + keyPart(0) + keyPart(wallets.walletNo(r.value.wallet.svc_id)));
            return r;
          },
        };
      },
    });
    try {
      run();
    } finally {
      delete (accounts as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    }
  }

  /** The due customers by the rank of their group, lowest first. */
  private byRank(due: readonly Customer[]): [number, Customer[]][] {
    const m = new Map<number, Customer[]>();
    for (const c of due) {
      const r = this.rankOf(c);
      const list = m.get(r);
      if (list === undefined) m.set(r, [c]);
      else list.push(c);
    }
    return [...m.entries()].sort((a, b) => a[0] - b[0]);
  }

  /** The key of the current round of jobs at `at`: [k, 1, t, round]. */
  private roundKey(at: Instant): string {
    return keyPart(this.tr.k) + keyPart(1) + instantPart(at) + keyPart(this.round);
  }

  /** The key of the end of instant `at`. */
  endKey(at: Instant): string {
    if (this.tr.mode === "close") return key(this.tr.k, 0, 1);
    if (this.roundK !== this.tr.k || this.roundAt !== at) this.tr.fail("an instant ended without its jobs");
    return this.roundKey(at) + keyPart(1);
  }
}

/** Wraps the methods through which the clock's jobs reach their units: the billing job's second loop, drafts finalized, wallets expired. */
export function observeJobs(ct: ClockTracer): void {
  const tr = ct.tr;
  const invoicing = tr.sim.invoicing;
  // The billing job's second loop (one periodic invoice per customer) begins with its first periodic invoice.
  const issue = invoicing.issue;
  invoicing.issue = function (this: typeof invoicing, ...args: Parameters<typeof issue>): InvoiceRecord {
    // A paid top-up's invoice: the wallets' queue was flushed just before.
    if (args[4]?.type === "credit") tr.flushEvent();
    const b = ct.billing;
    if (b !== null && !b.switched && tr.mode === "advance") {
      const [, runs, , fixed, oneOff] = args;
      if ((fixed ?? null) === null && oneOff === undefined && runs.length > 0 && runs.every((r) => r.reason === "periodic")) {
        b.switched = true;
        tr.set(b.base + keyPart(1) + keyPart(b.rank));
      }
    }
    return issue.apply(this, args);
  };
  // Drafts are finalized in issue order: each under the key of its issue.
  const finalize = invoicing.finalize;
  invoicing.finalize = function (this: typeof invoicing, inv: InvoiceRecord, at: Instant): void {
    if (ct.finalizeBase !== null && tr.mode === "advance") tr.set(ct.finalizeBase + tr.invoiceKey(inv));
    finalize.call(this, inv, at);
  };
  // The expire job terminates each wallet under its number.
  const wallets = tr.sim.wallets;
  const terminate = wallets.terminate;
  wallets.terminate = function (this: typeof wallets, ...args: Parameters<typeof terminate>): ReturnType<typeof terminate> {
    if (ct.expireBase !== null && tr.mode === "advance") tr.set(ct.expireBase + keyPart(ct.wallets.walletNo(args[0].wallet.svc_id)));
    return terminate.apply(this, args);
  };
}
