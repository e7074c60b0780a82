/**
 * The usage events of a simulation, kept per external subscription id in columns: the
 * timestamps and arrival numbers in typed arrays, the transaction ids, codes and properties
 * as the references the caller sent (never copied). A run, a usage read or an alert asks for a
 * window and gets it in time order, found by binary search — a run reads its period's events,
 * not the subscription's history — as event objects made for that read and dropped after it.
 * What stays per event is a few words (docs/performance.md, "Memory"). Deduplication is
 * exact: an open-addressing table of rows keyed by a hash of the transaction id, where a hash
 * match is confirmed on the ids themselves — a collision never drops an event.
 */
import type { Instant } from "../core/instant.js";
import type { StoredEvent } from "./state.js";

type Properties = Readonly<Record<string, unknown>>;

/** The events of one external subscription id. */
export class EventLog {
  /** Events stored. */
  length = 0;
  private ts = new Float64Array(4);
  private seqs = new Int32Array(4);
  private readonly tids: string[] = [];
  private readonly codes: string[] = [];
  private readonly props: Properties[] = [];
  /** `precise_total_amount_cents` by row, for the few events that carry one (dynamic charges). */
  private precise: Map<number, string> | undefined;
  /** Each row's transaction-id hash, and the table of rows by hash (row + 1; 0: empty), at most half full. */
  private hashes = new Int32Array(4);
  private slots = new Int32Array(8);
  /**
   * Rows in (timestamp, arrival) order, for the first `orderedRows` rows; null while the rows
   * arrived in time order (the usual case: row order is time order).
   */
  private order: Int32Array | null = null;
  private orderedRows = 0;
  /** The last window asked for, and its events (the charges of one run share a window). */
  private lastFrom = NaN;
  private lastTo = NaN;
  private lastSlice: readonly StoredEvent[] = [];

  /** The storeEvents call that last appended here (events.ts: its bookkeeping without a Map per step). */
  appendMark = 0;
  /** Rises when rows are forgotten ({@link truncate}): what was read of the rows before may be gone (runningUsage.ts). */
  version = 0;

  constructor(readonly external_subscription_id: string) {}

  /** Whether an event with this transaction id is stored here (`hash`: {@link idHash} of it). */
  has(transactionId: string, hash: number = idHash(transactionId)): boolean {
    const slots = this.slots, mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const r = slots[slot]!;
      if (r === 0) return false;
      if (this.hashes[r - 1] === hash && this.tids[r - 1] === transactionId) return true;
    }
  }

  /** Stores an event whose transaction id is not taken here (see {@link has}). */
  add(transactionId: string, code: string, timestamp: Instant, properties: Properties, seq: number, precise: string | undefined, hash: number = idHash(transactionId)): void {
    const row = this.length;
    if (row === this.ts.length) this.grow(row * 2);
    // The first event out of time order starts an explicit order of the rows before it.
    if (this.order === null && row > 0 && this.ts[row - 1]! > timestamp) {
      this.order = Int32Array.from({ length: row }, (_, i) => i);
      this.orderedRows = row;
    }
    this.ts[row] = timestamp;
    this.seqs[row] = seq;
    this.tids.push(transactionId);
    this.codes.push(code);
    this.props.push(properties);
    if (precise !== undefined) (this.precise ??= new Map()).set(row, precise);
    this.hashes[row] = hash;
    this.length = row + 1;
    if (2 * this.length > this.slots.length) this.rehash(2 * this.slots.length);
    else this.place(row);
    this.lastFrom = NaN;
  }

  private grow(capacity: number): void {
    const ts = new Float64Array(capacity);
    ts.set(this.ts);
    this.ts = ts;
    const seqs = new Int32Array(capacity);
    seqs.set(this.seqs);
    this.seqs = seqs;
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes);
    this.hashes = hashes;
  }

  private place(row: number): void {
    const slots = this.slots, mask = slots.length - 1;
    let slot = this.hashes[row]! & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = row + 1;
  }

  /** A table of `size` slots holding rows `[0, length)`. */
  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let row = 0; row < this.length; row++) this.place(row);
  }

  /** Forgets the rows from `length` on (a refused step's events): nothing else was added since. */
  truncate(length: number): void {
    for (let row = length; row < this.length; row++) this.precise?.delete(row);
    this.tids.length = this.codes.length = this.props.length = length;
    if (this.order !== null) {
      // The ordered rows that stay; rows after them are merged in on the next read.
      this.order = this.order.filter((r) => r < length);
      this.orderedRows = this.order.length;
    }
    this.length = length;
    this.version++;
    this.rehash(this.slots.length);
    this.lastFrom = NaN;
  }

  /** A row's timestamp and code, read without making its event. */
  timestampAt(row: number): number {
    return this.ts[row]!;
  }
  codeAt(row: number): string {
    return this.codes[row]!;
  }

  /** The event of a row, made for the caller. */
  event(row: number): StoredEvent {
    return {
      transaction_id: this.tids[row]!,
      code: this.codes[row]!,
      timestamp: this.ts[row]! as Instant,
      properties: this.props[row]!,
      seq: this.seqs[row]!,
      external_subscription_id: this.external_subscription_id,
      precise_total_amount_cents: this.precise?.get(row),
    };
  }

  /** The events of rows `[0, end)`, in arrival order. */
  arrival(end = this.length): StoredEvent[] {
    const out: StoredEvent[] = new Array(end);
    for (let row = 0; row < end; row++) out[row] = this.event(row);
    return out;
  }

  /** The events with `from ≤ timestamp ≤ to` among rows `[0, lastRow]`, in arrival order (a pay-in-advance event's period so far). */
  arrivedBetween(from: number, to: number, lastRow: number): StoredEvent[] {
    const last = this.seqs[lastRow]!;
    return this.between(from, to).filter((e) => e.seq <= last).sort((a, b) => a.seq - b.seq);
  }

  /** The events with `from ≤ timestamp ≤ to` (`from` may be −Infinity), in (timestamp, arrival) order. */
  between(from: number, to: number): readonly StoredEvent[] {
    if (from === this.lastFrom && to === this.lastTo) return this.lastSlice;
    const order = this.timeOrder();
    const ts = this.ts;
    const at = order === null ? (i: number): number => ts[i]! : (i: number): number => ts[order[i]!]!;
    const lo = from === -Infinity ? 0 : bound(this.length, at, from, false);
    const hi = bound(this.length, at, to, true);
    const out: StoredEvent[] = new Array(Math.max(0, hi - lo));
    for (let i = lo; i < hi; i++) out[i - lo] = this.event(order === null ? i : order[i]!);
    this.lastFrom = from;
    this.lastTo = to;
    this.lastSlice = out;
    return out;
  }

  /** Rows in time order (null: row order is), brought up to date: the new rows sorted, then merged in. */
  private timeOrder(): Int32Array | null {
    const order = this.order;
    if (order === null || this.orderedRows === this.length) return order;
    const ts = this.ts;
    const byTime = (a: number, b: number): number => ts[a]! - ts[b]! || a - b;
    const fresh = Int32Array.from({ length: this.length - this.orderedRows }, (_, i) => this.orderedRows + i).sort(byTime);
    const merged = new Int32Array(this.length);
    let i = 0, j = 0, k = 0;
    while (i < this.orderedRows && j < fresh.length) merged[k++] = byTime(order[i]!, fresh[j]!) <= 0 ? order[i++]! : fresh[j++]!;
    while (i < this.orderedRows) merged[k++] = order[i++]!;
    while (j < fresh.length) merged[k++] = fresh[j++]!;
    this.order = merged;
    this.orderedRows = this.length;
    return merged;
  }
}

