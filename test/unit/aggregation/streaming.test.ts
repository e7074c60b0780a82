import { describe, expect, it } from "vitest";
import { aggregateBatch, aggregateEvents, buildEventBatch, createAggregator } from "../../../src/aggregation/index.js";
import { ev, metric, s, window } from "./_fixtures.js";
import type { Instant } from "../../../src/core/instant.js";

const MARCH = window("2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z", { grouped_by: ["g"] });

describe("streaming aggregator", () => {
  it("merges partial states from two workers into the one-pass result", () => {
    const events = [
      ev("2024-03-02T00:00:00Z", { v: "1.25", g: "a" }), ev("2024-03-03T00:00:00Z", { v: "2", g: "b" }),
      ev("2024-03-04T00:00:00Z", { v: "x", g: "a" }), ev("2024-03-05T00:00:00Z", { v: "4", g: "a" }),
    ];
    const left = createAggregator(metric("sum_agg"), MARCH);
    const right = createAggregator(metric("sum_agg"), MARCH);
    events.forEach((e, i) => (i % 2 === 0 ? left : right).add(e));
    left.merge(right);
    const r = left.result();
    expect([s(r.units), r.events_count, r.grouped_usage?.map((g) => s(g.units)), r.warnings.length]).toEqual(["7.25", 3, ["5.25", "2"], 1]);
    expect(r).toEqual(aggregateEvents(metric("sum_agg"), events, MARCH));
  });
  it("breaks ties for latest across workers by the global seq", () => {
    const a = ev("2024-03-05T00:00:00Z", { v: "1" });
    const b = ev("2024-03-05T00:00:00Z", { v: "2" });
    const w1 = createAggregator(metric("latest_agg"), MARCH);
    const w2 = createAggregator(metric("latest_agg"), MARCH);
    w1.add(b);
    w2.add(a);
    w2.merge(w1);
    expect(s(w2.result().units)).toBe("2");
  });
});

describe("columnar batch", () => {
  const events = [
    ev("2024-03-02T00:00:00Z", { v: "1.5", g: "a", r: "eu" }), ev("2024-03-03T00:00:00Z", { v: "123456789012345678901234567890.5", g: "b" }),
    ev("2024-03-04T00:00:00Z", { v: "oops", g: "a" }), ev("2024-03-05T00:00:00Z", { v: "0.000000000001", g: "" }),
    ev("2024-02-05T00:00:00Z", { v: "9" }), ev("2024-03-06T00:00:00Z", { v: "3" }, "other"),
  ];
  it("stores values as safe integers at one scale, huge ones aside, and hashes transaction ids", () => {
    const b = buildEventBatch(metric("sum_agg"), events, ["g", "r"]);
    expect([b.length, b.scale, b.values?.[0], b.bigValues.size, b.issues.size]).toEqual([6, 1, 15, 2, 1]);
    expect(b.keys["g"]?.dict).toEqual(["a", "b", "", null]);
    expect(new Set(b.txHashes).size).toBe(6);
  });
  it("drops duplicate transaction ids at build time, with a warning", () => {
    const b = buildEventBatch(metric("count_agg"), [...events, { ...events[0]!, seq: 99 }]);
    expect([b.length, b.duplicates]).toEqual([6, [{ transaction_id: events[0]!.transaction_id, reason: "duplicate_transaction_id" }]]);
  });
  it.each(["count_agg", "sum_agg", "max_agg", "latest_agg", "weighted_sum_agg"] as const)("gives the object path's %s result", (type) => {
    const b = buildEventBatch(metric(type), events, ["g", "r"]);
    for (const w of [MARCH, { ...MARCH, filters: { r: ["eu"] } }, { ...MARCH, grouped_by: undefined, ignored_filters: [{ g: ["a"] }] }]) {
      expect(aggregateBatch(b, w)).toEqual(aggregateEvents(metric(type), events, w));
    }
  });
  it("keeps huge values exact in the fused scan (no unusable value, so no row list)", () => {
    const clean = events.filter((e) => e.properties["v"] !== "oops");
    for (const type of ["sum_agg", "max_agg", "latest_agg", "weighted_sum_agg"] as const) {
      const b = buildEventBatch(metric(type), clean, ["g", "r"]);
      const w = { ...MARCH, grouped_by: undefined };
      expect(aggregateBatch(b, w)).toEqual(aggregateEvents(metric(type), clean, w));
    }
    const sum = aggregateBatch(buildEventBatch(metric("sum_agg"), clean), { ...MARCH, grouped_by: undefined });
    expect(s(sum.units)).toBe("123456789012345678901234567892.000000000001");
  });
  it("refuses a filter on a key the batch was built without", () => {
    const b = buildEventBatch(metric("sum_agg"), events, ["g"]);
    expect(() => aggregateBatch(b, { ...MARCH, filters: { r: ["eu"] } })).toThrow(RangeError);
  });
});

describe("weighted_sum: the columnar batch and event objects divide the rows alike", () => {
  it("a value written with a trailing zero does not change the rows' scale (batch values share one scale)", () => {
    // fast-check counterexample: a carried level of −4 460 422 075 761 and "0.0" later; the
    // quotient is large enough that the level's display scale (+6) sets the row's decimals.
    const metric = { code: "m", aggregation_type: "weighted_sum_agg", field_name: "value", recurring: true } as const;
    const window = { from: 1709251200000 as Instant, to: 1711929599000 as Instant };
    const events = [
      { transaction_id: "tx0", code: "m", timestamp: 1708819200000 as Instant, seq: 0, properties: { value: "-4460422075761" } },
      { transaction_id: "tx1", code: "m", timestamp: 1709852040000 as Instant, seq: 1, properties: { value: "0.0" } },
    ];
    const objects = aggregateEvents(metric, events, window);
    const batch = aggregateBatch(buildEventBatch(metric, events, []), window);
    expect(batch.units.toString()).toBe(objects.units.toString());
    expect(objects.units.toString()).toBe("-4460420410430.17721");
  });
});
