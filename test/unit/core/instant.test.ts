import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Instant, canonicalTimestampText, formatInstant, parseInstant, parseTimestamp } from "../../../src/core/instant.js";

describe("instants", () => {
  it("parses ISO 8601 UTC and offsets", () => {
    expect(parseInstant("2024-03-05T10:00:00Z")).toBe(Date.UTC(2024, 2, 5, 10));
    expect(parseInstant("2024-03-05T10:00:00+01:00")).toBe(Date.UTC(2024, 2, 5, 9));
    expect(parseInstant("2024-03-05T23:59:59.999Z")).toBe(Date.UTC(2024, 2, 5, 23, 59, 59, 999));
    expect(parseInstant("2024-03-05")).toBe(Date.UTC(2024, 2, 5));
  });
  it.each(["", "yesterday", "2024-02-30T00:00:00Z", "2024-13-01T00:00:00Z", "2024-03-05T25:00:00Z", 12])("rejects %j", (x) => {
    expect(parseInstant(x)).toBeUndefined();
  });
  it("reads Unix seconds as event timestamps", () => {
    expect(parseTimestamp(1709632800)).toBe(Date.UTC(2024, 2, 5, 10));
    expect(parseTimestamp("1709632800")).toBe(Date.UTC(2024, 2, 5, 10));
  });
  it("refuses seconds beyond the range of a Date, so every parsed instant formats", () => {
    expect(parseTimestamp(8.64e12)).toBe(8.64e15);
    expect(formatInstant(parseTimestamp(-8.64e12)!)).toBe("-271821-04-20T00:00:00Z");
    for (const x of [8.64e12 + 1, -8.64e12 - 1, 1e300, "99999999999999999999", Infinity, NaN]) expect(parseTimestamp(x)).toBeUndefined();
  });
  it("formats without milliseconds unless needed", () => {
    expect(formatInstant(parseInstant("2024-03-05T10:00:00Z")!)).toBe("2024-03-05T10:00:00Z");
    expect(formatInstant(parseInstant("2024-03-05T10:00:00.5Z")!)).toBe("2024-03-05T10:00:00.500Z");
  });
});

describe("the usual timestamp forms, read without a regular expression", () => {
  const min = Date.UTC(1000, 0, 1), max = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
  it("reads toISOString's form and its seconds-only form as Date does", () => {
    fc.assert(fc.property(fc.integer({ min, max }), (t) => {
      const iso = new Date(t).toISOString();
      expect(parseInstant(iso)).toBe(t);
      expect(parseInstant(iso.slice(0, 19) + "Z")).toBe(Math.floor(t / 1000) * 1000);
    }));
  });
  it("refuses impossible dates and times in those forms", () => {
    for (const x of ["2023-02-29T00:00:00Z", "2024-02-30T00:00:00Z", "2024-04-31T00:00:00.000Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z", "2024-01-0aT00:00:00Z"]) {
      expect(parseInstant(x), x).toBeUndefined();
    }
    expect(parseInstant("2024-02-29T00:00:00Z")).toBe(Date.UTC(2024, 1, 29));
  });
  it("echoes a timestamp text that is already canonical, else formats the instant", () => {
    expect(canonicalTimestampText("2024-01-05T12:34:56.789Z", Date.UTC(2024, 0, 5, 12, 34, 56, 789) as Instant)).toBe("2024-01-05T12:34:56.789Z");
    expect(canonicalTimestampText("2024-01-05T12:34:56.000Z", Date.UTC(2024, 0, 5, 12, 34, 56) as Instant)).toBe("2024-01-05T12:34:56Z");
    expect(canonicalTimestampText(1704458096, Date.UTC(2024, 0, 5, 12, 34, 56) as Instant)).toBe("2024-01-05T12:34:56Z");
    fc.assert(fc.property(fc.integer({ min, max }), (t) => {
      const iso = new Date(t).toISOString();
      expect(canonicalTimestampText(iso, t as Instant)).toBe(formatInstant(t as Instant));
    }));
  });
});
