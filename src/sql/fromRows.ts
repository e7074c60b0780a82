/**
 * `aggregateFromRows(input, rows)`: the rows of `aggregationSql`'s statement → exactly the
 * JSON `aggregate(input)` returns for the same events (docs/scale.md). The rows are partial
 * states; they are merged per group here (so the rows of several shards, concatenated or
 * merged by {@link mergeRows}, give the result of one pass), turned into the in-memory
 * kernels' states and finished by the kernels themselves: the units, the weighted sum's
 * division, event values, running totals, rounding and group order are `aggregate`'s own.
 */
import { type Decimal, ZERO, parseDecimal, scaleOf, shift, toDecimalString, toScaledBigInt } from "../core/decimal.js";
import { type FixedCell, type FixedSum, newCell, newSum, readFixed } from "../core/fixed.js";
import { ValueList } from "../aggregation/_valueList.js";
import { assembleResult } from "../aggregation/_result.js";
import { newWeightedSumState } from "../aggregation/weightedSum.js";
import type { AggregationWarning, AggregationType } from "../aggregation/types.js";
import { type AggregateOutput, outputOf } from "../json/aggregate.js";
import { planAggregation } from "../aggregation/_plan.js";
import { localDay } from "../aggregation/_days.js";
import type { Ordered } from "../aggregation/_kernel.js";
import type { ProratedSumState } from "../aggregation/proratedSum.js";
import type { ProratedUniqueCountState } from "../aggregation/proratedUniqueCount.js";
import { type PushDown, type PushDownOptions, preparePushDown } from "./prepare.js";

/** A row as a driver returns it (node-postgres: numerics and bigints as strings, timestamps as Date). */
export interface AggregationRow {
  readonly k: string;
  readonly g?: readonly (string | null)[] | null | undefined;
  readonly tx?: string | null | undefined;
  readonly sub?: string | null | undefined;
  readonly t?: Date | string | number | null | undefined;
  readonly n?: string | number | bigint | null | undefined;
  readonly x?: string | null | undefined;
  readonly y?: string | null | undefined;
  readonly v?: string | null | undefined;
  readonly s?: number | string | null | undefined;
  readonly e?: number | string | null | undefined;
  /** ClickHouse: the scale of `y` (a mantissa). */
  readonly f?: number | string | null | undefined;
  /** `w` rows of an expression error: the evaluator's message. */
  readonly m?: string | null | undefined;
}

/** An event's place in time: ties on the timestamp broken by transaction_id, then subscription. */
interface Op {
  t: number;
  tx: string;
  sub: string;
}

/** One group's merged partial state (only the fields of the metric's type are used). */
interface GroupPartial {
  values: (string | null)[];
  n: number;
  x: Decimal | undefined;
  /** Σ precise_total_amount_cents (sum metrics). */
  y: Decimal;
  latest: (Op & { value: Decimal }) | undefined;
  events: (Op & { v: string })[];
  uniques: Map<string | null, Op & { add: boolean }>;
  carried: { x: Decimal; s: number; n: number } | undefined;
  instants: Map<number, { x: Decimal; s: number; n: number }>;
  /** Prorated sum: Σ and count per local day of the window (its index from the first day). */
  days: Map<number, { x: Decimal; n: number }>;
  /** Prorated unique count: every operation. */
  ops: (Op & { v: string | null; add: boolean })[];
}

interface Partial {
  /** Some candidate has a precise amount: sums report their Σ, as `aggregate` does then. */
  precise: boolean;
  readonly groups: Map<string, GroupPartial>;
  readonly duplicates: string[];
  /** With the event's place (when the row gives it): `aggregate` lists warnings in time order before sorting them by transaction id. */
  readonly warnings: (AggregationWarning & { at: Op | undefined })[];
}

const later = (a: Op, b: Op): boolean => a.t > b.t || (a.t === b.t && (a.tx > b.tx || (a.tx === b.tx && a.sub > b.sub)));
const compareOps = (a: Op, b: Op): number => (later(a, b) ? 1 : later(b, a) ? -1 : 0);

function bad(what: string, row: AggregationRow): never {
  throw new TypeError(`aggregateFromRows: ${what} in row ${JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))}`);
}

function count(row: AggregationRow): number {
  const n = row.n;
  const c = typeof n === "number" ? n : typeof n === "bigint" || typeof n === "string" ? Number(n) : NaN;
  if (!Number.isSafeInteger(c) || c < 0) bad("n is not a count", row);
  return c;
}

