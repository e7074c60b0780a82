import { describe, expect, it } from "vitest";
import { aggregateBatch, aggregateEvents, buildEventBatch, compileFilter, groupValue } from "../../../src/aggregation/index.js";
import type { AggregationWindow } from "../../../src/aggregation/index.js";
import { ev, metric, s, window } from "./_fixtures.js";
import { aggregate, aggregateColumns } from "../../../src/json/index.js";

const MARCH = window("2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z");

describe("filters (§12.1, §14)", () => {
  it("needs every filter key's value in its list; a missing key never matches", () => {
    const f = compileFilter({ cloud: ["aws"], region: ["eu", "us"] }, undefined)!;
    expect(f({ cloud: "aws", region: "eu" })).toBe(true);
    expect(f({ cloud: "aws", region: "apac" })).toBe(false);
    expect(f({ cloud: "aws" })).toBe(false);
  });
  it("reads numbers and booleans by their text", () => {
    expect(compileFilter({ tier: ["2"] }, undefined)!({ tier: 2 })).toBe(true);
  });
  it("leaves out events matching an ignored entry (AND over keys, OR over entries, missing read as '')", () => {
    const f = compileFilter(undefined, [{ region: ["eu"], cloud: ["aws"] }, { region: [""] }, {}])!;
    expect(f({ region: "eu", cloud: "aws" })).toBe(false);
    expect(f({ region: "eu", cloud: "gcp" })).toBe(true);
    expect(f({ cloud: "gcp" })).toBe(false);
    expect(f({ region: "us" })).toBe(true);
  });
  it("is undefined when there is nothing to check (empty ignored entries are skipped)", () => {
    expect(compileFilter({}, [{}, { region: [] }])).toBeUndefined();
  });
  it("bills each event once across a filter and the default bucket", () => {
    const events = [ev("2024-03-02T00:00:00Z", { v: "1", region: "eu" }), ev("2024-03-02T00:00:00Z", { v: "2", region: "us" }), ev("2024-03-02T00:00:00Z", { v: "4" })];
    const eu = aggregateEvents(metric("sum_agg"), events, { ...MARCH, filters: { region: ["eu"] } });
    const rest = aggregateEvents(metric("sum_agg"), events, { ...MARCH, ignored_filters: [{ region: ["eu"] }] });
    expect([s(eu.units), s(rest.units)]).toEqual(["1", "6"]);
  });
});

describe("grouped_by (§12.5)", () => {
  it("gives one result per tuple, null for missing or empty values, null first then ascending", () => {
    const r = aggregateEvents(metric("sum_agg"), [
      ev("2024-03-02T00:00:00Z", { v: "1", a: "y", b: "1" }), ev("2024-03-02T00:00:00Z", { v: "2", a: "x" }),
      ev("2024-03-02T00:00:00Z", { v: "3", a: "", b: "2" }), ev("2024-03-02T00:00:00Z", { v: "4", a: "x", b: "" }),
    ], { ...MARCH, grouped_by: ["a", "b"] });
    expect(r.grouped_usage?.map((g) => [g.grouped_by, s(g.units), g.events_count])).toEqual([
      [{ a: null, b: "2" }, "3", 1], [{ a: "x", b: null }, "6", 2], [{ a: "y", b: "1" }, "1", 1],
    ]);
    expect([s(r.units), r.events_count]).toEqual(["10", 4]);
  });
  it("gives a single all-null group with zero units when nothing is selected", () => {
    const r = aggregateEvents(metric("count_agg"), [], { ...MARCH, grouped_by: ["a", "b"] });
    expect(r.grouped_usage?.map((g) => [g.grouped_by, s(g.units), g.events_count])).toEqual([[{ a: null, b: null }, "0", 0]]);
  });
  it("counts unique values per group, while the top level counts them once", () => {
    const r = aggregateEvents(metric("unique_count_agg", { field_name: "id" }), [
      ev("2024-03-02T00:00:00Z", { id: "u1", g: "a" }), ev("2024-03-03T00:00:00Z", { id: "u1", g: "b" }),
    ], { ...MARCH, grouped_by: ["g"] });
    expect([s(r.units), r.grouped_usage?.map((g) => s(g.units))]).toEqual(["1", ["1", "1"]]);
  });
  it("reads a missing key as absent even when it names an inherited member (constructor, toString, __proto__)", () => {
    const events = [ev("2024-03-02T00:00:00Z", { v: "1" }), ev("2024-03-02T00:00:00Z", { v: "2", constructor: "x" })];
    const grouped = { ...MARCH, grouped_by: ["constructor", "toString"] };
    const ignored = { ...MARCH, ignored_filters: [Object.fromEntries([["__proto__", [""]]])] }; // a key, not the prototype
    for (const run of [
      (w: AggregationWindow) => aggregateEvents(metric("sum_agg"), events, w),
      (w: AggregationWindow) => aggregateBatch(buildEventBatch(metric("sum_agg"), events, ["constructor", "toString", "__proto__"]), w),
    ]) {
      expect(run(grouped).grouped_usage?.map((g) => [g.grouped_by, s(g.units)])).toEqual([
        [{ constructor: null, toString: null }, "1"], [{ constructor: "x", toString: null }, "2"],
      ]);
      expect(s(run(ignored).units)).toBe("0"); // both lack __proto__: coalesced to "" and ignored
    }
  });
  it("maps values to group values", () => {
    expect([groupValue(undefined), groupValue(""), groupValue(3), groupValue("x")]).toEqual([null, null, "3", "x"]);
  });
});

