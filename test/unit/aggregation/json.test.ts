import { describe, expect, it } from "vitest";
import { aggregate } from "../../../src/json/aggregate.js";
import { ValidationError } from "../../../src/core/issue.js";

const base = () => ({
  billable_metric: { code: "c", aggregation_type: "sum_agg", field_name: "v" },
  events: [
    { transaction_id: "t1", code: "c", timestamp: "2024-03-05T10:00:00Z", properties: { v: "12.5", g: "x" } },
    { transaction_id: "t2", code: "c", timestamp: "2024-03-06T10:00:00Z", properties: { v: "2" } },
  ] as unknown[],
  from_datetime: "2024-03-01T00:00:00Z",
  to_datetime: "2024-03-31T23:59:59Z",
});

function details(input: unknown): Record<string, string[]> {
  try {
    aggregate(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return { ...(err as ValidationError).error_details };
  }
  throw new Error("expected a validation error");
}

describe("aggregate (JSON)", () => {
  it("doc example", () => {
    expect(aggregate({
      billable_metric: { code: "c", aggregation_type: "sum_agg", field_name: "v" },
      events: [{ transaction_id: "t1", code: "c", timestamp: "2024-03-05T10:00:00Z", properties: { v: "12.5" } }],
      from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z",
    }).units).toBe("12.5");
  });

  it("returns decimal strings, groups null first, and top-level figures as if ungrouped", () => {
    const out = aggregate({ ...base(), grouped_by: ["g"] });
    expect(out).toMatchObject({ units: "14.5", events_count: 2, running_total: [], event_values: ["12.5", "2"] });
    expect(out.grouped_usage).toEqual([
      { grouped_by: { g: null }, units: "2", events_count: 1, running_total: [], event_values: ["2"] },
      { grouped_by: { g: "x" }, units: "12.5", events_count: 1, running_total: [], event_values: ["12.5"] },
    ]);
  });

  it("names each structurally bad event field", () => {
    const input = base();
    input.events = [
      { code: "c", timestamp: "2024-03-05T10:00:00Z" },
      { transaction_id: "t2", timestamp: "yesterday", properties: [] },
      { transaction_id: 3, code: "c" },
      "nope",
    ];
    expect(details(input)).toEqual({
      "events.0.transaction_id": ["value_is_mandatory"],
      "events.1.code": ["value_is_mandatory"],
      "events.1.timestamp": ["invalid_timestamp"],
      "events.1.properties": ["invalid_type"],
      "events.2.transaction_id": ["invalid_value"],
      "events.2.timestamp": ["value_is_mandatory"],
      "events.3": ["invalid_type"],
    });
  });

  it("collects every issue of the metric and the window at once", () => {
    expect(details({
      billable_metric: { aggregation_type: "max_agg", recurring: true, rounding_function: "up", expression: "1 +" },
      events: [], from_datetime: "2024-03-31T00:00:00Z", to_datetime: "2024-03-01T00:00:00Z", timezone: "Mars/Base",
      prorated: true, charges_duration: 0, options: { free_units_per_events: -1, free_units_per_total_aggregation: "x" },
    })).toEqual({
      "billable_metric.code": ["value_is_mandatory"],
      "billable_metric.field_name": ["value_is_mandatory"],
      "billable_metric.recurring": ["not_compatible_with_aggregation_type"],
      "billable_metric.rounding_function": ["invalid_value"],
      "billable_metric.expression": ["invalid_expression"],
      to_datetime: ["invalid_value"],
      prorated: ["not_allowed"],
      charges_duration: ["invalid_value"],
      timezone: ["invalid_timezone"],
      "options.free_units_per_events": ["invalid_free_units_per_events"],
      "options.free_units_per_total_aggregation": ["invalid_free_units_per_total_aggregation"],
    });
  });

  it.each([
    [{ aggregation_type: "median_agg", code: "c" }, { "billable_metric.aggregation_type": ["invalid_aggregation_type"] }],
    [{ aggregation_type: "custom_agg", code: "c", field_name: "v" }, { "billable_metric.aggregation_type": ["not_allowed"] }],
    [{ aggregation_type: "count_agg", code: "c", expression: "1" }, { "billable_metric.expression": ["not_allowed"] }],
    [{ aggregation_type: "sum_agg", code: "c", field_name: "v", rounding_function: "round", rounding_precision: 1.5 }, { "billable_metric.rounding_precision": ["invalid_value"] }],
    [{ aggregation_type: "sum_agg", code: "c", field_name: "v", rounding_function: "ceil", rounding_precision: 2_000_000 }, { "billable_metric.rounding_precision": ["value_is_out_of_range"] }],
    [{ aggregation_type: "sum_agg", code: "c", field_name: "v", rounding_function: "floor", rounding_precision: -1e15 }, { "billable_metric.rounding_precision": ["value_is_out_of_range"] }],
  ])("refuses the metric %j", (bm, expected) => {
    expect(details({ ...base(), billable_metric: bm })).toEqual(expected);
  });

  it("refuses a missing or non-object input", () => {
    expect(details(null)).toEqual({ base: ["invalid_type"] });
    expect(details({})).toMatchObject({ billable_metric: ["value_is_mandatory"], events: ["value_is_mandatory"], from_datetime: ["value_is_mandatory"] });
  });

  it("warns about values it leaves out, with the transaction id and the reason", () => {
    const input = base();
    input.events.push(
      { transaction_id: "t3", code: "c", timestamp: "2024-03-07T10:00:00Z", properties: { v: "1e3" } },
      { transaction_id: "t4", code: "c", timestamp: "2024-03-07T10:00:00Z", properties: {} },
      { transaction_id: "t5", code: "c", timestamp: "2024-04-07T10:00:00Z", properties: {} },
    );
    const out = aggregate(input);
    expect([out.units, out.events_count]).toEqual(["14.5", 2]);
    expect(out.warnings).toEqual([{ transaction_id: "t3", reason: "not_a_number" }, { transaction_id: "t4", reason: "field_missing" }]);
  });

  it("counts a duplicate transaction_id once (the first) and warns", () => {
    const input = base();
    input.events.push({ transaction_id: "t1", code: "c", timestamp: "2024-03-08T10:00:00Z", properties: { v: "100" } });
    const out = aggregate(input);
    expect([out.units, out.events_count]).toEqual(["14.5", 2]);
    expect(out.warnings).toEqual([{ transaction_id: "t1", reason: "duplicate_transaction_id" }]);
  });

  it("accepts Unix-second timestamps and numeric values", () => {
    const input = base();
    input.events = [{ transaction_id: "t1", code: "c", timestamp: 1709632800, properties: { v: 3 } }];
    expect(aggregate(input).units).toBe("3");
  });
});

describe("aggregate (JSON): per-event data", () => {
  it("sums precise_total_amount_cents over the same events for dynamic charges (§8)", () => {
    const input = base();
    input.events = [
      { transaction_id: "t1", code: "c", timestamp: "2024-03-05T10:00:00Z", properties: { v: "10" }, precise_total_amount_cents: "20.1" },
      { transaction_id: "t2", code: "c", timestamp: "2024-03-06T10:00:00Z", properties: { v: "10" }, precise_total_amount_cents: 20.1 },
      { transaction_id: "t3", code: "c", timestamp: "2024-03-06T10:00:00Z", properties: { v: "x" }, precise_total_amount_cents: "5" },
    ];
    expect(aggregate(input)).toMatchObject({ units: "20", precise_total_amount_cents: "40.2" });
    input.events.push({ transaction_id: "t4", code: "c", timestamp: "2024-03-06T10:00:00Z", precise_total_amount_cents: "abc" });
    expect(details(input)).toEqual({ "events.3.precise_total_amount_cents": ["invalid_value"] });
  });
  it("lists a count's per-event values as ones", () => {
    const input = { ...base(), billable_metric: { code: "c", aggregation_type: "count_agg" } };
    expect(aggregate(input).event_values).toEqual(["1", "1"]);
  });
  it("weighted sum over a very long charges duration stays exact (days × 86 400 000 beyond 2^53)", () => {
    const input = {
      ...base(), billable_metric: { code: "c", aggregation_type: "weighted_sum_agg", field_name: "v" }, charges_duration: 2 ** 53 - 1,
      events: [{ transaction_id: "t1", code: "c", timestamp: "2024-03-02T00:00:00Z", properties: { v: "1" } }],
    };
    // 1 held for 30 days over 2^53 − 1 days: 30 / 9007199254740991, ceiled to 20 decimals.
    expect(aggregate(input).units).toBe("0.00000000000000333067");
  });
});
