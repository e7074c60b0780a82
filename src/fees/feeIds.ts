/**
 * Deterministic fee ids (contract: "ids the engine creates are deterministic"): a fee's
 * `svc_id` is the UUID v5 of a stable path — the caller's scope and subscription, then
 * what the fee bills (charge, filter, group, window).
 */
import { type StablePart, isUuid, stableId } from "../core/ids.js";
import { type Instant, formatInstant } from "../core/instant.js";

/** What the caller knows about where a fee sits, beyond what the fee itself bills. */
export interface FeeIdContext {
  /**
   * The subscription's id: its `svc_id` (a UUID, used as is) or any stable key such as its
   * external id. Give it: without it, two subscriptions billing the same charge over the
   * same window get the same fee id.
   */
  readonly subscription_id?: string;
  /** More stable parts put before the fee's own (e.g. an invoice key when a window is billed on two invoices). */
  readonly scope?: readonly StablePart[];
}

/** `key` itself when it is a UUID (lower-cased), else the stable id of `(kind, key)`: always a UUID. */
export function uuidOf(kind: string, key: string): string {
  // Every fee asks for its subscription's, charge's and filter's ids: kept per kind (a pure function of its input).
  let byKey = uuids.get(kind);
  if (byKey === undefined) uuids.set(kind, (byKey = new Map()));
  let id = byKey.get(key);
  if (id === undefined) {
    id = isUuid(key) ? key.toLowerCase() : stableId(kind, key);
    if (byKey.size >= 4096) byKey.clear();
    byKey.set(key, id);
  }
  return id;
}

const uuids = new Map<string, Map<string, string>>();

/** The ids every fee carries: `svc_id`, and `svc_subscription_id` when the subscription is known. */
export interface FeeBaseIds {
  readonly svc_id: string;
  readonly svc_subscription_id?: string;
}

/**
 * `svc_id = stableId("fee", ...scope, subscription_id ?? null, ...parts)`. The fees area
 * calls it with `parts` = the fee kind and what it bills (see docs/fees.md); a caller
 * building other fees (a pay-in-advance event's fee: `["pay_in_advance", charge id,
 * transaction id]`) uses it the same way.
 */
export function feeIds(context: FeeIdContext | undefined, parts: readonly StablePart[]): FeeBaseIds {
  const sub = context?.subscription_id;
  const svc_id = stableId("fee", ...(context?.scope ?? []), sub ?? null, ...parts);
  return sub === undefined ? { svc_id } : { svc_id, svc_subscription_id: uuidOf("subscription", sub) };
}

/** A window's bounds as path parts (ISO 8601 UTC). */
export function windowParts(from: Instant, to: Instant): [string, string] {
  return [formatInstant(from), formatInstant(to)];
}
