/**
 * One part of a split simulation replayed with order keys (docs/scale.md, "Every core").
 *
 * The part's own steps are performed as `simulate` performs them; every other step of the
 * timeline still moves the part's clock as it would in one run (the instant it opens closes,
 * the jobs falling due run), so the part's customers see exactly the sequence of clock moves
 * they would see in one run. Every output (webhook, invoice, fee, credit note, subscription
 * record, warning) is tagged with the key of what made it, and keys order outputs as the one
 * run would emit them:
 *
 *   [k, 0, 0]                                 closing the open instant before step k (usage thresholds)
 *   [k, 0, 1, end…]                           … its end (alerts, wallet jobs)
 *   [k, 1, t, round, 0, job, unit…]           a clock job at instant t while moving to step k
 *   [k, 1, t, round, 1, end…]                 the end of instant t
 *   [k, 2]                                    step k itself
 *   [k, 2, 0], [k, 2, 1, wallet jobs…]        a batch of events cut across parts, then its wallet jobs
 *
 * then a running number of the part. `unit` is what the one run's job iterates over: the rank
 * of a group (its subscription records are contiguous in creation order, plan.ts), for the
 * billing job the loop (downgrade switches, then the periodic invoices) and the group, the
 * customer's sequential id (overdue notices), the key of an invoice (drafts are finalized in
 * issue order), a wallet's organization-wide number (wallets expire; interval rules, then the
 * wallet jobs: [0, wallet…], [1, wallet jobs…]). `end` is the round of the end of an instant
 * and its phase: [g, 0, alert] the usage alerts, in the organization's order (the key of the
 * step that created each), [g, 1, wallet jobs…] the wallet jobs that follow. The wallet jobs
 * take the customers whose wallets were queued for a check in the order they were queued: a
 * customer's unit is [0, the key its first wallet was queued under]; [1] is their last flush.
 * After a cut batch, a wallet is queued under the place of its subscription's first event in the
 * whole batch (the one run queues them in that order).
 *
 * The interval rules' job refreshes every wallet topping up to a target at each of its walks
 * (00:55 UTC), whoever the round is for: a part reports its walks and the times it had such a
 * wallet (merge.ts checks them), and, told one run's walks, makes such a wallet's customer due
 * at each — for that job only.
 *
 * Wallet webhooks wait in a queue until a flush hands them to the list: their place in one run
 * is the first flush after they were queued, by whichever customer (a paid top-up flushes the
 * queue before its invoice). Each is keyed by that flush and its key in the queue ([flush,
 * queued]); the flushes a part made in the clock's jobs are reported, and the merge moves a
 * webhook to an earlier flush of another part when one came between (merge.ts).
 *
 * Two parts never produce outputs under the same key but for the running number; if they do,
 * the merge does not guess (merge.ts): the input runs in one piece instead.
 *
 * The jobs are observed by wrapping the entries of the clock's `DUE_JOBS` table (once per
 * thread) and a few methods of the part's own `Simulation` (and of its wallets, their queue of
 * checks and its list of alerts while they are evaluated); a simulation that is not traced goes
 * through the wrappers unchanged. Pure: no I/O.
 */
import { type Instant } from "../core/instant.js";
import { DUE_JOBS } from "../simulator/clock.js";
import type { InvoiceRecord } from "../simulator/invoices.js";
import type { Sim } from "../simulator/sim.js";
import { prepareSimulation, type Simulation } from "../simulator/simulate.js";
import type { Customer } from "../simulator/state.js";
import type { Alert } from "../usage/index.js";
import { instantPart, key, keyPart } from "./keys.js";
import type { OwnStep, PartTask } from "./plan.js";

/** The outputs of `simulate`, with the key of each item. */
export const STREAMS = ["invoices", "credit_notes", "wallet_transactions", "webhooks", "fees", "subscriptions", "warnings"] as const;
export type StreamName = (typeof STREAMS)[number];

/** A keyed output list; for webhooks, the key each had in the wallets' queue ("" when it was not queued). */
export interface KeyedStream {
  readonly items: readonly unknown[];
  readonly keys: readonly string[];
  readonly queued?: readonly string[];
}

export interface PartResult {
  /** Why the part's run cannot be merged exactly (the caller runs the input in one piece). */
  readonly unsupported?: string;
  /** The warnings made before the first step (the input's unknown keys): the same in every part. */
  readonly preamble: readonly unknown[];
  /** One response per own step, in order. */
  readonly responses: readonly unknown[];
  /** Customers created: external id, index of the step that created it. */
  readonly created: readonly (readonly [string, number])[];
  /** Wallets created: index of the step, the organization-wide number the wallet got. */
  readonly wallets: readonly (readonly [number, number])[];
  /** The keys of the flushes of the wallets' queue the part made in the clock's jobs (before a paid top-up's invoice). */
  readonly flushes: readonly string[];
  /** The rounds (`instant:round`) in which the interval rules' job walked the wallets (at :55). */
  readonly walks: readonly string[];
  /** When the part had a wallet with an interval rule topping up to a target: [from, until] (such a wallet is refreshed by every walk). */
  readonly targets: readonly (readonly [number, number])[];
  readonly streams: { readonly [S in StreamName]: KeyedStream };
}

