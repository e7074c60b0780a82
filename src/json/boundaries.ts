/**
 * The one place where the contract's inclusive period ends meet the engine's half-open
 * periods (docs/decisions/0002-time-and-periods.md).
 *
 * The contract writes a period as `from_datetime … to_datetime` with an **inclusive**
 * `to_datetime` that names the last second covered: `2024-03-31T23:59:59Z` for March
 * (the reference's `23:59:59.999999` shown to the second), or the exact termination
 * instant `2024-03-20T10:00:00Z`. The engine uses `[start, end)` with
 * `end = to_datetime + 1 s`, so March is `[2024-03-01T00:00Z, 2024-04-01T00:00Z)` and
 * consecutive periods share their boundary instead of leaving a one-second gap.
 */
import { formatInstant, type Instant, type Period } from "../core/instant.js";

const SECOND = 1000;

/** Half-open `end` → the contract's inclusive `to_datetime` (`end − 1 s`). */
export function toInclusiveEnd(end: Instant): Instant {
  return (end - SECOND) as Instant;
}

/** The contract's inclusive `to_datetime` → half-open `end` (`to + 1 s`). */
export function fromInclusiveEnd(to: Instant): Instant {
  return (to + SECOND) as Instant;
}

/** A contract pair `{from, to}` (inclusive `to`) as a half-open period. */
export function fromInclusivePeriod(from: Instant, to: Instant): Period {
  return { start: from, end: fromInclusiveEnd(to) };
}

/** A half-open period (or `null`) as the contract's ISO `from` and inclusive `to`. */
export function toInclusiveJson(p: Period | null): { readonly from: string | null; readonly to: string | null } {
  return p === null ? { from: null, to: null } : { from: formatInstant(p.start), to: formatInstant(toInclusiveEnd(p.end)) };
}
