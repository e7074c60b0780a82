/**
 * Puts a result together the same way for the object and the columnar paths: rounding,
 * group order (null first, then ascending), the all-null group when nothing was selected,
 * warnings ordered by transaction id.
 */
import { compareGroupValues } from "./groupBy.js";
import { applyRounding } from "./rounding.js";
import type { AggregationResult, AggregationWarning, BillableMetric, GroupResult, UnitsResult } from "./types.js";

/** Warnings ordered by transaction id, then reason: independent of event order. */
export function sortWarnings(warnings: readonly AggregationWarning[]): AggregationWarning[] {
  return [...warnings].sort((a, b) =>
    a.transaction_id < b.transaction_id ? -1 : a.transaction_id > b.transaction_id ? 1 : a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0);
}

export interface RawGroup {
  readonly values: readonly (string | null)[];
  readonly result: UnitsResult;
}

export function assembleResult(
  metric: BillableMetric,
  keys: readonly string[],
  total: UnitsResult,
  groups: readonly RawGroup[] | undefined,
  empty: () => UnitsResult,
  warnings: readonly AggregationWarning[],
): AggregationResult {
  // Object.assign, not `{ ...x, key }`: a key added after a leading spread is slow on Node 20.
  const head = Object.assign({}, applyRounding(total, metric), { warnings: sortWarnings(warnings) });
  if (groups === undefined) return head;
  const list = groups.length > 0 ? [...groups].sort((a, b) => compareGroupValues(a.values, b.values)) : [{ values: keys.map(() => null), result: empty() }];
  const grouped_usage: GroupResult[] = list.map((g) => ({
    grouped_by: Object.fromEntries(keys.map((k, i) => [k, g.values[i] ?? null])),
    ...applyRounding(g.result, metric),
  }));
  return Object.assign(head, { grouped_usage });
}