type JobRun = (sim: Sim, due: readonly Customer[], at: Instant) => void;
type Strategy = "single" | "group" | "billing" | "customer" | "finalize" | "expire" | "interval" | "walletJobs";

/**
 * How each job of the clock takes its entities (clock.ts `DUE_JOBS`): `group` — subscription
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

/** The tracer of each traced simulation (keyed by the simulation object the jobs receive). */
const tracers = new WeakMap<object, Tracer>();
let installed = false;

/**
 * Wraps the clock's jobs once per thread: an untraced simulation runs them unchanged. A part told
 * the instants of one run's walks of the interval rules' job makes a customer with a wallet
 * topping up to a target due at each (that job then refreshes it, as one run's walk does); at
 * such an instant the other jobs do not see it.
 */
function install(): void {
  if (installed) return;
  installed = true;
  DUE_JOBS.forEach((job, j) => {
    const orig = job.run as JobRun;
    const strategy = STRATEGIES[job.name] ?? "single";
    (job as unknown as { run: JobRun }).run = (sim, due, at) => {
      const tr = tracers.get(sim);
      if (tr === undefined || tr.mode !== "advance") return orig(sim, due, at);
      if (j === 0) tr.walkOnly = tr.walkOnlyAt(due, at);
      const mine = tr.walkOnly.size === 0 || strategy === "interval" || strategy === "walletJobs" ? due : due.filter((c) => !tr.walkOnly.has(c));
      tr.runJob(j, strategy, orig, mine, at);
    };
    if (strategy !== "interval") return;
    const dueAt = job.dueAt;
    (job as unknown as { dueAt: typeof dueAt }).dueAt = (sim, c) => {
      const own = dueAt(sim, c);
      const tr = tracers.get(sim);
      return tr === undefined || tr.walkPlan.length === 0 ? own : tr.dueForWalk(c, own);
    };
  });
}

class Tracer {
  mode: "idle" | "close" | "advance" | "step" = "idle";
  /** The step whose clock move (or whose performance) runs now; the step count at the end. */
  k = 0;
  unsupported: string | undefined;
  private ctx = "";
  /** A context where nothing is expected: an output there cannot be placed. */
  private neutral = true;
  private seq = 0;
  /** The instant and step of the current round of jobs, and its number. */
  private roundAt = NaN;
  private roundK = -1;
  private round = 0;
  billing: { base: string; rank: number; switched: boolean } | null = null;
  finalizeBase: string | null = null;
  /** The key of the wallets expire job while it runs (each wallet under its number). */
  expireBase: string | null = null;
  readonly created: [string, number][] = [];
  // How far each output list has been tagged, and the keys.
  private marks = { webhooks: 0, invoices: 0, entries: 0, subscriptions: 0, warnings: 0, notes: 0, transactions: 0 };
  readonly webhookKeys: string[] = [];
  /** Per tagged webhook: its key in the wallets' queue, or "". */
  readonly webhookQueued: string[] = [];
  readonly transactionKeys: string[] = [];

  // Wallets and alerts.
  /** The organization-wide number of the wallet each own `create_wallet` step creates. */
  readonly walletPlan = new Map<number, number>();
  /** Wallet id → its organization-wide number. */
  readonly walletNumber = new Map<string, number>();
  readonly wallets: [number, number][] = [];
  /** Webhooks waiting in the wallets' queue → their key there. */
  readonly queued = new Map<object, string>();
  /** Wallet id → the key it was queued for a threshold check under. */
  readonly checkKeys = new Map<string, string>();
  /** The flushes of the wallets' queue made in the clock's jobs. */
  readonly flushes: string[] = [];
  readonly walks: string[] = [];
  /** One run's walks of the interval rules' job (sorted), and the customers due only for the next one (→ its instant). */
  walkPlan: readonly number[] = [];
  private readonly dueWalk = new Map<Customer, number>();
  /** The customers due at the round running now only for a walk. */
  walkOnly: ReadonlySet<Customer> = new Set();
  /** Wallet id → since when it has (or had) an interval rule with a target. */
  readonly targetSince = new Map<string, number>();
  /** The key of the flush that handed the webhooks being tagged to the list. */
  private pendingFlush: string | null = null;
  /** A context where only the queue's last flush is expected (its key is the same in every part). */
  private flushOnly = false;
  /** The key of the wallet jobs about to run (a clock job, the end of an instant), and the customers they take. */
  walletBase: string | null = null;
  private phase: { readonly customers: readonly (readonly [Customer, string])[]; next: number } | null = null;
  /**
   * A `create_events` batch cut across parts being performed: the place in the whole batch of
   * each subscription's first event, and the subscription whose customers' wallets are queued now.
   */
  cut: { readonly first: ReadonlyMap<string, number>; current: number | null } | null = null;
  /** The end of an instant being traced: its key and round. */
  end: { readonly base: string; g: number } | null = null;
  /** The key of each alert, aligned with `sim.alerts` (the key of the step that created it, and its place in the step). */
  alertKeys: string[] = [];
  private hooked: Alert[] | null = null;
  readonly entryKeys: string[] = [];
  readonly subscriptionKeys: string[] = [];
  readonly warningKeys: string[] = [];
  readonly invoiceKeys = new Map<InvoiceRecord, string>();
  readonly noteKeys = new Map<string, string>();
  readonly rank = new Map<string, number>();
  readonly sequentialId = new Map<string, number>();

