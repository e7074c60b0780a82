/**
 * Charge filters (§12.1, §14): `filters` (every key's value IN its list) and
 * `ignored_filters` (an entry matches when, for each key with a non-empty list,
 * coalesce(value, '') is in the list; entries OR-ed; empty entries skipped).
 */
import type { FilterValues } from "./types.js";

/** The text form of a property value, as `properties->>key` reads it; null when absent. */
export function propertyText(v: unknown): string | null {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return null;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return JSON.stringify(v);
}

type Props = Readonly<Record<string, unknown>>;
type Clause = readonly (readonly [string, ReadonlySet<string>])[];

function clauseOf(f: FilterValues, skipEmpty: boolean): Clause {
  return Object.entries(f)
    .filter(([, values]) => !skipEmpty || values.length > 0)
    .map(([k, values]) => [k, new Set(values)] as const);
}

function matchesAll(props: Props, clause: Clause, coalesce: boolean): boolean {
  for (const [key, allowed] of clause) {
    const v = propertyText(props[key]);
    if (v === null ? !coalesce || !allowed.has("") : !allowed.has(v)) return false;
  }
  return true;
}

/**
 * A predicate over event properties for `filters` and `ignored_filters`, or undefined
 * when there is nothing to check.
 */
export function compileFilter(
  filters: FilterValues | undefined,
  ignored: readonly FilterValues[] | undefined,
): ((props: Props) => boolean) | undefined {
  const required = clauseOf(filters ?? {}, false);
  const excluded = (ignored ?? []).map((f) => clauseOf(f, true)).filter((c) => c.length > 0);
  if (required.length === 0 && excluded.length === 0) return undefined;
  return (props) => {
    if (!matchesAll(props, required, false)) return false;
    for (const clause of excluded) if (matchesAll(props, clause, true)) return false;
    return true;
  };
}
