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
import { setOwn } from "../core/jsonValue.js";
import { type FixedCell, type FixedSum, addToSum, cellText, newCell, newSum, readFixed, sumToDecimal } from "../core/fixed.js";
import { isCanonical } from "./_valueList.js";
import { hashPair } from "./_columns.js";
import { isObj } from "./_parseFields.js";
import { planAggregation } from "./_plan.js";
import { assembleResult } from "./_result.js";
import { timestampReader } from "./_timestamp.js";
import { radixTimeOrder } from "./_timeOrder.js";
import { count } from "./count.js";
import { compilePropertyFilter } from "./filter.js";
import { type Grouper, createGrouper } from "./groupBy.js";
import { parseAggregateInput } from "./parseInput.js";
import { sumRunningTotal } from "./runningTotal.js";
import type { KernelContext } from "./_kernel.js";
import type { AggregationResult, AggregationWarning, BillableMetric, UnitsResult } from "./types.js";

/** A group's (or the total's) running state: the exact sum, the count, the values' times and texts in arrival order. */
interface Acc {
  readonly sum: FixedSum;
  count: number;
  times: Float64Array;
  texts: string[];
  /** Times arrived non-decreasing (arrival breaks ties): the texts are in time order already. */
  inOrder: boolean;
}

// The texts preallocated (`new Array(n)` stays a fast holey array at these sizes): pushing onto a
// growing array of hundreds of thousands of strings cost about 170 ns a value on Node 20.
const accOf = (capacity: number): Acc => ({ sum: newSum(), count: 0, times: new Float64Array(capacity), texts: new Array<string>(capacity), inOrder: true });
const newAcc = (): Acc => accOf(0);
const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

export interface FusedAggregate {
  readonly result: AggregationResult;
  /** The duplicate-transaction warnings, in event order (the general path's `dedupeEvents`). */
  readonly duplicates: AggregationWarning[];
}

/** What the fused passes need from the input, when it is the usual one. */
interface PlainSum {
  readonly metric: BillableMetric;
  readonly ctx: KernelContext;
  readonly field: string;
  readonly isSum: boolean;
  readonly keys: readonly string[];
}

/** The input's metric and window (validated by the general parser, events aside) when a fused pass covers them. */
function plainSum(input: Record<string, unknown>): PlainSum | undefined {
  const head = parseAggregateInput(Object.assign({}, input, { events: [] }));
  if (!head.ok) return undefined;
  const { metric, window } = head.value;
  const type = metric.aggregation_type;
  if ((type !== "sum_agg" && type !== "count_agg") || metric.expression !== undefined || metric.recurring === true || window.prorated === true) return undefined;
  if (compilePropertyFilter(window.filters, window.ignored_filters) !== undefined) return undefined;
  const plan = planAggregation(metric, Object.assign({}, window, { event_values: "text" as const, precise_amounts: false }));
  if (plan.ctx.runningTotal !== undefined || plan.carriesIn) return undefined;
  return { metric, ctx: plan.ctx, field: plan.field, isSum: type === "sum_agg", keys: window.grouped_by ?? [] };
}

/** The aggregation of `input` (the contract's JSON), or `undefined` when the input is not the usual one. */
export function fusedAggregate(input: unknown): FusedAggregate | undefined {
  if (!isObj(input)) return undefined;
  const events = input["events"];
  if (!Array.isArray(events)) return undefined;
  const p = plainSum(input);
  if (p === undefined) return undefined;
  const id = (i: number): Record<string, unknown> => events[i] as Record<string, unknown>;
  return fused(p, events.length, (hashes, skip) => objectPass(events, p, hashes, skip), (i, j) => sameId(id(i), id(j)), (i) => id(i)["transaction_id"] as string);
}

/**
 * Runs a pass, finds the duplicates in a tight loop over the hashes it wrote (the same table
 * lookups inside the event loop each waited on memory: their lookups overlap here), runs the
 * pass again without them when there are some (rare), and assembles the result.
 */
