/**
 * `aggregateColumns`: the same answer as `aggregate` on the rows the columns spell, and
 * refusals named by column and row.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregate, aggregateColumns } from "../../../src/json/index.js";

const FROM = Date.UTC(2024, 2, 1);
const DAY = 86_400_000;
const base = { from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" };

const row = fc.record({
  transaction_id: fc.constantFrom("a", "b", "c", "d", "e", "f"),
  timestamp: fc.integer({ min: -2, max: 32 }).map((d) => new Date(FROM + d * DAY + 3_600_000).toISOString()),
  code: fc.constantFrom("api", "api", "other"),
  sub: fc.constantFrom(undefined, "s1", "s2"),
  value: fc.constantFrom("1", "2.5", "1.50", "x", undefined, 3, null),
  region: fc.constantFrom("eu", "us", undefined),
});

const metric = fc.constantFrom(
  { code: "api", aggregation_type: "sum_agg", field_name: "value" },
  { code: "api", aggregation_type: "count_agg" },
  { code: "api", aggregation_type: "max_agg", field_name: "value" },
  { code: "api", aggregation_type: "unique_count_agg", field_name: "value" },
);

type Row = { transaction_id: string; timestamp: string; code: string; sub: string | undefined; value: unknown; region: string | undefined };

/** Throws' issues or the result, for comparing refusals too. */
const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (e) {
    return { error_details: (e as { error_details?: unknown }).error_details };
  }
};

describe("aggregateColumns", () => {
  it("answers what aggregate answers for the same rows (property)", () => {
    fc.assert(
      fc.property(metric, fc.array(row, { maxLength: 30 }), fc.constantFrom(undefined, ["region"]), fc.boolean(), (m, rows: Row[], grouped, oneCode) => {
        const extra = grouped === undefined ? {} : { grouped_by: grouped };
        const events = rows.map((r) => Object.assign(
          { transaction_id: r.transaction_id, timestamp: r.timestamp, code: oneCode ? "api" : r.code },
          r.sub === undefined ? {} : { external_subscription_id: r.sub },
          { properties: Object.assign({}, r.value === undefined ? {} : { value: r.value }, r.region === undefined ? {} : { region: r.region }) },
        ));
        const columns = {
          transaction_id: rows.map((r) => r.transaction_id),
          timestamp: rows.map((r) => r.timestamp),
          code: oneCode ? "api" : rows.map((r) => r.code),
          ...(rows.some((r) => r.sub !== undefined) ? { external_subscription_id: rows.map((r) => r.sub ?? null) } : {}),
          properties: { value: rows.map((r) => r.value), region: rows.map((r) => r.region) },
        };
        expect(aggregateColumns({ billable_metric: m, ...base, ...extra, columns })).toEqual(aggregate({ billable_metric: m, ...base, ...extra, events }));
      }),
    );
  });

  it("names the offending column and row", () => {
    const m = { code: "api", aggregation_type: "sum_agg", field_name: "gb" };
    const columns = { transaction_id: ["t1", "t2"], timestamp: ["2024-03-02T00:00:00Z", "soon"], code: "api", properties: { gb: ["1", "2"] } };
    expect(outcome(() => aggregateColumns({ billable_metric: m, ...base, columns }))).toEqual({ error_details: { "columns.timestamp.1": ["invalid_timestamp"] } });
    expect(outcome(() => aggregateColumns({ billable_metric: m, ...base, columns: { ...columns, timestamp: ["2024-03-02T00:00:00Z"] } })))
      .toEqual({ error_details: { "columns.timestamp": ["invalid_value"] } });
    expect(outcome(() => aggregateColumns({ billable_metric: m, ...base, columns: { ...columns, bogus: [] } })))
      .toEqual({ error_details: { "columns.bogus": ["unknown_key"] } });
    expect(outcome(() => aggregateColumns({ billable_metric: m, ...base, events: [] }))).toEqual({ error_details: { events: ["unknown_key"], columns: ["value_is_mandatory"] } });
  });

  it("sums a column", () => {
    const m = { code: "api", aggregation_type: "sum_agg", field_name: "gb" };
    const out = aggregateColumns({ billable_metric: m, ...base, columns: { transaction_id: ["t1", "t2", "t1"], timestamp: ["2024-03-02T00:00:00Z", "2024-03-03T00:00:00Z", "2024-03-04T00:00:00Z"], code: "api", properties: { gb: ["1.5", "2", "9"] } } });
    expect(out.units).toBe("3.5");
    expect(out.event_values).toEqual(["1.5", "2"]);
    expect(out.warnings).toEqual([{ transaction_id: "t1", reason: "duplicate_transaction_id" }]);
  });
});
