/**
 * The tracer of a part's run (part.ts): the context outputs are made in now (a key, set as the
 * run moves from unit to unit: clock.ts, wallets.ts, alerts.ts), and the key of every output,
 * tagged with that context and a running number when the part next looks.
 *
 * Wallet webhooks wait in a queue until a flush hands them to the list: their place in one run
 * is the first flush after they were queued, by whichever customer (a paid top-up flushes the
 * queue before its invoice). Each is keyed by that flush and its key in the queue ([flush,
 * queued]); the flushes a part made in the clock's jobs are reported, and the merge moves a
 * webhook to an earlier flush of another part when one came between (merge.ts).
 * Pure: no I/O.
 */
import type { InvoiceRecord } from "../../simulator/invoices.js";
import type { Simulation } from "../../simulator/simulate.js";
import { keyPart } from "../keys.js";

/** What the part does now: closes the open instant, moves its clock, performs an own step (or nothing). */
export type Mode = "idle" | "close" | "advance" | "step";

export class Tracer {
  mode: Mode = "idle";
  /** The step whose clock move (or whose performance) runs now; the step count at the end. */
  k = 0;
  unsupported: string | undefined;
  private ctx = "";
  /** A context where nothing is expected: an output there cannot be placed. */
  private neutral = true;
  private seq = 0;
  /** Customers created: external id, index of the step that created it. */
  readonly created: [string, number][] = [];
  // How far each output list has been tagged, and the keys.
  private marks = { webhooks: 0, invoices: 0, entries: 0, subscriptions: 0, warnings: 0, notes: 0, transactions: 0 };
  readonly webhookKeys: string[] = [];
  /** Per tagged webhook: its key in the wallets' queue, or "". */
  readonly webhookQueued: string[] = [];
  readonly transactionKeys: string[] = [];
  /** Webhooks waiting in the wallets' queue → their key there. */
  readonly queued = new Map<object, string>();
  /** The flushes of the wallets' queue made in the clock's jobs. */
  readonly flushes: string[] = [];
  /** The key of the flush that handed the webhooks being tagged to the list. */
  private pendingFlush: string | null = null;
  /** A context where only the queue's last flush is expected (its key is the same in every part). */
  private flushOnly = false;
  /**
   * A `create_events` batch cut across parts being performed: the place in the whole batch of
   * each subscription's first event, and the subscription whose customers' wallets are queued now.
   */
  cut: { readonly first: ReadonlyMap<string, number>; current: number | null } | null = null;
  readonly entryKeys: string[] = [];
  readonly subscriptionKeys: string[] = [];
  readonly warningKeys: string[] = [];
  readonly invoiceKeys = new Map<InvoiceRecord, string>();
  readonly noteKeys = new Map<string, string>();
  /** External id → the organization-wide sequential id the plan gives the customer. */
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

/** The wallets' ledger of transactions, in creation order (what `wallet_transactions` lists). */
function transactionLog(sim: Simulation): readonly unknown[] {
  return (sim.wallets as unknown as { readonly log: readonly unknown[] }).log;
}