function int(v: number | string | null | undefined, row: AggregationRow, what: string): number {
  const i = v === null || v === undefined ? 0 : Number(v);
  if (!Number.isSafeInteger(i)) bad(`${what} is not an integer`, row);
  return i;
}

/** `x` as a decimal (ClickHouse: a mantissa of scale `e`; `y` of scale `f`). Never a JS number: amounts are texts. */
function amount(row: AggregationRow, key: "x" | "y" = "x"): Decimal {
  const v = row[key];
  const d = typeof v === "string" ? parseDecimal(v) : undefined;
  if (d === undefined) return bad(`${key} is not a decimal text`, row);
  const e = key === "x" ? int(row.e, row, "e") : int(row.f, row, "f");
  return e === 0 ? d : shift(d, -e);
}

function instantOf(row: AggregationRow): number {
  const t = row.t;
  let ms = NaN;
  if (t instanceof Date) ms = t.getTime();
  else if (typeof t === "number") ms = t;
  else if (typeof t === "string") {
    // ClickHouse's "2024-03-01 10:00:00.000" is UTC (DateTime64(3, 'UTC')).
    const iso = /^\d{4}-\d\d-\d\d \d/.test(t) ? t.replace(" ", "T") + (/[zZ]|[+-]\d\d:?\d\d$/.test(t) ? "" : "Z") : t;
    ms = Date.parse(iso);
  }
  if (!Number.isFinite(ms)) bad("t is not a timestamp", row);
  return ms;
}

function text(row: AggregationRow, key: "tx" | "v"): string {
  const x = row[key];
  if (typeof x !== "string") bad(`${key} is not a text`, row);
  return x;
}

function groupOf(p: Partial, row: AggregationRow, keys: number): GroupPartial {
  const g = row.g ?? [];
  if (!Array.isArray(g) || g.length !== keys || !g.every((v) => v === null || typeof v === "string")) bad(`g is not ${keys} group values`, row);
  const id = JSON.stringify(g);
  let s = p.groups.get(id);
  if (s === undefined) {
    s = { values: [...g], n: 0, x: undefined, y: ZERO, latest: undefined, events: [], uniques: new Map(), carried: undefined, instants: new Map(), days: new Map(), ops: [] };
    p.groups.set(id, s);
  }
  return s;
}

/** Folds rows into a partial state (rows of one group may come in any number, from any shard). */
function fold(p: Partial, rows: Iterable<AggregationRow>, type: AggregationType, keys: number): void {
  for (const row of rows) {
    switch (row.k) {
      case "p":
        p.precise = true;
        break;
      case "d":
        p.duplicates.push(text(row, "tx"));
        break;
      case "w": {
        const reason = row.v;
        if (reason !== "field_missing" && reason !== "not_a_number" && reason !== "expression_error") bad("unknown warning", row);
        const tx = text(row, "tx");
        const at = row.t === null || row.t === undefined ? undefined : { t: instantOf(row), tx, sub: row.sub ?? "" };
        const message = typeof row.m === "string" ? row.m : undefined;
        p.warnings.push(message === undefined ? { transaction_id: tx, reason, at } : { transaction_id: tx, reason, message, at });
        break;
      }
      case "s": {
        const g = groupOf(p, row, keys);
        g.n += count(row);
        if (type === "sum_agg") {
          g.x = (g.x ?? ZERO).plus(amount(row));
          if (row.y !== null && row.y !== undefined) g.y = g.y.plus(amount(row, "y"));
        }
        else if (type === "max_agg") {
          const x = amount(row);
          if (g.x === undefined || x.gt(g.x)) g.x = x;
        }
        break;
      }
      case "e":
        groupOf(p, row, keys).events.push({ t: instantOf(row), tx: text(row, "tx"), sub: row.sub ?? "", v: text(row, "v") });
        break;
      case "l": {
        const g = groupOf(p, row, keys);
        const op = { t: instantOf(row), tx: text(row, "tx"), sub: row.sub ?? "", value: amount(row) };
        if (g.latest === undefined || later(op, g.latest)) g.latest = op;
        break;
      }
      case "u": {
        const g = groupOf(p, row, keys);
        const v = row.v ?? null;
        const op = { t: instantOf(row), tx: text(row, "tx"), sub: row.sub ?? "", add: int(row.s, row, "s") === 1 };
        const mine = g.uniques.get(v);
        if (mine === undefined || later(op, mine)) g.uniques.set(v, op);
        break;
      }
      case "c": {
        const g = groupOf(p, row, keys);
        const c = g.carried;
        const x = amount(row), s = int(row.s, row, "s"), n = count(row);
        g.carried = c === undefined ? { x, s, n } : { x: c.x.plus(x), s: Math.max(c.s, s), n: c.n + n };
        break;
      }
      case "i": {
        const g = groupOf(p, row, keys);
        const t = instantOf(row);
        const x = amount(row), s = int(row.s, row, "s"), n = count(row);
        const at = g.instants.get(t);
        g.instants.set(t, at === undefined ? { x, s, n } : { x: at.x.plus(x), s: Math.max(at.s, s), n: at.n + n });
        break;
      }
      case "r": {
        const g = groupOf(p, row, keys);
        const day = int(row.s, row, "s");
        const x = amount(row), n = count(row);
        const at = g.days.get(day);
        g.days.set(day, at === undefined ? { x, n } : { x: at.x.plus(x), n: at.n + n });
        break;
      }
      case "o":
        groupOf(p, row, keys).ops.push({ t: instantOf(row), tx: text(row, "tx"), sub: row.sub ?? "", v: row.v ?? null, add: int(row.s, row, "s") === 1 });
        break;
      default:
        bad("unknown kind", row);
    }
  }
}

