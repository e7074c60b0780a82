/**
 * Instants (epoch milliseconds, UTC) and half-open periods `[start, end)`.
 */
import type { Brand } from "./brand.js";

export type Instant = Brand<number, "Instant">;

/** A half-open period `[start, end)`. */
export interface Period {
  readonly start: Instant;
  readonly end: Instant;
}

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses an ISO 8601 timestamp (`2024-03-05T10:00:00Z`, with an offset, or a bare date
 * taken as UTC midnight). Returns `undefined` for anything else, including impossible
 * dates such as `2024-02-30`.
 */
export function parseInstant(x: unknown): Instant | undefined {
  if (typeof x !== "string") return undefined;
  const m = ISO_RE.exec(x.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, "0")) : 0;
  let t = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  if (year < 100) t = new Date(t).setUTCFullYear(year);
  if (zone && zone !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const off = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
    t -= sign * off * 60_000;
  }
  return t as Instant;
}

/** The largest |epoch ms| a `Date` can hold (±100 000 000 days). */
const MAX_DATE_MS = 8.64e15;

/**
 * Unix seconds (number or decimal string) or ISO 8601, as event timestamps may be.
 * `undefined` for anything else, including seconds beyond the range of a `Date`.
 */
export function parseTimestamp(x: unknown): Instant | undefined {
  let seconds: number;
  if (typeof x === "number") seconds = x;
  else if (typeof x === "string" && /^-?\d+(\.\d+)?$/.test(x)) seconds = Number(x);
  else return parseInstant(x);
  const ms = Math.round(seconds * 1000);
  return Math.abs(ms) <= MAX_DATE_MS ? (ms as Instant) : undefined;
}

/** `2024-03-05T00:00:00Z` (milliseconds shown only when not zero). */
export function formatInstant(t: Instant): string {
  const iso = new Date(t).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

export function instant(ms: number): Instant {
  return ms as Instant;
}
