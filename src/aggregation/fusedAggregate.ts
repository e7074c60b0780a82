/**
 * The JSON `aggregate` of a plain sum or count in one pass over the caller's event objects:
 * validation, deduplication, the window, the value, the group and the per-event values in one
 * loop, with no event object made and no second pass (issue 11). It covers the usual input —
 * `sum_agg` or `count_agg`, no expression, not recurring, no filters, no free units, events
 * well formed and without precise amounts, optionally `grouped_by` — and returns `undefined`
 * for anything else, which the general path (parseInput → dedupe → aggregator) then takes: it
 * validates and reports issues; this path never refuses.
 *
 * The result is the general path's, value for value: the same readers (timestamps, decimals),
 * the same duplicate rule (first event of a (subscription, transaction id) pair kept, a hash
 * match confirmed on the ids), the same kernels' finish for counts, the same assembly (groups'
 * order, rounding, warnings' order). test/unit/aggregation/fusedAggregate.test.ts compares both
 * on random inputs.
 */
import { type FixedSum, addToSum, cellText, newCell, newSum, readFixed, sumToDecimal } from "../core/fixed.js";
import { isCanonical } from "./_valueList.js";
import { hashPair } from "./_columns.js";
import { isObj } from "./_parseFields.js";
import { planAggregation } from "./_plan.js";
import { assembleResult } from "./_result.js";
import { timestampReader } from "./_timestamp.js";
import { count } from "./count.js";
import { compilePropertyFilter } from "./filter.js";
import { type Grouper, createGrouper } from "./groupBy.js";
import { parseAggregateInput } from "./parseInput.js";
import { sumRunningTotal } from "./runningTotal.js";
import type { KernelContext } from "./_kernel.js";
import type { AggregationResult, AggregationWarning, UnitsResult } from "./types.js";

/** A group's (or the total's) running state: the exact sum, the count, the values' times and texts in arrival order. */
interface Acc {
  readonly sum: FixedSum;
  count: number;
  times: Float64Array;
  texts: string[];
  /** Times arrived non-decreasing (arrival breaks ties): the texts are in time order already. */
  inOrder: boolean;
  /** Every time is an integer (milliseconds): the order can be found by a numeric sort of packed keys. */
  integral: boolean;
}

const accOf = (capacity: number): Acc => ({ sum: newSum(), count: 0, times: new Float64Array(capacity), texts: [], inOrder: true, integral: true });
const newAcc = (): Acc => accOf(16);
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

export interface FusedAggregate {
  readonly result: AggregationResult;
  /** The duplicate-transaction warnings, in event order (the general path's `dedupeEvents`). */
  readonly duplicates: AggregationWarning[];
}

/** The aggregation of `input` (the contract's JSON), or `undefined` when the input is not the usual one. */
export function fusedAggregate(input: unknown): FusedAggregate | undefined {
  if (!isObj(input)) return undefined;
  const events = input["events"];
  if (!Array.isArray(events)) return undefined;
  const head = parseAggregateInput(Object.assign({}, input, { events: [] }));
  if (!head.ok) return undefined;
  const { metric, window } = head.value;
  const type = metric.aggregation_type;
  if ((type !== "sum_agg" && type !== "count_agg") || metric.expression !== undefined || metric.recurring === true || window.prorated === true) return undefined;
  if (compilePropertyFilter(window.filters, window.ignored_filters) !== undefined) return undefined;
  const plan = planAggregation(metric, Object.assign({}, window, { event_values: "text" as const, precise_amounts: false }));
  const ctx = plan.ctx;
  if (ctx.runningTotal !== undefined || plan.carriesIn) return undefined;

  const n = events.length;
  const hashes = new Uint32Array(n);
  const run = (skip: Uint8Array | undefined): Pass | undefined => aggregatePass(events, plan.field, metric.code, ctx, type === "sum_agg", window.grouped_by ?? [], hashes, skip);
  let pass = run(undefined);
  if (pass === undefined) return undefined;
  // Duplicates are found afterwards, in a tight loop over the hashes (its table lookups overlap in
  // the processor, where the same lookups inside the event loop each waited on memory); an input
  // with duplicates (rare) is aggregated again without them.
  const dup = duplicatesOf(events, hashes);
  const duplicates: AggregationWarning[] = [];
  if (dup !== undefined) {
    for (let i = 0; i < n; i++) if (dup[i] === 1) duplicates.push({ transaction_id: (events[i] as Record<string, unknown>)["transaction_id"] as string, reason: "duplicate_transaction_id" });
    pass = run(dup)!;
  }
  const isSum = type === "sum_agg";
  const finish = (acc: Acc, grouped: boolean): UnitsResult => (isSum ? sumResult(acc, ctx) : count.finish({ count: acc.count }, ctx, grouped));
  const groups = pass.grouper?.entries().map(({ values, state }) => ({ values, result: finish(state, true) }));
  const result = assembleResult(metric, pass.grouper?.keys ?? [], finish(pass.total, false), groups, () => finish(newAcc(), true), pass.warnings);
  return { result, duplicates };
}

interface Pass {
  readonly total: Acc;
  readonly grouper: Grouper<Acc> | undefined;
  readonly warnings: AggregationWarning[];
}

/**
 * One pass over the events: each checked as the general parser's quick path accepts it (else
 * `undefined`), its (subscription, transaction id) hash written to `hashes`, and — unless
 * `skip` marks it a duplicate — selected and added (aggregator.ts: the metric's code, the
 * window, the value read or warned about, the group).
 */
