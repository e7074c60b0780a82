import Big from "big.js";
import { describe, expect, it } from "vitest";
import { aggregateEvents } from "../../../src/aggregation/index.js";
import { ev, metric, s, window } from "./_fixtures.js";

const MARCH = window("2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z");

describe("count_agg", () => {
  it("counts the events of the code inside the window (bounds inclusive)", () => {
    const r = aggregateEvents(metric("count_agg"), [
      ev("2024-03-01T00:00:00Z"), ev("2024-03-31T23:59:59Z"), ev("2024-04-01T00:00:00Z"), ev("2024-02-29T23:59:59Z"),
      ev("2024-03-05T00:00:00Z", {}, "other"),
    ], MARCH);
    expect([s(r.units), r.events_count]).toEqual(["2", 2]);
  });
});

describe("sum_agg", () => {
  it("sums exactly and ignores values that are not plain decimals (§12.1)", () => {
    const r = aggregateEvents(metric("sum_agg"), [
      ev("2024-03-02T00:00:00Z", { v: "0.1" }), ev("2024-03-02T00:00:00Z", { v: "0.2" }), ev("2024-03-02T00:00:00Z", { v: 3 }),
      ev("2024-03-02T00:00:00Z", { v: "1e3" }), ev("2024-03-02T00:00:00Z", { v: "+5" }), ev("2024-03-02T00:00:00Z", {}),
    ], MARCH);
    expect([s(r.units), r.events_count]).toEqual(["3.3", 3]);
    expect(r.warnings.map((w) => w.reason).sort()).toEqual(["field_missing", "not_a_number", "not_a_number"]);
  });
  it("sums 17- to 23-digit values exactly through the fused loop's limb partials, flushing before they could round", () => {
    // A high limb of 15 digits fills a float64 partial in ~4 terms: 40 terms flush it ~10 times.
    const values = ["99999999999999999999999", "-0.0000000000000000000001", "0.30000000000000004", 1 / 3, "123456789012345.6789012"];
    const events = Array.from({ length: 200 }, (_, i) => ev("2024-03-02T00:00:00Z", { v: values[i % values.length], g: i % 3 === 0 ? "a" : "b" }));
    const exact = events.reduce((a, e) => a.plus(String(e.properties["v"])), new Big(0)).toFixed();
    expect(s(aggregateEvents(metric("sum_agg"), events, MARCH).units)).toBe(exact);
    const grouped = aggregateEvents(metric("sum_agg"), events, { ...MARCH, grouped_by: ["g"] });
    const perGroup = ["a", "b"].map((g) => events.filter((e) => e.properties["g"] === g).reduce((a, e) => a.plus(String(e.properties["v"])), new Big(0)).toFixed());
    expect(grouped.grouped_usage?.map((x) => s(x.units))).toEqual(perGroup);
  });
  it("carries earlier events in for recurring metrics (§12.8)", () => {
    const events = [ev("2024-01-10T00:00:00Z", { v: "5" }), ev("2024-03-10T00:00:00Z", { v: "2" })];
    expect(s(aggregateEvents(metric("sum_agg", { recurring: true }), events, MARCH).units)).toBe("7");
    expect(s(aggregateEvents(metric("sum_agg"), events, MARCH).units)).toBe("2");
  });
});

describe("max_agg", () => {
  it("keeps negative maxima and gives 0 without events", () => {
    expect(s(aggregateEvents(metric("max_agg"), [ev("2024-03-02T00:00:00Z", { v: "-3" }), ev("2024-03-03T00:00:00Z", { v: "-1.5" })], MARCH).units)).toBe("-1.5");
    expect(s(aggregateEvents(metric("max_agg"), [], MARCH).units)).toBe("0");
  });
  it("compares across scales exactly", () => {
    const r = aggregateEvents(metric("max_agg"), [ev("2024-03-02T00:00:00Z", { v: "10.000000000000000000001" }), ev("2024-03-02T00:00:00Z", { v: "10" })], MARCH);
    expect(s(r.units)).toBe("10.000000000000000000001");
  });
});

