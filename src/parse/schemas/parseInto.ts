/**
 * A value parsed with one of the schemas, its issues added to a collector under a path (for
 * callers that check several parts of a body at once). Keeps zod inside src/parse.
 */
import type { z } from "zod";
import type { IssueCollector, Path } from "../../core/issue.js";
import { fromZodIssues } from "./fromZodIssues.js";

/** The parsed value, or undefined with `v`'s issues (at `at`) added to `c`. */
export function parseInto<S extends z.ZodType>(schema: S, v: unknown, at: Path, c: IssueCollector): z.output<S> | undefined {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  c.addAll(fromZodIssues(r.error.issues, v, at));
  return undefined;
}
