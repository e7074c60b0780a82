import { describe, expect, it } from "vitest";
import { parseInstant, type Instant } from "../../../src/core/instant.js";
import { ValidationError } from "../../../src/core/issue.js";
import fc from "fast-check";
import { dateOf, epochDay, isValidTimeZone, offsetAt, startOfDayIn, wallToInstant } from "../../../src/core/zone.js";

const t = (s: string): Instant => parseInstant(s)!;

describe("zones", () => {
  it("validates zone names", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
  it("reads offsets and local dates", () => {
    expect(offsetAt(t("2024-01-15T00:00:00Z"), "Europe/Paris")).toBe(3_600_000);
    expect(offsetAt(t("2024-07-15T00:00:00Z"), "Europe/Paris")).toBe(7_200_000);
    expect(dateOf(t("2024-03-01T03:00:00Z"), "America/New_York")).toEqual({ year: 2024, month: 2, day: 29 });
  });
  it("converts wall times to instants across DST changes", () => {
    expect(wallToInstant({ year: 2024, month: 3, day: 31 }, "Europe/Paris")).toBe(t("2024-03-30T23:00:00Z"));
    expect(wallToInstant({ year: 2024, month: 4, day: 1 }, "Europe/Paris")).toBe(t("2024-03-31T22:00:00Z"));
    // 02:30 does not exist in Paris on 31 March 2024: compatible moves forward to 03:30.
    expect(wallToInstant({ year: 2024, month: 3, day: 31, hour: 2, minute: 30 }, "Europe/Paris")).toBe(t("2024-03-31T01:30:00Z"));
    // 02:30 happens twice on 27 October 2024.
    expect(wallToInstant({ year: 2024, month: 10, day: 27, hour: 2, minute: 30 }, "Europe/Paris")).toBe(t("2024-10-27T00:30:00Z"));
    expect(wallToInstant({ year: 2024, month: 10, day: 27, hour: 2, minute: 30 }, "Europe/Paris", "later")).toBe(t("2024-10-27T01:30:00Z"));
  });
  it("finds the start of a local day", () => {
    expect(startOfDayIn(t("2024-03-05T03:00:00Z"), "America/New_York")).toBe(t("2024-03-04T05:00:00Z"));
    // Santiago skips midnight on its DST start day (2024-09-08): the day starts at 01:00.
    expect(startOfDayIn(t("2024-09-08T12:00:00Z"), "America/Santiago")).toBe(t("2024-09-08T04:00:00Z"));
  });
});

describe("unknown zones", () => {
  it("are a ValidationError (timezone: invalid_timezone), not a RangeError", () => {
    for (const f of [() => offsetAt(t("2024-01-15T00:00:00Z"), "Mars/Olympus"), () => dateOf(t("2024-01-15T00:00:00Z"), "Mars/Olympus")]) {
      let err: unknown;
      try {
        f();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).error_details).toEqual({ timezone: ["invalid_timezone"] });
    }
  });
});

describe("epochDay", () => {
  it("agrees with Date.UTC for every date of years 100-9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (year, month, day) => {
        expect(epochDay({ year, month, day })).toBe(Date.UTC(year, month - 1, day) / 86_400_000);
      }),
    );
  });
  it("counts years 0-99 as themselves, not as 1900-1999", () => {
    expect(epochDay({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(epochDay({ year: 1, month: 1, day: 1 })).toBe(-719_162);
    expect(epochDay({ year: 0, month: 3, day: 1 }) - epochDay({ year: 0, month: 2, day: 28 })).toBe(2); // year 0 is leap
  });
});

describe("offsetAt's per-day cache", () => {
  /** The offset read from Intl at every call, as offsetAt did before it cached days. */
  const direct = (t: number, tz: string): number => {
    const s = Math.floor(t / 1000) * 1000;
    const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", era: "short" });
    const p = Object.fromEntries(f.formatToParts(new Date(s)).map((x) => [x.type, x.value]));
    const year = p["era"] === "BC" || p["era"] === "B" ? 1 - Number(p["year"]) : Number(p["year"]);
    const wall = new Date(0);
    wall.setUTCFullYear(year, Number(p["month"]) - 1, Number(p["day"]));
    wall.setUTCHours(Number(p["hour"]), Number(p["minute"]), Number(p["second"]), 0);
    return wall.getTime() - s;
  };
  const zones = ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/Sao_Paulo", "Pacific/Apia", "Europe/London", "America/St_Johns"];
  it("agrees with Intl on any second, around DST changes included", () => {
    fc.assert(fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1880, 0, 1), max: Date.UTC(2100, 0, 1) }), (tz, t) => {
      expect(offsetAt(t as Instant, tz)).toBe(direct(t, tz));
    }), { numRuns: 2000 });
  });
  it("agrees with Intl on every minute of the days Paris and Lord Howe change their clocks", () => {
    for (const [tz, day] of [["Europe/Paris", Date.UTC(2024, 2, 31)], ["Europe/Paris", Date.UTC(2024, 9, 27)], ["Australia/Lord_Howe", Date.UTC(2024, 3, 6)], ["Pacific/Apia", Date.UTC(2011, 11, 29)]] as const) {
      for (let t = day - 86_400_000; t < day + 2 * 86_400_000; t += 60_000) expect(offsetAt(t as Instant, tz)).toBe(direct(t, tz));
    }
  });
});
