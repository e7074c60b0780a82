/**
 * Ported from getlago/lago-api spec/scenarios/billable_metrics/{unique_count,weighted_sum}_spec.rb
 * (no visible vector names them). unique_count_spec.rb repeats the cases of
 * current_usage/by_aggregation_type/unique_count_agg_spec.rb (ported in
 * current-usage-aggregation.test.ts); this is the billable_metrics copy, ported as written.
 * weighted_sum_spec.rb is the current_usage/by_aggregation_type/weighted_sum_agg_spec.rb case
 * (vector keeps-units-between-periods); an older stored version (commit 187a57c) sends its
 * events by external_customer_id and counts quantified_events instead of cached_aggregations,
 * with the same figures.
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, num, run, subscribe } from "./current-usage-helpers.js";

describe("unique_count_spec.rb", () => {
  // :unique_count_billable_metric reads "item_id"; the spec makes it :recurring. Plan amount 0.
  const uniq = [{ code: "uniq", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
  const keys = (key_3: string) => ({ key_1: "2024", key_2: "Feb", key_3 });
  const grouped = { grouped_by: ["key_1", "key_2", "key_3"] };

  it("creates fees and keeps the units between periods", () => {
    const at = "2024-02-07T00:00:00Z";
    const { usages } = run({
      metrics: uniq,
      charges: [{ billable_metric_code: "uniq", charge_model: "standard", properties: { amount: "1", ...grouped } }],
      steps: [
        customer("2024-02-06T00:00:00Z"),
        subscribe("2024-02-06T00:00:00Z"),
        event(at, "uniq", { item_id: "001", ...keys("08") }),
        event(at, "uniq", { item_id: "001", ...keys("06") }),
        event(at, "uniq", { item_id: "002", ...keys("06") }),
        fetchUsage(at),
      ],
    });
    expect(usages[0].total_amount_cents).toBe(300);
  });

  it("with in advance charge and group by / creates fees for each events", () => {
    const k = keys("06");
    const { result, usages } = run({
      metrics: uniq,
      charges: [
        { billable_metric_code: "uniq", charge_model: "standard", pay_in_advance: true, prorated: true, properties: { amount: "29", ...grouped } },
      ],
      steps: [
        customer("2024-02-01T00:00:00Z"),
        subscribe("2024-02-01T00:00:00Z"),
        // The spec sends these at 02-01 00:00 with explicit timestamps an hour later.
        event("2024-02-01T00:00:00Z", "uniq", { item_id: "001", operation_type: "remove", ...k }, { timestamp: "2024-02-01T01:00:00Z" }),
        fetchUsage("2024-02-01T00:00:00Z"),
        event("2024-02-01T00:00:00Z", "uniq", { item_id: "001", operation_type: "add", ...k }, { timestamp: "2024-02-01T01:00:10Z" }),
        fetchUsage("2024-02-01T00:00:00Z"),
        event("2024-02-02T00:00:00Z", "uniq", { item_id: "001", operation_type: "add", ...k }, { timestamp: "2024-02-02T01:00:00Z" }),
        fetchUsage("2024-02-02T00:00:00Z"),
        event("2024-02-03T00:00:00Z", "uniq", { item_id: "001", operation_type: "remove", ...k }, { timestamp: "2024-02-03T01:00:00Z" }),
        fetchUsage("2024-02-03T00:00:00Z"),
      ],
    });
    expect(usages.map((u) => u.total_amount_cents)).toEqual([0, 2900, 2900, 2900]);
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
        subscribe("2024-02-23T01:00:00Z", { billing_time: "calendar" }),
        event("2024-02-23T01:02:00Z", "uniq", { item_id: "seat_1" }),
        fetchUsage("2024-02-23T01:02:00Z"),
        event("2024-02-29T01:01:00Z", "uniq", { item_id: "seat_1", operation_type: "remove" }),
        fetchUsage("2024-02-29T01:01:00Z"),
        // Removing the seat once more must not change the current usage.
        event("2024-02-29T01:02:00Z", "uniq", { item_id: "seat_1", operation_type: "remove" }),
        fetchUsage("2024-02-29T01:02:00Z"),
      ],
    });
    // (7 / 29) × 1 EUR = 24 cents throughout
    expect(usages.map((u) => u.total_amount_cents)).toEqual([24, 24, 24]);
    expect(usages.map((u) => num(u.charges_usage[0].units))).toEqual([1, 0, 0]);
    expect(usages.map((u) => u.charges_usage[0].amount_cents)).toEqual([24, 24, 24]);
    expect(result.fees.filter((f: any) => f.pay_in_advance)).toHaveLength(3);
  });

  it("with in advance charge / returns the expected result", () => {
    const { result, usages } = run({
      metrics: uniq,
      charges: [
        { billable_metric_code: "uniq", charge_model: "standard", pay_in_advance: true, prorated: false, properties: { amount: "1" } },
      ],
      steps: [
        customer("2024-02-23T01:00:00Z"),
        // The spec also passes started_at 2024-02-01T01:00, a parameter the create-subscription
        // API does not take.
        subscribe("2024-02-23T01:00:00Z", { billing_time: "calendar" }),
        event("2024-02-23T01:02:00Z", "uniq", { item_id: "seat_1" }),
        fetchUsage("2024-02-23T01:02:00Z"),
        event("2024-02-26T01:01:00Z", "uniq", { item_id: "seat_1", operation_type: "remove" }, { timestamp: "2024-02-26T01:01:00Z" }),
        fetchUsage("2024-02-26T01:01:00Z"),
        // Sent at 01:02 with the timestamp 01:01:00.
        event("2024-02-26T01:02:00Z", "uniq", { item_id: "seat_2" }, { timestamp: "2024-02-26T01:01:00Z" }),
        fetchUsage("2024-02-26T01:02:00Z"),
      ],
    });
    expect(usages.map((u) => u.total_amount_cents)).toEqual([100, 100, 100]);
    expect(usages.map((u) => num(u.charges_usage[0].units))).toEqual([1, 0, 1]);
    expect(usages.map((u) => u.charges_usage[0].amount_cents)).toEqual([100, 100, 100]);
    expect(result.fees.filter((f: any) => f.pay_in_advance)).toHaveLength(3);
  });
});

describe("weighted_sum_spec.rb", () => {
  // :weighted_sum_billable_metric: field "value", weighted_interval "seconds"; :recurring.
  it("creates fees and keeps the units between periods", () => {
    const { usages, invoices } = run({
      metrics: [{ code: "wsum", aggregation_type: "weighted_sum_agg", field_name: "value", weighted_interval: "seconds", recurring: true }],
      charges: [{ billable_metric_code: "wsum", charge_model: "standard", properties: { amount: "1" } }],
      steps: [
        customer("2023-03-05T00:00:00Z"),
        subscribe("2023-03-05T00:00:00Z"),
        event("2023-03-05T00:00:00Z", "wsum", { value: "2500" }),
        fetchUsage("2023-03-05T00:00:00Z"),
        event("2023-04-04T00:00:00Z", "wsum", { value: "-2000" }),
        event("2023-04-06T00:00:00Z", "wsum", { value: "-200" }),
        fetchUsage("2023-04-06T00:00:00Z"),
      ],
      until: "2023-05-01T01:00:00Z",
    });
    expect(usages[0].total_amount_cents).toBe(217_742);
    expect(usages[0].charges_usage[0].units).toBe("2177.4193548387096774");
    expect(usages[1].total_amount_cents).toBe(53_333);
    expect(usages[1].charges_usage[0].units).toBe("533.3333333333333333");

    expect(invoices).toHaveLength(2);
    const chargeFees = (inv: any) => inv.fees.filter((f: any) => f.item?.type === "charge");
    const [f1] = chargeFees(invoices[0]);
    expect(chargeFees(invoices[0])).toHaveLength(1);
    expect(f1.amount_cents).toBe(217_742);
    expect(Math.round(num(f1.units))).toBe(2177);
    expect(num(f1.total_aggregated_units)).toBe(2500);

    const [f2] = chargeFees(invoices[1]);
    expect(chargeFees(invoices[1])).toHaveLength(1);
    expect(f2.amount_cents).toBe(53_333);
    expect(num(num(f2.units).toFixed(5))).toBe(533.33333);
    expect(num(f2.total_aggregated_units)).toBe(300);
  });
});
