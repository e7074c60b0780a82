/**
 * Which events each charge filter bills (charges.md §14): a child filter with the same keys
 * is ignored as "its values minus the parent's", its "all values" marker first expanded to
 * the metric's values.
 */
import { describe, expect, it } from "vitest";
import { ALL_FILTER_VALUES, chargeFilterSelections } from "../../../src/fees/chargeFilterSelections.js";

const metric = [{ key: "size", values: ["s", "m", "l"] }, { key: "steps", values: ["a", "b"] }];

describe("chargeFilterSelections", () => {
  it("a specific filter ignores an all-values sibling minus its own values, so its own events stay in it", () => {
    const [specific, all, fallback] = chargeFilterSelections([
      { values: { size: ["s"], steps: ["a"] } },
      { values: { size: [ALL_FILTER_VALUES], steps: [ALL_FILTER_VALUES] } },
    ], metric);
    expect(specific!.filters).toEqual({ size: ["s"], steps: ["a"] });
    expect(specific!.ignored_filters).toEqual([{ size: ["m", "l"], steps: ["b"] }]);
    // The all-values filter leaves the specific one (a subset) to it; the default bucket ignores both.
    expect(all!.ignored_filters).toEqual([{ size: ["s"], steps: ["a"] }]);
    expect(fallback!.ignored_filters).toEqual([{ size: ["s"], steps: ["a"] }, { size: ["s", "m", "l"], steps: ["a", "b"] }]);
  });
});