describe("rounding (§12.6) and running totals (§6.1)", () => {
  it("applies the metric's rounding after aggregation: 12+12+12+12.434 ceil 2 → 48.44", () => {
    const events = ["12", "12", "12", "12.434"].map((v) => ev("2024-03-02T00:00:00Z", { v }));
    expect(s(aggregateEvents(metric("sum_agg", { rounding_function: "ceil", rounding_precision: 2 }), events, MARCH).units)).toBe("48.44");
    expect(s(aggregateEvents(metric("sum_agg", { rounding_function: "round", rounding_precision: -1 }), events, MARCH).units)).toBe("50");
    expect(s(aggregateEvents(metric("sum_agg", { rounding_function: "floor" }), events, MARCH).units)).toBe("48");
  });
  it("cuts the running total after the first total above FT: 12,12,12,12 with FT 30 → 12, 24, 36", async () => {
    const { dec } = await import("../../../src/core/decimal.js");
    const events = ["12", "12", "12", "12"].map((v, i) => ev(`2024-03-0${i + 2}T00:00:00Z`, { v }));
    const ft = aggregateEvents(metric("sum_agg"), events, { ...MARCH, free_units_per_total_aggregation: dec("30") });
    expect(ft.running_total?.map(s)).toEqual(["12", "24", "36"]);
    const fe = aggregateEvents(metric("sum_agg"), events, { ...MARCH, free_units_per_events: 2, free_units_per_total_aggregation: dec("30") });
    expect(fe.running_total?.map(s)).toEqual(["12", "24"]);
    expect(aggregateEvents(metric("sum_agg"), events, MARCH).running_total).toEqual([]);
    const count = aggregateEvents(metric("count_agg"), events, { ...MARCH, free_units_per_events: 1 });
    expect(count.running_total?.map(s)).toEqual(["1", "2", "3", "4"]);
  });
});

describe("a property named __proto__ is a property like any other", () => {
  // JSON.parse makes `__proto__` an own key; assigning it (`o[k] = v`) would set a prototype instead.
  const input = (extra: string): Record<string, unknown> => JSON.parse(`{"billable_metric": {"code": "c", "aggregation_type": "sum_agg", "field_name": "v"},
    "from_datetime": "2024-03-01T00:00:00Z", "to_datetime": "2024-03-31T23:59:59Z", ${extra}
    "events": [{"transaction_id": "t", "code": "c", "timestamp": "2024-03-02T00:00:00Z", "properties": {"__proto__": "x", "v": "2"}},
               {"transaction_id": "u", "code": "c", "timestamp": "2024-03-03T00:00:00Z", "properties": {"__proto__": "y", "v": "5"}},
               {"transaction_id": "w", "code": "c", "timestamp": "2024-03-04T00:00:00Z", "properties": {"v": "7"}}]}`) as Record<string, unknown>;

  it("as a filter key, in aggregate and aggregateColumns", () => {
    const filtered = input(`"filters": {"__proto__": ["x"]},`);
    expect(aggregate(filtered)).toMatchObject({ units: "2", events_count: 1 });
    const events = filtered["events"] as { transaction_id: string; timestamp: string; properties: Record<string, unknown> }[];
    const protoColumn = JSON.parse(`{"__proto__": ${JSON.stringify(events.map((e) => (Object.hasOwn(e.properties, "__proto__") ? e.properties["__proto__"] : null)))}, "v": ${JSON.stringify(events.map((e) => e.properties["v"]))}}`) as Record<string, unknown>;
    const columns = { transaction_id: events.map((e) => e.transaction_id), timestamp: events.map((e) => e.timestamp), code: "c", properties: protoColumn };
    const { events: _drop, ...rest } = filtered;
    expect(aggregateColumns({ ...rest, columns })).toEqual(aggregate(filtered));
  });

  it("as a group key", () => {
    const grouped = aggregate(input(`"grouped_by": ["__proto__"],`));
    expect((grouped["grouped_usage"] as { grouped_by: Record<string, unknown>; units: string }[]).map((g) => [g.grouped_by["__proto__"], g.units]))
      .toEqual([[null, "7"], ["x", "2"], ["y", "5"]]);
  });
});