describe("latest_agg", () => {
  it("takes the last event by timestamp then ingestion order, and floors negatives at 0", () => {
    const a = ev("2024-03-05T00:00:00Z", { v: "7" });
    const b = ev("2024-03-05T00:00:00Z", { v: "9" });
    expect(s(aggregateEvents(metric("latest_agg"), [b, a, ev("2024-03-01T00:00:00Z", { v: "100" })], MARCH).units)).toBe("9");
    expect(s(aggregateEvents(metric("latest_agg"), [ev("2024-03-05T00:00:00Z", { v: "-4" })], MARCH).units)).toBe("0");
  });
});

describe("unique_count_agg (§12.3)", () => {
  const uc = metric("unique_count_agg", { field_name: "id" });
  it("worked example: a remove,add,add = 1; b add,remove,remove = 0", () => {
    const r = aggregateEvents(uc, [
      ev("2024-03-01T00:00:00Z", { id: "a", operation_type: "remove" }), ev("2024-03-02T00:00:00Z", { id: "a" }),
      ev("2024-03-03T00:00:00Z", { id: "a" }), ev("2024-03-04T00:00:00Z", { id: "b" }),
      ev("2024-03-05T00:00:00Z", { id: "b", operation_type: "remove" }), ev("2024-03-06T00:00:00Z", { id: "b", operation_type: "remove" }),
    ], MARCH);
    expect([s(r.units), r.events_count]).toEqual(["1", 1]);
  });
  it("counts events lacking the property as one null value", () => {
    const r = aggregateEvents(uc, [ev("2024-03-01T00:00:00Z"), ev("2024-03-02T00:00:00Z"), ev("2024-03-02T00:00:00Z", { id: 1 })], MARCH);
    expect(s(r.units)).toBe("2");
  });
  it("non-recurring: an in-window remove of an item added before does nothing", () => {
    const events = [ev("2024-02-01T00:00:00Z", { id: "a" }), ev("2024-03-02T00:00:00Z", { id: "a", operation_type: "remove" })];
    expect(s(aggregateEvents(uc, events, MARCH).units)).toBe("0");
    expect(s(aggregateEvents({ ...uc, recurring: true }, [events[0]!], MARCH).units)).toBe("1");
  });
});

describe("weighted_sum_agg (§12.4)", () => {
  const ws = metric("weighted_sum_agg");
  const AUG = window("2023-08-01T00:00:00Z", "2023-08-31T23:59:59.999Z");
  const day = [["00:00", "2"], ["01:00", "3"], ["01:30", "1"], ["02:00", "-4"], ["04:00", "-2"], ["05:00", "10"], ["05:30", "-10"]] as const;
  const events = () => day.map(([t, v]) => ev(`2023-08-01T${t}:00Z`, { v }));
  it("worked example: 59 400 / 2 678 400, ceiled to 20 decimals", () => {
    const r = aggregateEvents(ws, events(), AUG);
    expect(s(r.units)).toBe("0.02217741935483870968");
    expect([r.events_count, s(r.total_aggregated_units)]).toEqual([7, "0"]);
  });
  it("recurring: the level carried from before the window weighs the whole window", () => {
    const r = aggregateEvents({ ...ws, recurring: true }, [ev("2023-07-15T00:00:00Z", { v: "1000" }), ...events()], AUG);
    // Each row divided as PostgreSQL does (16 significant digits at least), then summed: the
    // exact 1000 + 59 400 / 2 678 400 is 1000.022177419354838709677…; the rows give 1000.02217741935483866774.
    expect(s(r.units)).toBe("1000.02217741935483866774");
    expect([r.events_count, s(r.total_aggregated_units)]).toEqual([7, "1000"]);
  });
  it("divides by the full charges period, not a shortened window", () => {
    const r = aggregateEvents(ws, [ev("2023-08-01T00:00:00Z", { v: "31" })], window("2023-08-01T00:00:00Z", "2023-08-10T23:59:59.999Z", { charges_duration: 31 }));
    expect(s(r.units)).toBe("10");
  });
});
