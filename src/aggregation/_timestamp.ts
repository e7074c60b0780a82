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
  // Integer-only and branch-free until one test: each digit's `x | (9 − x)` is negative when it is
  // not a digit, a separator's xor nonzero when it is not the one the form needs.
  const d0 = s.charCodeAt(8) - 48, d1 = s.charCodeAt(9) - 48, h0 = s.charCodeAt(11) - 48, h1 = s.charCodeAt(12) - 48;
  const i0 = s.charCodeAt(14) - 48, i1 = s.charCodeAt(15) - 48, s0 = s.charCodeAt(17) - 48, s1 = s.charCodeAt(18) - 48;
  const d = d0 * 10 + d1, h = h0 * 10 + h1, mi = i0 * 10 + i1, sec = s0 * 10 + s1;
  const signs = d0 | (9 - d0) | d1 | (9 - d1) | h0 | (9 - h0) | h1 | (9 - h1) | i0 | (9 - i0) | i1 | (9 - i1) | s0 | (9 - s0) | s1 | (9 - s1)
    | (d - 1) | (days - d) | (23 - h) | (59 - mi) | (59 - sec);
  const seps = (s.charCodeAt(4) ^ 45) | (s.charCodeAt(7) ^ 45) | (s.charCodeAt(10) ^ 84) | (s.charCodeAt(13) ^ 58) | (s.charCodeAt(16) ^ 58);
  if (signs < 0 || seps !== 0) return NaN;
  let ms = 0;
  if (len === 24) {
    const m0 = s.charCodeAt(20) - 48, m1 = s.charCodeAt(21) - 48, m2 = s.charCodeAt(22) - 48;
    if ((m0 | (9 - m0) | m1 | (9 - m1) | m2 | (9 - m2)) < 0 || s.charCodeAt(19) !== 46) return NaN;
    ms = m0 * 100 + m1 * 10 + m2;
  }
  return monthStart + ((d - 1) * 86_400 + (h * 60 + mi) * 60 + sec) * 1000 + ms;
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
