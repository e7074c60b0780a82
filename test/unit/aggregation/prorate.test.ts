import { describe, expect, it } from "vitest";
import { aggregateEvents, daysBetween, floatQuotient, pgQuotient, prorateEventUnits } from "../../../src/aggregation/index.js";
import { dec } from "../../../src/core/decimal.js";
import { toDecimalString } from "../../../src/core/decimal.js";
import { at, ev, metric, s, window } from "./_fixtures.js";

describe("day counting and quotients (§13.1)", () => {
  it("counts 1 May 00:00 → 31 May 23:59:59 as 31 days, and local midnight as one more second", () => {
    expect(daysBetween(at("2023-05-01T00:00:00Z"), at("2023-05-31T23:59:59Z"), "UTC")).toBe(31);
    expect(daysBetween(at("2023-05-01T00:00:00Z"), at("2023-05-31T00:00:00Z"), "UTC")).toBe(31);
    expect(daysBetween(at("2023-05-01T00:00:00Z"), at("2023-05-30T12:00:00Z"), "UTC")).toBe(30);
  });
  it("cancels a DST shift inside the interval (Paris, March 2024)", () => {
    expect(daysBetween(at("2024-02-29T23:00:00Z"), at("2024-03-31T21:59:59Z"), "Europe/Paris")).toBe(31);
  });
  it("writes float quotients as their shortest text, PostgreSQL quotients at 20 decimals", () => {
    expect(toDecimalString(floatQuotient(15, 31))).toBe("0.4838709677419355");
    expect(toDecimalString(floatQuotient(31, 31))).toBe("1");
    expect(toDecimalString(floatQuotient(1, 1e8))).toBe("0.00000001");
    expect(toDecimalString(pgQuotient(6, 31))).toBe("0.19354838709677419355");
  });
});

describe("prorated sum (§13.1)", () => {
  const psum = metric("sum_agg", { recurring: true });
  const MAY = window("2023-05-01T00:00:00Z", "2023-05-31T23:59:59Z", { prorated: true, charges_duration: 31 });
  it("worked example: 2 × 2.5 before May, 2 × 12 on May 26 → 9.64517, full 29", () => {
    const r = aggregateEvents(psum, [
      ev("2023-03-01T00:00:00Z", { v: "2.5" }), ev("2023-03-01T00:00:00Z", { v: "2.5" }),
      ev("2023-05-26T00:00:00Z", { v: "12" }), ev("2023-05-26T00:00:00Z", { v: "12" }),
    ], MAY);
    expect([s(r.units), s(r.full_units_number), r.events_count]).toEqual(["9.64517", "29", 4]);
  });
  it("keeps the 20-decimal quotient: 31 on May 26 → 6.00000000000000000005 → 6.00001", () => {
    expect(s(aggregateEvents(psum, [ev("2023-05-26T00:00:00Z", { v: "31" })], MAY).units)).toBe("6.00001");
  });
  it("keeps the float quotient: 31 persisted, 15 of 31 days → 15.00001", () => {
    const cut = window("2023-05-01T00:00:00Z", "2023-05-15T23:59:59Z", { prorated: true, charges_duration: 31 });
    expect(s(aggregateEvents(psum, [ev("2023-04-01T00:00:00Z", { v: "31" })], cut).units)).toBe("15.00001");
  });
  it("bills one day less after an upgrade (30/31 as a float is 0.967741935483871: 30.000000000000001 → 30.00001)", () => {
    const r = aggregateEvents(psum, [ev("2023-04-01T00:00:00Z", { v: "31" })], { ...MAY, upgraded: true });
    expect(s(r.units)).toBe("30.00001");
  });
});

describe("prorated unique count (§13.2), period 9 Jul – 8 Aug (31 days)", () => {
  const puc = metric("unique_count_agg", { recurring: true, field_name: "id" });
  const JUL = window("2022-07-09T00:00:00Z", "2022-08-08T23:59:59Z", { prorated: true, charges_duration: 31 });
  const units = (...events: ReturnType<typeof ev>[]) => s(aggregateEvents(puc, events, JUL).units);
  const add = (iso: string) => ev(iso, { id: "x" });
  const remove = (iso: string) => ev(iso, { id: "x", operation_type: "remove" });
  it.each([
    ["added before, kept", [add("2022-06-01T00:00:00Z")], "1"],
    ["added 19 Jul", [add("2022-07-19T00:00:00Z")], "0.67742"],
    ["added before, removed 24 Jul", [add("2022-06-01T00:00:00Z"), remove("2022-07-24T10:00:00Z")], "0.51613"],
    ["added 10 Jul, removed 7 Aug", [add("2022-07-10T00:00:00Z"), remove("2022-08-07T00:00:00Z")], "0.93549"],
    ["add/remove/add/remove on 9 Jul", [add("2022-07-09T01:00:00Z"), remove("2022-07-09T02:00:00Z"), add("2022-07-09T03:00:00Z"), remove("2022-07-09T04:00:00Z")], "0.03226"],
    ["added and removed before the period", [add("2022-06-01T00:00:00Z"), remove("2022-06-20T00:00:00Z")], "0"],
  ])("%s → %s", (_name, events, expected) => {
    expect(units(...events)).toBe(expected);
  });
  it("bills an item added and removed before the period for one day in a grouped aggregation (Lago quirk)", () => {
    const r = aggregateEvents(puc, [add("2022-06-01T00:00:00Z"), remove("2022-06-20T00:00:00Z")], { ...JUL, grouped_by: ["k"] });
    expect([s(r.units), s(r.grouped_usage?.[0]?.units)]).toEqual(["0", "0.03226"]);
  });
  it("reports the non-prorated count as full_units_number", () => {
    const r = aggregateEvents(puc, [add("2022-07-19T00:00:00Z")], JUL);
    expect(s(r.full_units_number)).toBe("1");
  });
});

describe("pay-in-advance proration of one event (§13.3)", () => {
  it("10 units on 30 May → 10 × 2/31 → 0.64517", () => {
    const r = prorateEventUnits(dec(10), { at: at("2023-05-30T10:00:00Z"), to: at("2023-05-31T23:59:59Z"), charges_duration: 31 });
    expect(s(r)).toBe("0.64517");
  });
});
