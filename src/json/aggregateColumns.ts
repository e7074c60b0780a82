/**
 * `aggregateColumns(input)`: `aggregate` for bulk callers whose events are already in columns
 * (an export from a warehouse, a dataframe): `columns` instead of `events`, one array per
 * field, no object per event. The answer is `aggregate`'s for the rows the columns spell, and
 * a refusal names the column and row (`columns.timestamp.3`). docs/aggregation.md,
 * "Columnar input".
 */
import { IssueCollector, type Issue, type Path, ValidationError, isValidationError, issue } from "../core/issue.js";
import { setOwn } from "../core/jsonValue.js";
import { type EventColumns, fusedAggregateColumns } from "../aggregation/fusedAggregate.js";
import { type AggregateOutput, aggregateGeneral, outputOf } from "./aggregate.js";

const COLUMN_KEYS: ReadonlySet<string> = new Set(["transaction_id", "timestamp", "code", "external_subscription_id", "properties"]);

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * Aggregates columnar events: `input` is `aggregate`'s with `columns` instead of `events`:
 * `{transaction_id: [...], timestamp: [...], code: "api" | [...], external_subscription_id?:
 * "sub" | [...], properties?: {key: [...]}}`, every array of the same length (row i is the
 * event `{transaction_id[i], timestamp[i], code[i], external_subscription_id[i], properties:
 * {key: properties.key[i]}}`, a property left out where its value is `undefined`).
 *
 * @throws ValidationError naming each offending column and row.
 * @example
 * aggregateColumns({ billable_metric: { code: "api", aggregation_type: "sum_agg", field_name: "gb" },
 *   from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z",
 *   columns: { transaction_id: ["t1", "t2"], timestamp: ["2024-03-02T00:00:00Z", "2024-03-03T00:00:00Z"],
 *     code: "api", properties: { gb: ["1.5", "2"] } } }).units
 * //=> "3.5"
 */
export function aggregateColumns(input: unknown): AggregateOutput {
  const c = new IssueCollector();
  if (!isRecord(input)) throw new ValidationError([issue("invalid_type", [])]);
  if ("events" in input) c.add("unknown_key", ["events"]);
  const columns = checkColumns(input["columns"], c);
  const issues = c.issues();
  if (issues !== undefined || columns === undefined) throw new ValidationError(issues ?? [issue("invalid_value", ["columns"])]);
  const rest: Record<string, unknown> = Object.assign({}, input);
  delete rest["columns"];
  const n = columns.transaction_id.length;
  const fused = fusedAggregateColumns(rest, columns, n);
  if (fused !== undefined) return outputOf(fused.result, fused.duplicates);
  // Anything else: the rows as events, the general way, refusals named by column and row.
  try {
    return aggregateGeneral(Object.assign(rest, { events: rowsOf(columns, n) }));
  } catch (e) {
    if (isValidationError(e)) throw new ValidationError([toColumnPath(e.issues[0]), ...e.issues.slice(1).map(toColumnPath)]);
    throw e;
  }
}

/** The columns, checked: arrays of one length (`code` and `external_subscription_id` may be one text for all). */
function checkColumns(x: unknown, c: IssueCollector): EventColumns | undefined {
  if (!isRecord(x)) {
    c.add(x === undefined || x === null ? "value_is_mandatory" : "invalid_type", ["columns"]);
    return undefined;
  }
  for (const k of Object.keys(x)) if (!COLUMN_KEYS.has(k)) c.add("unknown_key", ["columns", k]);
  const tx = x["transaction_id"];
  if (!Array.isArray(tx)) {
    c.add(tx === undefined || tx === null ? "value_is_mandatory" : "invalid_type", ["columns", "transaction_id"]);
    return undefined;
  }
  const n = tx.length;
  const column = (v: unknown, path: Path, mandatory: boolean, text: boolean): boolean => {
    if (v === undefined || v === null) {
      if (mandatory) c.add("value_is_mandatory", path);
      return !mandatory;
    }
    if (text && typeof v === "string") return true;
    if (!Array.isArray(v)) c.add("invalid_type", path);
    else if (v.length !== n) c.add("invalid_value", path, `${path.join(".")}: ${v.length} values for ${n} rows`);
    else return true;
    return false;
  };
  let ok = column(x["timestamp"], ["columns", "timestamp"], true, false);
  ok = column(x["code"], ["columns", "code"], true, true) && ok;
  ok = column(x["external_subscription_id"], ["columns", "external_subscription_id"], false, true) && ok;
  const props = x["properties"];
  if (props !== undefined && props !== null && !isRecord(props)) {
    c.add("invalid_type", ["columns", "properties"]);
    ok = false;
  } else if (isRecord(props)) {
    for (const [k, v] of Object.entries(props)) ok = column(v, ["columns", "properties", k], true, false) && ok;
  }
  if (!ok) return undefined;
  const sub = x["external_subscription_id"];
  return {
    transaction_id: tx,
    timestamp: x["timestamp"] as unknown[],
    code: x["code"] as string | unknown[],
    external_subscription_id: sub === null ? undefined : (sub as string | unknown[] | undefined),
    properties: (isRecord(props) ? props : {}) as Record<string, unknown[]>,
  };
}

/** The events the columns spell. */
function rowsOf(columns: EventColumns, n: number): Record<string, unknown>[] {
  const keys = Object.keys(columns.properties);
  const { code, external_subscription_id: sub } = columns;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const properties: Record<string, unknown> = {};
    for (const k of keys) {
      const v = columns.properties[k]![i];
      if (v !== undefined) setOwn(properties, k, v);
    }
    const row: Record<string, unknown> = {
      transaction_id: columns.transaction_id[i],
      timestamp: columns.timestamp[i],
      code: typeof code === "string" ? code : code[i],
      properties,
    };
    const s = typeof sub === "string" || sub === undefined ? sub : sub[i];
    if (s !== undefined) row["external_subscription_id"] = s;
    rows.push(row);
  }
  return rows;
}

/** `events.3.timestamp` → `columns.timestamp.3`; `events.3.properties.gb` → `columns.properties.gb.3`. */
function toColumnPath(i: Issue): Issue {
  const [head, row, field, ...more] = i.path;
  if (head !== "events" || typeof row !== "number") return i;
  if (field === undefined) return issue(i.code, ["columns", "transaction_id", row]);
  const path: Path = field === "properties" && more.length > 0 ? ["columns", "properties", more[0]!, row, ...more.slice(1)] : ["columns", field, row, ...more];
  return issue(i.code, path);
}
