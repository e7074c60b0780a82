/**
 * Parses an aggregation result (contract §1 `aggregation`): decimals as strings (or
 * Decimals), counts as integers; every bad field is reported.
 */
import { type Decimal, parseDecimal } from "../core/decimal.js";
import { IssueCollector, type Path, type Result } from "../core/issue.js";
import { asObject, finish, isAbsent } from "./_parse.js";
import type { Aggregation } from "./types.js";

/** The loose input form: decimals may be strings, numbers or Decimals. */
export type DecimalLike = Decimal | string | number;

export interface AggregationInput {
  readonly units: DecimalLike;
  readonly events_count?: number | undefined;
  readonly full_units_number?: DecimalLike | undefined;
  readonly running_total?: readonly DecimalLike[] | undefined;
  readonly event_values?: readonly DecimalLike[] | undefined;
  readonly event_prorated_values?: readonly DecimalLike[] | undefined;
  readonly precise_total_amount_cents?: DecimalLike | undefined;
  readonly total_aggregated_units?: DecimalLike | undefined;
}

const OPTIONAL_DECIMALS = ["full_units_number", "precise_total_amount_cents", "total_aggregated_units"] as const;
const LISTS = ["running_total", "event_values", "event_prorated_values"] as const;

export function parseAggregation(raw: unknown, path: Path = ["aggregation"]): Result<Aggregation> {
  const c = new IssueCollector();
  const o = asObject(raw, path, c);
  const out: Record<string, unknown> = {};
  if (isAbsent(o["units"])) c.add("value_is_mandatory", [...path, "units"]);
  else out["units"] = decimalAt(o["units"], [...path, "units"], c);
  for (const key of OPTIONAL_DECIMALS) {
    if (!isAbsent(o[key])) out[key] = decimalAt(o[key], [...path, key], c);
  }
  for (const key of LISTS) {
    const v = o[key];
    if (isAbsent(v)) continue;
    if (!Array.isArray(v)) c.add("invalid_value", [...path, key]);
    else out[key] = v.map((x: unknown, i) => decimalAt(x, [...path, key, i], c));
  }
  const count = o["events_count"];
  if (!isAbsent(count)) {
    if (typeof count === "number" && Number.isSafeInteger(count) && count >= 0) out["events_count"] = count;
    else c.add("invalid_value", [...path, "events_count"]);
  }
  return finish(c, () => out as unknown as Aggregation);
}

function decimalAt(x: unknown, path: Path, c: IssueCollector): Decimal | undefined {
  const d = parseDecimal(x);
  if (d === undefined) c.add("invalid_value", path);
  return d;
}
