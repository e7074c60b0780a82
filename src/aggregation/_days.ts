/**
 * Calendar-day arithmetic and the two quotient flavours used by time proration (§13).
 */
import { type Decimal, dec, div, round } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { dateOf, epochDay, offsetAt, wallTimeOf } from "../core/zone.js";
import { floatToDecimal } from "../core/float.js";

const DAY = 86_400_000;

/** Days since 1970-01-01 of the calendar date of `t` in `tz`. */
export function localDay(t: number, tz: string): number {
  if (tz === "UTC" || tz === "Etc/UTC") return Math.floor(t / DAY);
  return epochDay(dateOf(t as Instant, tz));
}

/**
 * Lago's `date_diff_with_timezone` (§13.1): whole days from `a` to `b`, rounded up, with
 * `b` moved one second on when it is exactly local midnight, and the zone's offset change
 * inside the interval cancelled.
 */
export function daysBetween(a: number, b: number, tz: string): number {
  const w = wallTimeOf(b as Instant, tz);
  const b2 = w.hour === 0 && w.minute === 0 && w.second === 0 && w.millisecond === 0 ? b + 1000 : b;
  const off = offsetAt(b2 as Instant, tz) - offsetAt(a as Instant, tz);
  return Math.ceil((b2 - a + off) / DAY);
}

/** Number of calendar days the window [from, to] touches in `tz`: the default charges duration. */
export function windowDays(from: number, to: number, tz: string): number {
  return localDay(to, tz) - localDay(from, tz) + 1;
}

/** A PostgreSQL numeric quotient of small integers: `k / d` rounded half-up to 20 decimals. */
export function pgQuotient(k: number, d: number): Decimal {
  return round(div(dec(k), dec(d)), 20, "half_up");
}

/**
 * A binary-float quotient as Lago writes it into SQL: the shortest round-trip text of
 * `a / b`, read back as an exact decimal (core/float.ts, the engine's one float-to-decimal path).
 */
export function floatQuotient(a: number, b: number): Decimal {
  return floatToDecimal(a / b);
}