function fused(
  p: PlainSum, n: number, run: (hashes: Uint32Array, skip: Uint8Array | undefined) => Pass | undefined,
  same: (i: number, j: number) => boolean, txOf: (i: number) => string,
): FusedAggregate | undefined {
  const hashes = new Uint32Array(n);
  let pass = run(hashes, undefined);
  if (pass === undefined) return undefined;
  const dup = duplicatesOf(n, hashes, same);
  const duplicates: AggregationWarning[] = [];
  if (dup !== undefined) {
    for (let i = 0; i < n; i++) if (dup[i] === 1) duplicates.push({ transaction_id: txOf(i), reason: "duplicate_transaction_id" });
    pass = run(hashes, dup)!;
  }
  if (p.isSum) orderTexts(pass);
  const finish = (acc: Acc, grouped: boolean): UnitsResult => (p.isSum ? sumResult(acc, p.ctx) : count.finish({ count: acc.count }, p.ctx, grouped));
  const groups = pass.grouper?.entries().map(({ values, state }) => ({ values, result: finish(state, true) }));
  const result = assembleResult(p.metric, p.keys, finish(pass.total, false), groups, () => finish(newAcc(), true), pass.warnings);
  return { result, duplicates };
}

/** A pass's running states. */
interface Pass {
  readonly total: Acc;
  readonly grouper: Grouper<Acc> | undefined;
  readonly warnings: AggregationWarning[];
  readonly cell: FixedCell;
  /** Grouped sums: the group id of each of the total's rows. */
  readonly gids: Int32Array | undefined;
}

// A group's values are not pushed as they arrive: each selected row of the total records its
// group id, and the texts are dealt out to exactly-sized arrays at the end (growing one array per
// group by doubling cost a third of a grouped run, most of it garbage collection).
const newPass = (p: PlainSum, n: number): Pass => {
  const grouped = p.keys.length > 0;
  return {
    total: accOf(p.isSum ? n : 0), grouper: grouped ? createGrouper(p.keys, () => accOf(0)) : undefined, warnings: [], cell: newCell(),
    gids: grouped && p.isSum ? new Int32Array(n) : undefined,
  };
};

/**
 * Adds a selected event (aggregator.ts): counted, or its value read (or warned about) and added
 * with its text, to the total and its group.
 */
function addSelected(p: PlainSum, pass: Pass, properties: Readonly<Record<string, unknown>>, t: number, tx: string): void {
  const { total, grouper, cell } = pass;
  if (!p.isSum) {
    total.count++;
    if (grouper !== undefined) grouper.resolve(properties).count++;
    return;
  }
  const raw = properties[p.field];
  if (!readFixed(raw, cell)) {
    pass.warnings.push({ transaction_id: tx, reason: raw === undefined || raw === null ? "field_missing" : "not_a_number" });
    return;
  }
  const text = typeof raw === "string" && isCanonical(raw, cell) ? raw : cellText(cell);
  push(total, t, text);
  addToSum(total.sum, cell);
  if (grouper !== undefined) {
    const id = grouper.idOf(properties);
    const g = grouper.stateOf(id);
    g.count++;
    addToSum(g.sum, cell);
    pass.gids![total.count - 1] = id;
  }
}

/**
 * Puts the total's texts in time order (arrival breaking ties) and deals them out to the
 * groups by the ids `addSelected` recorded: each group's texts are then in time order too.
 */
