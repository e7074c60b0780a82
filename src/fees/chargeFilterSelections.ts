/**
 * Which events each filter of a charge bills (charges.md §14): `matching` values and the
 * `ignored_filters` left to more specific (or older identical) filters, plus the default
 * bucket. The result is an aggregation window's `filters` / `ignored_filters`: the
 * aggregation applies them to events (§12.1) but knows nothing of charge filters, their
 * creation order or the metric's "all values" marker, so this rule lives with the charge's fees.
 */
import type { FilterValues } from "./types.js";

/** The reference's "all values" marker: every value the metric declares for the key. */
export const ALL_FILTER_VALUES = "__ALL_FILTER_VALUES__";

/** A charge filter as configured; list them in creation order (older first). */
export interface ChargeFilterDefinition {
  readonly values: FilterValues;
}

export interface FilterSelection {
  /** Index of the filter in the charge's list; `null` for the default bucket. */
  readonly filter_index: number | null;
  /** Event selection: key → values, the marker expanded with the metric's values. */
  readonly filters: FilterValues;
  readonly ignored_filters: readonly FilterValues[];
}

/** The metric's filter keys and their declared values (to expand the marker). */
export type MetricFilters = readonly { readonly key: string; readonly values: readonly string[] }[];

/**
 * One selection per filter (in order), then the default bucket (`matching = {}`, every
 * filter ignored: events that match no filter).
 */
export function chargeFilterSelections(filters: readonly ChargeFilterDefinition[], metricFilters: MetricFilters = []): FilterSelection[] {
  const expand = (f: FilterValues): FilterValues => expandValues(f, metricFilters);
  const out: FilterSelection[] = filters.map((f, i) => ({
    filter_index: i,
    filters: expand(f.values),
    ignored_filters: ignoredFor(i, filters, expand).map(expand),
  }));
  out.push({ filter_index: null, filters: {}, ignored_filters: filters.map((f) => expand(f.values)) });
  return out;
}

/** The children of filter `i` and how each is ignored by it. */
function ignoredFor(i: number, filters: readonly ChargeFilterDefinition[], expand: (f: FilterValues) => FilterValues): FilterValues[] {
  const f = filters[i]!.values;
  const fKeys = Object.keys(f);
  const out: FilterValues[] = [];
  filters.forEach((c, j) => {
    if (j === i || !isChild(f, c.values)) return;
    const cKeys = Object.keys(c.values);
    if (cKeys.length !== fKeys.length) {
      out.push(c.values); // more keys: more specific, kept as is
      return;
    }
    if (fKeys.every((k) => sameValues(f[k]!, c.values[k]!))) {
      if (j < i) out.push(c.values); // identical: only the older one bills
      return;
    }
    if (fKeys.every((k) => isSubset(c.values[k]!, f[k]!))) {
      out.push(c.values);
      return;
    }
    // C's values minus F's: an "all values" marker of C is first the metric's values (the
    // reference's MatchingAndIgnoredService), else the marker would ignore F's own values too.
    const cv = expand(c.values);
    out.push(Object.fromEntries(cKeys.map((k) => [k, isAll(f[k]!) ? c.values[k]! : cv[k]!.filter((v) => !f[k]!.includes(v))])));
  });
  return out;
}

/** C has every key of F with at least one value in common with F's values. */
function isChild(f: FilterValues, c: FilterValues): boolean {
  return Object.entries(f).every(([k, values]) => {
    const cv = c[k];
    if (cv === undefined) return false;
    return isAll(values) || isAll(cv) || cv.some((v) => values.includes(v));
  });
}

function isAll(values: readonly string[]): boolean {
  return values.includes(ALL_FILTER_VALUES);
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

function isSubset(a: readonly string[], b: readonly string[]): boolean {
  return isAll(b) || a.every((v) => b.includes(v));
}

function expandValues(f: FilterValues, metricFilters: MetricFilters): FilterValues {
  return Object.fromEntries(
    Object.entries(f).map(([k, values]) =>
      [k, isAll(values) ? [...(metricFilters.find((m) => m.key === k)?.values ?? []), ...values.filter((v) => v !== ALL_FILTER_VALUES)] : values]),
  );
}
