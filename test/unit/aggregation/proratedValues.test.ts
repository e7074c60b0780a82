/**
 * The per-event arrays of a prorated sum (charges.md §10 with §13.1): `event_values`
 * (`full[i]`) and `event_prorated_values` (`pro[i]`), carried-in total first.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type UsageEvent, aggregateEvents, createAggregator } from "../../../src/aggregation/index.js";
import { type Decimal, dec, round, sum, toDecimalString } from "../../../src/core/decimal.js";
import type { Instant } from "../../../src/core/instant.js";
import { aggregate } from "../../../src/json/aggregate.js";
import { ev, metric, window } from "./_fixtures.js";

const psum = metric("sum_agg", { recurring: true });
const MAY = window("2023-05-01T00:00:00Z", "2023-05-31T23:59:59Z", { prorated: true, charges_duration: 31, event_values: true });
const strs = (list: readonly Decimal[] | undefined) => list?.map(toDecimalString);
const Q6 = "0.19354838709677419355"; // 6/31 at 20 decimals
/** value × k/31 with the quotient rounded half-up to 20 decimals, as a string. */
const times = (v: string, k: number) => toDecimalString(dec(v).times(round(dec(k).div(dec(31)), 20, "half_up")));

describe("prorated sum per-event values (§10, §13.1)", () => {
  it("worked example: carried 2 × 2.5 first, then the window's events with r_e = 6/31", () => {
    const r = aggregateEvents(psum, [
      ev("2023-05-26T00:00:00Z", { v: "12" }), ev("2023-03-01T00:00:00Z", { v: "2.5" }),
      ev("2023-05-26T00:00:00Z", { v: "12" }), ev("2023-03-01T00:00:00Z", { v: "2.5" }),
    ], MAY);
    expect(strs(r.event_values)).toEqual(["5", "12", "12"]);
    const pro = toDecimalString(dec(12).times(dec(Q6)));
    expect(strs(r.event_prorated_values)).toEqual(["5", pro, pro]);
    expect(toDecimalString(r.units)).toBe("9.64517");
  });

  it("orders window events by time, then ingestion order, whatever the input order", () => {
    const a = ev("2023-05-30T00:00:00Z", { v: "3" }); // 2 days → 2/31
    const b = ev("2023-05-02T00:00:00Z", { v: "1" }); // 30 days
    const c = ev("2023-05-30T00:00:00Z", { v: "4" }); // tie with a, later seq
    const r = aggregateEvents(psum, [c, a, b], MAY);
    expect(strs(r.event_values)).toEqual(["1", "3", "4"]);
    expect(strs(r.event_prorated_values)).toEqual([times("1", 30), times("3", 2), times("4", 2)]);
  });

  it("has no carried-in element when no event precedes the window", () => {
    const r = aggregateEvents(psum, [ev("2023-05-31T10:00:00Z", { v: "31" })], MAY);
    expect(strs(r.event_values)).toEqual(["31"]);
    expect(strs(r.event_prorated_values)).toEqual(["1.00000000000000000006"]); // 31 × 0.03225806451612903226
  });

  it("keeps a carried-in total of 0 as element 0 (events were carried in)", () => {
    const r = aggregateEvents(psum, [ev("2023-04-01T00:00:00Z", { v: "2" }), ev("2023-04-02T00:00:00Z", { v: "-2" })], MAY);
    expect([strs(r.event_values), strs(r.event_prorated_values)]).toEqual([["0"], ["0"]]);
  });

  it("prorates the carried-in total with the float r_p: 31 over 15 of 31 days → 15.0000000000000005", () => {
    const cut = window("2023-05-01T00:00:00Z", "2023-05-15T23:59:59Z", { prorated: true, charges_duration: 31, event_values: true });
    const r = aggregateEvents(psum, [ev("2023-04-01T00:00:00Z", { v: "31" })], cut);
    expect(strs(r.event_prorated_values)).toEqual(["15.0000000000000005"]);
    const upgraded = aggregateEvents(psum, [ev("2023-04-01T00:00:00Z", { v: "31" })], { ...MAY, upgraded: true });
    expect(strs(upgraded.event_prorated_values)).toEqual(["30.000000000000001"]); // 31 × 0.967741935483871
  });

  it("counts days in the customer's zone: 23:30 UTC on 30 May is 31 May in Paris (1 day)", () => {
    const paris = window("2023-04-30T22:00:00Z", "2023-05-31T21:59:59Z", { prorated: true, charges_duration: 31, timezone: "Europe/Paris", event_values: true });
    const r = aggregateEvents(psum, [ev("2023-05-30T23:30:00Z", { v: "31" })], paris);
    expect(strs(r.event_prorated_values)).toEqual([times("31", 1)]);
  });

  it("gives each group its own arrays; the total's arrays hold every group's events", () => {
    const r = aggregateEvents(psum, [
      ev("2023-04-01T00:00:00Z", { v: "10", k: "a" }), ev("2023-05-26T00:00:00Z", { v: "12", k: "b" }), ev("2023-05-30T00:00:00Z", { v: "1", k: "a" }),
    ], { ...MAY, grouped_by: ["k"] });
    expect(r.grouped_usage?.map((g) => [g.grouped_by["k"], strs(g.event_values)])).toEqual([["a", ["10", "1"]], ["b", ["12"]]]);
    expect(strs(r.event_values)).toEqual(["10", "12", "1"]);
  });

  it("is not computed unless asked for", () => {
    const r = aggregateEvents(psum, [ev("2023-05-26T00:00:00Z", { v: "12" })], { ...MAY, event_values: false });
    expect([r.event_values, r.event_prorated_values]).toEqual([undefined, undefined]);
  });

  it("JSON aggregate returns both arrays as decimal strings when prorated, neither ratio array otherwise", () => {
    const input = {
      billable_metric: { code: "m", aggregation_type: "sum_agg", recurring: true, field_name: "v" },
      events: [
        { transaction_id: "t1", code: "m", timestamp: "2023-04-01T00:00:00Z", properties: { v: "5" } },
        { transaction_id: "t2", code: "m", timestamp: "2023-05-26T00:00:00Z", properties: { v: "12" } },
      ],
      from_datetime: "2023-05-01T00:00:00Z", to_datetime: "2023-05-31T23:59:59Z", charges_duration: 31,
    };
    const prorated = aggregate({ ...input, prorated: true });
    expect([prorated.event_values, prorated.event_prorated_values]).toEqual([["5", "12"], ["5", "2.3225806451612903226"]]);
    const plain = aggregate(input);
    expect([plain.event_values, plain.event_prorated_values]).toEqual([["5", "12"], undefined]);
  });
});