function orderTexts(pass: Pass): void {
  const { total, grouper, gids } = pass;
  const n = total.count;
  const order = total.inOrder ? undefined : timeOrder(total.times, n);
  const texts = total.texts;
  total.inOrder = true;
  texts.length = n; // the unused capacity dropped
  // In place: a second array of n texts costs about 20 ns a slot to allocate here (V8's large-object space).
  if (order !== undefined) permute(texts, order, n);
  if (grouper === undefined || gids === undefined) return;
  // One id per group (groupBy.ts: its value codes are per distinct value): an exactly-sized array
  // per id, filled in turn, in time order.
  let ids = 0;
  for (let j = 0; j < n; j++) if (gids[j]! >= ids) ids = gids[j]! + 1;
  const out: string[][] = new Array(ids);
  const fill = new Int32Array(ids);
  for (let id = 0; id < ids; id++) {
    const g = grouper.stateOf(id);
    out[id] = g.texts = new Array<string>(g.count);
  }
  for (let j = 0; j < n; j++) {
    const id = gids[order === undefined ? j : order[j]!]!;
    out[id]![fill[id]!++] = texts[j]!;
  }
}

/** `a` rearranged so that `a[j]` is the former `a[order[j]]` (`order` a permutation of 0…n−1), cycle by cycle. */
export function permute<T>(a: T[], order: ArrayLike<number>, n: number): void {
  const done = new Uint8Array(n);
  for (let start = 0; start < n; start++) {
    if (done[start] === 1) continue;
    const first = a[start]!;
    let j = start;
    for (;;) {
      done[j] = 1;
      const k = order[j]!;
      if (k === start) break;
      a[j] = a[k]!;
      j = k;
    }
    a[j] = first;
  }
}

/**
 * One pass over event objects: each checked as the general parser's quick path accepts it (else
 * `undefined`), its (subscription, transaction id) hash written to `hashes`, and — unless `skip`
 * marks it a duplicate — selected (the metric's code, the window) and added.
 */
function objectPass(events: readonly unknown[], p: PlainSum, hashes: Uint32Array, skip: Uint8Array | undefined): Pass | undefined {
  const n = events.length;
  const read = timestampReader();
  const pass = newPass(p, n);
  for (let i = 0; i < n; i++) {
    const e: unknown = events[i];
    if (!isObj(e)) return undefined; // holes, non-objects: the general path reports them
    const props = e["properties"], precise = e["precise_total_amount_cents"];
    if ((precise !== undefined && precise !== null) || (props !== undefined && !isObj(props))) return undefined;
    const t = admit(p, read, hashes, skip, i, e["transaction_id"], e["code"], e["external_subscription_id"], e["timestamp"]);
    if (t !== t) return undefined;
    if (t === NOT_SELECTED) continue;
    addSelected(p, pass, props === undefined ? EMPTY : (props as Record<string, unknown>), t, e["transaction_id"] as string);
  }
  return pass;
}

/** {@link admit}'s answer for a well-formed row the aggregation does not select (another code, outside the window, a duplicate). */
const NOT_SELECTED = Number.POSITIVE_INFINITY;

/**
 * A row's fields checked as the general parser's quick path accepts them, its (subscription,
 * transaction id) hash written to `hashes`: its instant when it is selected (not marked in
 * `skip`, the metric's code, inside the window), {@link NOT_SELECTED} when not, NaN when the row
 * is not the usual one (the general path then takes the input).
 */
function admit(
  p: PlainSum, read: (x: unknown) => number | undefined, hashes: Uint32Array, skip: Uint8Array | undefined, i: number,
  tx: unknown, c: unknown, sub: unknown, ts: unknown,
): number {
  if (typeof tx !== "string" || tx === "" || typeof c !== "string" || c === "") return NaN;
  let subKey = "";
  if (sub !== undefined && sub !== null) {
    if (typeof sub !== "string") return NaN;
    subKey = sub;
  }
  if (ts === undefined || ts === null) return NaN;
  const t = read(ts);
  if (t === undefined) return NaN;
  hashes[i] = hashPair(subKey, tx);
  if ((skip !== undefined && skip[i] === 1) || c !== p.metric.code || t > p.ctx.to || t < p.ctx.from) return NOT_SELECTED;
  return t;
}

