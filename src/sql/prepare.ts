/**
 * The input shared by `aggregationSql` and `aggregateFromRows`: `aggregate`'s input with
 * `events: []` (the events are in the table) and an optional `external_subscription_id`,
 * validated by the same parser as `aggregate`, plus the push-down's own refusals.
 */
import { type Issue, type Issues, ValidationError } from "../core/issue.js";
import { type AggregationPlan, planAggregation } from "../aggregation/_plan.js";
import { parseAggregateInput } from "../aggregation/parseInput.js";
import type { AggregationWindow, BillableMetric } from "../aggregation/types.js";

export interface PushDown {
  readonly metric: BillableMetric;
  /** The window as `aggregate` passes it to the kernels (event values as text). */
  readonly window: AggregationWindow;
  readonly plan: AggregationPlan;
  readonly subscription: string | undefined;
  readonly keys: readonly string[];
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Validates the input; throws ValidationError naming every offending field. */
export interface PushDownOptions {
  /**
   * `false`: leave out a sum's per-event values (`event_values`: one row per event), which
   * only per-transaction charges need; running totals keep them. Default true, as `aggregate`.
   */
  readonly eventValues?: boolean | undefined;
}

export function preparePushDown(input: unknown, options: PushDownOptions = {}): PushDown {
  const issues: Issue[] = [];
  if (!isObj(input)) throw new ValidationError([{ code: "invalid_type", path: [], message: "input must be an object" }]);
  const { external_subscription_id: sub, ...rest } = input;
  if (sub !== undefined && sub !== null && (typeof sub !== "string" || sub === "")) {
    issues.push({ code: "invalid_value", path: ["external_subscription_id"], message: "a non-empty string" });
  }
  if (rest["events"] === undefined) rest["events"] = [];
  else if (!Array.isArray(rest["events"]) || rest["events"].length > 0) {
    issues.push({ code: "not_allowed", path: ["events"], message: "the events are in the table: pass events: []" });
  }
  const parsed = parseAggregateInput(rest);
  if (!parsed.ok) throw new ValidationError([...parsed.issues, ...issues] as unknown as Issues);
  const { metric, window } = parsed.value;
  if (issues.length > 0) throw new ValidationError(issues as unknown as Issues);
  // What `aggregate` asks of the kernels: event values as text (sum, count); no precise amounts (no column).
  const w: AggregationWindow = { ...window, event_values: options.eventValues === false ? false : "text", precise_amounts: false };
  return {
    metric,
    window: w,
    plan: planAggregation(metric, w),
    subscription: typeof sub === "string" ? sub : undefined,
    keys: w.grouped_by ?? [],
  };
}
