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
 * Two parts never produce outputs under the same key but for the running number; if they do,
 * the merge does not guess (merge.ts): the input runs in one piece instead.
 *
 * The jobs are observed by wrapping the entries of the clock's `DUE_JOBS` table (once per
 * thread) and a few methods of the part's own `Simulation` (and of its wallets, their queue of
 * checks and its list of alerts while they are evaluated); a simulation that is not traced goes
 * through the wrappers unchanged. The tracer (tracer.ts) keeps the context outputs are made in
 * and tags them (a queued wallet webhook at the flush that handed it over); the clock's jobs
 * (clock.ts), the wallets (wallets.ts, with the interval rules' walks) and the end of an instant
 * with its alerts (alerts.ts) set the context as they go; this file runs the part and observes
 * its customers. Pure: no I/O.
 */
import { type Instant } from "../../core/instant.js";
import { prepareSimulation, type Simulation } from "../../simulator/simulate.js";
import type { Customer } from "../../simulator/state.js";
import { key } from "../keys.js";
import type { OwnStep, PartTask } from "../plan.js";
import { AlertTracer, observeEnds } from "./alerts.js";
import { ClockTracer, install, observeJobs, traceJobs, untraceJobs } from "./clock.js";
import type { PartChunk, PartResult } from "./result.js";
import { Tracer } from "./tracer.js";
import { observeWallets, WalletTracer } from "./wallets.js";

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
  const wallets = new WalletTracer(tr);
  const clock = new ClockTracer(tr, wallets);
  const alerts = new AlertTracer(tr, wallets, clock);
  for (const [c, id, rank] of task.customers) {
    clock.rank.set(c, rank);
    if (id > 0) tr.sequentialId.set(c, id);
  }
  for (const [k, n] of task.wallets) wallets.walletPlan.set(k, n);
  wallets.walkPlan = task.walks;
  traceJobs(clock);
  observeCustomers(tr);
  observeEnds(alerts);
  observeJobs(clock);
  observeWallets(wallets);
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
        wallets.walletBase = key(k, 2, 1);
      }
      const before = sim.alerts, length = before.length;
      sim.step(steps[offset + j]!, k);
      alerts.alertsAfter(before, length, k);
      tr.cut = null;
      wallets.walletBase = null;
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
  untraceJobs(sim);

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
    preamble, responses: r.responses.slice(sentResponses), created: tr.created, wallets: wallets.created, flushes: tr.flushes,
    walks: wallets.walks, targets: [...wallets.targetSince].map(([id, from]) => [from, sim.wallets.find(id)?.wallet.terminated_at ?? Infinity] as const), streams,
  };
}

/** Wraps the methods of `sim` through which its customers are numbered, and a cut batch's wallets queued, as in one run. */
function observeCustomers(tr: Tracer): void {
  const sim = tr.sim;
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
  // After a cut batch, the wallets of each subscription's customers are queued for a check in the batch's order.
  const customersOfSubscription = sim.customersOfSubscription;
  sim.customersOfSubscription = function (this: Simulation, externalId: string): readonly Customer[] {
    if (tr.cut !== null && tr.mode === "step") tr.cut.current = tr.cut.first.get(externalId) ?? null;
    return customersOfSubscription.call(this, externalId);
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
