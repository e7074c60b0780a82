/**
 * Event timestamps of the JSON input, fast: the usual `YYYY-MM-DDTHH:MM:SSZ` and
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` forms are read with `charCodeAt` and a days-from-civil
 * formula (no regex, no `Date`); anything else — or anything out of range in those forms —
 * goes to `parseTimestamp`, which decides. Property-tested equal to `parseTimestamp`.
 */
import { type Instant, parseTimestamp } from "../core/instant.js";

const DAY_MS = 86_400_000;

/** The two digits at `i` as a number, or NaN when either is not a digit. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48, b = s.charCodeAt(i + 1) - 48;
  return a >>> 0 < 10 && b >>> 0 < 10 ? a * 10 + b : NaN;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (year ≥ 0). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The fast form, or NaN when the text is not exactly one of them with valid fields. */
function fastIso(s: string): number {
  const len = s.length;
  if ((len !== 20 && len !== 24) || s.charCodeAt(len - 1) !== 90 /* Z */) return NaN;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return NaN;
  const y = two(s, 0) * 100 + two(s, 2), mo = two(s, 5), d = two(s, 8);
  const h = two(s, 11), mi = two(s, 14), sec = two(s, 17);
  let ms = 0;
  if (len === 24) {
    const c = s.charCodeAt(22) - 48;
    if (s.charCodeAt(19) !== 46 || !(c >>> 0 < 10)) return NaN;
    ms = two(s, 20) * 10 + c;
  }
  // NaN fails every comparison below: a non-digit ends here too.
  if (!(y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && h <= 23 && mi <= 59 && sec <= 59 && ms >= 0)) return NaN;
  if (d > daysInMonth(y, mo)) return NaN;
  return daysFromCivil(y, mo, d) * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms;
}

/** Minutes, seconds and milliseconds of a fast form (after `YYYY-MM-DDTHH:`), or NaN. */
function tail(s: string, len: number): number {
  if (s.charCodeAt(16) !== 58) return NaN;
  const mi = two(s, 14), sec = two(s, 17);
  let ms = 0;
  if (len === 24) {
    const c = s.charCodeAt(22) - 48;
    if (s.charCodeAt(19) !== 46 || !(c >>> 0 < 10)) return NaN;
    ms = two(s, 20) * 10 + c;
  }
  return mi <= 59 && sec <= 59 && ms >= 0 ? (mi * 60 + sec) * 1000 + ms : NaN;
}

/**
 * A reader of event timestamps: what `parseTimestamp(x)` returns, faster for the usual ISO
 * forms. Events of one request mostly share their date and hour: the reader remembers the
 * last valid `YYYY-MM-DDTHH:` prefix and its instant, so a text starting with it only has
 * its minutes and seconds read. One reader per input (it holds that small cache).
 */
export function timestampReader(): (x: unknown) => Instant | undefined {
  let prefix = "\u0000"; // matches no timestamp
  let base = 0;
  return (x) => {
    if (typeof x === "string") {
      const len = x.length;
      if ((len === 20 || len === 24) && x.charCodeAt(len - 1) === 90 && x.startsWith(prefix)) {
        const t = tail(x, len);
        if (t === t) return (base + t) as Instant;
      }
      const t = fastIso(x);
      if (t === t) {
        prefix = x.slice(0, 14);
        base = t - tail(x, len);
        return t as Instant;
      }
    }
    return parseTimestamp(x);
  };
}
