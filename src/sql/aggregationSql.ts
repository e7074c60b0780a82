/**
 * `aggregationSql(input, { dialect })`: the one statement that aggregates `aggregate`'s
 * input inside the event store (docs/scale.md). Pure: it builds text and parameters, it
 * runs nothing. Every value taken from the input — the metric's code, the subscription,
 * the window's bounds, property keys, filter values — is a bound parameter; the text
 * holds only the builder's own SQL and the table name (checked to be an identifier).
 *
 * The statement returns partial states (the rows `aggregateFromRows` reads), never the
 * final units: sums and maxima exact, the last operation per unique value, the Σ of
 * deltas per instant for weighted sums (whose division is done in JavaScript, digit for
 * digit as `aggregate` does it), and one row per dropped or unusable event (warnings).
 *
 * Row columns: `k` (kind), `g` (the group's values, text[]), `tx`, `sub` (the subscription), `t`, `n` (a count),
 * `x` (a decimal; in ClickHouse a mantissa of scale `e`), `y` (sums: Σ
 * precise_total_amount_cents; in ClickHouse a mantissa of scale `f`), `v` (text), `s` (an integer), `m` (PostgreSQL `w` rows: an
 * expression error's message), `e` and `f` (ClickHouse: the scales of `x` and `y`). Kinds: `d` duplicate, `p` a candidate has a precise amount, `w` unusable value (`v`
 * the reason), `s` a group's count (and sum or maximum), `e` a sum's event value, `l` a
 * group's latest value, `u` a unique value's last operation (`s` 1 for add), `c` a
 * weighted sum's carried level (`s` its display scale) or a prorated sum's carried Σ, `i`
 * a weighted sum's Σ of deltas at instant `t`, `r` a prorated sum's Σ on the window's local
 * day `s`, `o` a prorated unique count's operation (`s` 1 for add).
 */
import type { PushDown, PushDownOptions } from "./prepare.js";
import { preparePushDown } from "./prepare.js";
import { expressionSql } from "./expressionSql.js";
import { ValidationError } from "../core/issue.js";
import { wallToInstant } from "../core/zone.js";
import { localDay } from "../aggregation/_days.js";

export type SqlDialect = "postgres" | "clickhouse";

export interface AggregationSqlOptions extends PushDownOptions {
  readonly dialect: SqlDialect;
  /** The events table, `name` or `schema.name` (letters, digits, `_`). Default `events`. */
  readonly table?: string | undefined;
}