  constructor(readonly sim: Simulation, preamble: number) {
    this.marks.warnings = preamble;
  }

  fail(reason: string): void {
    this.unsupported ??= reason;
  }

  /** Tags every output made since the last call with the current context. */
  flush(): void {
    const sim = this.sim, inv = sim.invoicing, m = this.marks;
    const log = transactionLog(sim);
    const other = inv.invoices.length > m.invoices || inv.entries.length > m.entries || log.length > m.transactions
      || sim.subscriptions.length > m.subscriptions || sim.warnings.length > m.warnings || inv.creditNotes.length !== m.notes;
    if (!other && inv.webhooks.length === m.webhooks) return;
    if (this.neutral) this.fail("an output was made outside the units the split orders");
    if (other && this.flushOnly) this.fail("an output was made in the wallet jobs' last flush");
    if (inv.creditNotes.length < m.notes) this.fail("credit notes were removed");
    const next = (): string => this.ctx + keyPart(this.seq++);
    for (; m.webhooks < inv.webhooks.length; m.webhooks++) {
      const w = inv.webhooks[m.webhooks]!;
      const q = this.queued.get(w);
      if (q === undefined) {
        if (this.flushOnly) this.fail("a webhook was made in the wallet jobs' last flush");
        this.pendingFlush = null;
        this.webhookKeys.push(next());
        this.webhookQueued.push("");
        continue;
      }
      // A webhook the queue held: at the flush that handed it over, in queue order.
      this.queued.delete(w);
      this.pendingFlush ??= this.flushOnly ? this.ctx + keyPart(0) : next();
      this.webhookKeys.push(this.pendingFlush + q);
      this.webhookQueued.push(q);
    }
    for (; m.transactions < log.length; m.transactions++) this.transactionKeys.push(next());
    for (; m.invoices < inv.invoices.length; m.invoices++) this.invoiceKeys.set(inv.invoices[m.invoices]!, next());
    for (; m.entries < inv.entries.length; m.entries++) this.entryKeys.push(next());
    for (; m.subscriptions < sim.subscriptions.length; m.subscriptions++) this.subscriptionKeys.push(next());
    for (; m.warnings < sim.warnings.length; m.warnings++) this.warningKeys.push(next());
    for (; m.notes < inv.creditNotes.length; m.notes++) this.noteKeys.set(inv.creditNotes[m.notes]!.svc_id, next());
  }

  /** Outputs from now on belong to `ctx` (a neutral context expects none; a flush-only one, the queue's last flush). */
  set(ctx: string, neutral = false, flushOnly = false): void {
    this.flush();
    this.ctx = ctx;
    this.neutral = neutral;
    this.flushOnly = flushOnly;
    this.pendingFlush = null;
  }

  /** A key for something that happens now (a webhook queued, a wallet queued for a check). */
  stamp(): string {
    this.flush();
    if (this.neutral || this.flushOnly) this.fail("a wallet was changed outside the units the split orders");
    return this.ctx + keyPart(this.seq++);
  }

  /** The queue was flushed before a paid top-up's invoice: other parts' queued webhooks go there too. */
  flushEvent(): void {
    if (!this.keyed()) return;
    this.flush();
    const f = this.pendingFlush ?? this.ctx + keyPart(this.seq++);
    this.flushes.push(f);
    this.pendingFlush = null;
  }

  /**
   * Whether the wallet jobs running now are keyed customer by customer: in the clock's moves,
   * and after a batch of events cut across parts (the other parts' customers' jobs follow it too).
   */
  keyed(): boolean {
    return this.mode === "advance" || this.mode === "close" || (this.mode === "step" && this.cut !== null);
  }

  /** The key a wallet is queued for a check under: after a cut batch, by the place of its subscription's first event in the whole batch. */
  checkKey(): string {
    const c = this.mode === "step" ? this.cut : null;
    if (c === null) return this.stamp();
    this.flush();
    if (c.current === null) this.fail("a wallet was queued for a check after a cut batch, not for its events");
    return this.ctx + keyPart(c.current ?? 0) + keyPart(this.seq++);
  }

