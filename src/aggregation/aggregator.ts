/**
 * A streaming aggregator per metric: `add(event)` one at a time, `merge(other)` partial
 * aggregators built on other workers, `result()` once at the end. Its state is plain
 * data: kernel states for the total and for each group, plus the warnings.
 */
import { type FixedCell, newCell, readFixed } from "../core/fixed.js";
import { evaluateExpression } from "./_expression.js";
import { type AggregationPlan, planAggregation } from "./_plan.js";
import { compileFold } from "./_fold.js";
import { compilePropertyFilter } from "./filter.js";
import { propertyText } from "./_valueCodes.js";
import { type Grouper, createGrouper } from "./groupBy.js";
import { assembleResult } from "./_result.js";
import type {
  AggregationResult, AggregationWarning, AggregationWindow, BillableMetric, UsageEvent, WarningReason,
} from "./types.js";

export interface AggregatorState {
  readonly total: unknown;
  readonly groups: Grouper<unknown> | undefined;
  readonly warnings: AggregationWarning[];
}

export interface Aggregator {
  readonly metric: BillableMetric;
  readonly window: AggregationWindow;
  readonly state: AggregatorState;
  /** Adds one event (events of another code, outside the window or filtered out are skipped). */
  add(event: UsageEvent): void;
  /** Adds every event of a list (the same as `add` on each, in one loop). */
  addAll(events: Iterable<UsageEvent>): void;
  /** Folds in another aggregator's state (same metric and window). */
  merge(other: Aggregator): void;
  result(): AggregationResult;
}

/** Creates an aggregator. Throws RangeError for a metric/window the semantics refuse. */
export function createAggregator(metric: BillableMetric, window: AggregationWindow): Aggregator {
  const plan = planAggregation(metric, window);
  const { kernel, ctx } = plan;
  const keys = window.grouped_by ?? [];
  const filter = compilePropertyFilter(window.filters, window.ignored_filters);
  const grouper = keys.length > 0 ? createGrouper(keys, () => kernel.init(ctx)) : undefined;
  const fold = compileFold(plan, metric.code, filter, grouper);
  let state: AggregatorState = { total: kernel.init(ctx), groups: grouper, warnings: [] };
  const cell = newCell();
  const { code } = metric;
  const { from, to } = ctx;
  const field = plan.field;
  const plainNumber = plan.input === "number" && plan.expression === undefined;

  const warn = (e: UsageEvent, reason: WarningReason, message?: string): void => {
    state.warnings.push({ transaction_id: e.transaction_id, reason, ...(message === undefined ? {} : { message }) });
  };

  const add = (e: UsageEvent): void => {
    if (e.code !== code) return;
    const t = e.timestamp;
    if (t > to) return;
    const before = t < from;
    if (before && !plan.carriesIn) return;
    if (filter !== undefined && !filter.test(e.properties)) return;
    let input: FixedCell | string | null | undefined | typeof SKIP = cell;
    if (!plainNumber) input = readInput(plan, e, cell, warn);
    else if (!readFixed(e.properties[field], cell)) input = readInput(plan, e, cell, warn);
    if (input === SKIP) return;
    // Grouped: only the group's state; the total is the merge of the groups (merge is exact).
    kernel.add(state.groups === undefined ? state.total : state.groups.resolve(e.properties), input, e, before, ctx);
  };

  const addAll = (events: Iterable<UsageEvent>): void => {
    if (!Array.isArray(events)) for (const e of events) add(e);
    else if (fold !== undefined) fold(events as readonly UsageEvent[], state.total, add);
    else {
      const list = events as readonly UsageEvent[];
      for (let i = 0; i < list.length; i++) add(list[i]!);
    }
  };

  const merge = (other: Aggregator): void => {
    const o = other.state;
    const groups = state.groups;
    if (groups !== undefined && o.groups !== undefined) {
      for (const { values, state: s } of o.groups.entries()) {
        const mine = groups.at(values);
        Object.assign(mine as object, kernel.merge(mine, s));
      }
    }
    state = { total: kernel.merge(state.total, o.total), groups, warnings: [...state.warnings, ...o.warnings] };
  };

  const result = (): AggregationResult => {
    const entries = state.groups?.entries();
    const groups = entries?.map(({ values, state: s }) => ({ values, result: kernel.finish(s, ctx, true) }));
    const total = entries === undefined ? state.total : mergeAll(plan, entries.map((g) => g.state));
    const empty = () => kernel.finish(kernel.init(ctx), ctx, true);
    return assembleResult(metric, keys, kernel.finish(total, ctx, false), groups, empty, state.warnings);
  };

  return {
    metric,
    window,
    get state() {
      return state;
    },
    add,
    addAll,
    merge,
    result,
  };
}

const SKIP = Symbol("skip");

/** Merges many states pairwise (a balanced tree, so map-like states are not copied n times). */
function mergeAll(plan: AggregationPlan, states: readonly unknown[]): unknown {
  let list = states;
  if (list.length === 0) return plan.kernel.init(plan.ctx);
  while (list.length > 1) {
    const next: unknown[] = [];
    for (let i = 0; i < list.length; i += 2) next.push(i + 1 < list.length ? plan.kernel.merge(list[i], list[i + 1]) : list[i]);
    list = next;
  }
  return list[0];
}

function readInput(
  plan: AggregationPlan,
  e: UsageEvent,
  cell: FixedCell,
  warn: (e: UsageEvent, reason: WarningReason, message?: string) => void,
): FixedCell | string | null | undefined | typeof SKIP {
  if (plan.input === "none") return undefined;
  let raw: unknown;
  if (plan.expression === undefined) raw = e.properties[plan.field];
  else {
    try {
      raw = evaluateExpression(plan.expression, e);
    } catch (err) {
      warn(e, "expression_error", (err as Error).message);
      return SKIP;
    }
  }
  if (plan.input === "key") return propertyText(raw);
  if (readFixed(raw, cell)) return cell;
  warn(e, raw === undefined || raw === null ? "field_missing" : "not_a_number");
  return SKIP;
}

/** Aggregates a list of events in one pass (events must have distinct transaction ids: see `dedupeEvents`). */
export function aggregateEvents(
  metric: BillableMetric,
  events: Iterable<UsageEvent>,
  window: AggregationWindow,
): AggregationResult {
  const agg = createAggregator(metric, window);
  agg.addAll(events);
  return agg.result();
}
