/**
 * Parsing and validation of range lists (semantics §19): the first `from_value` is 0 or 1,
 * each next `from_value` continues the previous `to_value` (graduated: equal or + 1;
 * volume: + 1 or + 2), every range but the last is closed with `to_value > from_value`,
 * and only the last is open (`to_value: null`).
 */
import { type Decimal, ONE, ZERO } from "../core/decimal.js";
import { type IssueCode, IssueCollector, type Path } from "../core/issue.js";
import { isAbsent, isObject, readDecimal, readOptionalDecimal } from "./_parse.js";

export interface RangeSpec<K extends string> {
  /** `graduated_ranges`, `graduated_percentage_ranges` or `volume_ranges`. */
  readonly key: string;
  readonly code: IssueCode;
  /** Value fields beside the bounds, with the code of a bad value. */
  readonly values: readonly (readonly [K, IssueCode])[];
  /** Allowed gaps between a `to_value` and the next `from_value`. */
  readonly gaps: readonly Decimal[];
}

export type ParsedRange<K extends string> = { readonly from_value: Decimal; readonly to_value: Decimal | null } & {
  readonly [P in K]: Decimal;
};

/**
 * The JSON value each parsed range bound was given as (charges.md §3.4: `amount_details` copy a
 * bound with its JSON type, `0.1` as a number, `"0.1"` as a string). Keyed by the bound's own
 * Decimal, which the detail entries carry unchanged.
 */
const BOUND_JSON = new WeakMap<Decimal, number | string>();

/** The JSON value a range bound was written as, if it came from a parsed charge. */
export function boundJson(d: Decimal): number | string | undefined {
  return BOUND_JSON.get(d);
}

export function parseRanges<K extends string>(
  properties: Readonly<Record<string, unknown>>,
  path: Path,
  spec: RangeSpec<K>,
  c: IssueCollector,
): ParsedRange<K>[] | undefined {
  const raw = properties[spec.key];
  const base = [...path, spec.key];
  // charges.md §19.4: a list missing, null or empty is `missing_<key>`; anything else not a list `invalid_<key>`.
  if (isAbsent(raw) || (Array.isArray(raw) && raw.length === 0)) {
    c.add(`missing_${spec.key}` as IssueCode, base);
    return undefined;
  }
  if (!Array.isArray(raw)) {
    c.add(spec.code, base);
    return undefined;
  }
  const local = new IssueCollector();
  const out: ParsedRange<K>[] = [];
  raw.forEach((item: unknown, i) => {
    const p = [...base, i];
    if (!isObject(item)) {
      local.add(spec.code, p);
      return;
    }
    const bound = { code: spec.code, allowNumber: true } as const;
    const from = readDecimal(item, "from_value", p, local, bound);
    const to = readOptionalDecimal(item, "to_value", p, local, bound);
    remember(from, item["from_value"]);
    if (to !== null) remember(to, item["to_value"]);
    const values: Record<string, Decimal | undefined> = {};
    for (const [k, code] of spec.values) values[k] = readDecimal(item, k, p, local, { code });
    if (from !== undefined && to !== undefined) out.push({ from_value: from, to_value: to, ...values } as ParsedRange<K>);
  });
  // The bounds' order is checked whenever every range's bounds could be read, whatever its
  // amounts (charges.md §19.4: every offending field is named, as the reference's validators do).
  if (out.length === raw.length) checkOrder(out, base, spec, local);
  c.addAll(local.list);
  return local.empty ? out : undefined;
}

function checkOrder<K extends string>(ranges: readonly ParsedRange<K>[], base: Path, spec: RangeSpec<K>, c: IssueCollector): void {
  const last = ranges.length - 1;
  ranges.forEach((r, i) => {
    if (i === 0) {
      if (!r.from_value.eq(ZERO) && !r.from_value.eq(ONE)) c.add(spec.code, [...base, 0, "from_value"]);
    } else {
      const prevTo = ranges[i - 1]?.to_value;
      if (prevTo !== null && prevTo !== undefined && !spec.gaps.some((g) => r.from_value.eq(prevTo.plus(g)))) {
        c.add(spec.code, [...base, i, "from_value"]);
      }
    }
    if (i === last) {
      if (r.to_value !== null) c.add(spec.code, [...base, i, "to_value"]);
    } else if (r.to_value === null || r.to_value.lte(r.from_value)) {
      c.add(spec.code, [...base, i, "to_value"]);
    }
  });
}

function remember(d: Decimal | undefined, raw: unknown): void {
  if (d !== undefined && (typeof raw === "number" || typeof raw === "string")) BOUND_JSON.set(d, raw);
}
