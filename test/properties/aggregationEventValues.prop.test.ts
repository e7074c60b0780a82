/**
 * The per-event values path (typed arrays, no sort for in-order input, text straight from
 * the fixed-point cells) against the former one: every kept value an object, a stable
 * sort by (timestamp, seq, transaction_id), then a Decimal per value.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AggregationWindow, type BillableMetric, type UsageEvent, aggregateEvents, createAggregator, dedupeEvents,
} from "../../src/aggregation/index.js";
import { timestampReader } from "../../src/aggregation/_timestamp.js";
import { hashPair } from "../../src/aggregation/_columns.js";
import { dec, toDecimalString } from "../../src/core/decimal.js";
import { cellText, cellToDecimal, newCell, readFixed } from "../../src/core/fixed.js";
import { type Instant, parseTimestamp } from "../../src/core/instant.js";
import { aggregate } from "../../src/json/aggregate.js";

const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 2, 1, 0, 0, 59);
const metric: BillableMetric = { code: "m", aggregation_type: "sum_agg", field_name: "v" };

const digits = (max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: max });
/** Plain decimal texts with leading/trailing zeros and negative zeros, short and long; some numbers. */
const value = fc.oneof(
  fc.tuple(fc.boolean(), digits(6), fc.option(digits(4), { nil: undefined })).map(([neg, a, b]) => `${neg ? "-" : ""}${a}${b === undefined ? "" : `.${b}`}`),
  fc.tuple(fc.boolean(), digits(30), digits(25)).map(([neg, a, b]) => `${neg ? "-" : ""}${a}.${b}`),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.constantFrom("-0", "0.000", "-0.0", "007.50", "1e3"),
);

/** Few distinct timestamps and seqs (ties), seq sometimes absent, transaction ids repeating. */
const event = fc.record({
  sec: fc.integer({ min: -3, max: 62 }), // some before / after the window
  seq: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  tx: fc.constantFrom("a", "b", "c", "d"),
  v: value,
  g: fc.constantFrom("x", "y", "z"),
});
const events = fc.array(event, { maxLength: 40 }).map((list) => list.map((e): UsageEvent => ({
  transaction_id: e.tx, code: "m", timestamp: (FROM + e.sec * 1000) as Instant, properties: { v: e.v, g: e.g },
  ...(e.seq === undefined ? {} : { seq: e.seq }),
})));
const inOrder = events.map((list) => [...list].sort((a, b) => a.timestamp - b.timestamp).map((e, i) => ({ ...e, seq: i })));
/** Out of order with seq = index (the JSON case): the packed-key sort. */
const indexed = events.map((list) => list.map((e, i) => ({ ...e, seq: i })));
const anyOrder = fc.oneof(events, inOrder, indexed);

/** The former path: selected events' values, stable-sorted, as decimal strings. */
function reference(list: readonly UsageEvent[], w: AggregationWindow): string[] {
  const kept = list.filter((e) => e.timestamp >= w.from && e.timestamp <= w.to && readFixed(e.properties["v"], newCell()));
  const key = (e: UsageEvent): [number, number, string] => [e.timestamp, e.seq ?? 0, e.transaction_id];
  return [...kept].sort((a, b) => {
    const [at, as, ax] = key(a), [bt, bs, bx] = key(b);
    return at - bt || as - bs || (ax < bx ? -1 : ax > bx ? 1 : 0);
  }).map((e) => {
    const c = newCell();
    readFixed(e.properties["v"], c);
    return toDecimalString(cellToDecimal(c));
  });
}

const W: AggregationWindow = { from: FROM as Instant, to: TO as Instant };
const strs = (xs: readonly { toString(): string }[] | undefined): string[] | undefined => xs?.map((x) => toDecimalString(dec(x.toString())));

