/**
 * invoice.md §12.1, §12.3, §12.4: thresholds, the crossing rule (the [spec] pairs), and
 * the crossings of the progressive-billing scenario vectors.
 */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/issue.js";
import { usageThresholdsCompletion } from "../../../src/invoice/progressive/progressiveThresholdCompletion.js";
import { type UsageThreshold, effectiveUsageThresholds, usageThresholdsPassed } from "../../../src/invoice/progressive/progressiveThresholds.js";

const t = (amount: number, recurring = false): UsageThreshold => ({ amount_cents: BigInt(amount), recurring });
const SPEC = [t(10), t(20), t(31), t(40), t(5, true)];
const passed = (thresholds: UsageThreshold[], invoiced: number, current: number, p = 0, historical = 0): string[] =>
  usageThresholdsPassed({
    thresholds, historical_usage_amount_cents: BigInt(historical), invoiced_usage_amount_cents: BigInt(invoiced),
    current_usage_amount_cents: BigInt(current), progressive_billed_amount_cents: BigInt(p),
  }).map((x) => `${x.amount_cents}${x.recurring ? "r" : ""}`);

describe("usageThresholdsPassed (§12.3)", () => {
  it.each([
    [0, 31, ["10", "20", "31"]],
    [0, 45, ["10", "20", "31", "40", "5r"]],
    [9, 37, ["10", "20", "31", "40", "5r"]],
    [21, 24, ["31", "40", "5r"]],
    [40, 5, ["5r"]],
    [50, 0, []],
  ])("[spec] (invoiced %i, current %i) → %j", (invoiced, current, expected) => {
    expect(passed(SPEC, invoiced, current)).toEqual(expected);
  });
  it.each([
    [0, 10, []],
    [0, 31, ["20", "31"]],
    [40, 15, ["5r"]],
  ])("[spec] with P = 10: (%i, %i) → %j", (invoiced, current, expected) => {
    expect(passed(SPEC, invoiced, current, 10)).toEqual(expected);
  });
  it("historical usage counts as invoiced; nothing passes when current < P", () => {
    expect(passed(SPEC, 0, 24, 0, 21)).toEqual(["31", "40", "5r"]);
    expect(passed(SPEC, 0, 5, 10)).toEqual([]);
  });
  it("sorts the non-recurring thresholds whatever their order", () => {
    expect(passed([t(40), t(5, true), t(20), t(10)], 0, 100)).toEqual(["10", "20", "40", "5r"]);
  });
  it("only a recurring threshold: L = 0", () => {
    expect(passed([t(1000, true)], 0, 999)).toEqual([]);
    expect(passed([t(1000, true)], 0, 1000)).toEqual(["1000r"]);
  });
  it("vector single-and-recurring-thresholds: 200/500/700 + recurring 1000, 220 cents per event batch", () => {
    const ts = [t(200), t(500), t(700), t(1000, true)];
    // (invoiced usage, current usage of the period, P) at each event.
    expect(passed(ts, 0, 220, 0)).toEqual(["200"]);
    expect(passed(ts, 0, 440, 220)).toEqual([]);
    expect(passed(ts, 0, 660, 220)).toEqual(["500"]);
    expect(passed(ts, 0, 880, 660)).toEqual(["700"]);
    expect(passed(ts, 0, 3080, 880)).toEqual(["1000r"]);
    expect(passed(ts, 0, 5280, 3080)).toEqual(["1000r"]);
    expect(passed(ts, 5280, 2200, 0)).toEqual(["1000r"]);
  });
  it("vector multiple-thresholds: 200.00 then 500.00 (usage 200.00, 400.00, 600.00)", () => {
    const ts = [t(20000), t(50000)];
    expect(passed(ts, 0, 20000, 0)).toEqual(["20000"]);
    expect(passed(ts, 0, 40000, 20000)).toEqual([]);
    expect(passed(ts, 0, 60000, 20000)).toEqual(["50000"]);
  });
  it("refuses bad threshold sets, naming each entry", () => {
    let details: unknown;
    try {
      passed([t(0), t(10), t(10), t(5, true), t(6, true)], 0, 0);
    } catch (e) {
      details = e instanceof ValidationError ? e.error_details : e;
    }
    expect(details).toEqual({
      "usage_thresholds.0.amount_cents": ["value_is_out_of_range"], "usage_thresholds.2.amount_cents": ["value_already_exist"], "usage_thresholds.4.recurring": ["invalid_value"],
    });
  });
});

describe("effectiveUsageThresholds (§12.1)", () => {
  it("the subscription's own set wins; disabled → none", () => {
    expect(effectiveUsageThresholds([t(1)], [t(2)])).toEqual([t(2)]);
    expect(effectiveUsageThresholds([t(1)], [])).toEqual([t(1)]);
    expect(effectiveUsageThresholds([t(1)], null)).toEqual([t(1)]);
    expect(effectiveUsageThresholds([t(1)], [t(2)], true)).toEqual([]);
  });
});

describe("usageThresholdsCompletion (§12.4)", () => {
  const ratios = (ts: UsageThreshold[], total: number): [string, number][] =>
    usageThresholdsCompletion(ts, BigInt(total)).map((e) => [`${e.amount_cents}${e.recurring ? "r" : ""}`, e.completion_ratio]);
  it("passed 1.0, the next one partly, later ones 0, the recurring one at L + R", () => {
    expect(ratios([t(500), t(200), t(700), t(1000, true)], 350)).toEqual([["200", 1], ["500", 0.5], ["700", 0], ["1700r", 0]]);
  });
  it("all fixed passed: one entry per full recurring step and the current one", () => {
    expect(ratios([t(200), t(1000, true)], 2500)).toEqual([["200", 1], ["1200r", 1], ["2200r", 1], ["3200r", 0.7]]);
    expect(ratios([t(1000, true)], 2500)).toEqual([["1000r", 1], ["2000r", 1], ["3000r", 0.5]]);
  });
  it("nothing yet: the first threshold's ratio is total / amount", () => {
    expect(ratios([t(400)], 100)).toEqual([["400", 0.25]]);
  });
});
