/**
 * A metadata list sent again (the reference's metadata updates, invoices and customers alike):
 * an entry naming a stored one by `id` keeps that entry's id and creation; any other entry is new,
 * with an id derived from its owner and key — or, when a stored entry already has that id (a key
 * sent again without its id), one derived from the call as well; the stored entries not named go.
 */
import { stableId } from "../core/ids.js";
import type { Instant } from "../core/instant.js";

export interface StoredEntry {
  readonly svc_id: string;
  readonly created_at: Instant;
}

/** The id and creation of the `i`-th entry of a list sent at `at` (`sentId`: its `id`, if any). */
export function entryIdentity(
  stored: readonly StoredEntry[], kind: string, owner: string, key: string, sentId: unknown, at: Instant, i: number,
): StoredEntry {
  const old = typeof sentId === "string" ? stored.find((m) => m.svc_id === sentId) : undefined;
  if (old !== undefined) return { svc_id: old.svc_id, created_at: old.created_at };
  const fresh = stableId(kind, owner, key);
  return { svc_id: stored.some((m) => m.svc_id === fresh) ? stableId(kind, owner, key, at, i) : fresh, created_at: at };
}
