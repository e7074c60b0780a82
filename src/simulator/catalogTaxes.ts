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
    // A code named twice applies once (the reference finds or creates one applied tax per tax).
    else if (!out.includes(t)) out.push(t);
  });
  return out;
}

/**
 * Whether a list of tax codes names a tax the catalog does not have: a step that applies taxes
 * (a customer's, an add-on's) is then refused `tax_not_found`, as the reference's apply-taxes
 * services answer, once its other fields are valid.
 */
export function namesUnknownTax(codes: unknown, taxes: ReadonlyMap<string, Tax>): boolean {
  return Array.isArray(codes) && codes.some((code) => typeof code !== "string" || !taxes.has(code));
}
