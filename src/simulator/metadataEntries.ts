/**
 * A metadata list sent again (the reference's metadata updates, invoices and customers alike):
 * an entry naming a stored one by `id` keeps that entry's id and creation; any other entry is new,
 * with an id derived from its owner and key — or, when a stored entry already has that id (a key
 * sent again without its id), one derived from the call as well; the stored entries not named go.
 */
import { stableId } from "../core/ids.js";
import type { Instant } from "../core/instant.js";
import { IssueCollector, type Issues } from "../core/issue.js";
import { isItemMetadata } from "../parse/schemas/index.js";

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

/** A text without its NUL characters (the reference strips them from metadata keys and values). */
export const withoutNul = (v: unknown): unknown => (typeof v === "string" && v.includes("\u0000") ? v.replaceAll("\u0000", "") : v);

/** `entries` with NUL characters stripped from each entry's `key` and `value`; anything else as sent. */
export function stripMetadataNuls(entries: unknown): unknown {
  if (!Array.isArray(entries)) return entries;
  return entries.map((e: unknown) => (typeof e === "object" && e !== null && !Array.isArray(e)
    ? Object.assign({}, e, { key: withoutNul((e as Record<string, unknown>)["key"]), value: withoutNul((e as Record<string, unknown>)["value"]) }) : e));
}

/**
 * The reference's metadata record checks on a key/value list (customers: values up to 100
 * characters, invoices up to 140): a key of at most 20 characters (`key: value_is_too_long`),
 * once in the list (`key: value_already_exist`), a value present (`value: value_is_mandatory`)
 * and within its maximum (`value: value_is_too_long`). The paths are the record's own fields, as the reference answers them.
 */
export function metadataRecordIssues(entries: readonly { readonly key: string; readonly value?: string | null | undefined }[], maxValue: number): Issues | undefined {
  const c = new IssueCollector();
  const seen = new Set<string>();
  const length = (t: string): number => [...t].length;
  for (const e of entries) {
    if (length(e.key) > 20) c.add("value_is_too_long", ["key"]);
    else if (seen.has(e.key)) c.add("value_already_exist", ["key"]);
    seen.add(e.key);
    // A value must be present (the reference's record: not blank).
    if (typeof e.value !== "string" || e.value.trim() === "") c.add("value_is_mandatory", ["value"]);
    else if (length(e.value) > maxValue) c.add("value_is_too_long", ["value"]);
  }
  return c.issues();
}

/** Whether a metadata map (credit notes, plans: the reference's item metadata) is one its record takes: absent, or {@link isItemMetadata}. */
export function validItemMetadata(meta: unknown): boolean {
  return meta === undefined || meta === null || isItemMetadata(meta);
}
