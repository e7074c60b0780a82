/**
 * Field readers for the aggregate input: each reads one key, records an issue with its
 * path when the value is wrong, and returns the value or undefined.
 */
import { type Instant, parseInstant } from "../core/instant.js";
import type { IssueCollector, Path } from "../core/issue.js";

export type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
export const present = (x: unknown): boolean => x !== undefined && x !== null;

export function text(o: Obj, key: string, path: Path, c: IssueCollector, mandatory: boolean): string | undefined {
  const v = o[key];
  if (!present(v) || v === "") {
    if (mandatory) c.add("value_is_mandatory", [...path, key]);
    return undefined;
  }
  if (typeof v !== "string") return c.add("invalid_value", [...path, key]), undefined;
  return v;
}

export function bool(o: Obj, key: string, path: Path, c: IssueCollector): boolean | undefined {
  const v = o[key];
  if (!present(v)) return undefined;
  if (typeof v !== "boolean") return c.add("invalid_value", [...path, key]), undefined;
  return v;
}

export function instant(o: Obj, key: string, c: IssueCollector, mandatory: boolean): Instant | undefined {
  const v = o[key];
  if (!present(v)) return mandatory ? (c.add("value_is_mandatory", [key]), undefined) : undefined;
  const t = parseInstant(v);
  if (t === undefined) c.add("invalid_timestamp", [key]);
  return t;
}
