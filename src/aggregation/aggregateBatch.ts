/**
 * Aggregation over a columnar {@link EventBatch}: the same results as the object path
 * (`aggregateEvents` over the batch's events), property-tested. Count, sum, max, latest,
 * unique count and weighted sum run as typed-array loops; prorated aggregations and
 * per-event value lists (running totals) go through the object kernels on the selected rows.
 */
import { dec, fromScaledBigInt } from "../core/decimal.js";
import { setOwn } from "../core/jsonValue.js";
import type { Instant } from "../core/instant.js";
import type { Kernel } from "./_kernel.js";
import { planAggregation } from "./_plan.js";
import { type RawGroup, assembleResult, sortWarnings } from "./_result.js";
import { selectRows } from "./_batchSelect.js";
import { type Rows, batchCount, batchCounts, batchLatest, batchMax } from "./_batchKernels.js";
import { batchSum } from "./_batchSum.js";
import { batchUniqueCount } from "./_batchUniqueCount.js";
import { batchWeightedSum } from "./_batchWeightedSum.js";
import { createAggregator } from "./aggregator.js";
import { countRunningTotal } from "./runningTotal.js";
import type { EventBatch } from "./eventBatch.js";
import type { AggregationResult, AggregationWarning, AggregationWindow, UnitsResult, UsageEvent } from "./types.js";

export function aggregateBatch(batch: EventBatch, window: AggregationWindow): AggregationResult {
  const metric = batch.metric;
  if (window.precise_amounts === true) throw new RangeError("a batch does not keep precise_total_amount_cents: aggregate the events");
  const plan = planAggregation(metric, window);
  const { ctx, kernel } = plan;
  const keys = window.grouped_by ?? [];
  const generic = window.prorated === true || ctx.trackValues;
  const sel = selectRows(batch, window, plan.carriesIn, ctx.from, ctx.to, !generic);
  if (generic) return viaObjects(batch, window, sel.rows ?? new Int32Array(0), sel.warnings);
  const rows: Rows = { rows: sel.rows, gids: sel.gids, groups: sel.groupCount, scan: sel.scan };
  const type = metric.aggregation_type;
  const grouped = keys.length > 0;
  if (type === "unique_count_agg") {
    const units = (u: number): UnitsResult => ({ units: dec(u), events_count: u, running_total: countRunningTotal(u, ctx) });
    const total = units(batchUniqueCount(batch, Object.assign({}, rows, { groups: 1 }))[0]!);
    if (!grouped) return assembleResult(metric, keys, total, undefined, () => units(0), sel.warnings);
    const perGroup = batchUniqueCount(batch, rows);
    const exists = batchCounts(batch, rows);
    const groups: RawGroup[] = [];
    exists.forEach((c, g) => c > 0 && groups.push({ values: sel.decode(g), result: units(perGroup[g]!) }));
    return assembleResult(metric, keys, total, groups, () => units(0), sel.warnings);
  }
  const states: (unknown | undefined)[] =
    type === "count_agg" ? batchCount(batch, rows)
    : type === "sum_agg" ? batchSum(batch, rows)
    : type === "max_agg" ? batchMax(batch, rows)
    : type === "latest_agg" ? batchLatest(batch, rows)
    : batchWeightedSum(batch, rows, ctx);
  const k = kernel as Kernel<unknown, unknown>;
  let total = k.init(ctx);
  const groups: RawGroup[] = [];
  states.forEach((s, g) => {
    if (s === undefined) return;
    total = k.merge(total, s);
    if (grouped) groups.push({ values: sel.decode(g), result: k.finish(s, ctx, true) });
  });
  const empty = () => k.finish(k.init(ctx), ctx, true);
  return assembleResult(metric, keys, k.finish(total, ctx, false), grouped ? groups : undefined, empty, sel.warnings);
}

/** Rebuilds the selected rows as events (values already read) and runs the object kernels. */
function viaObjects(batch: EventBatch, window: AggregationWindow, rows: Int32Array, warnings: readonly AggregationWarning[]): AggregationResult {
  const { expression: _e, ...metric } = batch.metric;
  const field = metric.field_name ?? "value";
  const keys = window.grouped_by ?? [];
  const agg = createAggregator(Object.assign({}, metric, { field_name: field }), Object.assign({}, window, { filters: undefined, ignored_filters: undefined }));
  for (const i of rows) {
    const properties: Record<string, unknown> = {};
    for (const key of keys) setOwn(properties, key, batch.keys[key]!.dict[batch.keys[key]!.codes[i]!]);
    if (batch.values !== undefined) {
      const v = batch.values[i]!;
      const big = batch.bigValues.get(i);
      setOwn(properties, field, v === v ? fromScaledBigInt(BigInt(v), batch.scale).toString()
        : big === undefined ? undefined : fromScaledBigInt(big.b ?? BigInt(big.m), big.s).toString());
    }
    if (batch.valueKeys !== undefined) {
      setOwn(properties, field, batch.valueKeys.dict[batch.valueKeys.codes[i]!]);
      properties["operation_type"] = batch.adds![i] === 1 ? "add" : "remove";
    }
    const event: UsageEvent = {
      transaction_id: String(i), code: metric.code, timestamp: batch.timestamps[i]! as Instant, properties, seq: i,
    };
    agg.add(event);
  }
  const r = agg.result();
  return Object.assign({}, r, { warnings: sortWarnings([...warnings, ...r.warnings]) });
}
