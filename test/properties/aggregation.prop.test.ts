import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AggregationResult, type AggregationType, type AggregationWindow, type BillableMetric, type UsageEvent,
  aggregateBatch, aggregateEvents, buildEventBatch, createAggregator,
} from "../../src/aggregation/index.js";
import { toDecimalString } from "../../src/core/decimal.js";
import type { Instant } from "../../src/core/instant.js";
import { referenceAggregate } from "../reference/aggregation.js";

const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 31, 23, 59, 59);
const DAYS = 31;

/** A decimal text from (bigint, scale): never from a float. */
const decimalText = (maxDigits: number, maxScale: number) =>
  fc.tuple(fc.bigInt({ min: -(10n ** BigInt(maxDigits)), max: 10n ** BigInt(maxDigits) }), fc.integer({ min: 0, max: maxScale }))
    .map(([v, s]) => {
      const neg = v < 0n;
      let d = (neg ? -v : v).toString().padStart(s + 1, "0");
      if (s > 0) d = `${d.slice(0, -s)}.${d.slice(-s)}`;
      return (neg ? "-" : "") + d;
    });

const value = fc.oneof(
  { weight: 6, arbitrary: decimalText(6, 2) },
  { weight: 2, arbitrary: decimalText(40, 30) }, // huge and many-decimal
  { weight: 1, arbitrary: fc.constantFrom("abc", "1e3", "+5", ".5", "") },
  { weight: 1, arbitrary: fc.integer({ min: -1e6, max: 1e6 }) },
);

const eventArb = fc.record({
  code: fc.constantFrom("m", "m", "m", "other"),
  t: fc.integer({ min: FROM - 5 * 86_400_000, max: TO + 86_400_000 }).map((t) => Math.floor(t / 60_000) * 60_000),
  value: fc.option(value, { nil: undefined }),
  region: fc.option(fc.constantFrom("eu", "us", ""), { nil: undefined }),
  cloud: fc.option(fc.constantFrom("aws", "gcp"), { nil: undefined }),
  item: fc.constantFrom("a", "b", "c", "d"),
  remove: fc.boolean(),
});

const eventsArb = fc.array(eventArb, { maxLength: 40 }).map((list) =>
  list.map((e, i): UsageEvent => ({
    transaction_id: `tx${i}`,
    code: e.code,
    timestamp: e.t as Instant,
    seq: i,
    properties: {
      ...(e.value === undefined ? {} : { value: e.value }),
      ...(e.region === undefined ? {} : { region: e.region }),
      ...(e.cloud === undefined ? {} : { cloud: e.cloud }),
      item: e.item,
      ...(e.remove ? { operation_type: "remove" } : {}),
    },
  })));

const TYPES: AggregationType[] = ["count_agg", "sum_agg", "max_agg", "latest_agg", "unique_count_agg", "weighted_sum_agg"];
const metricArb = fc.record({
  type: fc.constantFrom(...TYPES),
  recurring: fc.boolean(),
}).map(({ type, recurring }): BillableMetric => ({
  code: "m",
  aggregation_type: type,
  field_name: type === "unique_count_agg" ? "item" : "value",
  recurring: recurring && (type === "sum_agg" || type === "unique_count_agg" || type === "weighted_sum_agg"),
}));

const windowArb = fc.record({
  filtered: fc.boolean(),
  ignored: fc.boolean(),
  grouped: fc.constantFrom(0, 1, 2),
}).map(({ filtered, ignored, grouped }): AggregationWindow => ({
  from: FROM as Instant,
  to: TO as Instant,
  ...(filtered ? { filters: { region: ["eu", "us"] } } : {}),
  ...(ignored ? { ignored_filters: [{ cloud: ["gcp"] }] } : {}),
  ...(grouped > 0 ? { grouped_by: ["region", "cloud"].slice(0, grouped) } : {}),
}));

/** A result as plain comparable JSON. */
const plain = (r: AggregationResult): unknown => JSON.parse(JSON.stringify(r, (_k, v: unknown) =>
  v !== null && typeof v === "object" && "c" in v && "e" in v ? toDecimalString(v as never) : v));

