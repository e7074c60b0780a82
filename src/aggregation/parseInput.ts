/**
 * The contract's `aggregate` input (unknown JSON) → metric, window and events, collecting
 * every issue with its path. Never throws.
 */
import { parseDecimal } from "../core/decimal.js";
import { type Instant, parseTimestamp } from "../core/instant.js";
import { IssueCollector, type Result, fail, ok } from "../core/issue.js";
import { bool, isObj, present, text } from "./_parseFields.js";
import { parseWindow } from "./_parseWindow.js";
import { parseExpression } from "./_expression.js";
import { AGGREGATION_TYPES, type AggregationWindow, type BillableMetric, type UsageEvent } from "./types.js";

export interface AggregateInput {
  readonly metric: BillableMetric;
  readonly window: AggregationWindow;
  readonly events: UsageEvent[];
}

/** The decimal places a rounding can take (big.js's own limit, beyond which it throws). */
const MAX_PRECISION = 1_000_000;

function parseMetric(x: unknown, c: IssueCollector): BillableMetric | undefined {
  const p = ["billable_metric"];
  if (!isObj(x)) return c.add(present(x) ? "invalid_type" : "value_is_mandatory", p), undefined;
  const code = text(x, "code", p, c, true);
  const type = x["aggregation_type"];
  if (!present(type)) c.add("value_is_mandatory", [...p, "aggregation_type"]);
  else if (!(AGGREGATION_TYPES as readonly unknown[]).includes(type)) c.add("invalid_aggregation_type", [...p, "aggregation_type"]);
  else if (type === "custom_agg") c.add("not_allowed", [...p, "aggregation_type"], "custom_agg runs user code");
  const counting = type === "count_agg";
  const known = (AGGREGATION_TYPES as readonly unknown[]).includes(type);
  const field = text(x, "field_name", p, c, known && !counting);
  const recurring = bool(x, "recurring", p, c);
  if (recurring === true && (counting || type === "max_agg" || type === "latest_agg")) c.add("not_allowed", [...p, "recurring"]);
  if (present(x["weighted_interval"]) && x["weighted_interval"] !== "seconds") c.add("invalid_value", [...p, "weighted_interval"]);
  const fn = x["rounding_function"];
  if (present(fn) && fn !== "round" && fn !== "ceil" && fn !== "floor") c.add("invalid_value", [...p, "rounding_function"]);
  const precision = x["rounding_precision"];
  if (present(precision) && !Number.isSafeInteger(precision)) c.add("invalid_value", [...p, "rounding_precision"]);
  else if (present(precision) && Math.abs(precision as number) > MAX_PRECISION) c.add("value_is_out_of_range", [...p, "rounding_precision"]);
  const expression = text(x, "expression", p, c, false);
  if (expression !== undefined) {
    if (counting) c.add("not_allowed", [...p, "expression"]);
    else {
      try {
        parseExpression(expression);
      } catch (err) {
        c.add("invalid_expression", [...p, "expression"], (err as Error).message);
      }
    }
  }
  if (code === undefined || !(AGGREGATION_TYPES as readonly unknown[]).includes(type)) return undefined;
  return {
    code,
    aggregation_type: type as BillableMetric["aggregation_type"],
    field_name: field,
    recurring: recurring === true,
    rounding_function: present(fn) ? (fn as BillableMetric["rounding_function"]) : undefined,
    rounding_precision: present(precision) ? (precision as number) : undefined,
    expression,
  };
}

function parseEvents(x: unknown, c: IssueCollector): UsageEvent[] {
  if (!Array.isArray(x)) return c.add(present(x) ? "invalid_type" : "value_is_mandatory", ["events"]), [];
  const out: UsageEvent[] = [];
  x.forEach((e: unknown, i) => {
    const p = ["events", i];
    if (!isObj(e)) return c.add("invalid_type", p);
    const transaction_id = text(e, "transaction_id", p, c, true);
    const code = text(e, "code", p, c, true);
    const sub = text(e, "external_subscription_id", p, c, false);
    let timestamp: Instant | undefined;
    if (!present(e["timestamp"])) c.add("value_is_mandatory", [...p, "timestamp"]);
    else if ((timestamp = parseTimestamp(e["timestamp"])) === undefined) c.add("invalid_timestamp", [...p, "timestamp"]);
    const precise = e["precise_total_amount_cents"];
    if (present(precise) && parseDecimal(precise) === undefined) c.add("invalid_value", [...p, "precise_total_amount_cents"]);
    const props = e["properties"];
    if (props !== undefined && !isObj(props)) c.add("invalid_type", [...p, "properties"]);
    if (transaction_id === undefined || code === undefined || timestamp === undefined) return;
    out.push({
      transaction_id, code, timestamp, properties: isObj(props) ? props : {}, seq: i,
      ...(present(precise) ? { precise_total_amount_cents: precise as string | number } : {}),
      ...(sub === undefined ? {} : { external_subscription_id: sub }),
    });
  });
  return out;
}

/** Validates the whole input; the issues name every offending field. */
export function parseAggregateInput(input: unknown): Result<AggregateInput> {
  const c = new IssueCollector();
  if (!isObj(input)) return fail([{ code: "invalid_type", path: [], message: "input must be an object" }]);
  const metric = parseMetric(input["billable_metric"], c);
  const events = parseEvents(input["events"], c);
  const window = parseWindow(input, c);
  const issues = c.issues();
  if (issues !== undefined) return fail(issues);
  if (metric === undefined || window.from === undefined || window.to === undefined) {
    return fail([{ code: "invalid_value", path: [], message: "incomplete input" }]);
  }
  return ok({ metric, window: { ...window, from: window.from, to: window.to }, events });
}
