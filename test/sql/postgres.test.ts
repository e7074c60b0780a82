/**
 * Push-down against a real PostgreSQL (started by .ci/run): on random events, metrics,
 * filters, groups and windows, `aggregateFromRows` of the statement's rows equals the
 * in-memory `aggregate` (reference.ts), and so do the merged rows of two shards.
 */
import fc from "fast-check";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { aggregateFromRows, aggregationSql, mergeRows, type AggregationRow } from "../../src/sql/index.js";
import { aggregateInPostgres } from "../../src/sql/pg.js";
import { PG_TARGET, SKIP_MESSAGE, type StoredEvent, describeWithEngine, freshSchema, load, pgClient } from "./pgHarness.js";
import { HOSTILE, type Input, inMemory, stepBackCase, withoutEventValues } from "./reference.js";
import { TYPES, events, expression, input, proratedInput, tiedEvents } from "./arbitraries.js";

const run = async (client: pg.Client, i: Input, table = "events"): Promise<AggregationRow[]> => {
  const q = aggregationSql(i, { dialect: "postgres", table });
  return (await client.query(q.text, [...q.values])).rows as AggregationRow[];
};

describeWithEngine("push-down against PostgreSQL", "PostgreSQL", PG_TARGET !== undefined, SKIP_MESSAGE, () => {
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

  it("time proration: recurring sums and unique counts over the customer's calendar days, event values included", async () => {
    await fc.assert(fc.asyncProperty(events, proratedInput, async (evs, i) => {
      await load(client, "events", evs);
      expect(aggregateFromRows(i, await run(client, i))).toEqual(inMemory(i, evs));
    }), { numRuns: 150 });
  }, 600_000);

  it("time proration where the clock steps back across midnight (St. John's, 7 November 2010: 00:01 → 23:01 the day before)", async () => {
    await stepBackCase(async (evs, i) => {
      await load(client, "events", evs);
      return aggregateFromRows(i, await run(client, i));
    });
  });

  it("without event values (eventValues: false): the same but event_values, and no per-event rows unless running totals need them", async () => {
    await fc.assert(fc.asyncProperty(events, input, async (evs, i) => {
      await load(client, "events", evs);
      const q = aggregationSql(i, { dialect: "postgres", eventValues: false });
      const rows = (await client.query(q.text, [...q.values])).rows as AggregationRow[];
      expect(aggregateFromRows(i, rows, { eventValues: false })).toEqual(withoutEventValues(inMemory(i, evs)));
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

  it("shards split by subscription, their rows merged, equal one pass (prorated inputs half of the time)", async () => {
    await fc.assert(fc.asyncProperty(events, fc.oneof(input, proratedInput), async (evs, i) => {
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