/** The columns of {@link fusedAggregateColumns}, checked by the caller (equal lengths, arrays). */
export interface EventColumns {
  readonly transaction_id: readonly unknown[];
  readonly timestamp: readonly unknown[];
  /** One code for every row, or one per row. */
  readonly code: string | readonly unknown[];
  /** One subscription for every row, or one per row (absent: none). */
  readonly external_subscription_id?: string | readonly unknown[] | undefined;
  /** One array per property key. */
  readonly properties: Readonly<Record<string, readonly unknown[]>>;
}

/**
 * The aggregation of columnar events (json/aggregateColumns.ts): the same as
 * {@link fusedAggregate} over the rows, reading the columns directly; `undefined` when the
 * input is not the usual one or a row is not well formed (the caller then builds the rows).
 */
export function fusedAggregateColumns(input: Record<string, unknown>, columns: EventColumns, n: number): FusedAggregate | undefined {
  const p = plainSum(input);
  if (p === undefined) return undefined;
  const txs = columns.transaction_id;
  const subOf = (i: number): string => {
    const sub = columns.external_subscription_id;
    const v = typeof sub === "string" || sub === undefined ? sub : sub[i];
    return typeof v === "string" ? v : "";
  };
  return fused(p, n, (hashes, skip) => columnPass(columns, n, p, hashes, skip), (i, j) => txs[i] === txs[j] && subOf(i) === subOf(j), (i) => txs[i] as string);
}

function columnPass(columns: EventColumns, n: number, p: PlainSum, hashes: Uint32Array, skip: Uint8Array | undefined): Pass | undefined {
  const read = timestampReader();
  const pass = newPass(p, n);
  const txs = columns.transaction_id, times = columns.timestamp, codes = columns.code, subs = columns.external_subscription_id;
  // The properties a row is read for (the value, the group keys), written into one reused record.
  const names = [...new Set([p.field, ...p.keys])].filter((k) => k !== "" && columns.properties[k] !== undefined);
  const cols = names.map((k) => columns.properties[k]!);
  const row: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const sub = typeof subs === "string" || subs === undefined ? subs : subs[i];
    const t = admit(p, read, hashes, skip, i, txs[i], typeof codes === "string" ? codes : codes[i], sub, times[i]);
    if (t !== t) return undefined;
    if (t === NOT_SELECTED) continue;
    for (let k = 0; k < names.length; k++) setOwn(row, names[k]!, cols[k]![i]);
    addSelected(p, pass, row, t, txs[i] as string);
  }
  return pass;
}

/**
 * The duplicates (dedupe.ts's rule: the first event of a (subscription, transaction id) pair is
 * kept, a hash match confirmed on the ids by `same`), marked 1 by index; `undefined` when there
 * is none.
 */
function duplicatesOf(n: number, hashes: Uint32Array, same: (i: number, j: number) => boolean): Uint8Array | undefined {
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
      if (hashes[r - 1] === h && same(r - 1, i)) break;
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
    const texts = new Array<string>(times.length);
    for (let i = 0; i < k; i++) texts[i] = a.texts[i]!;
    a.texts = texts;
  }
  if (k > 0 && a.times[k - 1]! > t) a.inOrder = false;
  a.times[k] = t;
  a.texts[k] = text;
}

/** sum.ts's finish on the kept values, put in time order by {@link orderTexts}. */
function sumResult(a: Acc, ctx: KernelContext): UnitsResult {
  const texts = a.texts;
  if (texts.length !== a.count) texts.length = a.count; // an empty group's spare capacity
  return { units: sumToDecimal(a.sum), events_count: a.count, running_total: sumRunningTotal([], ctx), event_value_texts: texts };
}

/** The rows in `times` order, arrival breaking ties: a radix sort for integer times, else a stable comparison sort. */
function timeOrder(times: Float64Array, n: number): ArrayLike<number> {
  return radixTimeOrder(times, n) ?? Uint32Array.from({ length: n }, (_, i) => i).sort((x, y) => times[x]! - times[y]! || x - y);
}
