/**
 * Event timestamps of the JSON input, fast: the usual `YYYY-MM-DDTHH:MM:SSZ` and
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` forms are read with `charCodeAt` and a days-from-civil
 * formula (no regex, no `Date`); anything else — or anything out of range in those forms —
 * goes to `parseTimestamp`, which decides. Property-tested equal to `parseTimestamp`.
 */
import { type Instant, parseTimestamp, parseUsualIso as fastIso, twoDigits as two } from "../core/instant.js";

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
  // The prefix's 14 character codes, compared one by one (`startsWith` is a builtin call and
  // cost about as much as the rest of the read).
  const prefix = new Uint16Array(14);
  // The prefix's instant; NaN until a text was read (the zeroed prefix then reads nothing).
  let base = NaN;
  return (x) => {
    if (typeof x === "string") {
      const len = x.length;
      if ((len === 20 || len === 24) && x.charCodeAt(len - 1) === 90 && samePrefix(x, prefix)) {
        const t = base + tail(x, len);
        if (t === t) return t as Instant;
      }
      const t = fastIso(x);
      if (t === t) {
        for (let i = 0; i < 14; i++) prefix[i] = x.charCodeAt(i);
        base = t - tail(x, len);
        return t as Instant;
      }
    }
    return parseTimestamp(x);
  };
}

/** `x` (at least 14 characters) starts with the 14 codes of `prefix`: the hour, day, month and year digits (the likeliest to differ) first, then the separators. */
function samePrefix(x: string, prefix: Uint16Array): boolean {
  return x.charCodeAt(12) === prefix[12] && x.charCodeAt(11) === prefix[11] && x.charCodeAt(9) === prefix[9] && x.charCodeAt(8) === prefix[8]
    && x.charCodeAt(6) === prefix[6] && x.charCodeAt(5) === prefix[5] && x.charCodeAt(3) === prefix[3] && x.charCodeAt(2) === prefix[2]
    && x.charCodeAt(1) === prefix[1] && x.charCodeAt(0) === prefix[0] && x.charCodeAt(4) === prefix[4] && x.charCodeAt(7) === prefix[7]
    && x.charCodeAt(10) === prefix[10] && x.charCodeAt(13) === prefix[13];
}