describe("per-event values", () => {
  it("equal the stable sort of the kept values, as decimals and as texts, in or out of order", () => {
    fc.assert(fc.property(anyOrder, (list) => {
      const want = reference(list, W);
      expect(strs(aggregateEvents(metric, list, { ...W, event_values: true }).event_values)).toEqual(want);
      const text = aggregateEvents(metric, list, { ...W, event_values: "text" });
      expect(text.event_value_texts).toEqual(want);
      expect(text.event_values).toBeUndefined();
    }), { numRuns: 400 });
  });

  it("running totals are the cumulative sums of the same order", () => {
    fc.assert(fc.property(events, fc.integer({ min: 1, max: 50 }), (list, fe) => {
      const want = reference(list, W).slice(0, fe);
      let acc = dec(0);
      const totals = want.map((v) => toDecimalString((acc = acc.plus(v))));
      for (const ev of [true, "text"] as const) {
        expect(strs(aggregateEvents(metric, list, { ...W, free_units_per_events: fe, event_values: ev }).running_total)).toEqual(totals);
      }
    }), { numRuns: 200 });
  });

  it("merged partial aggregators give the stable sort of their concatenation", () => {
    fc.assert(fc.property(anyOrder, fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 40, maxLength: 40 }), (list, split) => {
      const parts: UsageEvent[][] = [[], [], []];
      list.forEach((e, i) => parts[split[i]!]!.push(e));
      const aggs = parts.map((p) => {
        const a = createAggregator(metric, { ...W, event_values: "text" });
        a.addAll(p);
        return a;
      });
      aggs[0]!.merge(aggs[1]!);
      aggs[0]!.merge(aggs[2]!);
      expect(aggs[0]!.result().event_value_texts).toEqual(reference(parts.flat(), W));
    }), { numRuns: 300 });
  });

  it("groups: each group's values, and the total in group order then stable-sorted", () => {
    fc.assert(fc.property(anyOrder, (list) => {
      const r = aggregateEvents(metric, list, { ...W, grouped_by: ["g"], event_values: "text" });
      const groups = [...new Set(list.map((e) => e.properties["g"] as string))].sort();
      for (const gr of r.grouped_usage ?? []) {
        const g = gr.grouped_by["g"];
        if (g === null) continue;
        expect(gr.event_value_texts).toEqual(reference(list.filter((e) => e.properties["g"] === g), W));
      }
      expect(r.event_value_texts).toEqual(reference(groups.flatMap((g) => list.filter((e) => e.properties["g"] === g)), W));
    }), { numRuns: 300 });
  });

  it("the JSON entry point returns the same values (ISO timestamps, duplicates dropped)", () => {
    fc.assert(fc.property(events, (list) => {
      const iso = (t: number) => new Date(t).toISOString().replace(".000Z", "Z");
      const raw = list.map((e) => ({ transaction_id: e.transaction_id, code: "m", timestamp: iso(e.timestamp), properties: e.properties }));
      const out = aggregate({ billable_metric: metric, events: raw, from_datetime: iso(FROM), to_datetime: iso(TO) });
      const unique = dedupeEvents(list.map((e, i) => ({ ...e, seq: i })));
      expect(out.event_values).toEqual(reference(unique.events, W));
    }), { numRuns: 200 });
  });
});

