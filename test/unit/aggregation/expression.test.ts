import { describe, expect, it } from "vitest";
import { aggregateEvents } from "../../../src/aggregation/index.js";
import { evaluateExpression, parseExpression } from "../../../src/aggregation/_expression.js";
import { ev, metric, s, window } from "./_fixtures.js";

const run = (src: string, properties: Record<string, unknown>, iso = "2024-03-05T10:00:00Z"): string =>
  evaluateExpression(parseExpression(src), ev(iso, properties, "api"));

describe("expressions (§12.7)", () => {
  it("worked example: round(value × units) with 10.4 and 2 → 21", () => {
    expect(run("round(event.properties.value * event.properties.units)", { value: "10.4", units: "2" })).toBe("21");
  });
  it.each([
    ["1 + 2 * 3", "7"], ["(1 + 2) * 3", "9"], ["-2 - -3", "1"], ["10 / 4", "2.5"], ["1 / 3 * 3", "0.9999999999999999999999999999999999999999"],
    ["round(2.345, 2)", "2.35"], ["round(-2.5)", "-3"], ["ceil(1.2)", "2"], ["floor(-1.2)", "-2"], ["ceil(-1.2)", "-1"],
    ["concat('a', 1.50, \"b\")", "a1.5b"], ["event.code", "api"], ["event.timestamp", "1709632800"],
    ["concat(event.properties.x, '-', event.properties.y)", "p-q"],
  ])("%s = %s", (src, expected) => {
    expect(run(src, { x: "p", y: "q" })).toBe(expected);
  });
  it.each(["1 +", "foo(1)", "round()", "ceil(1, 2)", "event.name", "1 2", "'open", "event.properties."])("refuses %j", (src) => {
    expect(() => parseExpression(src)).toThrow(SyntaxError);
  });
  it.each([
    ["event.properties.missing * 2", {}], ["event.properties.x * 2", { x: "abc" }], ["1 / event.properties.z", { z: "0" }],
  ])("fails to evaluate %s", (src, props) => {
    expect(() => run(src, props)).toThrow(RangeError);
  });
  it("replaces the field before aggregation; an evaluation error leaves the event out with a warning", () => {
    const m = metric("sum_agg", { expression: "event.properties.a * event.properties.b" });
    const r = aggregateEvents(m, [
      ev("2024-03-02T00:00:00Z", { a: "1.5", b: "4" }), ev("2024-03-02T00:00:00Z", { a: "2", b: "x" }),
    ], window("2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"));
    expect([s(r.units), r.events_count, r.warnings.map((w) => w.reason)]).toEqual(["6", 1, ["expression_error"]]);
  });
});
