import { describe, expect, it } from "vitest";
import { formatInstant, parseInstant, parseTimestamp } from "../../../src/core/instant.js";

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
