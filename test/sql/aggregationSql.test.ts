/**
 * The push-down statement without a database: golden texts for both dialects, the fuzzed
 * guarantee that input texts are only ever parameters, and the refusals.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateFromRows, aggregationSql, mergeRows } from "../../src/sql/index.js";
import { isValidationError } from "../../src/core/issue.js";
import pg from "pg";
import { type PgQueryable, aggregateInPostgres } from "../../src/sql/pg.js";
import { HOSTILE } from "./reference.js";

const TYPES = ["count_agg", "sum_agg", "max_agg", "latest_agg", "unique_count_agg", "weighted_sum_agg"] as const;

const inputOf = (type: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  billable_metric: { code: "storage", aggregation_type: type, ...(type === "count_agg" ? {} : { field_name: "gb" }), ...(["sum_agg", "unique_count_agg", "weighted_sum_agg"].includes(type) ? { recurring: true } : {}) },
  events: [],
  from_datetime: "2024-03-01T00:00:00Z",
  to_datetime: "2024-03-31T23:59:59Z",
  external_subscription_id: "sub_1",
  filters: { region: ["eu", "us"] },
  ignored_filters: [{ region: ["eu"], cloud: ["aws"] }, { cloud: [] }],
  grouped_by: ["cloud"],
  ...extra,
});

describe("aggregationSql: golden statements", () => {
  for (const dialect of ["postgres", "clickhouse"] as const) {
    for (const type of TYPES) {
      it(`${dialect} ${type}`, async () => {
        const q = aggregationSql(inputOf(type), { dialect });
        await expect(`${q.text}\n-- values: ${JSON.stringify(q.values)}\n`).toMatchFileSnapshot(`golden/${dialect}-${type}.sql`);
      });
    }
    it(`${dialect} sum without event values: no per-event rows`, async () => {
      const q = aggregationSql(inputOf("sum_agg", { grouped_by: [] }), { dialect, eventValues: false });
      expect(q.text).not.toContain("'e'");
      await expect(`${q.text}\n-- values: ${JSON.stringify(q.values)}\n`).toMatchFileSnapshot(`golden/${dialect}-sum-no-event-values.sql`);
    });
    for (const type of ["sum_agg", "unique_count_agg"]) {
      it(`${dialect} prorated ${type}: local days as boundaries computed in ratecard (Paris, across the DST change)`, async () => {
        const q = aggregationSql(inputOf(type, { prorated: true, timezone: "Europe/Paris", charges_duration: 31 }), { dialect });
        await expect(`${q.text}\n-- values: ${JSON.stringify(q.values)}\n`).toMatchFileSnapshot(`golden/${dialect}-prorated-${type}.sql`);
      });
    }
    it(`${dialect} plain count, no subscription, no filter, no group, another table`, async () => {
      const q = aggregationSql({ billable_metric: { code: "calls", aggregation_type: "count_agg" }, events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" }, { dialect, table: "billing.usage_events" });
      await expect(`${q.text}\n-- values: ${JSON.stringify(q.values)}\n`).toMatchFileSnapshot(`golden/${dialect}-count-plain.sql`);
    });
  }
});

describe("aggregationSql: input texts are data, never SQL", () => {
  const text = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ minLength: 1, maxLength: 12 }), fc.string({ unit: "binary", minLength: 1, maxLength: 12 }));
  const structure = fc.record({
    type: fc.constantFrom(...TYPES),
    code: text, field: text, sub: fc.option(text, { nil: undefined }),
    filters: fc.dictionary(text, fc.array(text, { maxLength: 3 }), { maxKeys: 3 }),
    ignored: fc.array(fc.dictionary(text, fc.array(text, { maxLength: 3 }), { maxKeys: 2 }), { maxLength: 2 }),
    grouped: fc.uniqueArray(text, { maxLength: 3 }),
  });
  /** The same input with every text renamed injectively to a plain name (so equal texts stay equal). */
  interface Shape { type: string; code: string; field: string; sub: string | undefined; filters: Record<string, string[]>; ignored: Record<string, string[]>[]; grouped: string[] }
  const rename = (s: Shape, f: (t: string) => string) => ({
    billable_metric: { code: f(s.code), aggregation_type: s.type, ...(s.type === "count_agg" ? {} : { field_name: f(s.field) }) },
    events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z",
    ...(s.sub === undefined ? {} : { external_subscription_id: f(s.sub) }),
    filters: Object.fromEntries(Object.entries(s.filters).map(([k, vs]) => [f(k), vs.map(f)])),
    ignored_filters: s.ignored.map((o) => Object.fromEntries(Object.entries(o).map(([k, vs]) => [f(k), vs.map(f)]))),
    grouped_by: s.grouped.map(f),
  });

  for (const dialect of ["postgres", "clickhouse"] as const) {
    it(`${dialect}: the text depends only on the input's shape; the texts are the parameters`, () => {
      fc.assert(fc.property(structure, (s) => {
        const names = new Map<string, string>();
        const plain = (t: string): string => {
          let n = names.get(t);
          if (n === undefined) names.set(t, (n = `n${names.size}`));
          return n;
        };
        const hostile = aggregationSql(rename(s, (t) => t), { dialect });
        const tame = aggregationSql(rename(s, plain), { dialect });
        expect(hostile.text).toBe(tame.text);
        const back = new Map([...names].map(([k, v]) => [v, k]));
        const unmap = (v: unknown): unknown => (typeof v === "string" ? back.get(v) ?? v : Array.isArray(v) ? v.map(unmap) : v);
        expect(hostile.values).toEqual(tame.values.map(unmap));
      }));
    });
  }

  it("quotes only a checked identifier for the table", () => {
    const i = inputOf("count_agg");
    for (const table of ["events; DROP TABLE x", 'a"b', "a.b.c", "", "1abc", "a-b"]) {
      expect(() => aggregationSql(i, { dialect: "postgres", table })).toThrow(RangeError);
    }
    expect(aggregationSql(i, { dialect: "postgres", table: "public.my_events" }).text).toContain('FROM "public"."my_events" AS e');
  });
});

