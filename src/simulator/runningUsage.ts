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
 */
import { type AggregationResult, type AggregationWindow, type Aggregator, type BillableMetric, createAggregator } from "../aggregation/index.js";
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
