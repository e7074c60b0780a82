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
 *   [k, 0, 1]                                 … its end (alerts, wallet jobs)
 *   [k, 1, t, round, 0, job, unit…]           a clock job at instant t while moving to step k
 *   [k, 1, t, round, 1]                       the end of instant t
 *   [k, 2]                                    step k itself
 *
 * then a running number of the part. `unit` is what the one run's job iterates over: the rank
 * of a group (its subscription records are contiguous in creation order, plan.ts), for the
 * billing job the loop (downgrade switches, then the periodic invoices) and the group, the
 * customer's sequential id (overdue notices), the key of an invoice (drafts are finalized in
 * issue order). Two parts never produce outputs under the same key but for the running number;
 * if they do, the merge does not guess (merge.ts): the input runs in one piece instead.
 *
 * The jobs are observed by wrapping the entries of the clock's `DUE_JOBS` table (once per
 * thread) and a few methods of the part's own `Simulation`; a simulation that is not traced
 * goes through the wrappers unchanged. Pure: no I/O.
 */
import { type Instant } from "../core/instant.js";
import { DUE_JOBS } from "../simulator/clock.js";
import type { InvoiceRecord } from "../simulator/invoices.js";
import type { Sim } from "../simulator/sim.js";
import { prepareSimulation, type Simulation } from "../simulator/simulate.js";
import type { Customer } from "../simulator/state.js";
import { instantPart, key, keyPart } from "./keys.js";
import type { PartTask } from "./plan.js";

/** The outputs of `simulate`, with the key of each item. */
export const STREAMS = ["invoices", "credit_notes", "wallet_transactions", "webhooks", "fees", "subscriptions", "warnings"] as const;
export type StreamName = (typeof STREAMS)[number];

export interface PartResult {
  /** Why the part's run cannot be merged exactly (the caller runs the input in one piece). */
  readonly unsupported?: string;
  /** The warnings made before the first step (the input's unknown keys): the same in every part. */
  readonly preamble: readonly unknown[];
  /** One response per own step, in order. */
  readonly responses: readonly unknown[];
  /** Customers created: external id, index of the step that created it. */
  readonly created: readonly (readonly [string, number])[];
  readonly streams: { readonly [S in StreamName]: { readonly items: readonly unknown[]; readonly keys: readonly string[] } };
}

type JobRun = (sim: Sim, due: readonly Customer[], at: Instant) => void;
type Strategy = "single" | "group" | "billing" | "customer" | "finalize";

/**
 * How each job of the clock takes its entities (clock.ts `DUE_JOBS`): `group` — subscription
 * records (or wallets) in creation order, so a group at a time; `billing` — the downgrade
 * switches of every record, then one invoice per customer; `customer` — customers in creation
 * order; `finalize` — invoices in issue order; `single` — a job the split keeps out (wallets)
 * or does not know: run as it is, its outputs under the job's key.
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
};

/** The tracer of each traced simulation (keyed by the simulation object the jobs receive). */
const tracers = new WeakMap<object, Tracer>();
let installed = false;

