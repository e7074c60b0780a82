/**
 * Progressive billing (invoice.md §3): which earlier progressive-billing invoice the
 * next invoice of a subscription is credited for.
 */
import type { Instant } from "../../core/instant.js";
import type { InvoiceStatus } from "../types.js";

/** A progressive-billing invoice of the subscription, as the selection reads it. */
export interface ProgressiveInvoiceCandidate {
  readonly svc_id: string;
  /** `failed` (tax-provider failure) counts like `finalized`. */
  readonly status: InvoiceStatus | "failed";
  /** Its charges period, half-open `[charges_from, charges_to)`. */
  readonly charges_from: Instant;
  readonly charges_to: Instant;
  /** `YYYY-MM-DD`. */
  readonly issuing_date: string;
  /** Creation order (any increasing number): breaks issuing-date ties. */
  readonly sequence: number;
}

/**
 * §3: among `finalized` / `failed` progressive invoices whose charges period contains
 * `chargesFrom` (`charges_from ≤ t < charges_to`), the latest by issuing date then creation.
 * Their invoices are cumulative, so only that one is credited.
 */
export function latestProgressiveInvoice<T extends ProgressiveInvoiceCandidate>(candidates: readonly T[], chargesFrom: Instant): T | undefined {
  let best: T | undefined;
  for (const c of candidates) {
    if (c.status !== "finalized" && c.status !== "failed") continue;
    if (!(c.charges_from <= chargesFrom && chargesFrom < c.charges_to)) continue;
    if (best === undefined || later(c, best)) best = c;
  }
  return best;
}

function later(a: ProgressiveInvoiceCandidate, b: ProgressiveInvoiceCandidate): boolean {
  if (a.issuing_date !== b.issuing_date) return a.issuing_date > b.issuing_date;
  return a.sequence > b.sequence;
}