function partialOf(d: PushDown, shards: readonly (readonly AggregationRow[])[]): Partial {
  const p: Partial = { precise: false, groups: new Map(), duplicates: [], warnings: [] };
  for (const rows of shards) fold(p, rows, d.metric.aggregation_type, d.keys.length);
  return p;
}

function cellOf(x: Decimal): FixedCell {
  const c = newCell();
  readFixed(toDecimalString(x), c);
  return c;
}

function sumOf(x: Decimal): FixedSum {
  const s = scaleOf(x);
  return { n: 0, b: toScaledBigInt(x, s), s };
}

/** The state of the prorated kernels (§13) for one group. */
function proratedState(d: PushDown, g: GroupPartial, rank: Map<Op, number>): ProratedSumState | ProratedUniqueCountState {
  const { ctx } = d.plan;
  const order = (op: Op): Ordered => ({ t: op.t, seq: rank.get(op)!, tx: op.tx });
  if (d.metric.aggregation_type === "unique_count_agg") {
    const values = new Map<string | null, (Ordered & { add: boolean })[]>();
    for (const op of g.ops) {
      const list = values.get(op.v);
      const o = Object.assign(order(op), { add: op.add });
      if (list === undefined) values.set(op.v, [o]);
      else list.push(o);
    }
    return { values };
  }
  // Days are counted back from the window's last day: the kernel's k = last − day + 1.
  const span = localDay(ctx.to, ctx.timezone) - localDay(ctx.from, ctx.timezone);
  const byDays = new Map<number, FixedSum>();
  let windowCount = 0;
  for (const [day, at] of g.days) {
    const k = span - day + 1;
    const prev = byDays.get(k);
    byDays.set(k, prev === undefined ? sumOf(at.x) : addSums(prev, sumOf(at.x)));
    windowCount += at.n;
  }
  let events: ProratedSumState["events"];
  if (ctx.eventValues) {
    const lastDay = localDay(ctx.to, ctx.timezone);
    events = g.events.map((e) => {
      const value = newCell();
      if (!readFixed(e.v, value)) throw new TypeError(`aggregateFromRows: event value ${JSON.stringify(e.v)} is not a decimal`);
      return Object.assign(order(e), { value, days: lastDay - localDay(e.t, ctx.timezone) + 1 });
    });
  }
  return { persisted: g.carried === undefined ? newSum() : sumOf(g.carried.x), persistedCount: g.carried?.n ?? 0, byDays, windowCount, events };
}