export interface AggregationSql {
  readonly dialect: SqlDialect;
  /** One statement. PostgreSQL: `$1`, `$2`, … placeholders; ClickHouse: `{p1:Type}`, …. */
  readonly text: string;
  /** The parameters, in placeholder order. */
  readonly values: readonly unknown[];
  /** ClickHouse: the same values by name (`query_params` of @clickhouse/client). */
  readonly params?: Readonly<Record<string, unknown>> | undefined;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** A plain decimal, as `aggregate` reads one (no backslash: the same text in either dialect's literals). */
const DECIMAL_RE = "'^-?[0-9]+([.][0-9]+)?$'";

function tableName(table: string | undefined, quote: string): string {
  const parts = (table ?? "events").split(".");
  if (parts.length > 2 || !parts.every((p) => IDENT.test(p))) {
    throw new RangeError(`table: expected name or schema.name of letters, digits and _ (got ${JSON.stringify(table)})`);
  }
  return parts.map((p) => quote + p + quote).join(".");
}

/** ISO 8601 text of epoch milliseconds, for a `timestamptz` parameter. */
function isoOf(ms: number): string {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (!(y >= 1 && y <= 9999)) throw new RangeError("window bounds must fall in years 1–9999");
  return d.toISOString();
}

/**
 * The statement aggregating `input` (aggregate's input with `events: []` and an optional
 * `external_subscription_id`) in the events table.
 *
 * @throws ValidationError for an input `aggregate` refuses, and for what is not pushed
 *   down (`prorated`; `expression` in ClickHouse: not_allowed); RangeError for a bad table name.
 * @example
 * const { text, values } = aggregationSql({ billable_metric: { code: "gb", aggregation_type: "sum_agg", field_name: "gb" },
 *   events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z",
 *   external_subscription_id: "sub_1" }, { dialect: "postgres" });
 * const rows = (await client.query(text, values)).rows;
 * aggregateFromRows(input, rows).units;
 */
export function aggregationSql(input: unknown, options: AggregationSqlOptions): AggregationSql {
  const d = preparePushDown(input, options);
  if (options.dialect === "postgres") return postgresSql(d, tableName(options.table, '"'));
  if (options.dialect === "clickhouse") return clickhouseSql(d, tableName(options.table, "`"));
  throw new RangeError(`dialect: "postgres" or "clickhouse" (got ${JSON.stringify(options.dialect)})`);
}

/**
 * A prorated window's local days (§13), for the database to read without time-zone data:
 * the instants in (from, to] at which the local date changes in the customer's zone
 * (ratecard's own zone rules, the ones `aggregate` uses), each with the day it starts,
 * counted from the day holding `from`. An event's day is that of the last change at or
 * before it (0 before the first). Usually one change per local midnight; a zone whose clock
 * steps back across midnight (America/St_Johns until 2011) goes back a day and on again.
 */
function dayChanges(d: PushDown): { at: number[]; day: number[] } {
  const { from, to, timezone: tz } = d.plan.ctx;
  const first = localDay(from, tz);
  const at: number[] = [], day: number[] = [];
  const push = (t: number, dd: number): void => {
    if (t > from && t <= to) {
      at.push(t);
      day.push(dd - first);
    }
  };
  for (let dd = first, last = localDay(to, tz); dd <= last; dd++) {
    const [y, m, md] = new Date(dd * 86_400_000).toISOString().slice(0, 10).split("-").map(Number) as [number, number, number];
    const date = { year: y, month: m, day: md };
    // The first instant of the day (after a gap at midnight), and a second midnight when the clock steps back over it.
    const early: number = wallToInstant(date, tz, "compatible"), late: number = wallToInstant(date, tz, "later");
    push(early, dd);
    if (late !== early) {
      // The step back: the first instant after `early` showing the day before.
      let lo = early, hi = late;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (localDay(mid, tz) < dd) hi = mid;
        else lo = mid;
      }
      push(hi, dd - 1);
      push(late, dd);
    }
  }
  return { at, day };
}

/** Collects parameters; a text used twice (a property key) is bound once. */
class Params {
  readonly values: unknown[] = [];
  private readonly texts = new Map<string, string>();
  constructor(private readonly placeholder: (i: number, type: string) => string) {}
  add(value: unknown, type: string): string {
    this.values.push(value);
    return this.placeholder(this.values.length, type);
  }
  text(value: string, type: string): string {
    const key = `${type}\u0000${value}`;
    let p = this.texts.get(key);
    if (p === undefined) this.texts.set(key, (p = this.add(value, type)));
    return p;
  }
}

/** The filters' condition over the property reader `prop(keyParam)` (missing → NULL). */
function filterCondition(
  d: PushDown,
  inList: (key: string, values: readonly string[], coalesce: boolean) => string,
): string {
  const conds: string[] = [];
  for (const [key, values] of Object.entries(d.window.filters ?? {})) conds.push(inList(key, values, false));
  const clauses = (d.window.ignored_filters ?? [])
    .map((f) => Object.entries(f).filter(([, vs]) => vs.length > 0))
    .filter((c) => c.length > 0)
    .map((c) => "(" + c.map(([k, vs]) => inList(k, vs, true)).join(" AND ") + ")");
  if (clauses.length > 0) conds.push(`NOT (${clauses.join(" OR ")})`);
  return conds.length === 0 ? "TRUE" : conds.join(" AND ");
}

const PG_COLUMNS = ["k", "g", "tx", "sub", "t", "n", "x", "y", "v", "s", "m"] as const;
type Cols = Partial<Record<(typeof PG_COLUMNS)[number] | "e" | "f", string>>;

function postgresSql(d: PushDown, table: string): AggregationSql {
  const ps = new Params((i) => `$${i}`);
  const { plan, metric } = d;
  const type = metric.aggregation_type;
  const prop = (key: string): string => `p ->> (${ps.text(key, "text")}::text)`;
  const to = ps.add(isoOf(d.window.to), "ts");
  let fromP: string | undefined; // bound only where used (an unused parameter has no type)
  const from = (): string => (fromP ??= ps.add(isoOf(d.window.from), "ts"));
  const where = [`e.code = ${ps.text(metric.code, "text")}`, `e."timestamp" <= ${to}::timestamptz`];
  if (!plan.carriesIn) where.push(`e."timestamp" >= ${from()}::timestamptz`);
  if (d.subscription !== undefined) where.push(`e.external_subscription_id = ${ps.text(d.subscription, "text")}`);
  const filter = filterCondition(d, (key, values, coalesce) =>
    coalesce ? `COALESCE(${prop(key)}, '') = ANY(${ps.add([...values], "text[]")}::text[])`
      : `COALESCE(${prop(key)} = ANY(${ps.add([...values], "text[]")}::text[]), FALSE)`);
  const group = d.keys.length === 0 ? "'{}'::text[]" : `ARRAY[${d.keys.map((k) => `NULLIF(${prop(k)}, '')`).join(", ")}]::text[]`;
  const numeric = plan.input === "number";
  const expression = plan.expression === undefined ? undefined : expressionSql(plan.expression, (v, type) => ps.add(v, type), ps.text(metric.code, "text"));
  const typed: Record<string, string> = { k: "text", g: "text[]", tx: "text", sub: "text", t: "timestamptz", n: "bigint", x: "numeric", y: "numeric", v: "text", s: "integer", m: "text" };
  const row = (c: Cols, rest: string): string =>
    `SELECT ${PG_COLUMNS.map((k) => `${c[k] ?? `NULL::${typed[k]}`} AS ${k}`).join(", ")} ${rest}`;
  const branches: string[] = [row({ k: "'d'", tx: "tx" }, "FROM cand WHERE dup")];
  // Unusable values (and expression errors, with the evaluator's message in m): t and sub order them as aggregate does.
  if (numeric || expression !== undefined) {
    branches.push(row({ k: "'w'", tx: "tx", sub: "sub", t: "t", m: "xerr",
      v: "CASE WHEN xerr IS NOT NULL THEN 'expression_error' WHEN v IS NULL THEN 'field_missing' ELSE 'not_a_number' END" }, "FROM val WHERE NOT ok"));
  }
  const last = `ORDER BY g, t DESC, tx COLLATE "C" DESC, sub COLLATE "C" DESC`;
  const prorated = d.window.prorated === true;
  if (prorated && type === "sum_agg") {
    // Carried in: Σ and count; in the window: Σ and count per local day (s, from the day changes passed); each window event when asked.
    const changes = dayChanges(d);
    const days = `(${ps.add([0, ...changes.day], "int[]")}::int[])[width_bucket(t, ${ps.add(changes.at.map(isoOf), "ts[]")}::timestamptz[]) + 1]`;
    branches.push(row({ k: "'c'", g: "g", n: "count(*)", x: "sum(num)" }, `FROM val WHERE ok AND t < ${from()}::timestamptz GROUP BY g`));
    branches.push(row({ k: "'r'", g: "g", n: "count(*)", x: "sum(num)", s: days }, `FROM val WHERE ok AND t >= ${from()}::timestamptz GROUP BY g, ${days}`));
    if (plan.ctx.eventValues) branches.push(row({ k: "'e'", g: "g", tx: "tx", sub: "sub", t: "t", v: "v" }, `FROM val WHERE ok AND t >= ${from()}::timestamptz`));
  } else if (prorated) {
    // A prorated unique count reads each value's every operation: one row per event.
    branches.push(row({ k: "'o'", g: "g", tx: "tx", sub: "sub", t: "t", v: "v", s: "CASE WHEN COALESCE(p ->> 'operation_type', '') = 'remove' THEN 0 ELSE 1 END" }, "FROM val WHERE ok"));
  } else switch (type) {
    case "count_agg":
      branches.push(row({ k: "'s'", g: "g", n: "count(*)" }, "FROM val GROUP BY g"));
      break;
    case "sum_agg":
      // y: Σ precise_total_amount_cents (dynamic charges), read when some candidate has one (the 'p' row), as aggregate does.
      branches.push(row({ k: "'s'", g: "g", n: "count(*)", x: "sum(num)", y: "sum(precise)" }, "FROM val WHERE ok GROUP BY g"));
      branches.push(`(${row({ k: "'p'" }, "FROM cand WHERE NOT dup AND precise IS NOT NULL LIMIT 1")})`);
      if (plan.ctx.trackValues) branches.push(row({ k: "'e'", g: "g", tx: "tx", sub: "sub", t: "t", v: "v" }, "FROM val WHERE ok"));
      break;
    case "max_agg":
      branches.push(row({ k: "'s'", g: "g", n: "count(*)", x: "max(num)" }, "FROM val WHERE ok GROUP BY g"));
      break;
    case "latest_agg":
      branches.push(row({ k: "'s'", g: "g", n: "count(*)" }, "FROM val WHERE ok GROUP BY g"));
      branches.push(`(${row({ k: "'l'", g: "g", tx: "tx", sub: "sub", t: "t", x: "num" }, `FROM (SELECT DISTINCT ON (g) g, tx, sub, t, num FROM val WHERE ok ${last}) AS l`)})`);
      break;
    case "unique_count_agg":
      branches.push(`(${row({ k: "'u'", g: "g", tx: "tx", sub: "sub", t: "t", v: "v", s: "a" },
        `FROM (SELECT DISTINCT ON (g, v) g, v, tx, sub, t, CASE WHEN COALESCE(p ->> 'operation_type', '') = 'remove' THEN 0 ELSE 1 END AS a FROM val WHERE ok ORDER BY g, v, t DESC, tx COLLATE "C" DESC, sub COLLATE "C" DESC) AS u`)})`);
      break;
    case "weighted_sum_agg": {
      const ds = "max(length(rtrim(split_part(v, '.', 2), '0')))";
      if (plan.carriesIn) branches.push(row({ k: "'c'", g: "g", n: "count(*)", x: "sum(num)", s: ds }, `FROM val WHERE ok AND t < ${from()}::timestamptz GROUP BY g`));
      branches.push(row({ k: "'i'", g: "g", t: "t", n: "count(*)", x: "sum(num)", s: ds }, `FROM val WHERE ok AND t >= ${from()}::timestamptz GROUP BY g, t`));
      break;
    }
    case "custom_agg":
      throw new RangeError("custom_agg");
  }
  const text = [
    "WITH cand AS (",
    `  SELECT e.transaction_id AS tx, e.external_subscription_id AS sub, e."timestamp" AS t, e.properties AS p, e.precise_total_amount_cents AS precise,`,
    `    EXISTS (SELECT 1 FROM ${table} AS f WHERE f.external_subscription_id = e.external_subscription_id AND f.transaction_id = e.transaction_id AND f.id < e.id) AS dup`,
    `  FROM ${table} AS e`,
    `  WHERE ${where.join(" AND ")}`,
    "), sel AS (",
    expression === undefined
      ? `  SELECT tx, sub, t, p, precise, ${plan.input === "none" ? "NULL::text" : prop(plan.field)} AS v, NULL::text AS xerr, ${group} AS g FROM cand WHERE NOT dup AND ${filter}`
      : `  SELECT tx, sub, t, p, precise, xr.v AS v, xr.e AS xerr, ${group} AS g FROM cand, LATERAL ${expression} AS xr WHERE NOT dup AND ${filter}`,
    "), val AS (",
    numeric
      ? `  SELECT sel.*, ok, (CASE WHEN ok THEN v END)::numeric AS num FROM sel, LATERAL (SELECT xerr IS NULL AND COALESCE(v ~ ${DECIMAL_RE}, FALSE) AS ok) AS o`
      : "  SELECT sel.*, xerr IS NULL AS ok, NULL::numeric AS num FROM sel",
    ")",
    branches.join("\nUNION ALL "),
  ].join("\n");
  return { dialect: "postgres", text, values: ps.values };
}

const CH_TYPES: Record<string, string> = {
  k: "String", g: "Array(Nullable(String))", tx: "Nullable(String)", sub: "Nullable(String)", t: "Nullable(DateTime64(3, 'UTC'))", n: "Nullable(UInt64)",
  x: "Nullable(String)", y: "Nullable(String)", v: "Nullable(String)", s: "Nullable(Int32)", e: "Nullable(Int32)", f: "Nullable(Int32)",
};
const CH_COLUMNS = ["k", "g", "tx", "sub", "t", "n", "x", "y", "v", "s", "e", "f"] as const;

/**
 * ClickHouse (docs/scale.md: 23.8 or later; `properties Map(String, String)`). Decimals are
 * summed as Int256 mantissas per display scale (`x` with scale `e`), exact below 10^75.
 * Inner columns are `_`-prefixed: an output alias named like a column it aggregates
 * (`max(t) AS t`) is cyclic for ClickHouse's older analyzer.
 */
function clickhouseSql(d: PushDown, table: string): AggregationSql {
  if (d.metric.expression !== undefined) {
    throw new ValidationError([{ code: "not_allowed", path: ["billable_metric", "expression"], message: "expressions are pushed down to PostgreSQL only" }]);
  }
  const ps = new Params((i, type) => `{p${i}:${type}}`);
  const { plan, metric } = d;
  const type = metric.aggregation_type;
  const has = (key: string): string => `mapContains(_p, ${ps.text(key, "String")})`;
  const read = (key: string): string => `_p[${ps.text(key, "String")}]`;
  const prop = (key: string): string => `if(${has(key)}, ${read(key)}, NULL)`;
  const to = ps.add(d.window.to, "Int64");
  let fromP: string | undefined;
  const from = (): string => (fromP ??= ps.add(d.window.from, "Int64"));
  const where = [`code = ${ps.text(metric.code, "String")}`, `timestamp <= fromUnixTimestamp64Milli(${to}, 'UTC')`];
  if (!plan.carriesIn) where.push(`timestamp >= fromUnixTimestamp64Milli(${from()}, 'UTC')`);
  if (d.subscription !== undefined) where.push(`external_subscription_id = ${ps.text(d.subscription, "String")}`);
  // A missing key reads '' in a Map: the ignored filters' coalesce for free.
  const filter = filterCondition(d, (key, values, coalesce) =>
    coalesce ? `has(${ps.add([...values], "Array(String)")}, ${read(key)})`
      : `(${has(key)} AND has(${ps.add([...values], "Array(String)")}, ${read(key)}))`);
  const group = d.keys.length === 0 ? "CAST([] AS Array(Nullable(String)))"
    : `CAST([${d.keys.map((k) => `if(${has(k)}, nullIf(${read(k)}, ''), NULL)`).join(", ")}] AS Array(Nullable(String)))`;
  const value = plan.input === "none" ? "CAST(NULL AS Nullable(String))" : prop(plan.field);
  const numeric = plan.input === "number";
  const row = (c: Cols, rest: string): string =>
    `SELECT ${CH_COLUMNS.map((k) => `CAST(${c[k] ?? (k === "g" ? "[]" : "NULL")} AS ${CH_TYPES[k]}) AS ${k}`).join(", ")} ${rest}`;
  const branches: string[] = [row({ k: "'d'", tx: "_tx" }, "FROM marked WHERE _dup")];
  // Unusable values: t and sub order them as aggregate does.
  if (numeric) branches.push(row({ k: "'w'", tx: "_tx", sub: "_sub", t: "_t", v: "if(_v IS NULL, 'field_missing', 'not_a_number')" }, "FROM val WHERE NOT _ok"));
  const latestKey = "tuple(_t, _tx, _sub)";
  const prorated = d.window.prorated === true;
  if (prorated && type === "sum_agg") {
    // As in PostgreSQL: carried in, per local day of the window (s), each window event when asked.
    const changes = dayChanges(d);
    const days = `arrayElement(${ps.add([0, ...changes.day], "Array(Int32)")}, arrayCount(b -> b <= toUnixTimestamp64Milli(_t), ${ps.add(changes.at, "Array(Int64)")}) + 1)`;
    const before = `_t < fromUnixTimestamp64Milli(${from()}, 'UTC')`;
    branches.push(row({ k: "'c'", g: "_g", n: "count()", x: "toString(sum(_m))", e: "_ds" }, `FROM val WHERE _ok AND ${before} GROUP BY _g, _ds`));
    branches.push(row({ k: "'r'", g: "_g", n: "count()", x: "toString(sum(_m))", e: "_ds", s: "_day" }, `FROM (SELECT *, ${days} AS _day FROM val WHERE _ok AND NOT (${before})) GROUP BY _g, _ds, _day`));
    if (plan.ctx.eventValues) branches.push(row({ k: "'e'", g: "_g", tx: "_tx", sub: "_sub", t: "_t", v: "_v" }, `FROM val WHERE _ok AND NOT (${before})`));
  } else if (prorated) {
    branches.push(row({ k: "'o'", g: "_g", tx: "_tx", sub: "_sub", t: "_t", v: "_v", s: "if(_p['operation_type'] = 'remove', 0, 1)" }, "FROM val"));
  } else switch (type) {
    case "count_agg":
      branches.push(row({ k: "'s'", g: "_g", n: "count()" }, "FROM val GROUP BY _g"));
      break;
    case "sum_agg":
      // y: Σ precise_total_amount_cents (dynamic charges) as a mantissa of scale f, read when some candidate has one (the 'p' row), as aggregate does.
      branches.push(row({ k: "'s'", g: "_g", n: "count()", x: "toString(sum(_m))", e: "_ds", y: "toString(sum(_pm))", f: "_pds" }, "FROM val WHERE _ok GROUP BY _g, _ds, _pds"));
      branches.push(`(${row({ k: "'p'" }, "FROM marked WHERE NOT _dup AND _pr IS NOT NULL LIMIT 1")})`);
      if (plan.ctx.trackValues) branches.push(row({ k: "'e'", g: "_g", tx: "_tx", sub: "_sub", t: "_t", v: "_v" }, "FROM val WHERE _ok"));
      break;
    case "max_agg":
      branches.push(row({ k: "'s'", g: "_g", n: "count()", x: "toString(max(_m))", e: "_ds" }, "FROM val WHERE _ok GROUP BY _g, _ds"));
      break;
    case "latest_agg":
      branches.push(row({ k: "'s'", g: "_g", n: "count()" }, "FROM val WHERE _ok GROUP BY _g"));
      branches.push(row({ k: "'l'", g: "_g", tx: `argMax(_tx, ${latestKey})`, sub: `argMax(_sub, ${latestKey})`, t: "max(_t)", x: `argMax(_v, ${latestKey})`, e: "0" }, "FROM val WHERE _ok GROUP BY _g"));
      break;
    case "unique_count_agg":
      branches.push(row({ k: "'u'", g: "_g", tx: `argMax(_tx, ${latestKey})`, sub: `argMax(_sub, ${latestKey})`, t: "max(_t)", v: "_v", s: `argMax(if(_p['operation_type'] = 'remove', 0, 1), ${latestKey})` },
        "FROM val GROUP BY _g, _v"));
      break;
    case "weighted_sum_agg": {
      const before = `_t < fromUnixTimestamp64Milli(${from()}, 'UTC')`;
      if (plan.carriesIn) branches.push(row({ k: "'c'", g: "_g", n: "count()", x: "toString(sum(_m))", s: "_ds", e: "_ds" }, `FROM val WHERE _ok AND ${before} GROUP BY _g, _ds`));
      branches.push(row({ k: "'i'", g: "_g", t: "_t", n: "count()", x: "toString(sum(_m))", s: "_ds", e: "_ds" }, `FROM val WHERE _ok AND NOT (${before}) GROUP BY _g, _t, _ds`));
      break;
    }
    case "custom_agg":
      throw new RangeError("custom_agg");
  }
  const fracOf = (v: string): string => `replaceRegexpOne(if(position(${v}, '.') > 0, splitByChar('.', ${v})[2], ''), '0+$', '')`;
  const frac = fracOf("_v");
  // A sum's precise amounts: a mantissa and a scale, NULL for an event without one.
  const precise = type === "sum_agg"
    ? `, if(_pr IS NULL, NULL, length(${fracOf("_pr")})) AS _pds, if(_pr IS NULL, NULL, toInt256OrZero(concat(splitByChar('.', _pr)[1], ${fracOf("_pr")}))) AS _pm`
    : "";
  const text = [
    "WITH cand AS (",
    `  SELECT id AS _id, external_subscription_id AS _sub, transaction_id AS _tx, timestamp AS _t, properties AS _p, precise_total_amount_cents AS _pr FROM ${table}`,
    `  WHERE ${where.join(" AND ")}`,
    "), firsts AS (",
    `  SELECT external_subscription_id, transaction_id, min(id) FROM ${table}`,
    "  WHERE (external_subscription_id, transaction_id) IN (SELECT _sub, _tx FROM cand) GROUP BY external_subscription_id, transaction_id",
    "), marked AS (",
    "  SELECT *, (_sub, _tx, _id) NOT IN (SELECT * FROM firsts) AS _dup FROM cand",
    "), sel AS (",
    `  SELECT _tx, _sub, _t, _p, _pr, ${value} AS _v, ${group} AS _g FROM marked WHERE NOT _dup AND ${filter}`,
    "), val AS (",
    numeric
      ? `  SELECT *, ifNull(match(_v, ${DECIMAL_RE}), 0) = 1 AS _ok, if(_ok, length(${frac}), 0) AS _ds, if(_ok, toInt256OrZero(concat(splitByChar('.', _v)[1], ${frac})), toInt256(0)) AS _m${precise} FROM sel`
      : "  SELECT *, 1 AS _ok FROM sel",
    ")",
    branches.join("\nUNION ALL "),
  ].join("\n");
  const params = Object.fromEntries(ps.values.map((v, i) => [`p${i + 1}`, v]));
  return { dialect: "clickhouse", text, values: ps.values, params };
}

export type { PushDown };
