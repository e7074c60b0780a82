/**
 * A part's wallets traced (part.ts): their organization-wide numbers, their queue of webhooks,
 * their queue of threshold checks and the wallet jobs' walk over the customers queued, each
 * customer's jobs under its unit ([0, the key its first wallet was queued under], then [1] for
 * the last flush).
 *
 * The interval rules' job refreshes every wallet topping up to a target at each of its walks
 * (00:55 UTC), whoever the round is for: a part reports its walks and the times it had such a
 * wallet (merge.ts checks them), and, told one run's walks, makes such a wallet's customer due
 * at each — for that job only.
 * Pure: no I/O.
 */
import type { Instant } from "../../core/instant.js";
import type { Customer } from "../../simulator/state.js";
import { firstAfter, keyPart } from "../keys.js";
import type { Tracer } from "./tracer.js";

export class WalletTracer {
  /** The organization-wide number of the wallet each own `create_wallet` step creates. */
  readonly walletPlan = new Map<number, number>();
  /** Wallet id → its organization-wide number. */
  readonly walletNumber = new Map<string, number>();
  /** Wallets created: index of the step, the organization-wide number the wallet got. */
  readonly created: [number, number][] = [];
  /** Wallet id → the key it was queued for a threshold check under. */
  readonly checkKeys = new Map<string, string>();
  /** The rounds (`instant:round`) in which the interval rules' job walked the wallets. */
  readonly walks: string[] = [];
  /** One run's walks of the interval rules' job (sorted), and the customers due only for the next one (→ its instant). */
  walkPlan: readonly number[] = [];
  private readonly dueWalk = new Map<Customer, number>();
  /** The customers due at the round running now only for a walk. */
  walkOnly: ReadonlySet<Customer> = new Set();
  /** Wallet id → since when it has (or had) an interval rule with a target. */
  readonly targetSince = new Map<string, number>();
  /** The key of the wallet jobs about to run (a clock job, the end of an instant), and the customers they take. */
  walletBase: string | null = null;
  private phase: { readonly customers: readonly (readonly [Customer, string])[]; next: number } | null = null;

  constructor(readonly tr: Tracer) {}

  /** When the interval rules' job is due for `c` (`own`), or one run's next walk if it is earlier and `c` has a wallet topping up to a target. */
  dueForWalk(c: Customer, own: Instant | undefined): Instant | undefined {
    this.dueWalk.delete(c);
    const target = this.tr.sim.wallets.of(c).some((a) => a.wallet.status === "active" && topsUpToTarget(a.wallet));
    if (!target) return own;
    const w = this.walkPlan[firstAfter(this.walkPlan, this.tr.sim.clock)];
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
      this.tr.fail(`wallet ${id} was not created by the part`);
      return 0;
    }
    return n;
  }

  /** The wallet jobs (runWalletJobs) about to run under `base`. */
  beginWalletJobs(base: string): void {
    this.tr.set(base + keyPart(0), true);
    this.walletBase = base;
    this.phase = null;
  }

  /** The wallet jobs take the customers of the wallets queued for a check (the queue's ids, before it is cleared). */
  walletChecks(ids: readonly string[]): void {
    const tr = this.tr;
    if (!tr.keyed()) return;
    if (this.walletBase === null) {
      if (ids.length > 0) tr.fail("the wallet jobs ran where the split does not expect them");
      return;
    }
    const customers: [Customer, string][] = [];
    const seen = new Set<Customer>();
    for (const id of ids) {
      const a = tr.sim.wallets.find(id);
      const c = a === undefined ? undefined : tr.sim.customerById(a.wallet.svc_customer_id);
      if (c === undefined || seen.has(c)) continue;
      seen.add(c);
      const k = this.checkKeys.get(id);
      if (k === undefined) tr.fail(`wallet ${id} was queued for a check unseen`);
      customers.push([c, k ?? ""]);
    }
    this.phase = { customers, next: 0 };
    tr.set(this.walletBase + keyPart(0), true);
  }

  /** The wallet jobs refresh a customer's wallets: its unit begins. */
  walletCustomer(c: Customer): void {
    const p = this.phase;
    if (p === null || !this.tr.keyed()) return;
    const at = p.customers[p.next];
    if (at !== undefined && at[0] === c) {
      this.tr.set(this.walletBase! + keyPart(0) + at[1]);
      p.next++;
    } else if (p.next === 0 || p.customers[p.next - 1]![0] !== c) this.tr.fail("the wallet jobs took a customer out of the queue's order");
  }

  /** The wallet jobs found their queues empty: their last flush. */
  endWalletJobs(): void {
    if (this.walletBase === null || !this.tr.keyed()) return;
    this.tr.set(this.walletBase + keyPart(1), false, true);
    this.clearWalletJobs();
  }

  /** No wallet jobs are about to run (a job of the clock is over). */
  clearWalletJobs(): void {
    this.walletBase = null;
    this.phase = null;
  }
}

