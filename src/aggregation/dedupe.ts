/**
 * Duplicate transaction ids: the service keeps the first event of a (subscription,
 * transaction_id) pair and refuses the others. Done once before aggregating; each
 * dropped event becomes a warning, never a silent loss.
 *
 * An open-addressing table of kept events on a 32-bit hash of the pair (a hash match is
 * confirmed on the full ids): no `Set` of a million strings to grow and rehash.
 */
import { hashPair } from "./_columns.js";
import type { AggregationWarning, UsageEvent } from "./types.js";

/**
 * @param hashes - optional, `hashPair(external_subscription_id ?? "", transaction_id)` of
 *   each event, when the caller computed them while the ids were at hand (the JSON parser).
 */
export function dedupeEvents<E extends UsageEvent>(
  events: readonly E[], hashes?: ArrayLike<number>,
): { events: E[]; warnings: AggregationWarning[] } {
  // The kept events are `events` itself until a duplicate shows up (then a copy of the head).
  let kept: E[] | undefined;
  let n = 0;
  const warnings: AggregationWarning[] = [];
  let size = 16;
  while (size < events.length * 2) size *= 2;
  const table = new Int32Array(size); // kept index + 1, 0 = empty
  const keptHashes = new Uint32Array(events.length);
  const mask = size - 1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const h = hashes === undefined ? hashPair(e.external_subscription_id ?? "", e.transaction_id) : hashes[i]!;
    let slot = h & mask;
    let duplicate = false;
    for (let r = table[slot]!; r !== 0; slot = (slot + 1) & mask, r = table[slot]!) {
      if (keptHashes[r - 1] !== h) continue;
      const other = (kept ?? events)[r - 1]!;
      if (other.transaction_id === e.transaction_id && (other.external_subscription_id ?? "") === (e.external_subscription_id ?? "")) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) {
      kept ??= events.slice(0, i);
      warnings.push({ transaction_id: e.transaction_id, reason: "duplicate_transaction_id" });
      continue;
    }
    keptHashes[n] = h;
    if (kept !== undefined) kept.push(e);
    table[slot] = ++n;
  }
  return { events: kept ?? [...events], warnings };
}
