/**
 * Running aggregation states for usage reads (issue 9): a subscription's current usage is read
 * after every event step that touches it when it has a usage alert, a progressive-billing
 * threshold or a wallet whose ongoing balance follows usage (invoice.md §11.5, §12, §14.3).
 * Aggregating the period's events again at each read is quadratic in the events of a period;
 * instead each (subscription, metric, aggregation window) keeps a streaming aggregator
 * (aggregation/aggregator.ts) and each read adds only the rows the log received since the
 * previous read.
 *
 * Exactness: a read answers what `aggregateEvents(metric, log.between(window), window)` answers.
 * The aggregator selects by code, window and filters itself, so it is fed every new row; the
 * kernels used here give a result that does not depend on the order events were added in
 * (count, sum — whose per-event values are ordered by (time, arrival, id) at the end — and max),
 * and reading a result changes no state. Other kinds (unique counts, latest, weighted sums,
 * recurring or prorated metrics) are aggregated from the events as before. A log that forgot
 * rows (a refused step's) starts its states over. test/unit/simulator/runningUsage.test.ts
 * compares simulations with and without these states.
 *
 * A charge's current-usage fees are kept too ({@link RunningUsage.feesMemo}): a read reuses a
 * charge's fees while no event of its metric has arrived in the subscription's log since they
 * were made (a usage read after an event step re-rates only the charges that step touched).
 */
import { type AggregationResult, type AggregationWindow, type Aggregator, type BillableMetric, createAggregator } from "../aggregation/index.js";
import type { KeptBucketFees } from "../fees/index.js";
import type { ChargeUsageMemo, ChargeUsageMemoEntry, CurrentUsageCharge } from "../usage/index.js";
import type { EventLog } from "./eventStore.js";

interface Entry {
  readonly aggregator: Aggregator;
  /** Rows of the log added so far (arrival order). */
  rows: number;
  readonly version: number;
}

/** At most this many windows per log are kept (a subscription reads one or two at a time). */
const PER_LOG = 16;

export class RunningUsage {
  /** By log, then by metric (the catalog's object), then by the window's JSON. */
  private readonly byLog = new WeakMap<EventLog, WeakMap<BillableMetric, Map<string, Entry>>>();
  /** Off: every read aggregates the events (for tests that compare both). */
  enabled = true;

  /** The aggregation of the log's events over `window`, or `undefined` when it is not kept here. */
  read(log: EventLog, metric: BillableMetric, window: AggregationWindow): AggregationResult | undefined {
    if (!this.enabled || !isOrderFree(metric, window)) return undefined;
    let byMetric = this.byLog.get(log);
    if (byMetric === undefined) this.byLog.set(log, (byMetric = new WeakMap()));
    let entries = byMetric.get(metric);
    if (entries === undefined) byMetric.set(metric, (entries = new Map()));
    const key = windowKey(window);
    let entry = entries.get(key);
    if (entry === undefined || entry.version !== log.version || entry.rows > log.length) {
      if (entry === undefined && entries.size >= PER_LOG) entries.clear();
      entry = { aggregator: createAggregator(metric, window), rows: 0, version: log.version };
      entries.set(key, entry);
    }
    // Rows of another code or outside the window (the kinds kept here carry nothing in) are
    // skipped on the columns, without making their events.
    const { from, to } = window;
    for (let row = entry.rows; row < log.length; row++) {
      const t = log.timestampAt(row);
      if (t < from || t > to || log.codeAt(row) !== metric.code) continue;
      entry.aggregator.add(log.event(row));
    }
    entry.rows = log.length;
    return entry.aggregator.result();
  }

  /** Kept fees: by log, then by charge (the plan's object). */
  private readonly fees = new WeakMap<EventLog, WeakMap<object, KeptFees>>();

  /**
   * The memo of a current-usage read of `log` (currentUsage's `memo`). `scope` names everything
   * else the fees depend on: the subscription, the window and its settings. A kept charge's fees
   * are current while the log forgot nothing and no row of the charge's metric was added since;
   * when they are not, its buckets whose figures did not change keep their fees.
   */
  feesMemo(log: EventLog, scope: string): ChargeUsageMemo | undefined {
    if (!this.enabled) return undefined;
    let byCharge = this.fees.get(log);
    if (byCharge === undefined) this.fees.set(log, (byCharge = new WeakMap()));
    const all = byCharge;
    const kept = (c: CurrentUsageCharge): KeptFees => {
      const k = all.get(c.usage);
      if (k !== undefined && k.scope === scope && k.metric === c.metric) return k;
      const fresh: KeptFees = { scope, metric: c.metric, buckets: new Map(), current: undefined };
      all.set(c.usage, fresh);
      return fresh;
    };
    return {
      get: (c) => {
        const cur = kept(c).current;
        if (cur === undefined || cur.version !== log.version || cur.rows > log.length) return undefined;
        const code = c.metric.code;
        for (let row = cur.rows; row < log.length; row++) if (log.codeAt(row) === code) return undefined;
        cur.rows = log.length;
        return cur.value;
      },
      set: (c, value) => {
        kept(c).current = { version: log.version, rows: log.length, value };
      },
      buckets: (c) => kept(c).buckets,
    };
  }
}

/** A charge's kept fees for one scope. */
interface KeptFees {
  readonly scope: string;
  readonly metric: object;
  /** Its bucket fees, kept across its recomputations. */
  readonly buckets: KeptBucketFees;
  /** Its fees and entry, with the log's version and length when they were made or last found current. */
  current: { readonly version: number; rows: number; readonly value: ChargeUsageMemoEntry } | undefined;
}
/** Kinds whose result does not depend on the order events are added in (see the module comment). */
function isOrderFree(metric: BillableMetric, window: AggregationWindow): boolean {
  const t = metric.aggregation_type;
  return (t === "count_agg" || t === "sum_agg" || t === "max_agg") && metric.recurring !== true && window.prorated !== true;
}

/** A text naming the window's settings: primitives written as they are, the rest (filters, keys) as JSON. */
function windowKey(window: AggregationWindow): string {
  let key = "";
  const w = window as unknown as Record<string, unknown>;
  for (const k in w) {
    const v = w[k];
    if (v === undefined) continue;
    key += typeof v === "object" && v !== null ? `${k}=${JSON.stringify(v)};` : `${k}=${String(v)};`;
  }
  return key;
}
