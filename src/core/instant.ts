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
  const fast = parseUsualIso(x);
  if (fast === fast) return fast as Instant;
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

const DAY_MS = 86_400_000;

/** The two digits at `i` as a number, or NaN when either is not a digit. */
export function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48, b = s.charCodeAt(i + 1) - 48;
  return a >>> 0 < 10 && b >>> 0 < 10 ? a * 10 + b : NaN;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (year ≥ 0). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/**
 * The usual forms `YYYY-MM-DDTHH:MM:SSZ` and `YYYY-MM-DDTHH:MM:SS.mmmZ` (years ≥ 100), read
 * with `charCodeAt` and a days-from-civil formula (no regex, no `Date`: events carry millions
 * of them); NaN when the text is not exactly one of them with valid fields, which the general
 * parser then reads. The same results as the general parser (property-tested).
 */
export function parseUsualIso(s: string): number {
  const len = s.length;
  if ((len !== 20 && len !== 24) || s.charCodeAt(len - 1) !== 90 /* Z */) return NaN;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return NaN;
  const y = twoDigits(s, 0) * 100 + twoDigits(s, 2), mo = twoDigits(s, 5), d = twoDigits(s, 8);
  const h = twoDigits(s, 11), mi = twoDigits(s, 14), sec = twoDigits(s, 17);
  let ms = 0;
  if (len === 24) {
    const c = s.charCodeAt(22) - 48;
    if (s.charCodeAt(19) !== 46 || !(c >>> 0 < 10)) return NaN;
    ms = twoDigits(s, 20) * 10 + c;
  }
  // NaN fails every comparison below: a non-digit ends here too.
  if (!(y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && h <= 23 && mi <= 59 && sec <= 59 && ms >= 0)) return NaN;
  if (d > daysInMonth(y, mo)) return NaN;
  return daysFromCivil(y, mo, d) * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms;
}

/** `x` when it is already what {@link formatInstant} writes for the instant it names (events echo their timestamp). */
export function canonicalTimestampText(x: unknown, t: Instant): string {
  if (typeof x === "string" && parseUsualIso(x) === t && isCanonicalUsual(x, t)) return x;
  return formatInstant(t);
}

/**
 * Whether `s`, a text {@link parseUsualIso} read as `t`, is what {@link formatInstant} writes for
 * `t`: milliseconds written exactly when there are some.
 */
export const isCanonicalUsual = (s: string, t: number): boolean => (s.length === 20) === isWholeSecond(t);

/**
 * Whether an instant (an integer of milliseconds) falls on a whole second. Multiplied back, not
 * `t % 1000`: `%` on a double beyond the small integers is a call to fmod (≈ 15 ns against 1).
 */
export const isWholeSecond = (t: number): boolean => Math.floor(t / 1000) * 1000 === t;

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

/**
 * The texts of instants formatted lately: invoices repeat the same period bounds in every fee,
 * and a billing run formats them again and again. Bounded (cleared when full), and only a
 * memo: the text of an instant never changes.
 */
const formatted = new Map<number, string>();

/** `2024-03-05T00:00:00Z` (milliseconds shown only when not zero). */
export function formatInstant(t: Instant): string {
  let text = formatted.get(t);
  if (text !== undefined) return text;
  const iso = new Date(t).toISOString();
  // Joined, not `+`: a 20-character `+` result is a rope holding a slice of the 24-character text.
  text = isWholeSecond(t) ? [iso.slice(0, -5), "Z"].join("") : iso;
  if (formatted.size >= 4096) formatted.clear();
  formatted.set(t, text);
  return text;
}

export function instant(ms: number): Instant {
  return ms as Instant;
}
