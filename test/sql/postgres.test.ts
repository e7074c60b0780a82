/**
 * Push-down against a real PostgreSQL (started by .ci/run): on random events, metrics,
 * filters, groups and windows, `aggregateFromRows` of the statement's rows equals the
 * in-memory `aggregate` (reference.ts), and so do the merged rows of two shards.
 */
import fc from "fast-check";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregateFromRows, aggregationSql, mergeRows, type AggregationRow } from "../../src/sql/index.js";
import { aggregateInPostgres } from "../../src/sql/pg.js";
import { IN_CI, PG_TARGET, SKIP_MESSAGE, type StoredEvent, freshSchema, load, pgClient } from "./pgHarness.js";
import { HOSTILE, type Input, dimension, inMemory, instant, smallDecimal, value } from "./reference.js";

const TYPES = ["count_agg", "sum_agg", "max_agg", "latest_agg", "unique_count_agg", "weighted_sum_agg"] as const;
const CARRY = new Set(["sum_agg", "unique_count_agg", "weighted_sum_agg"]);
const KEYS = ["r", "z", "o'k"];
const SUBS = ["s1", "s2", "s'3"];
const CODES = ["m", "m'", "other"];
const TXS = ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "T9", "t10", ...HOSTILE.filter((h) => /^[\x20-\x7e]*$/.test(h))];

const eventOf = (timestamp: fc.Arbitrary<number>, v: fc.Arbitrary<unknown>) => fc.record({
  external_subscription_id: fc.constantFrom(...SUBS),
  transaction_id: fc.constantFrom(...TXS),
  code: fc.constantFrom("m", "m", "m", "m'", "other"),
  timestamp,
  v: fc.option(v, { nil: undefined, freq: 8 }),
  dims: fc.array(fc.tuple(fc.constantFrom(...KEYS), dimension), { maxLength: 3 }),
  remove: fc.option(fc.boolean(), { nil: undefined }),
  precise: fc.option(smallDecimal, { nil: undefined, freq: 12 }),
});
// Half of the events on three instants: ties on the timestamp are frequent.
const events = eventsOf(eventOf(fc.oneof(instant, fc.constantFrom(Date.UTC(2024, 2, 5), Date.UTC(2024, 2, 9, 12), Date.UTC(2024, 2, 20))), value));
/** Ties everywhere: two instants, three values. */
const tiedEvents = eventsOf(eventOf(fc.constantFrom(Date.UTC(2024, 2, 5), Date.UTC(2024, 2, 9)), fc.constantFrom("1", "2", "3")));
function eventsOf(event: ReturnType<typeof eventOf>): fc.Arbitrary<StoredEvent[]> {
  return fc.array(event, { minLength: 1, maxLength: 80, size: "max" }).map((list) =>
  list.map((e, i): StoredEvent => {
    const properties: Record<string, unknown> = Object.fromEntries(e.dims);
    if (e.v !== undefined) properties["v"] = e.v;
    if (e.remove !== undefined) properties["operation_type"] = e.remove ? "remove" : "add";
    return {
      id: i + 1, external_subscription_id: e.external_subscription_id, transaction_id: e.transaction_id, code: e.code, timestamp: e.timestamp, properties,
      ...(e.precise === undefined ? {} : { precise_total_amount_cents: e.precise }),
    };
  }));
}

