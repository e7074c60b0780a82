/**
 * Push-down against a real ClickHouse (chDB, the engine embedded; `.ci/run` installs it): on
 * random events, metrics, filters, groups and windows, `aggregateFromRows` of the ClickHouse
 * statement's rows equals the in-memory `aggregate` (reference.ts), and so do the merged rows
 * of two shards. The same properties as postgres.test.ts but expressions (pushed down to
 * PostgreSQL only).
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { aggregateFromRows, aggregationSql, mergeRows, type AggregationRow } from "../../src/sql/index.js";
import { CHDB_DIR, CH_SKIP_MESSAGE, type ChSession, chSession, createTable, load, rowsOf } from "./chHarness.js";
import { type StoredEvent, describeWithEngine } from "./pgHarness.js";
import { HOSTILE, type Input, inMemory, stepBackCase, withoutEventValues } from "./reference.js";
import { TYPES, events, input, proratedInput, tiedEvents } from "./arbitraries.js";

const run = (s: ChSession, i: Input, table = "events", eventValues = true): AggregationRow[] => {
  const q = aggregationSql(i, { dialect: "clickhouse", table, eventValues });
  return rowsOf(s, q.text, q.params!) as unknown as AggregationRow[];
};

describeWithEngine("push-down against ClickHouse", "chDB", CHDB_DIR !== undefined, CH_SKIP_MESSAGE, () => {
  let s: ChSession;
  beforeAll(async () => {
    s = await chSession();
    for (const t of ["events", "shard_a", "shard_b"]) createTable(s, t);
  });
  afterAll(() => s?.close());

  it("equals the in-memory aggregate on random events, metrics, filters, groups and windows", () => {
    fc.assert(fc.property(events, input, (evs, i) => {
      load(s, "events", evs);
      expect(aggregateFromRows(i, run(s, i))).toEqual(inMemory(i, evs));
    }), { numRuns: 150 });
  }, 600_000);

  it("equals it when ties on the timestamp abound (latest, unique count, event values)", () => {
    fc.assert(fc.property(tiedEvents, input, (evs, i) => {
      load(s, "events", evs);
      expect(aggregateFromRows(i, run(s, i))).toEqual(inMemory(i, evs));
    }), { numRuns: 150 });
  }, 600_000);

  it("time proration: recurring sums and unique counts over the customer's calendar days, event values included", () => {
    fc.assert(fc.property(events, proratedInput, (evs, i) => {
      load(s, "events", evs);
      expect(aggregateFromRows(i, run(s, i))).toEqual(inMemory(i, evs));
    }), { numRuns: 150 });
  }, 600_000);

  it("time proration where the clock steps back across midnight (St. John's, 7 November 2010: 00:01 → 23:01 the day before)", async () => {
    await stepBackCase((evs, i) => {
      load(s, "events", evs);
      return aggregateFromRows(i, run(s, i));
    });
  });

  it("without event values (eventValues: false): the same but event_values", () => {
    fc.assert(fc.property(events, input, (evs, i) => {
      load(s, "events", evs);
      const rows = run(s, i, "events", false);
      expect(aggregateFromRows(i, rows, { eventValues: false })).toEqual(withoutEventValues(inMemory(i, evs)));
      if (i["options"] === undefined) expect(rows.filter((r) => r.k === "e")).toEqual([]);
    }), { numRuns: 50 });
  }, 600_000);

  it("shards split by subscription, their rows merged, equal one pass (prorated inputs half of the time)", () => {
    fc.assert(fc.property(events, fc.oneof(input, proratedInput), (evs, i) => {
      const onA = (e: StoredEvent): boolean => e.external_subscription_id !== "s2";
      load(s, "shard_a", evs.filter(onA));
      load(s, "shard_b", evs.filter((e) => !onA(e)));
      const shards = [run(s, i, "shard_a"), run(s, i, "shard_b")];
      const expected = inMemory(i, evs);
      expect(aggregateFromRows(i, mergeRows(i, shards))).toEqual(expected);
      expect(aggregateFromRows(i, shards.flat())).toEqual(expected);
    }), { numRuns: 50 });
  }, 600_000);

  it("hostile property keys, values, codes and subscriptions are data", () => {
    const weird = fc.constantFrom(...HOSTILE);
    fc.assert(fc.property(weird, weird, weird, weird, fc.constantFrom(...TYPES), (key, val, code, sub, type) => {
      const evs: StoredEvent[] = [1, 2, 3].map((n) => ({
        id: n, external_subscription_id: sub, transaction_id: `${val}${n}`, code, timestamp: Date.UTC(2024, 2, n),
        properties: { [key]: val, v: String(n), operation_type: n === 2 ? "remove" : "add" },
      }));
      load(s, "events", evs);
      const i: Input = {
        billable_metric: { code, aggregation_type: type, ...(type === "count_agg" ? {} : { field_name: type === "unique_count_agg" ? key : "v" }) },
        events: [], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", external_subscription_id: sub,
        filters: { [key]: [val] }, ignored_filters: [{ [key]: ["nope"] }], grouped_by: [key],
      };
      expect(aggregateFromRows(i, run(s, i))).toEqual(inMemory(i, evs));
      expect(rowsOf(s, "SELECT toInt32(count()) AS n FROM events", {})).toEqual([{ n: 3 }]);
    }), { numRuns: 60 });
  }, 600_000);
});
