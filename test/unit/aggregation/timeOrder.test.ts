/**
 * The radix time order of event values (src/aggregation/_timeOrder.ts) against a stable
 * comparison sort: times in milliseconds or whole seconds (counted in seconds), negative or
 * not, narrow or wide spans, many ties.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { radixTimeOrder } from "../../../src/aggregation/_timeOrder.js";

const reference = (times: readonly number[]): number[] =>
  times.map((_, i) => i).sort((a, b) => times[a]! - times[b]! || a - b);

describe("radixTimeOrder", () => {
  it("is the stable time order (property)", () => {
    const base = fc.integer({ min: -2e12, max: 4e12 });
    const offsets = fc.oneof(
      fc.array(fc.integer({ min: 0, max: 40 }).map((s) => s * 1000), { maxLength: 60 }), // whole seconds, many ties
      fc.array(fc.integer({ min: 0, max: 60 * 86_400 }).map((s) => s * 1000), { maxLength: 60 }), // a month of seconds
      fc.array(fc.integer({ min: 0, max: 2 ** 33 }), { maxLength: 60 }), // milliseconds, spans past 2^32
      fc.array(fc.integer({ min: 0, max: 2 ** 40 }).map((s) => s * 1000), { maxLength: 60 }), // seconds, spans past 2^32 s
    );
    fc.assert(fc.property(base.map((b) => b * 1000), offsets, fc.integer({ min: 0, max: 3 }), (b, xs, skew) => {
      const times = xs.map((x, i) => b + x + (i % 7 === 0 ? skew : 0)); // a few off the second when skew > 0
      expect(Array.from(radixTimeOrder(Float64Array.from(times), times.length)!)).toEqual(reference(times));
    }), { numRuns: 1000 });
  });

  it("leaves fractional times to the caller", () => {
    expect(radixTimeOrder(Float64Array.from([1000, 1000.5]), 2)).toBeUndefined();
  });
});
