/**
 * The window part of the `aggregate` input: datetimes, filters, grouping, proration and
 * the percentage options, each issue recorded with its path.
 */
import { ZERO, type Decimal, parseDecimal } from "../core/decimal.js";
import type { IssueCollector, Path } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { type Obj, bool, instant, isObj, present } from "./_parseFields.js";
import type { AggregationWindow, FilterValues } from "./types.js";

function parseFilterValues(x: unknown, path: Path, c: IssueCollector): FilterValues | undefined {
  if (!present(x)) return undefined;
  if (!isObj(x)) return c.add("invalid_type", path), undefined;
  const out: [string, string[]][] = [];
  for (const [k, v] of Object.entries(x)) {
    const ok = Array.isArray(v) && v.every((s) => typeof s === "string" || typeof s === "number" || typeof s === "boolean");
    if (!ok) c.add("invalid_value", [...path, k]);
    else out.push([k, v.map(String)]);
  }
  // Own properties whatever the key: `out[k] = …` with the key `__proto__` would set the prototype and drop the filter.
  return Object.fromEntries(out);
}

export function parseWindow(o: Obj, c: IssueCollector): Partial<AggregationWindow> {
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
  let fe: number | undefined, ft: Decimal | undefined;
  if (present(opts) && !isObj(opts)) c.add("invalid_type", ["options"]);
  else if (isObj(opts)) {
    const e = opts["free_units_per_events"], t = opts["free_units_per_total_aggregation"];
    if (present(e) && !(Number.isSafeInteger(e) && (e as number) >= 0)) c.add("invalid_free_units_per_events", ["options", "free_units_per_events"]);
    else if (present(e)) fe = e as number;
    const d = present(t) ? parseDecimal(t) : undefined;
    if (present(t) && (d === undefined || d.lt(ZERO))) c.add("invalid_free_units_per_total_aggregation", ["options", "free_units_per_total_aggregation"]);
    else ft = d;
  }
  return Object.assign({},
    (from === undefined ? {} : { from }), (to === undefined ? {} : { to }),
    { filters, ignored_filters: ignored, grouped_by: grouped, prorated: prorated === true,
    charges_duration: present(cd) ? (cd as number) : undefined,
    timezone: typeof tz === "string" ? tz : undefined, upgraded: upgraded === true,
    free_units_per_events: fe, free_units_per_total_aggregation: ft },
  );
}
