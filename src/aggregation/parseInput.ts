/**
 * The contract's `aggregate` input (unknown JSON) → metric, window and events, collecting
 * every issue with its path. Never throws.
 */
import { ZERO, type dec, parseDecimal } from "../core/decimal.js";
import { type Instant, parseTimestamp } from "../core/instant.js";
import { IssueCollector, type Path, type Result, fail, ok } from "../core/issue.js";
import { type Obj, bool, instant, isObj, present, text } from "./_parseFields.js";
import { isValidTimeZone } from "../core/zone.js";
import { parseExpression } from "./_expression.js";
import { AGGREGATION_TYPES, type AggregationWindow, type BillableMetric, type FilterValues, type UsageEvent } from "./types.js";

export interface AggregateInput {
  readonly metric: BillableMetric;
  readonly window: AggregationWindow;
  readonly events: UsageEvent[];
}

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

function parseFilterValues(x: unknown, path: Path, c: IssueCollector): FilterValues | undefined {
  if (!present(x)) return undefined;
  if (!isObj(x)) return c.add("invalid_type", path), undefined;
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(x)) {
    const ok = Array.isArray(v) && v.every((s) => typeof s === "string" || typeof s === "number" || typeof s === "boolean");
    if (!ok) c.add("invalid_value", [...path, k]);
    else out[k] = v.map(String);
  }
  return out;
}

function parseWindow(o: Obj, c: IssueCollector): Partial<AggregationWindow> {
  const from = instant(o, "from_datetime", c, true);
  const to = instant(o, "to_datetime", c, true);
  if (from !== undefined && to !== undefined && from > to) c.add("invalid_value", ["to_datetime"], "to_datetime is before from_datetime");
  instant(o, "subscription_started_at", c, false);
  const filters = parseFilterValues(o["filters"], ["filters"], c);
  const ig = o["ignored_filters"];
  let ignored: FilterValues[] | undefined;
  if (present(ig) && !Array.isArray(ig)) c.add("invalid_type", ["ignored_filters"]);
  else if (Array.isArray(ig)) ignored = ig.map((f: unknown, i) => parseFilterValues(f, ["ignored_filters", i], c) ?? {});
  const gb = o["grouped_by"];
  let grouped: string[] | undefined;
  if (present(gb)) {
    if (!Array.isArray(gb) || !gb.every((k) => typeof k === "string" && k !== "")) c.add("invalid_value", ["grouped_by"]);
    else grouped = gb as string[];
  }
  const prorated = bool(o, "prorated", [], c);
  if (prorated === true) {
    const bm = isObj(o["billable_metric"]) ? o["billable_metric"] : {};
    const t = bm["aggregation_type"];
    if (bm["recurring"] !== true || (t !== "sum_agg" && t !== "unique_count_agg")) c.add("not_allowed", ["prorated"]);
  }
  const cd = o["charges_duration"];
  if (present(cd) && !(Number.isSafeInteger(cd) && (cd as number) > 0)) c.add("invalid_value", ["charges_duration"]);
  const tz = o["timezone"];
  if (present(tz) && !isValidTimeZone(tz)) c.add("invalid_timezone", ["timezone"]);
  const upgraded = bool(o, "upgraded", [], c);
  const opts = o["options"];
  let fe: number | undefined, ft: ReturnType<typeof dec> | undefined;
  if (present(opts) && !isObj(opts)) c.add("invalid_type", ["options"]);
  else if (isObj(opts)) {
    const e = opts["free_units_per_events"], t = opts["free_units_per_total_aggregation"];
    if (present(e) && !(Number.isSafeInteger(e) && (e as number) >= 0)) c.add("invalid_free_units_per_events", ["options", "free_units_per_events"]);
    else if (present(e)) fe = e as number;
    const d = present(t) ? parseDecimal(t) : undefined;
    if (present(t) && (d === undefined || d.lt(ZERO))) c.add("invalid_free_units_per_total_aggregation", ["options", "free_units_per_total_aggregation"]);
    else ft = d;
  }
  return {
    ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }),
    filters, ignored_filters: ignored, grouped_by: grouped, prorated: prorated === true,
    charges_duration: present(cd) ? (cd as number) : undefined,
    timezone: typeof tz === "string" ? tz : undefined, upgraded: upgraded === true,
    free_units_per_events: fe, free_units_per_total_aggregation: ft,
  };
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