describe("ratecard/pg", () => {
  it("takes a pg Client or Pool as they are typed (no connection is made here)", async () => {
    const clients: PgQueryable[] = [new pg.Client(), new pg.Pool()];
    expect(clients.length).toBe(2);
    await (clients[1] as pg.Pool).end();
    // A fake client: one query, the statement's text and values, the rows handed back.
    const seen: unknown[][] = [];
    const fake: PgQueryable = { query: async (text, values) => (seen.push([text, values]), { rows: [{ k: "s", g: [], n: "2", x: "3.50" }] }) };
    const i = inputOf("max_agg", { grouped_by: [] });
    expect((await aggregateInPostgres(fake, i, { table: "usage" })).units).toBe("3.5");
    expect(seen).toHaveLength(1);
    expect(String(seen[0]![0])).toContain('FROM "usage" AS e');
  });
});

describe("aggregationSql and aggregateFromRows: refusals", () => {
  const refused = (input: unknown): Record<string, string[]> => {
    try {
      aggregationSql(input, { dialect: "postgres" });
    } catch (e) {
      if (isValidationError(e)) return e.error_details as Record<string, string[]>;
      throw e;
    }
    throw new Error("accepted");
  };
  it("refuses events in the input, expressions in ClickHouse, a bad subscription, and what aggregate refuses", () => {
    expect(refused(inputOf("sum_agg", { events: [{ transaction_id: "t", code: "storage", timestamp: 1, properties: {} }] }))).toEqual({ events: ["not_allowed"] });
    // Proration is pushed down for what aggregate prorates (recurring sums and unique counts), refused elsewhere as aggregate refuses it.
    expect(aggregationSql(inputOf("sum_agg", { prorated: true, charges_duration: 31 }), { dialect: "postgres" }).text).toContain("width_bucket");
    expect(refused(inputOf("max_agg", { prorated: true }))).toEqual({ prorated: ["not_allowed"] });
    const withExpression = { ...inputOf("sum_agg"), billable_metric: { code: "c", aggregation_type: "sum_agg", field_name: "v", expression: "event.properties.v * 2" } };
    expect(() => aggregationSql(withExpression, { dialect: "clickhouse" })).toThrow(/expressions are pushed down to PostgreSQL only/);
    expect(aggregationSql(withExpression, { dialect: "postgres" }).values).toContain("property v is missing or not a value");
    expect(refused(inputOf("sum_agg", { external_subscription_id: 3 }))).toEqual({ external_subscription_id: ["invalid_value"] });
    expect(refused(inputOf("custom_agg"))).toHaveProperty(["billable_metric.aggregation_type"]);
    expect(refused(inputOf("count_agg", { from_datetime: "nope" }))).toEqual({ from_datetime: ["invalid_timestamp"] });
  });

  it("events may be left out", () => {
    const { events: _e, ...i } = inputOf("count_agg");
    expect(aggregationSql(i, { dialect: "postgres" }).values.length).toBeGreaterThan(0);
    expect(aggregateFromRows(i, []).units).toBe("0");
  });

  it("refuses rows the statement cannot have produced", () => {
    const i = inputOf("sum_agg");
    expect(() => aggregateFromRows(i, [{ k: "s", g: [null], n: "1", x: "1e3" }])).toThrow(TypeError);
    expect(() => aggregateFromRows(i, [{ k: "s", g: [], n: "1", x: "1" }])).toThrow(TypeError);
    expect(() => aggregateFromRows(i, [{ k: "zz" }])).toThrow(TypeError);
    const w = inputOf("weighted_sum_agg", { grouped_by: [] });
    expect(() => aggregateFromRows(w, [{ k: "i", g: [], t: new Date(Date.UTC(2024, 2, 2)), n: "1", x: "1.25", s: 1 }])).toThrow(TypeError);
  });

  it("no rows: aggregate's answer for no event (one all-null group, units 0)", () => {
    expect(aggregateFromRows(inputOf("weighted_sum_agg"), [])).toEqual({
      units: "0", events_count: 0, total_aggregated_units: "0", warnings: [],
      grouped_usage: [{ grouped_by: { cloud: null }, units: "0", events_count: 0, total_aggregated_units: "0" }],
    });
  });

  it("merges shard rows of ClickHouse's shape (mantissa and scale, timestamps as text)", () => {
    const i = inputOf("sum_agg", { grouped_by: [] });
    const a = [{ k: "s", g: [], n: "2", x: "150", e: 2 }, { k: "e", g: [], tx: "t1", sub: "sub_1", t: "2024-03-02 00:00:00.000", v: "1.00" }, { k: "e", g: [], tx: "t2", sub: "sub_1", t: "2024-03-02 00:00:00.000", v: "0.5" }];
    const b = [{ k: "s", g: [], n: "1", x: "3", e: 0 }, { k: "e", g: [], tx: "t0", sub: "sub_1", t: "2024-03-01 12:00:00.000", v: "3" }, { k: "d", tx: "t9" }];
    const out = aggregateFromRows(i, mergeRows(i, [a, b]));
    expect(out).toMatchObject({ units: "4.5", events_count: 3, event_values: ["3", "1", "0.5"], warnings: [{ transaction_id: "t9", reason: "duplicate_transaction_id" }] });
    expect(aggregateFromRows(i, [...b, ...a])).toEqual(out);
  });
});
