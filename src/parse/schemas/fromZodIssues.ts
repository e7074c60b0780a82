/**
 * zod issues → the engine's issues (specification codes, snake_case paths).
 *
 * | zod issue | our code |
 * |---|---|
 * | any issue on a value that is absent or `null` | `value_is_mandatory` |
 * | `too_small` on a string (an empty required text) | `value_is_mandatory` |
 * | `too_small` / `too_big` on a number | `value_is_out_of_range` |
 * | `custom` with `params.code` (currency, zone, timestamp, date) | that code |
 * | anything else (wrong type, enum, pattern, union) | `invalid_value` |
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
      return "value_is_out_of_range";
    default:
      return value === undefined || value === null ? "value_is_mandatory" : "invalid_value";
  }
}

/** Maps zod issues on `input` to issues whose paths start with `at`. */
export function fromZodIssues(issues: readonly ZodIssue[], input: unknown, at: Path = []): Issue[] {
  return issues.map((i) => {
    const rel = i.path.map((k): PathItem => (typeof k === "number" ? k : String(k)));
    const path = [...at, ...rel];
    const code = codeOf(i, valueAt(input, rel));
    return issue(code, path, `${toDotPath(path) || "input"}: ${code} (${i.message})`);
  });
}
