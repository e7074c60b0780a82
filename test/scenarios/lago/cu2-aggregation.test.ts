/**
 * Ported from getlago/lago-api spec/scenarios/current_usage/by_aggregation_type/
 * {max_agg,sum_agg,weighted_sum_agg}_spec.rb — the cases without a visible conformance vector
 * (postgres store; the clickhouse store and the non_persistable_charge_cache_optimization
 * variants assert the same figures).
 *
 * Covered by vectors, not ported again: max_agg "with zero usage", sum_agg "with in advance
 * charge and groups", weighted_sum_agg "creates fees and keeps the units between periods" (the
 * spec's only case; its clickhouse variant differs only in the precision of the units string).
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, num, run, subscribe } from "./current-usage-helpers.js";

describe("max_agg_spec.rb", () => {
  // :max_billable_metric reads "item_id".
  it("with standard charge / returns the max value as usage", () => {
    const { usages } = run({
      metrics: [{ code: "max", aggregation_type: "max_agg", field_name: "item_id" }],
      charges: [{ billable_metric_code: "max", charge_model: "standard", properties: { amount: "10" } }],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "max", { item_id: "5" }),
        fetchUsage("2024-03-06T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "max", { item_id: "20" }),
        fetchUsage("2024-03-06T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "max", { item_id: "3" }),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    const c = usages.map((u) => u.charges_usage[0]);
    expect(num(c[0].units)).toBe(5);
    expect(c[0].amount_cents).toBe(5000);
    expect(num(c[1].units)).toBe(20);
    expect(c[1].amount_cents).toBe(20_000);
    // Max stays at 20 even though the last event was 3.
    expect(num(c[2].units)).toBe(20);
    expect(c[2].amount_cents).toBe(20_000);
    expect(c[2].events_count).toBe(3);
  });
});

describe("sum_agg_spec.rb", () => {
  // :sum_billable_metric (field "item_id"), :recurring; prorated pay-in-advance standard charge.
  it("with multiple subscriptions attached to the same plan / creates fees for each events", () => {
    const S1 = "cust_1_1";
    const S2 = "cust_1_2";
    const keys = { key_1: "2024", key_2: "Feb", key_3: "06" };
    const ev = (at: string, sub: string, item_id: number) =>
      event(at, "sum", { item_id, ...keys }, { external_subscription_id: sub });
    const usage = (at: string, sub: string) => fetchUsage(at, { external_subscription_id: sub });
    const { result, usages } = run({
      metrics: [{ code: "sum", aggregation_type: "sum_agg", field_name: "item_id", recurring: true }],
      charges: [
        {
          billable_metric_code: "sum",
          charge_model: "standard",
          pay_in_advance: true,
          prorated: true,
          properties: { amount: "29", grouped_by: ["key_1", "key_2", "key_3"] },
        },
      ],
      steps: [
        customer("2024-02-01T00:00:00Z"),
        subscribe("2024-02-01T00:00:00Z", { external_id: S1 }),
        subscribe("2024-02-01T01:00:00Z", { external_id: S2 }),
        ev("2024-02-06T00:01:00Z", S1, 10),
        usage("2024-02-06T00:01:00Z", S1),
        ev("2024-02-06T00:02:00Z", S1, -5),
        usage("2024-02-06T00:02:00Z", S1),
        ev("2024-02-06T00:03:00Z", S1, 2),
        usage("2024-02-06T00:03:00Z", S1),
        ev("2024-02-06T01:00:01Z", S2, 10),
        usage("2024-02-06T01:00:01Z", S2),
        ev("2024-02-06T01:00:02Z", S2, -5),
        usage("2024-02-06T01:00:02Z", S2),
        ev("2024-02-06T01:00:03Z", S2, 2),
        usage("2024-02-06T01:00:03Z", S2),
      ],
    });
    // 10 units × 29 EUR × 24/29 days (02-06 → 02-29) = 240 EUR, kept after the -5 and +2.
    expect(usages.map((u) => u.total_amount_cents)).toEqual([24_000, 24_000, 24_000, 24_000, 24_000, 24_000]);
    expect(usages.map((u) => num(u.charges_usage[0].units))).toEqual([10, 5, 7, 10, 5, 7]);
    // Lago: Fee.count 1, 2, 3 after the first subscription's three events (one fee per event).
    // (The spec asserts nothing about the second subscription's fees.)
    const advanceFees = result.fees.filter((f: any) => f.pay_in_advance && f.external_subscription_id === S1);
    expect(advanceFees).toHaveLength(3);
  });
});
