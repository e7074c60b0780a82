import { describe, expect, it } from "vitest";
import { type Decimal, dec } from "../../../src/core/decimal.js";
import { crossedThresholdValues, crossedThresholds } from "../../../src/usage/alertCrossing.js";
import type { AlertDirection, AlertThreshold } from "../../../src/usage/alertTypes.js";

const t = (value: number, code: string | null = null, recurring = false): AlertThreshold => ({ code, value: dec(value), recurring });
const crossing = (direction: AlertDirection, thresholds: AlertThreshold[], p: number, c: number): string[] =>
  crossedThresholdValues({ direction, thresholds, previous_value: dec(p) }, dec(c)).map((v: Decimal) => v.toString());

describe("crossedThresholdValues, increasing (invoice.md §14.2 [spec])", () => {
  const o = [t(10), t(30), t(50), t(100, "r", true)];
  it("p 8 → 30 gives [10, 30]", () => expect(crossing("increasing", o, 8, 30)).toEqual(["10", "30"]));
  it("p 31 → 60 gives [50]", () => expect(crossing("increasing", o, 31, 60)).toEqual(["50"]));
  it("p 33 → 351 gives [50, 150, 250, 350]", () => expect(crossing("increasing", o, 33, 351)).toEqual(["50", "150", "250", "350"]));
  it("only recurring 100: 0 → 150 gives [100]", () => expect(crossing("increasing", [t(100, "r", true)], 0, 150)).toEqual(["100"]));
  it("nothing when the value does not rise", () => {
    expect(crossing("increasing", o, 30, 30)).toEqual([]);
    expect(crossing("increasing", o, 40, 20)).toEqual([]);
  });
  it("nothing below the first one-time threshold", () => expect(crossing("increasing", o, 0, 9)).toEqual([]));
  it("quirk: p equal to a recurring value reports it again", () => expect(crossing("increasing", o, 150, 260)).toEqual(["150", "250"]));
  it("threshold equal to p is not crossed again", () => expect(crossing("increasing", o, 10, 30)).toEqual(["30"]));
});

describe("crossedThresholdValues, decreasing (invoice.md §14.2 [spec])", () => {
  const o = [t(200), t(500), t(800), t(100, "r", true)];
  it("p 1000 → 500 gives [500, 800]", () => expect(crossing("decreasing", o, 1000, 500)).toEqual(["500", "800"]));
  it("p 450 → 100 gives [100, 200]", () => expect(crossing("decreasing", o, 450, 100)).toEqual(["100", "200"]));
  it("p 600 → −100 gives [−100, 0, 100, 200, 500]", () => expect(crossing("decreasing", o, 600, -100)).toEqual(["-100", "0", "100", "200", "500"]));
  it("nothing when the value does not fall, or stays above the last one-time value", () => {
    expect(crossing("decreasing", o, 500, 600)).toEqual([]);
    expect(crossing("decreasing", o, 1000, 900)).toEqual([]);
  });
  it("one-time 15 + recurring 10 (wallet vector): 20 → 10 → 0 → −10", () => {
    const w = [t(15, "one_time"), t(10, "recurring", true)];
    expect(crossing("decreasing", w, 20, 10)).toEqual(["15"]);
    expect(crossing("decreasing", w, 10, 0)).toEqual(["5"]);
    expect(crossing("decreasing", w, 0, -10)).toEqual(["-5"]);
  });
});

describe("crossedThresholds (formatted list)", () => {
  const json = (xs: ReturnType<typeof crossedThresholds>) => xs.map((x) => [x.code, x.value.toString(), x.recurring]);
  it("[spec] warn 75, critical 50, emergency 25: 100 → 30 lists them in stored order", () => {
    const th = [t(75, "warn"), t(50, "critical"), t(25, "emergency")];
    const values = crossedThresholdValues({ direction: "decreasing", thresholds: th, previous_value: dec(100) }, dec(30));
    expect(json(crossedThresholds(th, values))).toEqual([["warn", "75", false], ["critical", "50", false]]);
  });
  it("[spec] one-time 90 (initial) + recurring 10 (low): 95 → 70, then 70 → 50", () => {
    const th = [t(90, "initial"), t(10, "low", true)];
    const first = crossedThresholdValues({ direction: "decreasing", thresholds: th, previous_value: dec(95) }, dec(70));
    expect(json(crossedThresholds(th, first))).toEqual([["initial", "90", false], ["low", "70", true], ["low", "80", true]]);
    const second = crossedThresholdValues({ direction: "decreasing", thresholds: th, previous_value: dec(70) }, dec(50));
    expect(json(crossedThresholds(th, second))).toEqual([["low", "50", true], ["low", "60", true], ["low", "70", true]]);
  });
  it("a recurring value equal to a one-time value is listed once, as one-time", () => {
    const th = [t(100, "a"), t(50, "b"), t(50, "r", true)];
    const values = crossedThresholdValues({ direction: "increasing", thresholds: th, previous_value: dec(0) }, dec(200));
    expect(values.map(String)).toEqual(["50", "100", "150", "200"]);
    expect(json(crossedThresholds(th, values))).toEqual([["a", "100", false], ["b", "50", false], ["r", "150", true], ["r", "200", true]]);
  });
});

describe("crossedThresholdValues beyond 2^53 (a fuzzed timeline once exhausted the heap here)", () => {
  it("decreasing, one-time 1e17 + recurring 1: counts the steps exactly (p itself again, the quirk above)", () => {
    const w = [t(1e17, "big"), t(1, "r", true)];
    expect(crossing("decreasing", w, 10, 7)).toEqual(["7", "8", "9", "10"]);
  });
  it("increasing, one-time 1e17 + recurring 2 from just above it", () => {
    const w = [{ code: null, value: dec("100000000000000000"), recurring: false }, { code: "r", value: dec(2), recurring: true }];
    const out = crossedThresholdValues({ direction: "increasing", thresholds: w, previous_value: dec("100000000000000001") }, dec("100000000000000006"));
    expect(out.map((v) => v.toString())).toEqual(["100000000000000002", "100000000000000004", "100000000000000006"]);
  });
});