type RuledWallet = { readonly recurring_transaction_rules: readonly { readonly trigger: string; readonly method: string }[] };

/** Whether a wallet has an interval rule topping up to a target (each walk of the interval rules' job refreshes it). */
function topsUpToTarget(w: RuledWallet): boolean {
  return w.recurring_transaction_rules.some((r) => r.trigger === "interval" && r.method === "target");
}

/**
 * Wraps what the part's wallets do that the order of outputs depends on: their numbers, the
 * queue of webhooks, the queue of threshold checks and the wallet jobs' walk over it. (The
 * expire job's and the end of an instant's wrappers: clock.ts, alerts.ts.)
 */
export function observeWallets(wt: WalletTracer): void {
  const tr = wt.tr;
  const wallets = tr.sim.wallets;
  // Organization-wide numbers: the plan's.
  // (A create_wallet the plan does not number is refused, its customer unknown: the number is not used.)
  wallets.walletIndex = function (): number {
    return (tr.mode === "step" ? wt.walletPlan.get(tr.k) : undefined) ?? this.accounts.length;
  };
  const create = wallets.create;
  wallets.create = function (this: typeof wallets, ...args: Parameters<typeof create>): ReturnType<typeof create> {
    create.apply(this, args);
    const [r, at] = args;
    const n = tr.mode === "step" ? wt.walletPlan.get(tr.k) : undefined;
    if (n === undefined) tr.fail("a wallet was created where the plan did not expect it");
    wt.walletNumber.set(r.account.wallet.svc_id, n ?? 0);
    wt.created.push([tr.k, n ?? 0]);
    targets(r.account.wallet, at);
  };
  // Interval rules with a target: their wallet is refreshed at every walk of the interval rules' job, whoever it is due for.
  const targets = (w: RuledWallet & { readonly svc_id: string }, at: number): void => {
    if (topsUpToTarget(w) && !wt.targetSince.has(w.svc_id)) wt.targetSince.set(w.svc_id, at);
  };
  const updateWallet = wallets.updateWallet;
  wallets.updateWallet = function (this: typeof wallets, ...args: Parameters<typeof updateWallet>): ReturnType<typeof updateWallet> {
    updateWallet.apply(this, args);
    targets(args[1], args[2]);
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
      if (!this.has(id)) wt.checkKeys.set(id, tr.checkKey());
      return Set.prototype.add.call(this, id);
    },
  });
  Object.defineProperty(checks, "clear", {
    configurable: true, writable: true, enumerable: false,
    value: function (this: Set<string>): void {
      wt.walletChecks([...this]);
      Set.prototype.clear.call(this);
    },
  });
  // The wallet jobs stop when both queues are empty: their last flush follows.
  Object.defineProperty(checks, "size", {
    configurable: true, enumerable: false,
    get: (): number => {
      const n = Reflect.get(Set.prototype, "size", checks) as number;
      if (n === 0 && wallets.payments.length === 0) wt.endWalletJobs();
      return n;
    },
  });
  const refreshOngoing = wallets.refreshOngoing;
  wallets.refreshOngoing = function (this: typeof wallets, ...args: Parameters<typeof refreshOngoing>): ReturnType<typeof refreshOngoing> {
    wt.walletCustomer(args[0]);
    return refreshOngoing.apply(this, args);
  };
}