function aggregatePass(
  events: readonly unknown[], field: string, code: string, ctx: KernelContext, isSum: boolean, keys: readonly string[],
  hashes: Uint32Array, skip: Uint8Array | undefined,
): Pass | undefined {
  const n = events.length;
  const read = timestampReader();
  const grouper = keys.length > 0 ? createGrouper(keys, newAcc) : undefined;
  const total = accOf(isSum ? n : 0);
  const warnings: AggregationWarning[] = [];
  const cell = newCell();
  const { from, to } = ctx;
  for (let i = 0; i < n; i++) {
    const e: unknown = events[i];
    if (!isObj(e)) return undefined; // holes, non-objects: the general path reports them
    const tx = e["transaction_id"], c = e["code"], props = e["properties"], sub = e["external_subscription_id"], ts = e["timestamp"];
    if (typeof tx !== "string" || tx === "" || typeof c !== "string" || c === "") return undefined;
    const precise = e["precise_total_amount_cents"];
    if (precise !== undefined && precise !== null) return undefined;
    if (props !== undefined && !isObj(props)) return undefined;
    let subKey = "";
    if (sub !== undefined && sub !== null) {
      if (typeof sub !== "string") return undefined;
      subKey = sub;
    }
    if (ts === undefined || ts === null) return undefined;
    const t = read(ts);
    if (t === undefined) return undefined;
    hashes[i] = hashPair(subKey, tx);
    if (skip !== undefined && skip[i] === 1) continue;
    if (c !== code || t > to || t < from) continue;
    const properties = props === undefined ? EMPTY : (props as Record<string, unknown>);
    if (!isSum) {
      total.count++;
      if (grouper !== undefined) grouper.resolve(properties).count++;
      continue;
    }
    const raw = properties[field];
    if (!readFixed(raw, cell)) {
      warnings.push({ transaction_id: tx, reason: raw === undefined || raw === null ? "field_missing" : "not_a_number" });
      continue;
    }
    const text = typeof raw === "string" && isCanonical(raw, cell) ? raw : cellText(cell);
    push(total, t, text);
    addToSum(total.sum, cell);
    if (grouper !== undefined) {
      const g = grouper.resolve(properties);
      push(g, t, text);
      addToSum(g.sum, cell);
    }
  }
  return { total, grouper, warnings };
}

/**
 * The duplicates (dedupe.ts's rule: the first event of a (subscription, transaction id) pair is
 * kept, a hash match confirmed on the ids), marked 1 by index; `undefined` when there is none.
 * The events were checked by {@link aggregatePass}.
 */
function duplicatesOf(events: readonly unknown[], hashes: Uint32Array): Uint8Array | undefined {
  const n = events.length;
  let size = 16;
  while (size < n * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size); // index + 1 of a kept event; 0: empty
  let marks: Uint8Array | undefined;
  for (let i = 0; i < n; i++) {
    const h = hashes[i]!;
    let slot = h & mask;
    let r = table[slot]!;
    for (; r !== 0; slot = (slot + 1) & mask, r = table[slot]!) {
      if (hashes[r - 1] === h && sameId(events[r - 1] as Record<string, unknown>, events[i] as Record<string, unknown>)) break;
    }
    if (r === 0) table[slot] = i + 1;
    else (marks ??= new Uint8Array(n))[i] = 1;
  }
  return marks;
}

const subscriptionKey = (e: Record<string, unknown>): string => {
  const sub = e["external_subscription_id"];
  return typeof sub === "string" ? sub : "";
};
const sameId = (a: Record<string, unknown>, b: Record<string, unknown>): boolean =>
  a["transaction_id"] === b["transaction_id"] && subscriptionKey(a) === subscriptionKey(b);

function push(a: Acc, t: number, text: string): void {
  const k = a.count++;
  if (k === a.times.length) {
    const times = new Float64Array(2 * k + 16);
    times.set(a.times);
    a.times = times;
  }
  if (k > 0 && a.times[k - 1]! > t) a.inOrder = false;
  if (!Number.isInteger(t)) a.integral = false;
  a.times[k] = t;
  a.texts.push(text); // (a large `new Array(n)` would be a dictionary: push keeps the elements packed)
}

/** sum.ts's finish on the kept values: the values in time order (arrival breaks ties). */
function sumResult(a: Acc, ctx: KernelContext): UnitsResult {
  const n = a.count;
  let texts = a.texts;
  if (!a.inOrder) texts = timeOrder(a.times, texts, n, a.integral);
  return { units: sumToDecimal(a.sum), events_count: n, running_total: sumRunningTotal([], ctx), event_value_texts: texts };
}

/**
 * `texts` ordered by `times`, arrival breaking ties. When the times are integers whose span
 * times the count stays below 2^53, each row is the key `(t − min) × n + row` and a numeric
 * sort of the keys is the order (no comparator call per comparison); otherwise a stable sort.
 */
function timeOrder(times: Float64Array, texts: readonly string[], n: number, integral: boolean): string[] {
  let min = Infinity, max = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const out: string[] = [];
  if (integral && (max - min + 1) * n <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (times[i]! - min) * n + i;
    keys.sort();
    for (let j = 0; j < n; j++) {
      const key = keys[j]!;
      out.push(texts[key - Math.floor(key / n) * n]!);
    }
    return out;
  }
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort((x, y) => times[x]! - times[y]! || x - y);
  for (let j = 0; j < n; j++) out.push(texts[order[j]!]!);
  return out;
}