/** The first index in `[0, n)` whose time is ≥ t (`after`: > t), the times being sorted. */
function bound(n: number, at: (i: number) => number, t: number, after: boolean): number {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = at(mid);
    if (v < t || (after && v === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** FNV-1a over the UTF-16 code units: the table's hash of a transaction id (equal ids, equal hashes). */
export function idHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

const EMPTY = new EventLog("");

/** Every event of the simulation: logs by external subscription id, and the ids of events that name none. */
export class EventStore {
  private readonly logs = new Map<string, EventLog>();
  /** Transaction ids of accepted events that concern no subscription (they bill nothing, but take their id). */
  private readonly orphanIds = new Set<string>();
  /** Events stored so far: the next event's `seq`. */
  count = 0;

  /** Whether the transaction id is taken under that subscription (null: under no subscription). */
  has(externalSubscriptionId: string | null, transactionId: string, hash: number = idHash(transactionId)): boolean {
    if (externalSubscriptionId === null) return this.orphanIds.has(transactionId);
    return this.logs.get(externalSubscriptionId)?.has(transactionId, hash) ?? false;
  }

  /** The log of an external subscription id, made when it has none yet. */
  logFor(externalSubscriptionId: string): EventLog {
    let log = this.logs.get(externalSubscriptionId);
    if (log === undefined) this.logs.set(externalSubscriptionId, (log = new EventLog(externalSubscriptionId)));
    return log;
  }

  /** An event that names no subscription: only its transaction id is kept. */
  addOrphan(transactionId: string): void {
    this.orphanIds.add(transactionId);
  }

  /** The log of an external subscription id (empty when it has no event). */
  of(externalSubscriptionId: string): EventLog {
    return this.logs.get(externalSubscriptionId) ?? EMPTY;
  }
}

/**
 * The events a charge's aggregation over `window` ([start, end)) reads: those of the window,
 * and for a recurring metric every earlier one too (carried over, charges.md §12).
 */
export function windowEvents(log: EventLog, recurring: boolean, window: { readonly start: number; readonly end: number }): readonly StoredEvent[] {
  return log.between(recurring ? -Infinity : window.start, window.end - 1);
}
