/**
 * The usage events of a simulation, kept per external subscription id: in arrival order (what
 * a pay-in-advance fee counts up to its event), and in time order for the windows a billing
 * run, a usage read or an alert aggregates — found by binary search, so that a run reads its
 * period's events, not the subscription's history. Deduplication is exact: a set of the
 * transaction ids themselves per subscription (no hash stands for an id).
 */
import type { StoredEvent } from "./state.js";

/** The events of one external subscription id. */
export class EventLog {
  /** In arrival order (`seq` rising). */
  readonly arrival: StoredEvent[] = [];
  /** The same events in (timestamp, seq) order once {@link sortByTime} ran. */
  private readonly byTime: StoredEvent[] = [];
  private unsorted = false;
  /** The transaction ids taken under this subscription. */
  readonly ids = new Set<string>();
  /** The last window asked for, and its events (the charges of one run share a window). */
  private lastFrom = NaN;
  private lastTo = NaN;
  private lastSlice: readonly StoredEvent[] = [];

  add(e: StoredEvent): void {
    this.arrival.push(e);
    const t = this.byTime;
    // Events mostly arrive in time order: appending keeps the index sorted; a back-dated one marks it for a sort.
    if (t.length > 0 && t[t.length - 1]!.timestamp > e.timestamp) this.unsorted = true;
    t.push(e);
    this.ids.add(e.transaction_id);
    this.lastFrom = NaN;
  }

  /** The events with `from ≤ timestamp ≤ to` (`from` may be −Infinity), in time order. */
  between(from: number, to: number): readonly StoredEvent[] {
    if (from === this.lastFrom && to === this.lastTo) return this.lastSlice;
    const t = this.sortByTime();
    const lo = from === -Infinity ? 0 : lowerBound(t, from);
    const hi = upperBound(t, to);
    const slice = lo === 0 && hi === t.length ? t.slice() : t.slice(lo, hi);
    this.lastFrom = from;
    this.lastTo = to;
    this.lastSlice = slice;
    return slice;
  }

  private sortByTime(): StoredEvent[] {
    if (this.unsorted) {
      // Array#sort is stable: ties keep arrival order, which is seq order.
      this.byTime.sort((a, b) => a.timestamp - b.timestamp);
      this.unsorted = false;
    }
    return this.byTime;
  }
}

/** First index whose timestamp is ≥ t. */
function lowerBound(a: readonly StoredEvent[], t: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]!.timestamp < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose timestamp is > t. */
function upperBound(a: readonly StoredEvent[], t: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]!.timestamp <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EMPTY = new EventLog();

/** Every event of the simulation: logs by external subscription id, and the ids of events that name none. */
export class EventStore {
  private readonly logs = new Map<string, EventLog>();
  /** Transaction ids of accepted events that concern no subscription (they bill nothing, but take their id). */
  private readonly orphanIds = new Set<string>();
  /** Events stored so far: the next event's `seq`. */
  count = 0;

  /** Whether the transaction id is taken under that subscription (null: under no subscription). */
  has(externalSubscriptionId: string | null, transactionId: string): boolean {
    if (externalSubscriptionId === null) return this.orphanIds.has(transactionId);
    return this.logs.get(externalSubscriptionId)?.ids.has(transactionId) ?? false;
  }

  add(e: StoredEvent): void {
    let log = this.logs.get(e.external_subscription_id);
    if (log === undefined) this.logs.set(e.external_subscription_id, (log = new EventLog()));
    log.add(e);
    this.count++;
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