/** Wraps the clock's jobs once per thread: an untraced simulation runs them unchanged. */
function install(): void {
  if (installed) return;
  installed = true;
  DUE_JOBS.forEach((job, j) => {
    const orig = job.run as JobRun;
    const strategy = STRATEGIES[job.name] ?? "single";
    (job as unknown as { run: JobRun }).run = (sim, due, at) => {
      const tr = tracers.get(sim);
      if (tr === undefined || tr.mode !== "advance") return orig(sim, due, at);
      tr.runJob(j, strategy, orig, due, at);
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
  readonly created: [string, number][] = [];
  // How far each output list has been tagged, and the keys.
  private marks = { webhooks: 0, invoices: 0, entries: 0, subscriptions: 0, warnings: 0, notes: 0 };
  readonly webhookKeys: string[] = [];
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
    const fresh = inv.webhooks.length > m.webhooks || inv.invoices.length > m.invoices || inv.entries.length > m.entries
      || sim.subscriptions.length > m.subscriptions || sim.warnings.length > m.warnings || inv.creditNotes.length !== m.notes;
    if (!fresh) return;
    if (this.neutral) this.fail("an output was made outside the units the split orders");
    if (inv.creditNotes.length < m.notes) this.fail("credit notes were removed");
    const next = (): string => this.ctx + keyPart(this.seq++);
    for (; m.webhooks < inv.webhooks.length; m.webhooks++) this.webhookKeys.push(next());
    for (; m.invoices < inv.invoices.length; m.invoices++) this.invoiceKeys.set(inv.invoices[m.invoices]!, next());
    for (; m.entries < inv.entries.length; m.entries++) this.entryKeys.push(next());
    for (; m.subscriptions < sim.subscriptions.length; m.subscriptions++) this.subscriptionKeys.push(next());
    for (; m.warnings < sim.warnings.length; m.warnings++) this.warningKeys.push(next());
    for (; m.notes < inv.creditNotes.length; m.notes++) this.noteKeys.set(inv.creditNotes[m.notes]!.svc_id, next());
  }

  /** Outputs from now on belong to `ctx` (a neutral context expects none). */
  set(ctx: string, neutral = false): void {
    this.flush();
    this.ctx = ctx;
    this.neutral = neutral;
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
    }
    this.set(key(this.k, 1), true);
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
  // The end of an instant, in a clock move or when the open instant closes.
  const endOfInstant = sim.endOfInstant;
  sim.endOfInstant = function (this: Simulation, at: Instant): void {
    if (tr.mode !== "advance" && tr.mode !== "close") return endOfInstant.call(this, at);
    tr.set(tr.endKey(at));
    endOfInstant.call(this, at);
    tr.set(key(tr.k, tr.mode === "close" ? 0 : 1), true);
  };
  // The billing job's second loop (one periodic invoice per customer) begins with its first periodic invoice.
  const issue = invoicing.issue;
  invoicing.issue = function (this: typeof invoicing, ...args: Parameters<typeof issue>): InvoiceRecord {
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
  // Drafts are finalized in issue order: each under the key of its issue.
  const finalize = invoicing.finalize;
  invoicing.finalize = function (this: typeof invoicing, inv: InvoiceRecord, at: Instant): void {
    if (tr.finalizeBase !== null && tr.mode === "advance") tr.set(tr.finalizeBase + tr.invoiceKey(inv));
    finalize.call(this, inv, at);
  };
}

/**
 * Outputs a part sends before it ends (the webhooks and responses made so far, in order), so
 * that the receiving thread takes them in while the part runs on; its result then holds only the
 * rest (`assemble` puts them together). They are sent as they are when sent: the simulator
 * makes a new object for every webhook and response, and never changes one once made.
 */
export interface PartChunk {
  readonly webhooks: { readonly items: readonly unknown[]; readonly keys: readonly string[] };
  readonly responses: readonly unknown[];
}

/** A part's result with the chunks it sent first put back in front. */
export function assemble(chunks: readonly PartChunk[], last: PartResult): PartResult {
  if (chunks.length === 0) return last;
  const items: unknown[] = [], keys: string[] = [], responses: unknown[] = [];
  const append = <T>(to: T[], from: readonly T[]): void => {
    for (let i = 0; i < from.length; i++) to.push(from[i]!);
  };
  for (const c of chunks) {
    append(items, c.webhooks.items);
    append(keys, c.webhooks.keys);
    append(responses, c.responses);
  }
  append(items, last.streams.webhooks.items);
  append(keys, last.streams.webhooks.keys);
  append(responses, last.responses);
  return { ...last, responses, streams: { ...last.streams, webhooks: { items, keys } } };
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
    send({ webhooks: { items: sim.invoicing.webhooks.slice(sentWebhooks, w), keys: tr.webhookKeys.slice(sentWebhooks, w) }, responses: sim.responses.slice(sentResponses, r) });
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
      tr.set(key(k, 2));
      sim.step(steps[offset + j]!, k);
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
  if (r.wallet_transactions.length > 0 || sim.wallets.accounts.length > 0) tr.fail("wallets are not split");
  if (sim.alerts.length > 0) tr.fail("alerts are not split");
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
    wallet_transactions: { items: r.wallet_transactions, keys: [] as string[] },
    webhooks: { items: r.webhooks.slice(sentWebhooks), keys: tr.webhookKeys.slice(sentWebhooks) },
    fees: { items: r.fees, keys: feeKeys },
    subscriptions: { items: r.subscriptions, keys: tr.subscriptionKeys },
    warnings: { items: r.warnings.slice(preamble.length), keys: tr.warningKeys },
  };
  for (const [name, s] of Object.entries(streams)) if (s.items.length !== s.keys.length || s.keys.includes("")) tr.fail(`${name} could not all be keyed`);
  return {
    ...(tr.unsupported === undefined ? {} : { unsupported: tr.unsupported }),
    preamble, responses: r.responses.slice(sentResponses), created: tr.created, streams,
  };
}