/** `arb` one time in `n`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const filterValues = fc.dictionary(fc.constantFrom(...KEYS), fc.array(dimension, { maxLength: 3 }), { maxKeys: 2 });
const input = fc.record({
  type: fc.constantFrom(...TYPES),
  code: fc.constantFrom("m", "m", "m", "m'"),
  recurring: fc.boolean(),
  window: fc.oneof(fc.constant([Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 31, 23, 59, 59)]), fc.tuple(instant, instant).map(([a, b]) => (a <= b ? [a, b] : [b, a]))),
  sub: sometimes(fc.constantFrom(...SUBS), 2),
  filters: sometimes(filterValues, 4),
  ignored: sometimes(fc.array(filterValues, { maxLength: 3 }), 4),
  grouped: sometimes(fc.subarray(KEYS, { minLength: 1 }), 2),
  rounding: sometimes(fc.tuple(fc.constantFrom("round", "ceil", "floor"), fc.integer({ min: -1, max: 3 })), 4),
  fe: sometimes(fc.integer({ min: 1, max: 4 }), 4),
  duration: sometimes(fc.integer({ min: 1, max: 40 }), 2),
}).map((x): Input => {
  const recurring = x.recurring && CARRY.has(x.type);
  return {
    billable_metric: {
      code: x.code, aggregation_type: x.type, ...(x.type === "count_agg" ? {} : { field_name: "v" }), recurring,
      ...(x.rounding === undefined ? {} : { rounding_function: x.rounding[0], rounding_precision: x.rounding[1] }),
    },
    events: [],
    from_datetime: new Date(x.window[0]!).toISOString(),
    to_datetime: new Date(x.window[1]!).toISOString(),
    ...(x.sub === undefined ? {} : { external_subscription_id: x.sub }),
    ...(x.filters === undefined ? {} : { filters: x.filters }),
    ...(x.ignored === undefined ? {} : { ignored_filters: x.ignored }),
    ...(x.grouped === undefined ? {} : { grouped_by: x.grouped }),
    ...(x.fe === undefined || !(x.type === "sum_agg" || x.type === "count_agg") ? {} : { options: { free_units_per_events: x.fe } }),
    ...(x.duration === undefined || x.type !== "weighted_sum_agg" ? {} : { charges_duration: x.duration }),
  };
});

/** Random expressions over the events' properties (v a number, r and z texts, w missing), literals and every operator. */
const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("event.properties.v", "event.properties.v", "event.properties.r", "event.properties.w", "event.timestamp", "event.code"),
    // Quotients that do not terminate: 40 decimals, the last one rounded half away from zero.
    fc.constantFrom("(event.properties.v / 3)", "(event.properties.v / -7)", "(2 / event.properties.v)"),
    smallDecimal.filter((d) => !d.startsWith("-")),
    fc.constantFrom("'7'", "'1.50'", "\"x\"", "'abc'", "0"),
    tie("e").map((a) => `-${a}`),
    fc.tuple(tie("e"), fc.constantFrom("+", "-", "*", "/"), tie("e")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie("e"), fc.option(fc.constantFrom("0", "2", "-1", "1.5", "'2'", "event.properties.r"), { nil: undefined })).map(([a, p]) => (p === undefined ? `round(${a})` : `round(${a}, ${p})`)),
    tie("e").map((a) => `ceil(${a})`),
    tie("e").map((a) => `floor(${a})`),
    fc.array(tie("e"), { minLength: 1, maxLength: 3 }).map((as) => `concat(${as.join(", ")})`),
  ),
})).e;

const run = async (client: pg.Client, i: Input, table = "events"): Promise<AggregationRow[]> => {
  const q = aggregationSql(i, { dialect: "postgres", table });
  return (await client.query(q.text, [...q.values])).rows as AggregationRow[];
};

