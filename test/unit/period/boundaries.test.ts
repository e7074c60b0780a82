/**
 * The contract's inclusive `to_datetime` ⇄ half-open periods, both ways (src/json/boundaries.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Instant } from "../../../src/core/instant.js";
import {
  fromInclusiveEnd, fromInclusivePeriod, toInclusiveEnd, toInclusiveJson,
} from "../../../src/json/boundaries.js";
import { at, iso } from "./_helpers.js";

describe("inclusive ends ⇄ half-open periods", () => {
  it("a whole month: …T23:59:59Z is the second before the next month's start", () => {
    expect(iso(fromInclusiveEnd(at("2024-03-31T23:59:59Z")))).toBe("2024-04-01T00:00:00Z");
    expect(iso(toInclusiveEnd(at("2024-04-01T00:00:00Z")))).toBe("2024-03-31T23:59:59Z");
  });
  it("a termination cut: the exact instant is the last second covered", () => {
    const p = fromInclusivePeriod(at("2024-03-01T00:00:00Z"), at("2024-03-20T10:00:00Z"));
    expect(iso(p.end)).toBe("2024-03-20T10:00:01Z");
    expect(toInclusiveJson(p)).toEqual({ from: "2024-03-01T00:00:00Z", to: "2024-03-20T10:00:00Z" });
  });
  it("a New York winter month ends at …T04:59:59Z", () => {
    expect(toInclusiveJson({ start: at("2022-01-01T05:00:00Z"), end: at("2022-02-01T05:00:00Z") })).toEqual({
      from: "2022-01-01T05:00:00Z",
      to: "2022-02-01T04:59:59Z",
    });
  });
  it("null stays null", () => expect(toInclusiveJson(null)).toEqual({ from: null, to: null }));
  it("round-trips any instant both ways", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2e12, max: 4e12 }), (ms) => {
        const t = ms as Instant;
        expect(toInclusiveEnd(fromInclusiveEnd(t))).toBe(t);
        expect(fromInclusiveEnd(toInclusiveEnd(t))).toBe(t);
      }),
    );
  });
});
