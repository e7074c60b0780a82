/**
 * The contract's `aggregate` input (unknown JSON) → metric, window and events, collecting
 * every issue with its path. Never throws.
 */
import { parseDecimal } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { IssueCollector, type Path, type Result, fail, ok, reportUnknownKeys } from "../core/issue.js";
import { type Obj, bool, isObj, present, text } from "./_parseFields.js";
import { timestampReader } from "./_timestamp.js";
import { hashPair } from "./_columns.js";
import { parseWindow } from "./_parseWindow.js";
import { parseExpression } from "./_expression.js";
import { AGGREGATION_TYPES, type AggregationWindow, type BillableMetric, type UsageEvent } from "./types.js";

export interface AggregateInput {
  readonly metric: BillableMetric;
  readonly window: AggregationWindow;
  readonly events: UsageEvent[];
  /** `hashPair(external_subscription_id ?? "", transaction_id)` per event, for `dedupeEvents`. */
  readonly txHashes: number[];
}

/** The decimal places a rounding can take (big.js's own limit, beyond which it throws). */
const MAX_PRECISION = 1_000_000;

/** A billable metric's aggregation fields, every issue recorded under `p` (its name and filters are not read). */
export function parseMetric(x: unknown, c: IssueCollector, p: Path = ["billable_metric"]): BillableMetric | undefined {
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
  if (recurring === true && (counting || type === "max_agg" || type === "latest_agg")) c.add("not_compatible_with_aggregation_type", [...p, "recurring"]);
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

function parseEvents(x: unknown, c: IssueCollector, hashes: number[]): UsageEvent[] {
  if (!Array.isArray(x)) return c.add(present(x) ? "invalid_type" : "value_is_mandatory", ["events"]), [];
  const out: UsageEvent[] = [];
  const read = timestampReader();
  for (let i = 0; i < x.length; i++) {
    const e: unknown = x[i];
    if (e === undefined && !(i in x)) continue; // a hole, as forEach skips it
    const quick = isObj(e) ? quickEvent(e, i, read) : undefined;
    if (quick !== undefined) out.push(quick);
    else parseEvent(e, i, c, out, read);
    // Hashed now, while the ids are in cache (dedupe would read them again).
    while (hashes.length < out.length) {
      const ev = out[hashes.length]!;
      hashes.push(hashPair(ev.external_subscription_id ?? "", ev.transaction_id));
    }
  }
  return out;
}

type TimestampReader = ReturnType<typeof timestampReader>;

const isText = (v: unknown): v is string => typeof v === "string" && v !== "";

/**
 * The usual event, with no path built and no spread: every field well formed, no
 * precise amount. Undefined for anything else, which {@link parseEvent} then checks
 * field by field (the result is the same event when it is valid).
 */
function quickEvent(e: Obj, seq: number, read: TimestampReader): UsageEvent | undefined {
  const transaction_id = e["transaction_id"], code = e["code"], props = e["properties"], sub = e["external_subscription_id"];
  if (!isText(transaction_id) || !isText(code) || present(e["precise_total_amount_cents"])) return undefined;
  if (props !== undefined && !isObj(props)) return undefined;
  if (present(sub) && !isText(sub) && sub !== "") return undefined;
  const timestamp = present(e["timestamp"]) ? read(e["timestamp"]) : undefined;
  if (timestamp === undefined) return undefined;
  const properties = props === undefined ? {} : props;
  return isText(sub)
    ? { transaction_id, code, timestamp, properties, seq, external_subscription_id: sub }
    : { transaction_id, code, timestamp, properties, seq };
}

function parseEvent(e: unknown, i: number, c: IssueCollector, out: UsageEvent[], read: TimestampReader): void {
  const p = ["events", i];
  if (!isObj(e)) return c.add("invalid_type", p);
  const transaction_id = text(e, "transaction_id", p, c, true);
  const code = text(e, "code", p, c, true);
  const sub = text(e, "external_subscription_id", p, c, false);
  let timestamp: Instant | undefined;
  if (!present(e["timestamp"])) c.add("value_is_mandatory", [...p, "timestamp"]);
  else if ((timestamp = read(e["timestamp"])) === undefined) c.add("invalid_timestamp", [...p, "timestamp"]);
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
}

/** The contract's keys (§2); a billable metric may be the specification's whole object. */
const INPUT_KEYS: ReadonlySet<string> = new Set([
  "billable_metric", "events", "from_datetime", "to_datetime", "filters", "ignored_filters", "grouped_by", "prorated",
  "charges_duration", "timezone", "options", "subscription_started_at",
]);
const METRIC_KEYS: ReadonlySet<string> = new Set([
  "code", "aggregation_type", "field_name", "recurring", "weighted_interval", "rounding_function", "rounding_precision", "expression",
  "svc_id", "name", "description", "created_at", "filters", "active_subscriptions_count", "draft_invoices_count", "plans_count",
]);
const OPTION_KEYS: ReadonlySet<string> = new Set(["free_units_per_events", "free_units_per_total_aggregation"]);

/** Validates the whole input; the issues name every offending field (an unknown key as `unknown_key`). */
export function parseAggregateInput(input: unknown): Result<AggregateInput> {
  const c = new IssueCollector();
  if (!isObj(input)) return fail([{ code: "invalid_type", path: [], message: "input must be an object" }]);
  reportUnknownKeys(input, INPUT_KEYS, [], c);
  const bm = input["billable_metric"];
  if (isObj(bm)) reportUnknownKeys(bm, METRIC_KEYS, ["billable_metric"], c);
  if (isObj(input["options"])) reportUnknownKeys(input["options"], OPTION_KEYS, ["options"], c);
  const metric = parseMetric(bm, c);
  const txHashes: number[] = [];
  const events = parseEvents(input["events"], c, txHashes);
  const window = parseWindow(input, c);
  const issues = c.issues();
  if (issues !== undefined) return fail(issues);
  if (metric === undefined || window.from === undefined || window.to === undefined) {
    return fail([{ code: "invalid_value", path: [], message: "incomplete input" }]);
  }
  return ok({ metric, window: Object.assign({}, window, { from: window.from, to: window.to }), events, txHashes });
}
