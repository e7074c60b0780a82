/**
 * zod issues → the engine's issues (specification codes, snake_case paths).
 *
 * | zod issue | our code |
 * |---|---|
 * | any issue on a value that is absent or `null` | `value_is_mandatory` |
 * | `too_small` on a string (an empty required text) | `value_is_mandatory` |
 * | `too_small` / `too_big` on a number | `value_is_out_of_range` |
 * | `too_big` on a string (a text longer than its maximum) | `value_is_too_long` |
 * | `custom` with `params.code` (currency, zone, timestamp, date) | that code |
 * | anything else (wrong type, enum, pattern, union) | `invalid_value` |
 *
 * Before these, the codes charges.md §19.4 names: a charge property's own (`invalid_amount`,
 * `invalid_rate`, `missing_graduated_ranges` …), `value_is_invalid` for a charge model or a plan
 * interval that is not one of the values (a null interval too), and for a subscription's
 * `billing_time` (`value_is_mandatory` when blank).
 */
import type { z } from "zod";
import { ISSUE_CODES, issue, type Issue, type IssueCode, type Path, type PathItem, toDotPath } from "../../core/issue.js";

type ZodIssue = z.core.$ZodIssue;

const KNOWN_CODES: ReadonlySet<string> = new Set(ISSUE_CODES);

/** The value at `path` inside `input`, or `undefined` when any step is missing. */
function valueAt(input: unknown, path: readonly PathItem[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PathItem, unknown>)[key];
  }
  return v;
}

function codeOf(i: ZodIssue, value: unknown): IssueCode {
  switch (i.code) {
    case "custom": {
      const code: unknown = i.params?.["code"];
      return typeof code === "string" && KNOWN_CODES.has(code) ? (code as IssueCode) : "invalid_value";
    }
    case "too_small":
      return i.origin === "string" ? "value_is_mandatory" : "value_is_out_of_range";
    case "too_big":
      return i.origin === "string" ? "value_is_too_long" : "value_is_out_of_range";
    default:
      return value === undefined || value === null ? "value_is_mandatory" : "invalid_value";
  }
}

/** Charge properties and their codes (charges.md §19.4), whatever is wrong with the value. */
const PROPERTY_CODES: Readonly<Record<string, IssueCode>> = {
  amount: "invalid_amount", per_unit_amount: "invalid_amount", flat_amount: "invalid_amount",
  per_transaction_min_amount: "invalid_amount", per_transaction_max_amount: "invalid_amount",
  rate: "invalid_rate", fixed_amount: "invalid_fixed_amount", free_units_per_events: "invalid_free_units_per_events",
  free_units_per_total_aggregation: "invalid_free_units_per_total_aggregation", package_size: "invalid_package_size",
  free_units: "invalid_free_units",
};
const RANGE_LISTS: ReadonlySet<string> = new Set(["graduated_ranges", "volume_ranges", "graduated_percentage_ranges"]);

/**
 * The reference's codes where charges.md §19.4 names them: a charge's properties (under
 * `…properties.<key>`, a range list and what is in it), a charge model that is not one of the
 * models, a plan's interval. `undefined` elsewhere.
 */
function catalogCodeOf(rel: readonly PathItem[], value: unknown): IssueCode | undefined {
  const last = rel[rel.length - 1];
  const props = rel.lastIndexOf("properties");
  if (props >= 0 && (props === 0 || typeof rel[props - 1] === "number")) {
    const key = rel[props + 1];
    if (typeof key === "string" && RANGE_LISTS.has(key)) {
      if (rel.length === props + 2) return value === undefined || value === null ? (`missing_${key}` as IssueCode) : (`invalid_${key}` as IssueCode);
      return typeof last === "string" && last in PROPERTY_CODES ? PROPERTY_CODES[last] : (`invalid_${key}` as IssueCode);
    }
    if (rel.length === props + 2 && typeof key === "string" && key in PROPERTY_CODES) return PROPERTY_CODES[key];
  }
  if (last === "charge_model" && value !== undefined && value !== null) return "value_is_invalid";
  if (last === "interval" && (rel.length === 1 || (rel.length === 3 && rel[0] === "plans"))) return "value_is_invalid";
  // A customer's type that is not one of the values (the reference's enum check).
  if (last === "customer_type" && rel.length === 1 && value !== undefined && value !== null) return "value_is_invalid";
  // A subscription's billing_time: blank is missing (the reference's presence check), another word not one of the values.
  if (last === "billing_time" && rel.length === 1 && typeof value === "string") return value.trim() === "" ? "value_is_mandatory" : "value_is_invalid";
  return undefined;
}

/** Maps zod issues on `input` to issues whose paths start with `at`. */
export function fromZodIssues(issues: readonly ZodIssue[], input: unknown, at: Path = []): Issue[] {
  return issues.map((i) => {
    const rel = i.path.map((k): PathItem => (typeof k === "number" ? k : String(k)));
    const path = [...at, ...rel];
    const value = valueAt(input, rel);
    const code = catalogCodeOf(rel, value) ?? codeOf(i, value);
    return issue(code, path, `${toDotPath(path) || "input"}: ${code} (${i.message})`);
  });
}
