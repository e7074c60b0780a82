/**
 * Duplicate transaction ids: the service keeps the first event of a (subscription,
 * transaction_id) pair and refuses the others. Done once before aggregating; each
 * dropped event becomes a warning, never a silent loss.
 */
import type { AggregationWarning, UsageEvent } from "./types.js";

export function dedupeEvents<E extends UsageEvent>(events: readonly E[]): { events: E[]; warnings: AggregationWarning[] } {
  const seen = new Map<string, Set<string>>();
  const kept: E[] = [];
  const warnings: AggregationWarning[] = [];
  for (const e of events) {
    const sub = e.external_subscription_id ?? "";
    let ids = seen.get(sub);
    if (ids === undefined) seen.set(sub, (ids = new Set()));
    if (ids.has(e.transaction_id)) {
      warnings.push({ transaction_id: e.transaction_id, reason: "duplicate_transaction_id" });
      continue;
    }
    ids.add(e.transaction_id);
    kept.push(e);
  }
  return { events: kept, warnings };
}