/** The in-memory kernel's state for one group, and its events_count when the kernel does not keep it. */
function kernelState(d: PushDown, g: GroupPartial, rank: Map<Op, number>): { state: unknown; events?: number } {
  const { ctx } = d.plan;
  if (d.window.prorated === true) return { state: proratedState(d, g, rank) };
  switch (d.metric.aggregation_type) {
    case "count_agg":
      return { state: { count: g.n } };
    case "sum_agg": {
      let values: ValueList | undefined;
      if (ctx.trackValues) {
        values = new ValueList();
        const c = newCell();
        for (const e of g.events) {
          if (!readFixed(e.v, c)) throw new TypeError(`aggregateFromRows: event value ${JSON.stringify(e.v)} is not a decimal`);
          values.push(e.t, rank.get(e)!, e.tx, c, e.v);
        }
      }
      return { state: { sum: g.x === undefined ? newSum() : sumOf(g.x), count: g.n, values, precise: ctx.preciseAmounts ? sumOf(g.y) : undefined } };
    }
    case "max_agg":
      return { state: { count: g.n, best: g.x === undefined ? undefined : cellOf(g.x) } };
    case "latest_agg":
      return { state: { count: g.n, last: g.latest === undefined ? undefined : { t: g.latest.t, seq: rank.get(g.latest)!, tx: g.latest.tx, value: cellOf(g.latest.value) } } };
    case "unique_count_agg": {
      const values = new Map<string | null, { t: number; seq: number; tx: string; add: boolean }>();
      for (const [v, op] of g.uniques) values.set(v, { t: op.t, seq: rank.get(op)!, tx: op.tx, add: op.add });
      return { state: { values } };
    }
    case "weighted_sum_agg": {
      const s = newWeightedSumState();
      if (g.carried !== undefined) {
        s.carried = sumOf(g.carried.x);
        s.carriedScale = g.carried.s;
      }
      let events = 0;
      for (const [t, at] of [...g.instants].sort((a, b) => a[0] - b[0])) {
        // One delta per instant: the Σ at the largest display scale of its events (the level's
        // scale after them is the same as after each of them).
        if (scaleOf(at.x) > at.s) throw new TypeError(`aggregateFromRows: weighted delta ${toDecimalString(at.x)} has more decimals than its scale ${at.s}`);
        const m = toScaledBigInt(at.x, at.s);
        const i = s.times.length;
        s.times.push(t);
        s.scales.push(at.s);
        if (m <= 9_007_199_254_740_991n && m >= -9_007_199_254_740_991n) s.mantissas.push(Number(m));
        else {
          s.mantissas.push(0);
          s.big.set(i, m);
        }
        const sum = sumOf(at.x);
        s.deltas = addSums(s.deltas, sum);
        events += at.n;
      }
      return { state: s, events };
    }
    case "custom_agg":
      throw new RangeError("custom_agg");
  }
}

function addSums(a: FixedSum, b: FixedSum): FixedSum {
  const s = Math.max(a.s, b.s);
  const v = (a.b + BigInt(a.n)) * 10n ** BigInt(s - a.s) + (b.b + BigInt(b.n)) * 10n ** BigInt(s - b.s);
  return { n: 0, b: v, s };
}

/**
 * The JSON `aggregate(input)` returns for the events the rows summarize.
 *
 * @param input - the same input `aggregationSql` was given.
 * @param rows - the statement's rows (node-postgres `result.rows`, default type parsing);
 *   several shards' rows may simply be concatenated.
 * @param options - as given to `aggregationSql` (`eventValues: false` leaves `event_values` out).
 * @throws ValidationError for a refused input; TypeError for a row the statement cannot have produced.
 */
export function aggregateFromRows(input: unknown, rows: Iterable<AggregationRow>, options: PushDownOptions = {}): AggregateOutput {
  const d = preparePushDown(input, options);
  return fromPartial(d, partialOf(d, [[...rows]]));
}

/** The warnings in the events' time order (then by transaction id and subscription), as `aggregate` meets them. */
function warningsInOrder(p: Partial): AggregationWarning[] {
  const list = [...p.warnings];
  list.sort((a, b) => (a.at === undefined || b.at === undefined ? 0 : compareOps(a.at, b.at)));
  return list.map(({ at: _at, ...w }) => w);
}

/** The push-down with precise amounts summed (sum metrics), as `aggregate` asks when an event has one. */
function withPrecise(d: PushDown): PushDown {
  const window = { ...d.window, precise_amounts: true };
  return { ...d, window, plan: planAggregation(d.metric, window) };
}

