/**
 * The one-pass JSON aggregate of plain sums and counts (src/aggregation/fusedAggregate.ts)
 * answers exactly what the general path (parse → dedupe → aggregator) answers, and is really
 * taken for the usual inputs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fusedAggregate, permute } from "../../../src/aggregation/fusedAggregate.js";
import { aggregate, aggregateGeneral } from "../../../src/json/aggregate.js";

const FROM = Date.UTC(2024, 2, 1);
const DAY = 86_400_000;

const value = fc.oneof(
  fc.constantFrom("1", "2.5", "0.25", "1.50", "007", "-3", "0", "-0", "12345678901234567890.5", "abc", "", "1e3"),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0.1, 2.25, 1e21, null),
);

const event = fc.record(
  {
    transaction_id: fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h"),
    code: fc.constantFrom("api", "api", "api", "other"),
    // Inside the March window mostly, some before and after; as ISO text (both usual forms) or epoch.
    timestamp: fc.integer({ min: -3, max: 33 }).chain((d) =>
      fc.integer({ min: 0, max: DAY - 1 }).chain((ms) => {
        const t = FROM + d * DAY + ms;
        return fc.constantFrom(new Date(t - (t % 1000)).toISOString().replace(".000Z", "Z"), new Date(t).toISOString());
      }),
    ),
    properties: fc.record({ value, region: fc.constantFrom("eu", "us", "", 7) }, { requiredKeys: [] }),
    external_subscription_id: fc.constantFrom("s1", "s2", "", null),
  },
  { requiredKeys: ["transaction_id", "code", "timestamp"] },
);

const input = fc.record({
  type: fc.constantFrom("sum_agg", "count_agg"),
  rounding: fc.boolean(),
  grouped: fc.constantFrom(undefined, ["region"], ["region", "cloud"]),
  events: fc.array(event, { maxLength: 40 }),
}).map(({ type, rounding, grouped, events }) => ({
  billable_metric: { code: "api", aggregation_type: type, ...(type === "sum_agg" ? { field_name: "value" } : {}), ...(rounding ? { rounding_function: "round", rounding_precision: 1 } : {}) },
  from_datetime: "2024-03-01T00:00:00Z",
  to_datetime: "2024-03-31T23:59:59Z",
  events,
  ...(grouped === undefined ? {} : { grouped_by: grouped }),
}));

function general(x: unknown): unknown {
  try {
    return aggregateGeneral(structuredClone(x));
  } catch (e) {
    return { refused: (e as { issues?: unknown }).issues };
  }
}

describe("the one-pass JSON aggregate", () => {
  it("equals the general path on random sums and counts (property)", () => {
    let fused = 0, runs = 0;
    fc.assert(
      fc.property(input, (x) => {
        runs++;
        if (fusedAggregate(x) !== undefined) fused++;
        expect(aggregate(x)).toEqual(general(x));
      }),
    );
    // The comparison is worth something only if the fused path answered most inputs.
    expect(fused).toBeGreaterThan(runs * 0.9);
  });

  it("orders event_values by time over any span: spans past 2^32 ms (the radix sort's wide keys), ties kept in arrival order", () => {
    const YEAR = 365 * DAY;
    const wide = fc.record({
      // A window of 1 to 200 years; events anywhere in it, many on a few instants (ties), some outside it.
      years: fc.integer({ min: 1, max: 200 }),
      events: fc.array(fc.tuple(fc.oneof(fc.double({ min: -0.05, max: 1.05, noNaN: true }), fc.constantFrom(0, 0.5, 1)), fc.constantFrom("1", "2.5", "3"), fc.constantFrom(undefined, "eu", "us")), { maxLength: 60 }),
    }).map(({ years, events }) => {
      const from = Date.UTC(1990, 0, 1), to = from + years * YEAR;
      return {
        billable_metric: { code: "api", aggregation_type: "sum_agg", field_name: "value" },
        from_datetime: new Date(from).toISOString(), to_datetime: new Date(to).toISOString(),
        grouped_by: ["region"],
        events: events.map(([f, v, region], i) => ({
          transaction_id: `t${i}`, code: "api", timestamp: new Date(from + Math.floor(f * (to - from))).toISOString(),
          properties: region === undefined ? { value: v } : { value: v, region },
        })),
      };
    });
    fc.assert(fc.property(wide, (x) => {
      expect(fusedAggregate(x)).toBeDefined();
      expect(aggregate(x)).toEqual(general(x));
    }));
  });

  it("keeps the general path's event_values order for events out of time order, and its duplicate warnings", () => {
    const events = [
      { transaction_id: "t1", code: "api", timestamp: "2024-03-05T00:00:00Z", properties: { value: "1" } },
      { transaction_id: "t2", code: "api", timestamp: "2024-03-02T00:00:00Z", properties: { value: "2.50" } },
      { transaction_id: "t1", code: "api", timestamp: "2024-03-03T00:00:00Z", properties: { value: "9" } },
      { transaction_id: "t3", code: "api", timestamp: "2024-03-02T00:00:00Z", properties: { value: "3" } },
    ];
    const x = { billable_metric: { code: "api", aggregation_type: "sum_agg", field_name: "value" }, from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", events };
    expect(fusedAggregate(x)).toBeDefined();
    const out = aggregate(x);
    expect(out.units).toBe("6.5");
    expect(out.event_values).toEqual(["2.5", "3", "1"]);
    expect(out.warnings).toEqual([{ transaction_id: "t1", reason: "duplicate_transaction_id" }]);
    expect(out).toEqual(general(x));
  });

  it("leaves what it does not cover to the general path", () => {
    const base = { billable_metric: { code: "api", aggregation_type: "sum_agg", field_name: "value" }, from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" };
    const ok = { transaction_id: "t", code: "api", timestamp: "2024-03-05T00:00:00Z", properties: { value: "1" } };
    expect(fusedAggregate({ ...base, events: [ok] })).toBeDefined();
    expect(fusedAggregate({ ...base, events: [{ ...ok, timestamp: "yesterday" }] })).toBeUndefined();
    expect(fusedAggregate({ ...base, events: [{ ...ok, precise_total_amount_cents: "1" }] })).toBeUndefined();
    expect(fusedAggregate({ ...base, events: [ok], filters: { region: ["eu"] } })).toBeUndefined();
    expect(fusedAggregate({ ...base, billable_metric: { ...base.billable_metric, aggregation_type: "max_agg" }, events: [ok] })).toBeUndefined();
    // Refusals come from the general path, with their paths.
    expect(() => aggregate({ ...base, events: [{ ...ok, timestamp: "yesterday" }] })).toThrow(/events\.0\.timestamp|invalid_timestamp/);
  });
});

describe("permute (the texts put in time order in place)", () => {
  it("gives what gathering into a new array gives, for any permutation", () => {
    const perm = fc.integer({ min: 0, max: 60 }).chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }));
    fc.assert(fc.property(perm, (order) => {
      const a = order.map((i) => `v${i * 3}`);
      const expected = order.map((k) => a[k]);
      permute(a, order, order.length);
      expect(a).toEqual(expected);
    }));
  });
});

