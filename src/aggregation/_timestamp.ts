/**
 * Event timestamps of the JSON input, fast: the usual `YYYY-MM-DDTHH:MM:SSZ` and
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` forms are read with `charCodeAt` and a days-from-civil
 * formula (no regex, no `Date`); anything else — or anything out of range in those forms —
 * goes to `parseTimestamp`, which decides. Property-tested equal to `parseTimestamp`.
 */
import { type Instant, daysFromCivil, daysInMonth, parseTimestamp, parseUsualIso as fastIso, twoDigits as two } from "../core/instant.js";

const DAY_MS = 86_400_000;

/**
 * The instant of a usual form (length 20 or 24, ending in `Z`) whose year and month are those
 * of `monthStart` (their first day's midnight) with `days` days: its day, time and separators
 * read and checked; NaN when one is not what the form needs.
 */
function inMonth(s: string, len: number, monthStart: number, days: number): number {
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return NaN;
  const d = two(s, 8), h = two(s, 11), mi = two(s, 14), sec = two(s, 17);
  let ms = 0;
  if (len === 24) {
    const c = s.charCodeAt(22) - 48;
    if (s.charCodeAt(19) !== 46 || !(c >>> 0 < 10)) return NaN;
    ms = two(s, 20) * 10 + c;
  }
  // NaN fails every comparison: a non-digit ends here too.
  if (!(d >= 1 && d <= days && h <= 23 && mi <= 59 && sec <= 59 && ms >= 0)) return NaN;
  return monthStart + (d - 1) * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms;
}

/**
 * A reader of event timestamps: what `parseTimestamp(x)` returns, faster for the usual ISO
 * forms. Events of one request mostly fall in one month (a billing period), in time order or
 * not: the reader remembers the year and month of the last valid text (its first seven
 * characters, `YYYY-MM`) with that month's first instant and length, so a text of the same
 * month only has its day and time read. One reader per input (it holds that small cache).
 */
export function timestampReader(): (x: unknown) => Instant | undefined {
  // The cached `YYYY-MM` as six digit codes (the dash is checked with the other separators);
  // zero until a text was read, which no text's digits match.
  let y0 = 0, y1 = 0, y2 = 0, y3 = 0, m0 = 0, m1 = 0;
  let monthStart = 0, days = 0;
  return (x) => {
    if (typeof x === "string") {
      const len = x.length;
      if ((len === 20 || len === 24) && x.charCodeAt(len - 1) === 90) {
        // The month's digits first (the likeliest to differ), then the year's.
        if (x.charCodeAt(6) === m1 && x.charCodeAt(5) === m0 && x.charCodeAt(3) === y3 && x.charCodeAt(2) === y2 && x.charCodeAt(1) === y1 && x.charCodeAt(0) === y0) {
          const t = inMonth(x, len, monthStart, days);
          if (t === t) return t as Instant;
        } else {
          const t = fastIso(x);
          if (t === t) {
            const y = two(x, 0) * 100 + two(x, 2), mo = two(x, 5);
            y0 = x.charCodeAt(0), y1 = x.charCodeAt(1), y2 = x.charCodeAt(2), y3 = x.charCodeAt(3), m0 = x.charCodeAt(5), m1 = x.charCodeAt(6);
            monthStart = daysFromCivil(y, mo, 1) * DAY_MS;
            days = daysInMonth(y, mo);
            return t as Instant;
          }
        }
      }
    }
    return parseTimestamp(x);
  };
}