describe("aggregation properties", () => {
  it("does not depend on event order", () => {
    fc.assert(fc.property(metricArb, windowArb, eventsArb, fc.infiniteStream(fc.nat()), (m, w, events, seeds) => {
      const shuffled = events.map((e) => ({ e, k: seeds.next().value })).sort((a, b) => a.k - b.k).map((x) => x.e);
      expect(plain(aggregateEvents(m, shuffled, w))).toEqual(plain(aggregateEvents(m, events, w)));
    }));
  });

  it("merging the partial states of any split equals one pass, for every type", () => {
    fc.assert(fc.property(metricArb, windowArb, eventsArb, fc.array(fc.nat(3)), (m, w, events, parts) => {
      const aggs = [0, 1, 2, 3].map(() => createAggregator(m, w));
      events.forEach((e, i) => aggs[parts[i] ?? 0]!.add(e));
      const [first, ...rest] = aggs;
      for (const a of rest) first!.merge(a);
      expect(plain(first!.result())).toEqual(plain(aggregateEvents(m, events, w)));
    }));
  });

  it("addAll's fused loops (typed-array partial sums, value codes, group ids) equal adding events one at a time", () => {
    const big = fc.constantFrom("4503599627370495", "-4503599627370495", "999999999999999.9", "4503599627370496", 2 ** 53 - 1, -(2 ** 52) - 1,
      // 17 to 24 digits: the fused sum reads them as two limbs (up to 23 digits)
      "0.30000000000000004", "-422.58121345371234", "99999999999999999999999", "-0.0000000000000000000001", "123456789012345678901234", 1 / 3, -(0.1 + 0.2));
    const raw = fc.oneof(value, big, fc.constantFrom(0.1, -2.5, 1e-7, 1e21, "-0", "007", "5.", null, true));
    const key = fc.constantFrom<unknown>("eu", "us", "", 1, "1", null, undefined, { a: 1 }, "x".repeat(200));
    const events = fc.array(fc.record({ code: fc.constantFrom("m", "m", "other"), t: fc.integer({ min: FROM - 3 * 86_400_000, max: TO + 86_400_000 }),
      v: raw, region: key, cloud: key, tier: key, remove: fc.boolean() }), { maxLength: 60 })
      .map((list) => list.map((e, i): UsageEvent => ({
        transaction_id: `t${i}`, code: e.code, timestamp: e.t as Instant, seq: i,
        properties: { value: e.v, item: e.v, region: e.region, cloud: e.cloud, tier: e.tier, ...(e.remove ? { operation_type: "remove" } : {}) },
      })));
    const win = fc.record({ filtered: fc.boolean(), ignored: fc.boolean(), keys: fc.integer({ min: 0, max: 3 }) })
      .map(({ filtered, ignored, keys }): AggregationWindow => ({
        from: FROM as Instant, to: TO as Instant,
        ...(filtered ? { filters: { region: ["eu", "1", ""] } } : {}),
        ...(ignored ? { ignored_filters: [{ cloud: ["us", ""] }, { tier: ["1"] }] } : {}),
        ...(keys > 0 ? { grouped_by: ["region", "cloud", "tier"].slice(0, keys) } : {}),
      }));
    fc.assert(fc.property(metricArb, win, events, fc.integer({ min: 1, max: 4 }), (m, w, list, copies) => {
      const many = Array.from({ length: copies }, () => list).flat(); // repeats: partial sums fill up and flush
      const one = createAggregator(m, w);
      for (const e of many) one.add(e);
      expect(plain(aggregateEvents(m, many, w))).toEqual(plain(one.result()));
    }), { numRuns: 300 });
  });

  it("agrees with the big.js reference written from the semantics (incl. huge and many-decimal values)", () => {
    fc.assert(fc.property(metricArb, eventsArb, (m, events) => {
      const r = aggregateEvents(m, events, { from: FROM as Instant, to: TO as Instant });
      const ref = referenceAggregate(m, events, FROM, TO, DAYS);
      expect(toDecimalString(r.units)).toBe(ref.units);
      expect(r.events_count).toBe(ref.events_count);
    }));
  });

  it("unique_count ≤ count, and max ≥ every selected value", () => {
    fc.assert(fc.property(eventsArb, (events) => {
      const w = { from: FROM as Instant, to: TO as Instant };
      const uc = aggregateEvents({ code: "m", aggregation_type: "unique_count_agg", field_name: "item" }, events, w);
      const count = aggregateEvents({ code: "m", aggregation_type: "count_agg" }, events, w);
      expect(uc.units.lte(count.units)).toBe(true);
      const max = aggregateEvents({ code: "m", aggregation_type: "max_agg", field_name: "value" }, events, w);
      const sum = aggregateEvents({ code: "m", aggregation_type: "sum_agg", field_name: "value", recurring: false }, events, { ...w, event_values: true });
      for (const v of sum.event_values ?? []) expect(max.units.gte(v)).toBe(true);
    }));
  });

  it("a filter and its ignored complement partition the events", () => {
    fc.assert(fc.property(metricArb, eventsArb, (m, events) => {
      if (m.aggregation_type !== "count_agg" && m.aggregation_type !== "sum_agg") return;
      const w = { from: FROM as Instant, to: TO as Instant };
      const all = aggregateEvents(m, events, w);
      const eu = aggregateEvents(m, events, { ...w, filters: { region: ["eu"] } });
      const rest = aggregateEvents(m, events, { ...w, ignored_filters: [{ region: ["eu"] }] });
      expect(toDecimalString(eu.units.plus(rest.units))).toBe(toDecimalString(all.units));
      expect(Number(eu.events_count) + Number(rest.events_count)).toBe(all.events_count);
    }));
  });

  it("the columnar batch gives the object path's results", () => {
    fc.assert(fc.property(metricArb, windowArb, eventsArb, (m, w, events) => {
      const batch = buildEventBatch(m, events, ["region", "cloud"]);
      expect(plain(aggregateBatch(batch, w))).toEqual(plain(aggregateEvents(m, events, w)));
    }));
  });

  it("the columnar batch's fused scan (every value usable; filters, groups) gives the object path's results", () => {
    const valid = eventsArb.map((list) => list.map((e) => ({ ...e, properties: { ...e.properties, value: String(e.seq ?? 0) + ".5" } })));
    fc.assert(fc.property(metricArb, windowArb, valid, fc.boolean(), (m, win, events, late) => {
      const w = { ...win, to: (late ? TO + 86_400_000 : TO) as Instant };
      const batch = buildEventBatch(m, events, ["region", "cloud"]);
      expect(batch.issues.size).toBe(0);
      expect(plain(aggregateBatch(batch, w))).toEqual(plain(aggregateEvents(m, events, w)));
    }));
  });

  it("partial sums that leave the exact float range flush exactly (object and columnar scans, filters, groups)", () => {
    const near = fc.constantFrom("4503599627370495", "-4503599627370495", "3000000000000000", "1", "-2");
    const list = fc.array(fc.record({ v: near, region: fc.constantFrom("eu", "us"), cloud: fc.constantFrom("aws", "gcp"), t: fc.integer({ min: FROM, max: TO }) }), { maxLength: 40 })
      .map((l) => l.map((e, i): UsageEvent => ({
        transaction_id: `t${i}`, code: "m", timestamp: e.t as Instant, seq: i, properties: { value: e.v, region: e.region, cloud: e.cloud },
      })));
    const m: BillableMetric = { code: "m", aggregation_type: "sum_agg", field_name: "value" };
    fc.assert(fc.property(list, windowArb, (events, w) => {
      const batch = buildEventBatch(m, events, ["region", "cloud"]);
      const r = aggregateEvents(m, events, w);
      expect(plain(aggregateBatch(batch, w))).toEqual(plain(r));
      const kept = events.filter((e) => w.filters === undefined || w.filters["region"]!.includes(e.properties["region"] as string))
        .filter((e) => w.ignored_filters === undefined || e.properties["cloud"] !== "gcp");
      expect(toDecimalString(r.units)).toBe(kept.reduce((a, e) => a.plus(e.properties["value"] as string), new Big(0)).toFixed());
    }));
  });

  it("the columnar unique count packs (timestamp, add) only when exact, and agrees either way", () => {
    const uc: BillableMetric = { code: "m", aggregation_type: "unique_count_agg", field_name: "item" };
    // Few instants, so that one value often has an add and a remove at the same timestamp.
    const t = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(FROM, FROM + 1, TO, FROM - 1) }, { weight: 1, arbitrary: fc.integer({ min: FROM - 1000, max: TO }) });
    const list = fc.tuple(fc.array(fc.record({ t, item: fc.constantFrom("a", "b"), remove: fc.boolean(), code: fc.constantFrom("m", "m", "x") }), { maxLength: 30 }),
      fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.double({ min: 0.001, max: 0.999, noNaN: true }) }))
      .map(([l, fraction]) => l.map((e, i): UsageEvent => ({ // a fraction: one timestamp that is not an integer
        transaction_id: `t${i}`, code: e.code, timestamp: (i === 0 && fraction !== undefined ? e.t + fraction : e.t) as Instant, seq: i,
        properties: { item: e.item, ...(e.remove ? { operation_type: "remove" } : {}) },
      })));
    fc.assert(fc.property(list, fc.boolean(), (events, recurring) => {
      const m = { ...uc, recurring };
      const w = { from: FROM as Instant, to: TO as Instant };
      const batch = buildEventBatch(m, events);
      expect(batch.integerTimestamps).toBe(events.every((e) => Number.isInteger(e.timestamp)));
      const expected = plain(aggregateEvents(m, events, w));
      expect(plain(aggregateBatch(batch, w))).toEqual(expected);
      expect(plain(aggregateBatch({ ...batch, integerTimestamps: false }, w))).toEqual(expected);
    }), { numRuns: 300 });
  });

  it("the columnar batch matches for prorated metrics and running totals too", () => {
    const m = fc.constantFrom<BillableMetric>(
      { code: "m", aggregation_type: "sum_agg", field_name: "value", recurring: true },
      { code: "m", aggregation_type: "unique_count_agg", field_name: "item", recurring: true },
    );
    fc.assert(fc.property(m, windowArb, eventsArb, fc.boolean(), (metric, w, events, prorated) => {
      const win = { ...w, prorated, charges_duration: 31, free_units_per_events: prorated ? undefined : 2 };
      const batch = buildEventBatch(metric, events, ["region", "cloud"]);
      expect(plain(aggregateBatch(batch, win))).toEqual(plain(aggregateEvents(metric, events, win)));
    }));
  });
});