function fromPartial(pushDown: PushDown, p: Partial): AggregateOutput {
  const d = p.precise ? withPrecise(pushDown) : pushDown;
  const { kernel, ctx } = d.plan;
  // The kernels order by (timestamp, seq, transaction_id): seq is each operation's rank in
  // (timestamp, transaction_id, subscription) order, so that ties are broken the same way in every group and shard.
  const ops: Op[] = [];
  for (const g of p.groups.values()) {
    ops.push(...g.events, ...g.uniques.values(), ...g.ops);
    if (g.latest !== undefined) ops.push(g.latest);
  }
  const rank = new Map<Op, number>(ops.sort(compareOps).map((op, i) => [op, i]));
  const finish = (g: GroupPartial, grouped: boolean) => {
    const { state, events } = kernelState(d, g, rank);
    const r = kernel.finish(state, ctx, grouped);
    return { state, result: events === undefined ? r : { ...r, events_count: events } };
  };
  const list = [...p.groups.values()];
  const duplicates = [...p.duplicates].sort().map((transaction_id): AggregationWarning => ({ transaction_id, reason: "duplicate_transaction_id" }));
  const empty = () => kernel.finish(kernel.init(ctx), ctx, true);
  const warnings = warningsInOrder(p);
  if (d.keys.length === 0) {
    const total = list.length === 0 ? { result: kernel.finish(kernel.init(ctx), ctx, false) } : finish(list[0]!, false);
    return outputOf(assembleResult(d.metric, d.keys, total.result, undefined, empty, warnings), duplicates);
  }
  const groups = list.map((g) => ({ values: g.values, ...finish(g, true) }));
  // The total is the merge of the groups' states, as the in-memory aggregator makes it.
  let state: unknown = kernel.init(ctx);
  for (const g of groups) state = kernel.merge(state, g.state);
  let total = kernel.finish(state, ctx, false);
  if (d.metric.aggregation_type === "weighted_sum_agg") total = { ...total, events_count: groups.reduce((a, g) => a + (g.result.events_count as number), 0) };
  return outputOf(assembleResult(d.metric, d.keys, total, groups, empty, warnings), duplicates);
}

/**
 * Merges the rows of several shards (the same statement run on each part of the events:
 * a time range, a hash of the subscription…) into the rows of one: one row per group and
 * kind, the last operation per unique value, the Σ per weighted instant. Duplicates must
 * meet on one shard (route events by subscription). `aggregateFromRows(input, merged)`
 * equals `aggregateFromRows` of all the rows, and `aggregate` over all the events.
 */
export function mergeRows(input: unknown, shards: readonly (readonly AggregationRow[])[]): AggregationRow[] {
  const d = preparePushDown(input);
  const p = partialOf(d, shards);
  const type = d.metric.aggregation_type;
  const out: AggregationRow[] = [];
  if (p.precise) out.push({ k: "p" });
  for (const tx of p.duplicates) out.push({ k: "d", tx });
  for (const w of p.warnings) {
    out.push({ k: "w", tx: w.transaction_id, v: w.reason, ...(w.at === undefined ? {} : { t: new Date(w.at.t), sub: w.at.sub }), ...(w.message === undefined ? {} : { m: w.message }) });
  }
  const str = (x: Decimal): string => toDecimalString(x);
  for (const g of p.groups.values()) {
    const base = { g: g.values };
    if (type === "count_agg" || type === "latest_agg" || ((type === "sum_agg" || type === "max_agg") && g.x !== undefined)) {
      out.push({ k: "s", ...base, n: String(g.n), ...(g.x === undefined || type === "count_agg" || type === "latest_agg" ? {} : { x: str(g.x) }), ...(type === "sum_agg" ? { y: str(g.y) } : {}) });
    }
    for (const e of g.events) out.push({ k: "e", ...base, tx: e.tx, sub: e.sub, t: new Date(e.t), v: e.v });
    if (g.latest !== undefined) out.push({ k: "l", ...base, tx: g.latest.tx, sub: g.latest.sub, t: new Date(g.latest.t), x: str(g.latest.value) });
    for (const [v, op] of g.uniques) out.push({ k: "u", ...base, tx: op.tx, sub: op.sub, t: new Date(op.t), v, s: op.add ? 1 : 0 });
    if (g.carried !== undefined) out.push({ k: "c", ...base, n: String(g.carried.n), x: str(g.carried.x), s: g.carried.s });
    for (const [t, at] of g.instants) out.push({ k: "i", ...base, t: new Date(t), n: String(at.n), x: str(at.x), s: at.s });
    for (const [day, at] of g.days) out.push({ k: "r", ...base, n: String(at.n), x: str(at.x), s: day });
    for (const op of g.ops) out.push({ k: "o", ...base, tx: op.tx, sub: op.sub, t: new Date(op.t), v: op.v, s: op.add ? 1 : 0 });
  }
  return out;
}
