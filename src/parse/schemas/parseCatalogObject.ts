/**
 * Shape validation of one catalog object at the JSON edge.
 */
import type { z } from "zod";
import { fail, issue, ok, type Issues, type Path, type Result } from "../../core/issue.js";
import { CATALOG_SCHEMAS, type CatalogKind } from "./catalogSchemas.js";
import { fromZodIssues } from "./fromZodIssues.js";

/** The parsed object of a kind: its fields typed, unknown extra keys kept. */
export type CatalogObject<K extends CatalogKind> = z.output<(typeof CATALOG_SCHEMAS)[K]>;

/**
 * Checks `value` against the schema of `kind` and returns it, or every shape issue
 * found (paths prefixed with `at`, e.g. `["plans", 0]`). Never throws. Semantic rules
 * (range ordering, references between objects, …) are not checked here.
 */
export function parseCatalogObject<K extends CatalogKind>(kind: K, value: unknown, at: Path = []): Result<CatalogObject<K>> {
  const schema: z.ZodType | undefined = Object.hasOwn(CATALOG_SCHEMAS, kind) ? CATALOG_SCHEMAS[kind] : undefined;
  if (schema === undefined) return fail([issue("invalid_value", at, `unknown catalog object kind ${String(kind)}`)]);
  const r = schema.safeParse(value);
  if (r.success) return ok(r.data as CatalogObject<K>);
  return fail(fromZodIssues(r.error.issues, value, at) as unknown as Issues);
}