  /** When the interval rules' job is due for `c` (`own`), or one run's next walk if it is earlier and `c` has a wallet topping up to a target. */
  dueForWalk(c: Customer, own: Instant | undefined): Instant | undefined {
    this.dueWalk.delete(c);
    const target = this.sim.wallets.of(c).some((a) => a.wallet.status === "active" && a.wallet.recurring_transaction_rules.some((r) => r.trigger === "interval" && r.method === "target"));
    if (!target) return own;
    const ws = this.walkPlan, clock = this.sim.clock;
    let lo = 0, hi = ws.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ws[mid]! <= clock) lo = mid + 1;
      else hi = mid;
    }
    const w = ws[lo];
    if (w === undefined || (own !== undefined && own <= w)) return own;
    this.dueWalk.set(c, w);
    return w as Instant;
  }

  /** The customers due at `at` only for one run's walk. */
  walkOnlyAt(due: readonly Customer[], at: Instant): ReadonlySet<Customer> {
    if (this.dueWalk.size === 0) return new Set();
    return new Set(due.filter((c) => this.dueWalk.get(c) === at));
  }

  /** The organization-wide number of a wallet of the part. */
  walletNo(id: string): number {
    const n = this.walletNumber.get(id);
    if (n === undefined) {
      this.fail(`wallet ${id} was not created by the part`);
      return 0;
    }
    return n;
  }

  /** The wallet jobs (runWalletJobs) about to run under `base`. */
  beginWalletJobs(base: string): void {
    this.set(base + keyPart(0), true);
    this.walletBase = base;
    this.phase = null;
  }

  /** The wallet jobs take the customers of the wallets queued for a check (the queue's ids, before it is cleared). */
  walletChecks(ids: readonly string[]): void {
    if (!this.keyed()) return;
    if (this.walletBase === null) {
      if (ids.length > 0) this.fail("the wallet jobs ran where the split does not expect them");
      return;
    }
    const customers: [Customer, string][] = [];
    const seen = new Set<Customer>();
    for (const id of ids) {
      const a = this.sim.wallets.find(id);
      const c = a === undefined ? undefined : this.sim.customerById(a.wallet.svc_customer_id);
      if (c === undefined || seen.has(c)) continue;
      seen.add(c);
      const k = this.checkKeys.get(id);
      if (k === undefined) this.fail(`wallet ${id} was queued for a check unseen`);
      customers.push([c, k ?? ""]);
    }
    this.phase = { customers, next: 0 };
    this.set(this.walletBase + keyPart(0), true);
  }

  /** The wallet jobs refresh a customer's wallets: its unit begins. */
  walletCustomer(c: Customer): void {
    const p = this.phase;
    if (p === null || !this.keyed()) return;
    const at = p.customers[p.next];
    if (at !== undefined && at[0] === c) {
      this.set(this.walletBase! + keyPart(0) + at[1]);
      p.next++;
    } else if (p.next === 0 || p.customers[p.next - 1]![0] !== c) this.fail("the wallet jobs took a customer out of the queue's order");
  }

  /** The wallet jobs found their queues empty: their last flush. */
  endWalletJobs(): void {
    if (this.walletBase === null || !this.keyed()) return;
    this.set(this.walletBase + keyPart(1), false, true);
    this.walletBase = null;
    this.phase = null;
  }

  /** A round of the end of an instant begins: its alerts, then its wallet jobs. */
  beginEndRound(): void {
    const e = this.end!;
    const base = e.base + keyPart(e.g);
    this.beginWalletJobs(base + keyPart(1));
    this.set(base + keyPart(0), true);
    this.hookAlerts(base + keyPart(0));
  }

  /** The alerts are evaluated (alerts.ts maps `sim.alerts`): each under its key. */
  private hookAlerts(prefix: string): void {
    this.unhookAlerts();
    const list = this.sim.alerts, tr = this;
    Object.defineProperty(list, "map", {
      configurable: true, writable: true, enumerable: false,
      value: function <U>(this: Alert[], f: (a: Alert, i: number, all: Alert[]) => U): U[] {
        if (tr.alertKeys.length !== this.length) tr.fail("the alerts' keys are out of step");
        const out: U[] = new Array<U>(this.length);
        for (let i = 0; i < this.length; i++) {
          tr.set(prefix + (tr.alertKeys[i] ?? ""));
          out[i] = f(this[i]!, i, this);
        }
        tr.set(prefix, true);
        return out;
      },
    });
    this.hooked = list;
  }

  unhookAlerts(): void {
    if (this.hooked !== null) delete (this.hooked as { map?: unknown }).map;
    this.hooked = null;
  }

  /**
   * The alerts' keys after own step k, from the list before it and its length then: alerts are
   * pushed onto the list, or it is replaced by a copy with some removed (filter) or one replaced
   * in place (map) — the list before is then left as it was.
   */
  alertsAfter(before: readonly Alert[], length: number, k: number): void {
    const after = this.sim.alerts, keys = this.alertKeys;
    if (after.length === length) return;
    if (after.length > length) {
      if (after !== before) this.fail("alerts were reordered");
      for (let i = length; i < after.length; i++) keys.push(keyPart(k) + keyPart(i - length));
      return;
    }
    const out: string[] = [];
    let j = 0;
    for (const a of after) {
      while (j < length && before[j] !== a) j++;
      if (j === length) {
        this.fail("alerts were reordered");
        break;
      }
      out.push(keys[j++]!);
    }
    this.alertKeys = out;
  }

  private rankOf(c: Customer): number {
    const r = this.rank.get(c.external_id);
    if (r === undefined) {
      this.fail(`customer ${c.external_id} is not in the split's plan`);
      return 0;
    }
    return r;
  }

  /** Runs one job of the clock at `at` for the due customers, a unit at a time, each under its key. */
  runJob(j: number, strategy: Strategy, orig: JobRun, due: readonly Customer[], at: Instant): void {
    if (j === 0) {
      if (this.roundK === this.k && this.roundAt === at) this.round++;
      else {
        this.roundK = this.k;
        this.roundAt = at;
        this.round = 0;
      }
    } else if (this.roundK !== this.k || this.roundAt !== at) this.fail("the clock's jobs ran out of their table's order");
    const base = keyPart(this.k) + keyPart(1) + instantPart(at) + keyPart(this.round) + keyPart(0) + keyPart(j);
    switch (strategy) {
      case "single":
        this.set(base);
        orig(this.sim, due, at);
        break;
      case "group":
        for (const [rank, customers] of this.byRank(due)) {
          this.set(base + keyPart(rank));
          orig(this.sim, customers, at);
        }
        break;
      case "billing":
        for (const [rank, customers] of this.byRank(due)) {
          this.billing = { base, rank, switched: false };
          this.set(base + keyPart(0) + keyPart(rank));
          orig(this.sim, customers, at);
        }
        this.billing = null;
        break;
      case "customer":
        for (const c of [...due].sort((a, b) => a.sequential_id - b.sequential_id)) {
          this.set(base + keyPart(c.sequential_id));
          orig(this.sim, [c], at);
        }
        break;
      case "finalize":
        this.finalizeBase = base;
        this.set(base, true);
        orig(this.sim, due, at);
        this.finalizeBase = null;
        break;
      case "expire":
        this.expireBase = base;
        this.set(base, true);
        orig(this.sim, due, at);
        this.expireBase = null;
        break;
      case "interval":
        this.set(base + keyPart(0), true);
        this.eachWallet(base, `${at}:${this.round}`, () => orig(this.sim, due, at));
        break;
      case "walletJobs":
        this.beginWalletJobs(base);
        orig(this.sim, due, at);
        break;
    }
    this.walletBase = null;
    this.phase = null;
    this.set(key(this.k, 1), true);
  }

  /**
   * Runs the interval rules' job, its walk over the wallets observed (each wallet under its
   * number), then its wallet jobs: the first walk over `sim.wallets.accounts` is the job's.
   */
  private eachWallet(base: string, walk: string, run: () => void): void {
    const accounts = this.sim.wallets.accounts, tr = this;
    let used = false;
    Object.defineProperty(accounts, Symbol.iterator, {
      configurable: true, writable: true, enumerable: false,
      value: function (this: typeof accounts): Iterator<(typeof accounts)[number]> {
        const plain = Array.prototype[Symbol.iterator].call(this) as Iterator<(typeof accounts)[number]>;
        if (used) return plain;
        used = true;
        tr.walks.push(walk);
        return {
          next() {
            const r = plain.next();
            if (r.done === true) tr.beginWalletJobs(base + keyPart(1));
            else tr.set(base + keyPart(0) + keyPart(tr.walletNo(r.value.wallet.svc_id)));
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

  /** The key of the end of instant `at`. */
  endKey(at: Instant): string {
    if (this.mode === "close") return key(this.k, 0, 1);
    if (this.roundK !== this.k || this.roundAt !== at) this.fail("an instant ended without its jobs");
    return keyPart(this.k) + keyPart(1) + instantPart(at) + keyPart(this.round) + keyPart(1);
  }

  /** The key an invoice was issued under. */
  invoiceKey(inv: InvoiceRecord): string {
    this.flush();
    const k = this.invoiceKeys.get(inv);
    if (k === undefined) {
      this.fail("an invoice was finalized before it was issued");
      return "";
    }
    return k;
  }
}

/** Wraps the methods of `sim` through which the order of its outputs is observed. */
function observe(tr: Tracer): void {
  const sim = tr.sim;
  const invoicing = sim.invoicing;
  // The organization-wide sequential id: the plan's, not the part's count of customers.
  const addCustomer = sim.addCustomer;
  sim.addCustomer = function (this: Simulation, c: Customer): void {
    const fresh = !this.customers.has(c.external_id);
    addCustomer.call(this, c);
    if (!fresh) return;
    const id = tr.sequentialId.get(c.external_id) ?? 0;
    if (id === 0) tr.fail(`customer ${c.external_id} was created where the plan did not expect it`);
    c.sequential_id = id;
    c.slug = `${this.catalog.organization.document_number_prefix}-${String(id).padStart(3, "0")}`;
    tr.created.push([c.external_id, tr.k]);
  };
  // The end of an instant, in a clock move or when the open instant closes: rounds of alerts, then wallet jobs.
  const endOfInstant = sim.endOfInstant;
  sim.endOfInstant = function (this: Simulation, at: Instant): void {
    if (tr.mode !== "advance" && tr.mode !== "close") return endOfInstant.call(this, at);
    tr.end = { base: tr.endKey(at), g: 0 };
    tr.beginEndRound();
    try {
      endOfInstant.call(this, at);
    } finally {
      tr.unhookAlerts();
      tr.end = null;
    }
    tr.endWalletJobs();
    tr.set(key(tr.k, tr.mode === "close" ? 0 : 1), true);
  };
  // After a cut batch, the wallets of each subscription's customers are queued for a check in the batch's order.
  const customersOfSubscription = sim.customersOfSubscription;
  sim.customersOfSubscription = function (this: Simulation, externalId: string): readonly Customer[] {
    if (tr.cut !== null && tr.mode === "step") tr.cut.current = tr.cut.first.get(externalId) ?? null;
    return customersOfSubscription.call(this, externalId);
  };
  // The billing job's second loop (one periodic invoice per customer) begins with its first periodic invoice.
  const issue = invoicing.issue;
  invoicing.issue = function (this: typeof invoicing, ...args: Parameters<typeof issue>): InvoiceRecord {
    // A paid top-up's invoice: the wallets' queue was flushed just before.
    if (args[4]?.type === "credit") tr.flushEvent();
    const b = tr.billing;
    if (b !== null && !b.switched && tr.mode === "advance") {
      const [, runs, , fixed, oneOff] = args;
      if ((fixed ?? null) === null && oneOff === undefined && runs.length > 0 && runs.every((r) => r.reason === "periodic")) {
        b.switched = true;
        tr.set(b.base + keyPart(1) + keyPart(b.rank));
      }
    }
    return issue.apply(this, args);
  };
  observeWallets(tr);
  // Drafts are finalized in issue order: each under the key of its issue.
  const finalize = invoicing.finalize;
  invoicing.finalize = function (this: typeof invoicing, inv: InvoiceRecord, at: Instant): void {
    if (tr.finalizeBase !== null && tr.mode === "advance") tr.set(tr.finalizeBase + tr.invoiceKey(inv));
    finalize.call(this, inv, at);
  };
}

/** The place in the whole batch of each subscription's first event in a part's share of a cut batch. */
function firstEvents(o: OwnStep): Map<string, number> {
  const first = new Map<string, number>();
  const body = (o.step as { body?: { events?: unknown } }).body;
  const events = Array.isArray(body?.events) ? (body.events as unknown[]) : [];
  events.forEach((e, i) => {
    const s = typeof e === "object" && e !== null ? (e as Record<string, unknown>)["external_subscription_id"] : undefined;
    if (typeof s === "string" && !first.has(s)) first.set(s, o.events![i]!);
  });
  return first;
}

/** The wallets' ledger of transactions, in creation order (what `wallet_transactions` lists). */
function transactionLog(sim: Simulation): readonly unknown[] {
  return (sim.wallets as unknown as { readonly log: readonly unknown[] }).log;
}

/**
 * Wraps what the part's wallets do that the order of outputs depends on: their numbers, the
 * queue of webhooks, the queue of threshold checks and the wallet jobs' walk over it, the end
 * of a round of the end of an instant.
 */
function observeWallets(tr: Tracer): void {
  const wallets = tr.sim.wallets;
  // Organization-wide numbers: the plan's.
  // (A create_wallet the plan does not number is refused, its customer unknown: the number is not used.)
  wallets.walletIndex = function (): number {
    return (tr.mode === "step" ? tr.walletPlan.get(tr.k) : undefined) ?? this.accounts.length;
  };
  const create = wallets.create;
  wallets.create = function (this: typeof wallets, ...args: Parameters<typeof create>): ReturnType<typeof create> {
    const r = create.apply(this, args);
    if (r.ok) {
      const n = tr.mode === "step" ? tr.walletPlan.get(tr.k) : undefined;
      if (n === undefined) tr.fail("a wallet was created where the plan did not expect it");
      tr.walletNumber.set(r.value.account.wallet.svc_id, n ?? 0);
      tr.wallets.push([tr.k, n ?? 0]);
      targets(r.value.account.wallet, args[2]);
    }
    return r;
  };
  // Interval rules with a target: their wallet is refreshed at every walk of the interval rules' job, whoever it is due for.
  const targets = (w: { readonly svc_id: string; readonly recurring_transaction_rules: readonly { readonly trigger: string; readonly method: string }[] }, at: number): void => {
    if (w.recurring_transaction_rules.some((x) => x.trigger === "interval" && x.method === "target") && !tr.targetSince.has(w.svc_id)) tr.targetSince.set(w.svc_id, at);
  };
  const updateWallet = wallets.updateWallet;
  wallets.updateWallet = function (this: typeof wallets, ...args: Parameters<typeof updateWallet>): ReturnType<typeof updateWallet> {
    const r = updateWallet.apply(this, args);
    if (r.ok) targets(r.value, args[3]);
    return r;
  };
  // The expire job terminates each wallet under its number.
  const terminate = wallets.terminate;
  wallets.terminate = function (this: typeof wallets, ...args: Parameters<typeof terminate>): ReturnType<typeof terminate> {
    if (tr.expireBase !== null && tr.mode === "advance") tr.set(tr.expireBase + keyPart(tr.walletNo(args[0].wallet.svc_id)));
    return terminate.apply(this, args);
  };
  // The webhooks queued, each with the key it was queued under (the queue is a new array after each flush).
  let queue = wallets.webhooks;
  const observed = (list: typeof queue): typeof queue => {
    Object.defineProperty(list, "push", {
      configurable: true, writable: true, enumerable: false,
      value: function (this: typeof queue, ...items: typeof queue): number {
        for (const w of items) tr.queued.set(w, tr.stamp());
        return Array.prototype.push.apply(this, items);
      },
    });
    return list;
  };
  observed(queue);
  Object.defineProperty(wallets, "webhooks", {
    configurable: true, enumerable: true,
    get: () => queue,
    set: (list: typeof queue) => void (queue = observed(list)),
  });
  // The threshold checks: the key each wallet was queued under; the wallet jobs' rounds.
  const checks = wallets.checks;
  Object.defineProperty(checks, "add", {
    configurable: true, writable: true, enumerable: false,
    value: function (this: Set<string>, id: string): Set<string> {
      if (!this.has(id)) tr.checkKeys.set(id, tr.checkKey());
      return Set.prototype.add.call(this, id);
    },
  });
  Object.defineProperty(checks, "clear", {
    configurable: true, writable: true, enumerable: false,
    value: function (this: Set<string>): void {
      tr.walletChecks([...this]);
      Set.prototype.clear.call(this);
    },
  });
  // The wallet jobs stop when both queues are empty: their last flush follows.
  Object.defineProperty(checks, "size", {
    configurable: true, enumerable: false,
    get: (): number => {
      const n = Reflect.get(Set.prototype, "size", checks) as number;
      if (n === 0 && wallets.payments.length === 0) tr.endWalletJobs();
      return n;
    },
  });
  const refreshOngoing = wallets.refreshOngoing;
  wallets.refreshOngoing = function (this: typeof wallets, ...args: Parameters<typeof refreshOngoing>): ReturnType<typeof refreshOngoing> {
    tr.walletCustomer(args[0]);
    return refreshOngoing.apply(this, args);
  };
  // A round of the end of an instant ends; another follows when a wallet balance moved.
  const hasChanged = wallets.hasChanged;
  wallets.hasChanged = function (this: typeof wallets): boolean {
    const r = hasChanged.call(this);
    if (r && tr.end !== null) {
      tr.end.g++;
      tr.beginEndRound();
    }
    return r;
  };
}

/**
 * Outputs a part sends before it ends (the webhooks and responses made so far, in order), so
 * that the receiving thread takes them in while the part runs on; its result then holds only the
 * rest (`assemble` puts them together). They are sent as they are when sent: the simulator
 * makes a new object for every webhook and response, and never changes one once made.
 */
export interface PartChunk {
  readonly webhooks: { readonly items: readonly unknown[]; readonly keys: readonly string[]; readonly queued: readonly string[] };
  readonly responses: readonly unknown[];
}

/** A part's result with the chunks it sent first put back in front. */
export function assemble(chunks: readonly PartChunk[], last: PartResult): PartResult {
  if (chunks.length === 0) return last;
  const items: unknown[] = [], keys: string[] = [], queued: string[] = [], responses: unknown[] = [];
  const append = <T>(to: T[], from: readonly T[]): void => {
    for (let i = 0; i < from.length; i++) to.push(from[i]!);
  };
  for (const c of chunks) {
    append(items, c.webhooks.items);
    append(keys, c.webhooks.keys);
    append(queued, c.webhooks.queued);
    append(responses, c.responses);
  }
  append(items, last.streams.webhooks.items);
  append(keys, last.streams.webhooks.keys);
  append(queued, last.streams.webhooks.queued ?? []);
  append(responses, last.responses);
  return { ...last, responses, streams: { ...last.streams, webhooks: { items, keys, queued } } };
}

/**
 * Replays one part of a split timeline (plan.ts) and returns its outputs with their keys.
 * With `send`, webhooks and responses go out in chunks of about `chunk` while it runs.
 */
export function runPart(task: PartTask, send?: (chunk: PartChunk) => void, chunk = 4096): PartResult {
  install();
  const input = Object.assign({}, task.catalog, { steps: [...(task.first === null ? [] : [task.first]), ...task.own.map((o) => o.step)], until: task.until });
  const { sim, steps, until } = prepareSimulation(input);
  const offset = task.first === null ? 0 : 1;
  const preamble = sim.warnings.slice();
  const tr = new Tracer(sim, preamble.length);
  for (const [c, id, rank] of task.customers) {
    tr.rank.set(c, rank);
    if (id > 0) tr.sequentialId.set(c, id);
  }
  for (const [k, n] of task.wallets) tr.walletPlan.set(k, n);
  tr.walkPlan = task.walks;
  tracers.set(sim, tr);
  observe(tr);
  const ats = task.ats;
  const S = ats.length;
  let j = 0;
  let previousOwn = false;
  // Sent so far: webhooks (tagged ones only) and responses.
  let sentWebhooks = 0, sentResponses = 0;
  const sendSome = (): void => {
    if (send === undefined) return;
    const w = tr.webhookKeys.length, r = sim.responses.length;
    if (w - sentWebhooks < chunk && r - sentResponses < chunk) return;
    send({ webhooks: { items: sim.invoicing.webhooks.slice(sentWebhooks, w), keys: tr.webhookKeys.slice(sentWebhooks, w), queued: tr.webhookQueued.slice(sentWebhooks, w) }, responses: sim.responses.slice(sentResponses, r) });
    sentWebhooks = w;
    sentResponses = r;
  };
  for (let k = 0; k < S; k++) {
    const at = ats[k]! as Instant;
    const own = j < task.own.length && task.own[j]!.k === k;
    // Another part's step moves this part's clock only when it reaches a new instant or follows one of its own steps.
    if (!own && k > 0 && ats[k - 1] === at && !previousOwn) continue;
    previousOwn = own;
    tr.k = k;
    if (at > sim.clock) {
      tr.mode = "close";
      tr.set(key(k, 0, 0));
      sim.closeInstant();
      tr.mode = "advance";
      tr.set(key(k, 1), true);
      sim.moveClock(at);
    } else {
      tr.mode = "advance";
      tr.set(key(k, 1), true);
      sim.advance(at);
    }
    if (own) {
      tr.mode = "step";
      const o = task.own[j]!;
      if (o.events === undefined) tr.set(key(k, 2));
      else {
        // A batch cut across parts: its events' outputs, then its wallet jobs, customer by customer in the batch's order.
        tr.set(key(k, 2, 0));
        tr.cut = { first: firstEvents(o), current: null };
        tr.walletBase = key(k, 2, 1);
      }
      const alerts = sim.alerts, length = alerts.length;
      sim.step(steps[offset + j]!, k);
      tr.alertsAfter(alerts, length, k);
      tr.cut = null;
      tr.walletBase = null;
      j++;
    }
    sendSome();
  }
  tr.k = S;
  tr.mode = "close";
  tr.set(key(S, 0, 0));
  sim.closeInstant();
  tr.mode = "advance";
  tr.set(key(S, 1), true);
  sim.advance(Math.max(until, sim.clock) as Instant, true);
  tr.mode = "idle";
  tr.set("", true);
  tracers.delete(sim);

  const r = sim.result();
  if (sim.wallets.webhooks.length > 0 || tr.queued.size > 0) tr.fail("wallet webhooks were left in the queue");
  const inv = sim.invoicing;
  const invoiceKeys = inv.invoices.filter((i) => i.status !== "closed").map((i) => tr.invoiceKeys.get(i) ?? "");
  const feeKeys: string[] = [];
  inv.entries.forEach((e, i) => {
    const k = tr.entryKeys[i]!;
    if ("line" in e) feeKeys.push(k);
    else if (e.invoice.status !== "closed") for (let n = 0; n < e.invoice.lines.length; n++) feeKeys.push(k);
  });
  if (feeKeys.length !== r.fees.length) tr.fail("the fees do not follow the invoices' entries");
  const noteKeys = inv.creditNotes.map((n) => tr.noteKeys.get(n.svc_id) ?? "");
  const streams: PartResult["streams"] = {
    invoices: { items: r.invoices, keys: invoiceKeys },
    credit_notes: { items: r.credit_notes, keys: noteKeys },
    wallet_transactions: { items: r.wallet_transactions, keys: tr.transactionKeys },
    webhooks: { items: r.webhooks.slice(sentWebhooks), keys: tr.webhookKeys.slice(sentWebhooks), queued: tr.webhookQueued.slice(sentWebhooks) },
    fees: { items: r.fees, keys: feeKeys },
    subscriptions: { items: r.subscriptions, keys: tr.subscriptionKeys },
    warnings: { items: r.warnings.slice(preamble.length), keys: tr.warningKeys },
  };
  for (const [name, s] of Object.entries(streams)) if (s.items.length !== s.keys.length || s.keys.includes("")) tr.fail(`${name} could not all be keyed`);
  return {
    ...(tr.unsupported === undefined ? {} : { unsupported: tr.unsupported }),
    preamble, responses: r.responses.slice(sentResponses), created: tr.created, wallets: tr.wallets, flushes: tr.flushes,
    walks: tr.walks, targets: [...tr.targetSince].map(([id, from]) => [from, sim.wallets.find(id)?.wallet.terminated_at ?? Infinity] as const), streams,
  };
}
