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
  const fast = parseUtcSeconds(x);
  if (fast !== undefined) return fast;
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

/**
 * The usual forms `YYYY-MM-DDTHH:MM:SSZ` and `YYYY-MM-DDTHH:MM:SS.sssZ` (years 1000-9999),
 * read without a regular expression (events carry millions of them); `undefined` for
 * anything else, which the general parser then reads. Same results as the general parser.
 */
function parseUtcSeconds(x: string): Instant | undefined {
  const n = x.length;
  if ((n !== 20 && n !== 24) || x.charCodeAt(n - 1) !== 90 || x.charCodeAt(4) !== 45 || x.charCodeAt(7) !== 45
    || x.charCodeAt(10) !== 84 || x.charCodeAt(13) !== 58 || x.charCodeAt(16) !== 58 || (n === 24 && x.charCodeAt(19) !== 46)) return undefined;
  const year = digits(x, 0, 4), month = digits(x, 5, 2), day = digits(x, 8, 2);
  const hour = digits(x, 11, 2), minute = digits(x, 14, 2), second = digits(x, 17, 2);
  const ms = n === 24 ? digits(x, 20, 3) : 0;
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59 || ms < 0) return undefined;
  return (daysFromCivil(year, month, day) * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + ms) as Instant;
}

/** The decimal digits `x[at, at + count)` as a number; −1 when one is not a digit. */
function digits(x: string, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const d = x.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** `x` when it is already what {@link formatInstant} writes for the instant it names (events echo their timestamp). */
export function canonicalTimestampText(x: unknown, t: Instant): string {
  if (typeof x === "string" && ((x.length === 20 && t % 1000 === 0) || (x.length === 24 && t % 1000 !== 0)) && parseUtcSeconds(x) === t) return x;
  return formatInstant(t);
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
  // An ISO text (a dash after the year) is no number of seconds: straight to its parser.
  else if (typeof x === "string" && x.length >= 20 && x.charCodeAt(4) === 45) return parseInstant(x);
  else if (typeof x === "string" && /^-?\d+(\.\d+)?$/.test(x)) seconds = Number(x);
  else return parseInstant(x);
  const ms = Math.round(seconds * 1000);
  return Math.abs(ms) <= MAX_DATE_MS ? (ms as Instant) : undefined;
}

/** `2024-03-05T00:00:00Z` (milliseconds shown only when not zero). */
export function formatInstant(t: Instant): string {
  const iso = new Date(t).toISOString();
  return t % 1000 === 0 ? iso.slice(0, -5) + "Z" : iso;
}

export function instant(ms: number): Instant {
  return ms as Instant;
}
