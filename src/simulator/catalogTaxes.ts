/**
 * Tax codes named in the catalog and in steps, resolved against the catalog's taxes.
 */
import type { IssueCollector, Path } from "../core/issue.js";
import type { Tax } from "../invoice/index.js";

/** Resolves tax codes; an unknown code is an issue at `path`. */
export function taxesOf(codes: unknown, taxes: ReadonlyMap<string, Tax>, path: Path, c: IssueCollector): readonly Tax[] | undefined {
  if (!Array.isArray(codes)) return undefined;
  const out: Tax[] = [];
  codes.forEach((code, i) => {
    const t = typeof code === "string" ? taxes.get(code) : undefined;
    if (t === undefined) c.add("invalid_value", [...path, i], `unknown tax code ${JSON.stringify(code)}`);
    else out.push(t);
  });
  return out;
}