describe("laws of the per-event arrays", () => {
  const FROM = Date.UTC(2023, 4, 1);
  const TO = Date.UTC(2023, 4, 31, 23, 59, 59);
  const value = fc.tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 0, max: 3 }))
    .map(([m, s]) => toDecimalString(dec(m).div(dec(10 ** s))));
  const events = fc.array(fc.record({ t: fc.integer({ min: FROM - 40 * 86_400_000, max: TO }), v: value }), { maxLength: 30 })
    .map((list) => list.map((e, i): UsageEvent => ({ transaction_id: `tx${i}`, code: "m", timestamp: e.t as Instant, seq: i, properties: { v: e.v } })));
  const win = fc.record({ days: fc.integer({ min: 1, max: 31 }), upgraded: fc.boolean() })
    .map(({ days, upgraded }) => ({ from: FROM as Instant, to: (FROM + days * 86_400_000 - 1000) as Instant, prorated: true, charges_duration: 31, upgraded, event_values: true }));

  it("Σ pro = the unceiled prorated sum (units = ceil(Σ pro, 5)); Σ full = full_units_number; same lengths", () => {
    fc.assert(fc.property(events, win, (list, w) => {
      const r = aggregateEvents(psum, list, w);
      const full = r.event_values ?? [];
      const pro = r.event_prorated_values ?? [];
      expect(pro.length).toBe(full.length);
      const carried = list.some((e) => e.timestamp < w.from);
      expect(full.length).toBe(list.filter((e) => e.timestamp >= w.from && e.timestamp <= w.to).length + (carried ? 1 : 0));
      expect(toDecimalString(round(sum(pro), 5, "ceil"))).toBe(toDecimalString(r.units));
      expect(toDecimalString(sum(full))).toBe(toDecimalString(r.full_units_number ?? dec(0)));
    }));
  });

  it("each window element is value × (days to the window's last date + 1)/31 at 20 decimals, in time order", () => {
    fc.assert(fc.property(events, win, (list, w) => {
      const r = aggregateEvents(psum, list, w);
      const inWindow = list.filter((e) => e.timestamp >= w.from && e.timestamp <= w.to)
        .sort((a, b) => a.timestamp - b.timestamp || (a.seq ?? 0) - (b.seq ?? 0));
      const offset = list.some((e) => e.timestamp < w.from) ? 1 : 0;
      const lastDay = Math.floor(w.to / 86_400_000);
      inWindow.forEach((e, i) => {
        const k = lastDay - Math.floor(e.timestamp / 86_400_000) + 1;
        expect(toDecimalString(r.event_values![i + offset]!)).toBe(e.properties["v"]);
        expect(toDecimalString(r.event_prorated_values![i + offset]!)).toBe(times(String(e.properties["v"]), k));
      });
    }));
  });

  it("merging partial aggregators gives the same arrays as one pass", () => {
    fc.assert(fc.property(events, win, fc.integer({ min: 0, max: 30 }), (list, w, cut) => {
      const one = createAggregator(psum, w);
      one.addAll(list);
      const left = createAggregator(psum, w);
      const right = createAggregator(psum, w);
      left.addAll(list.slice(0, cut));
      right.addAll(list.slice(cut));
      left.merge(right);
      const r1 = one.result();
      const r2 = left.result();
      expect([strs(r2.event_values), strs(r2.event_prorated_values)]).toEqual([strs(r1.event_values), strs(r1.event_prorated_values)]);
    }));
  });
});
