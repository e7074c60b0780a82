/**
 * Ported from getlago/lago-api spec/scenarios/current_usage/by_aggregation_type/
 * {count_agg,latest_agg,unique_count_agg}_spec.rb (postgres store; the
 * clickhouse and feature-flag variants assert the same figures).
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, num, run, subscribe } from "./current-usage-helpers.js";

describe("count_agg_spec.rb", () => {
  const count = [{ code: "cnt", aggregation_type: "count_agg" }];

  it("with standard charge / returns the expected current usage", () => {
    const { usages } = run({
      metrics: count,
      charges: [{ billable_metric_code: "cnt", charge_model: "standard", properties: { amount: "5" } }],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "cnt"),
        event("2024-03-06T00:00:00Z", "cnt"),
        event("2024-03-06T00:00:00Z", "cnt"),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    const u = usages[0];
    expect(u.total_amount_cents).toBe(1500);
    expect(u.charges_usage).toHaveLength(1);
    expect(num(u.charges_usage[0].units)).toBe(3);
    expect(u.charges_usage[0].events_count).toBe(3);
    expect(u.charges_usage[0].amount_cents).toBe(1500);
  });

  it("with incremental events / accumulates usage across events", () => {
    const { usages } = run({
      metrics: count,
      charges: [{ billable_metric_code: "cnt", charge_model: "standard", properties: { amount: "10" } }],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "cnt"),
        fetchUsage("2024-03-06T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "cnt"),
        event("2024-03-06T00:00:00Z", "cnt"),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    expect(num(usages[0].charges_usage[0].units)).toBe(1);
    expect(usages[0].charges_usage[0].amount_cents).toBe(1000);
    expect(num(usages[1].charges_usage[0].units)).toBe(3);
    expect(usages[1].charges_usage[0].amount_cents).toBe(3000);
  });
});

describe("latest_agg_spec.rb", () => {
  // Lago's :latest_billable_metric factory reads field "item_id".
  const latest = [{ code: "lat", aggregation_type: "latest_agg", field_name: "item_id" }];
  const charges = [{ billable_metric_code: "lat", charge_model: "standard", properties: { amount: "5" } }];

  it("with standard charge / returns the latest value as usage", () => {
    const { usages } = run({
      metrics: latest,
      charges,
      steps: [
        customer("2024-03-01T00:00:00Z"),
        subscribe("2024-03-01T00:00:00Z"),
        event("2024-03-05T01:00:00Z", "lat", { item_id: "10" }),
        fetchUsage("2024-03-05T01:00:00Z"),
        event("2024-03-05T02:00:00Z", "lat", { item_id: "3" }),
        fetchUsage("2024-03-05T02:00:00Z"),
        event("2024-03-05T03:00:00Z", "lat", { item_id: "50" }),
        fetchUsage("2024-03-05T03:00:00Z"),
      ],
    });
    expect(num(usages[0].charges_usage[0].units)).toBe(10);
    expect(usages[0].charges_usage[0].amount_cents).toBe(5000);
    expect(num(usages[1].charges_usage[0].units)).toBe(3);
    expect(usages[1].charges_usage[0].amount_cents).toBe(1500);
    expect(num(usages[2].charges_usage[0].units)).toBe(50);
    expect(usages[2].charges_usage[0].amount_cents).toBe(25_000);
    expect(usages[2].charges_usage[0].events_count).toBe(3);
  });

  it("with zero usage / returns zero usage when no events", () => {
    const { usages } = run({
      metrics: latest,
      charges,
      steps: [customer("2024-03-01T00:00:00Z"), subscribe("2024-03-01T00:00:00Z"), fetchUsage("2024-03-05T00:00:00Z")],
    });
    const c = usages[0].charges_usage[0];
    expect(num(c.units)).toBe(0);
    expect(c.events_count).toBe(0);
    expect(c.amount_cents).toBe(0);
  });
});

describe("unique_count_agg_spec.rb", () => {
  // Lago's :unique_count_billable_metric factory reads "item_id"; the spec makes it recurring.
  const uniq = [{ code: "uniq", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
  const keys = (key_3: string) => ({ key_1: "2024", key_2: "Feb", key_3 });

  it("creates fees and keeps the units between periods", () => {
    // Default billing_time of the API is calendar (the spec passes none).
    const { usages } = run({
      metrics: uniq,
      charges: [
        { billable_metric_code: "uniq", charge_model: "standard", properties: { amount: "1", grouped_by: ["key_1", "key_2", "key_3"] } },
      ],
      steps: [
        customer("2024-02-06T00:00:00Z"),
        subscribe("2024-02-06T00:00:00Z"),
        event("2024-02-07T00:00:00Z", "uniq", { item_id: "001", ...keys("08") }),
        event("2024-02-07T00:00:02Z", "uniq", { item_id: "001", ...keys("06") }),
        event("2024-02-07T00:00:03Z", "uniq", { item_id: "002", ...keys("06") }),
        fetchUsage("2024-02-07T00:00:03Z"),
      ],
    });
    expect(usages[0].total_amount_cents).toBe(300);
  });

  /*
   * unique_count_agg_spec.rb "with in advance charge and group by / creates fees for each
   * events": after the final remove (2024-02-03) current usage stays 2900 — a prorated
   * pay-in-advance charge prices its high-water mark (src/fees/advanceEvents.ts), so a later
   * remove gives nothing back.
   */
  it("with in advance charge and group by / creates fees for each events", () => {
    const { result, usages } = run({
      metrics: uniq,
      charges: [
        {
          billable_metric_code: "uniq",
          charge_model: "standard",
          pay_in_advance: true,
          prorated: true,
          properties: { amount: "29", grouped_by: ["key_1", "key_2", "key_3"] },
        },
      ],
      steps: [
        customer("2024-02-01T00:00:00Z"),
        subscribe("2024-02-01T00:00:00Z"),
        event("2024-02-01T01:00:00Z", "uniq", { item_id: "001", operation_type: "remove", ...keys("06") }),
        fetchUsage("2024-02-01T01:00:00Z"),
        event("2024-02-01T01:00:10Z", "uniq", { item_id: "001", operation_type: "add", ...keys("06") }),
        fetchUsage("2024-02-01T01:00:10Z"),
        event("2024-02-02T01:00:00Z", "uniq", { item_id: "001", operation_type: "add", ...keys("06") }),
        fetchUsage("2024-02-02T01:00:00Z"),
        event("2024-02-03T01:00:00Z", "uniq", { item_id: "001", operation_type: "remove", ...keys("06") }),
        fetchUsage("2024-02-03T01:00:00Z"),
      ],
    });
    expect(usages.map((u) => u.total_amount_cents)).toEqual([0, 2900, 2900, 2900]);
    // Lago: one pay-in-advance fee per event (Fee.count 1, 2, 3, 4).
    expect(result.fees.filter((f: any) => f.pay_in_advance)).toHaveLength(4);
  });

  it("with prorated in advance charge / returns the expected result", () => {
    const { result, usages } = run({
      metrics: uniq,
      charges: [
        { billable_metric_code: "uniq", charge_model: "standard", pay_in_advance: true, prorated: true, properties: { amount: "1" } },
      ],
      steps: [
        customer("2024-02-23T01:00:00Z"),
        subscribe("2024-02-23T01:00:00Z"),
        event("2024-02-23T01:02:00Z", "uniq", { item_id: "seat_1" }),
        fetchUsage("2024-02-23T01:02:00Z"),
        event("2024-02-29T01:01:00Z", "uniq", { item_id: "seat_1", operation_type: "remove" }),
        fetchUsage("2024-02-29T01:01:00Z"),
        event("2024-02-29T01:02:00Z", "uniq", { item_id: "seat_1", operation_type: "remove" }),
        fetchUsage("2024-02-29T01:02:00Z"),
      ],
    });
    // (7 / 29) * 1 EUR = 24 cents, unchanged by the removals
    expect(usages.map((u) => u.total_amount_cents)).toEqual([24, 24, 24]);
    expect(usages.map((u) => u.charges_usage[0].amount_cents)).toEqual([24, 24, 24]);
    expect(usages.map((u) => num(u.charges_usage[0].units))).toEqual([1, 0, 0]);
    expect(result.fees.filter((f: any) => f.pay_in_advance)).toHaveLength(3);
  });

  /*
   * unique_count_agg_spec.rb "with in advance charge / returns the expected result" (not
   * prorated): after seat_1 is removed (02-26 01:01) units "0.0" but amount_cents 100 — the
   * in-advance current usage prices total − current + max (src/fees/advanceEvents.ts).
   */
  it("with in advance charge / returns the expected result", () => {
    const { result, usages } = run({
      metrics: uniq,
      charges: [
        { billable_metric_code: "uniq", charge_model: "standard", pay_in_advance: true, prorated: false, properties: { amount: "1" } },
      ],
      steps: [
        customer("2024-02-23T01:00:00Z"),
        // Lago's spec also passes `started_at`, which the create-subscription API ignores.
        subscribe("2024-02-23T01:00:00Z"),
        event("2024-02-23T01:02:00Z", "uniq", { item_id: "seat_1" }),
        fetchUsage("2024-02-23T01:02:00Z"),
        event("2024-02-26T01:01:00Z", "uniq", { item_id: "seat_1", operation_type: "remove" }),
        fetchUsage("2024-02-26T01:01:00Z"),
        // Lago's third event carries the timestamp 01:01:00 but is sent at 01:02.
        event("2024-02-26T01:02:00Z", "uniq", { item_id: "seat_2" }, { timestamp: "2024-02-26T01:01:00Z" }),
        fetchUsage("2024-02-26T01:02:00Z"),
      ],
    });
    expect(usages.map((u) => u.total_amount_cents)).toEqual([100, 100, 100]);
    expect(usages.map((u) => u.charges_usage[0].amount_cents)).toEqual([100, 100, 100]);
    expect(usages.map((u) => num(u.charges_usage[0].units))).toEqual([1, 0, 1]);
    expect(result.fees.filter((f: any) => f.pay_in_advance)).toHaveLength(3);
  });
});
