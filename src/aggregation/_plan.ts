/**
 * What an aggregation needs, worked out once from the metric and the window: the kernel,
 * which events count before the window, how values are read, and the kernel context.
 */
import { ZERO, dec } from "../core/decimal.js";
import type { Kernel, KernelContext } from "./_kernel.js";
import { type Expr, parseExpression } from "./_expression.js";
import { windowDays } from "./_days.js";
import { count } from "./count.js";
import { latest } from "./latest.js";
import { max } from "./max.js";
import { proratedSum } from "./proratedSum.js";
import { proratedUniqueCount } from "./proratedUniqueCount.js";
import { sum } from "./sum.js";
import { uniqueCount } from "./uniqueCount.js";
import { weightedSum } from "./weightedSum.js";
import type { AggregationWindow, BillableMetric } from "./types.js";

/** How a kernel reads an event: not at all, as a decimal, or as a text key. */
export type InputKind = "none" | "number" | "key";

export interface AggregationPlan {
  readonly kernel: AnyKernel;
  readonly input: InputKind;
  readonly field: string;
  readonly expression: Expr | undefined;
  /** Events before `from` are selected (recurring sum / unique count / weighted sum). */
  readonly carriesIn: boolean;
  readonly ctx: KernelContext;
}

type AnyKernel = Kernel<unknown, unknown>;
const erase = <S, I>(k: Kernel<S, I>): AnyKernel => k as unknown as AnyKernel;

function kernelOf(metric: BillableMetric, prorated: boolean): [AnyKernel, InputKind] {
  switch (metric.aggregation_type) {
    case "count_agg": return [erase(count), "none"];
    case "sum_agg": return [prorated ? erase(proratedSum) : erase(sum), "number"];
    case "max_agg": return [erase(max), "number"];
    case "latest_agg": return [erase(latest), "number"];
    case "unique_count_agg": return [prorated ? erase(proratedUniqueCount) : erase(uniqueCount), "key"];
    case "weighted_sum_agg": return [erase(weightedSum), "number"];
    case "custom_agg": throw new RangeError("custom_agg runs user code and cannot be aggregated by a pure engine");
  }
}

/**
 * Throws RangeError (a caller bug: the JSON layer validates first) for an aggregation the
 * semantics refuse: custom_agg, proration other than recurring sum / unique count.
 */
export function planAggregation(metric: BillableMetric, window: AggregationWindow): AggregationPlan {
  const type = metric.aggregation_type;
  const recurring = metric.recurring === true;
  const prorated = window.prorated === true;
  if (prorated && !(recurring && (type === "sum_agg" || type === "unique_count_agg"))) {
    throw new RangeError("proration needs a recurring sum_agg or unique_count_agg metric");
  }
  const [kernel, input] = kernelOf(metric, prorated);
  const timezone = window.timezone ?? "UTC";
  const fe = window.free_units_per_events ?? 0;
  const ft = window.free_units_per_total_aggregation ?? dec(0);
  const runningTotal = fe > 0 || ft.gt(ZERO) ? { events: fe, total: ft } : undefined;
  const eventValues =
    (window.event_values === true || window.event_values === "text") && (type === "sum_agg" || type === "count_agg" || (type === "unique_count_agg" && prorated));
  return {
    kernel,
    input,
    field: metric.field_name ?? "",
    expression: metric.expression === undefined || input === "none" ? undefined : parseExpression(metric.expression),
    carriesIn: recurring && (type === "sum_agg" || type === "unique_count_agg" || type === "weighted_sum_agg"),
    ctx: {
      from: window.from,
      to: window.to,
      timezone,
      chargesDuration: window.charges_duration ?? windowDays(window.from, window.to, timezone),
      upgraded: window.upgraded === true,
      trackValues: type === "sum_agg" && (runningTotal !== undefined || eventValues),
      runningTotal,
      eventValues,
      eventValuesText: window.event_values === "text",
      rawField: metric.expression === undefined && input === "number" ? metric.field_name ?? "" : undefined,
      preciseAmounts: window.precise_amounts === true && type === "sum_agg" && !prorated,
    },
  };
}