if (PG_TARGET === undefined) {
  describe("push-down against PostgreSQL", () => {
    if (IN_CI) it("needs PostgreSQL under CI", () => expect.fail(`CI=1 but ${SKIP_MESSAGE}`));
    else {
      console.warn(SKIP_MESSAGE);
      it.skip(SKIP_MESSAGE, () => {});
    }
  });
} else {
  describe("push-down against PostgreSQL", () => {
    let client: pg.Client;
    const schema = `ratecard_sql_test_${process.pid}`;
    beforeAll(async () => {
      client = pgClient();
      await client.connect();
      await freshSchema(client, schema);
      await client.query(`CREATE TABLE shard_a (LIKE events INCLUDING ALL); CREATE TABLE shard_b (LIKE events INCLUDING ALL)`);
    });
    afterAll(async () => {
      if (client === undefined) return;
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });

    it("equals the in-memory aggregate on random events, metrics, filters, groups and windows", async () => {
      await fc.assert(fc.asyncProperty(events, input, async (evs, i) => {
        await load(client, "events", evs);
        const rows = await run(client, i);
        expect(aggregateFromRows(i, rows)).toEqual(inMemory(i, evs));
      }));
    }, 600_000);

    it("equals it when ties on the timestamp abound (latest, unique count, event values)", async () => {
      await fc.assert(fc.asyncProperty(tiedEvents, input, async (evs, i) => {
        await load(client, "events", evs);
        expect(aggregateFromRows(i, await run(client, i))).toEqual(inMemory(i, evs));
      }));
    }, 600_000);

    it("without event values (eventValues: false): the same but event_values, and no per-event rows unless running totals need them", async () => {
      await fc.assert(fc.asyncProperty(events, input, async (evs, i) => {
        await load(client, "events", evs);
        const q = aggregationSql(i, { dialect: "postgres", eventValues: false });
        const rows = (await client.query(q.text, [...q.values])).rows as AggregationRow[];
        const { event_values: _, grouped_usage, ...expected } = inMemory(i, evs);
        const want = grouped_usage === undefined ? expected : { ...expected, grouped_usage: grouped_usage.map(({ event_values: _g, ...g }) => g) };
        expect(aggregateFromRows(i, rows, { eventValues: false })).toEqual(want);
        if (i["options"] === undefined) expect(rows.filter((r) => r.k === "e")).toEqual([]);
      }), { numRuns: 50 });
    }, 600_000);

    it("expressions: values, errors (with the evaluator's message) and warnings as aggregate's", async () => {
      await fc.assert(fc.asyncProperty(events, input, expression, async (evs, i, x) => {
        if (i.billable_metric.aggregation_type === "count_agg") return;
        const withX: Input = { ...i, billable_metric: { ...i.billable_metric, expression: x } };
        await load(client, "events", evs);
        expect(aggregateFromRows(withX, await run(client, withX))).toEqual(inMemory(withX, evs));
      }), { numRuns: 150 });
    }, 600_000);

    it("shards split by subscription, their rows merged, equal one pass", async () => {
      await fc.assert(fc.asyncProperty(events, input, async (evs, i) => {
        const onA = (e: StoredEvent): boolean => e.external_subscription_id !== "s2";
        await load(client, "shard_a", evs.filter(onA));
        await load(client, "shard_b", evs.filter((e) => !onA(e)));
        const shards = [await run(client, i, "shard_a"), await run(client, i, "shard_b")];
        const expected = inMemory(i, evs);
        expect(aggregateFromRows(i, mergeRows(i, shards))).toEqual(expected);
        expect(aggregateFromRows(i, shards.flat())).toEqual(expected);
      }), { numRuns: 50 });
    }, 600_000);

    it("hostile property keys, values, codes and subscriptions are data", async () => {
      const weird = fc.constantFrom(...HOSTILE);
      await fc.assert(fc.asyncProperty(weird, weird, weird, weird, fc.constantFrom(...TYPES), async (key, val, code, sub, type) => {
        const evs: StoredEvent[] = [1, 2, 3].map((n) => ({
          id: n, external_subscription_id: sub, transaction_id: `${val}${n}`, code, timestamp: Date.UTC(2024, 2, n),
          properties: { [key]: val, v: String(n), operation_type: n === 2 ? "remove" : "add" },
        }));
        await load(client, "events", evs);
        const i: Input = {
          billable_metric: { code, aggregation_type: type, ...(type === "count_agg" ? {} : { field_name: type === "unique_count_agg" ? key : "v" }) },
          events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", external_subscription_id: sub,
          filters: { [key]: [val] }, ignored_filters: [{ [key]: ["nope"] }], grouped_by: [key],
        };
        expect(aggregateFromRows(i, await run(client, i))).toEqual(inMemory(i, evs));
        expect((await client.query("SELECT count(*)::int AS n FROM events")).rows[0].n).toBe(3);
      }), { numRuns: 60 });
    }, 600_000);

    it("ratecard/pg runs the statement with a pg client", async () => {
      const evs: StoredEvent[] = [
        { id: 1, external_subscription_id: "s1", transaction_id: "a", code: "m", timestamp: Date.UTC(2024, 2, 2), properties: { v: "2.5" } },
        { id: 2, external_subscription_id: "s1", transaction_id: "b", code: "m", timestamp: Date.UTC(2024, 2, 3), properties: { v: "12" } },
        { id: 3, external_subscription_id: "s1", transaction_id: "b", code: "m", timestamp: Date.UTC(2024, 2, 4), properties: { v: "99" } },
      ];
      await load(client, "events", evs);
      const i: Input = { billable_metric: { code: "m", aggregation_type: "sum_agg", field_name: "v" }, events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", external_subscription_id: "s1" };
      const out = await aggregateInPostgres(client, i);
      expect(out.units).toBe("14.5");
      expect(out.warnings).toEqual([{ transaction_id: "b", reason: "duplicate_transaction_id" }]);
    });
  });
}
