/**
 * Charge filters (§12.1, §14): `filters` (every key's value IN its list) and
 * `ignored_filters` (an entry matches when, for each key with a non-empty list,
 * coalesce(value, '') is in the list; entries OR-ed; empty entries skipped).
 */
import { ValueCodes } from "./_valueCodes.js";
import type { FilterValues } from "./types.js";

type Props = Readonly<Record<string, unknown>>;

/** Texts remembered per filter key: enough for any real dimension, bounded for ids. */
const MAX_TEXTS = 4096;

/** One key of a clause: the value's code is 1 when it is in the list. */
interface Check {
  readonly key: string;
  readonly codes: ValueCodes;
}

function checksOf(f: FilterValues, skipEmpty: boolean, coalesce: boolean): Check[] {
  return Object.entries(f)
    .filter(([, values]) => !skipEmpty || values.length > 0)
    .map(([key, values]) => {
      const allowed = new Set(values);
      const passes = (t: string | null): boolean => (t === null ? coalesce && allowed.has("") : allowed.has(t));
      return { key, codes: new ValueCodes((t) => (passes(t) ? 1 : 0), MAX_TEXTS) };
    });
}

/** A compiled `filters` + `ignored_filters` pair; value codes are cached per key. */
export class PropertyFilter {
  constructor(
    private readonly required: readonly Check[],
    private readonly excluded: readonly (readonly Check[])[],
  ) {}

  test(props: Props): boolean {
    const r = this.required;
    for (let i = 0; i < r.length; i++) if (r[i]!.codes.code(props[r[i]!.key]) === 0) return false;
    const x = this.excluded;
    for (let e = 0; e < x.length; e++) {
      const clause = x[e]!;
      let all = true;
      for (let i = 0; i < clause.length && all; i++) all = clause[i]!.codes.code(props[clause[i]!.key]) === 1;
      if (all) return false;
    }
    return true;
  }
}

/** The compiled filter, or undefined when there is nothing to check. */
export function compilePropertyFilter(
  filters: FilterValues | undefined,
  ignored: readonly FilterValues[] | undefined,
): PropertyFilter | undefined {
  const required = checksOf(filters ?? {}, false, false);
  const excluded = (ignored ?? []).map((f) => checksOf(f, true, true)).filter((c) => c.length > 0);
  if (required.length === 0 && excluded.length === 0) return undefined;
  return new PropertyFilter(required, excluded);
}

/**
 * A predicate over event properties for `filters` and `ignored_filters`, or undefined
 * when there is nothing to check.
 */
export function compileFilter(
  filters: FilterValues | undefined,
  ignored: readonly FilterValues[] | undefined,
): ((props: Props) => boolean) | undefined {
  const f = compilePropertyFilter(filters, ignored);
  return f === undefined ? undefined : (props) => f.test(props);
}