describe("helpers of the fast path", () => {
  it("cellText is the decimal's text", () => {
    fc.assert(fc.property(value, (v) => {
      const c = newCell();
      if (readFixed(v, c)) expect(cellText(c)).toBe(toDecimalString(cellToDecimal(c)));
    }), { numRuns: 2000 });
  });

  it("the timestamp reader equals parseTimestamp on ISO texts, valid or not, one after another", () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
    const iso = fc.tuple(fc.integer({ min: 0, max: 9999 }), two, two, two, two, two, fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }), fc.constantFrom("Z", "z", "+01:00", ""))
      .map(([y, mo, d, h, mi, s, ms, z]) => `${String(y).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}${ms === undefined ? "" : `.${String(ms).padStart(3, "0")}`}${z}`);
    const valid = fc.integer({ min: -62e12, max: 253e12 }).map((t) => new Date(t).toISOString());
    const text = fc.oneof(iso, valid, valid.map((s) => s.replace(".000Z", "Z")), fc.string());
    // Texts sharing the year and month (the reader's cache), or the date and hour, of the one
    // before, with any tail: a day (valid in that month or not), a time, or anything.
    const time = fc.tuple(two, two, fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }), fc.constantFrom("Z", "z", ""))
      .map(([mi, s, ms, z]) => `${mi}:${s}${ms === undefined ? "" : `.${String(ms).padStart(3, "0")}`}${z}`);
    const tails = fc.oneof(fc.string({ maxLength: 10 }), time);
    const dayTails = fc.oneof(fc.string({ maxLength: 17 }), fc.tuple(fc.constantFrom("-", "/"), two, fc.constantFrom("T", " "), two, fc.constantFrom(":", "-"), time)
      .map((parts) => parts.join("")));
    const sameMonth = fc.array(fc.tuple(text, tails, dayTails, fc.constantFrom(0, 7, 14)), { maxLength: 30 })
      .map((xs) => xs.map(([s, tailText, dayText, keep], i) =>
        (i === 0 || keep === 0 ? s : keep === 14 ? `${xs[i - 1]![0].slice(0, 14)}${tailText}` : `${xs[i - 1]![0].slice(0, 7)}${dayText}`)));
    fc.assert(fc.property(sameMonth, (list) => {
      const read = timestampReader();
      for (const s of list) expect(read(s)).toBe(parseTimestamp(s));
    }), { numRuns: 2000 });
  });

  it("the timestamp reader refuses what parseTimestamp refuses: a text of the cached month with one character replaced", () => {
    const valid = fc.integer({ min: 0, max: 4102444800000 }).map((t) => new Date(t).toISOString());
    const form = fc.tuple(valid, fc.boolean()).map(([s, ms]) => (ms ? s : s.replace(/\.\d{3}Z$/, "Z")));
    fc.assert(fc.property(form, fc.nat(23), fc.oneof(fc.integer({ min: 32, max: 127 }), fc.integer({ min: 0, max: 0xffff })), (s, at, code) => {
      const i = at % s.length;
      const changed = `${s.slice(0, i)}${String.fromCharCode(code)}${s.slice(i + 1)}`;
      const read = timestampReader();
      expect(read(s)).toBe(parseTimestamp(s));
      expect(read(changed)).toBe(parseTimestamp(changed));
    }), { numRuns: 5000 });
  });

  it("the timestamp reader's empty cache matches no text: NULs for the year and month and a valid tail are refused", () => {
    for (const text of [`${"\u0000".repeat(14)}00:00Z`, `${"\u0000".repeat(4)}-${"\u0000".repeat(2)}-01T00:00:00Z`]) {
      expect(parseTimestamp(text)).toBeUndefined();
      expect(timestampReader()(text)).toBeUndefined();
    }
  });

  it("dedupeEvents keeps the first of each (subscription, transaction id), in order", () => {
    const ev = fc.record({ tx: fc.constantFrom("a", "b", "c", "ab"), sub: fc.option(fc.constantFrom("", "s1", "s2"), { nil: undefined }) });
    fc.assert(fc.property(fc.array(ev, { maxLength: 30 }), (list) => {
      const es = list.map((e, i): UsageEvent => ({ transaction_id: e.tx, code: "m", timestamp: 0 as Instant, properties: {}, seq: i,
        ...(e.sub === undefined ? {} : { external_subscription_id: e.sub }) }));
      const seen = new Set<string>();
      const kept = es.filter((e) => {
        const k = `${e.external_subscription_id ?? ""}\u0000${e.transaction_id}`;
        return seen.has(k) ? false : (seen.add(k), true);
      });
      const r = dedupeEvents(es);
      expect(r.events).toEqual(kept);
      expect(r.warnings.length).toBe(es.length - kept.length);
      expect(dedupeEvents(es, es.map((e) => hashPair(e.external_subscription_id ?? "", e.transaction_id)))).toEqual(r);
    }), { numRuns: 500 });
  });
});
