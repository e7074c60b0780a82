/**
 * Ported from getlago/lago-api spec/scenarios/current_usage/by_charge_model/
 * {dynamic,graduated_percentage,graduated}_spec.rb (cases without a visible vector).
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, num, run, subscribe } from "./current-usage-helpers.js";

describe("dynamic_spec.rb", () => {
  // :sum_billable_metric reads "item_id"; plan amount 1000 (not part of current usage).
  const metrics = [{ code: "dyn", aggregation_type: "sum_agg", field_name: "item_id" }];
  const plan = { amount_cents: 1000 };
  const dynEvent = (at: string, cents: string, props: Record<string, string> = {}) =>
    event(at, "dyn", { item_id: "10", ...props }, { precise_total_amount_cents: cents });

  it("returns the expected customer usage", () => {
    const { usages } = run({
      metrics,
      plan,
      charges: [{ billable_metric_code: "dyn", charge_model: "dynamic", properties: {} }],
      steps: [
        customer("2023-03-05T00:00:00Z"),
        subscribe("2023-03-05T00:00:00Z"),
        dynEvent("2023-03-06T00:00:00Z", "10.1"),
        fetchUsage("2023-03-06T00:00:00Z"),
        dynEvent("2023-03-06T00:00:00Z", "901.9"),
        fetchUsage("2023-03-06T00:00:00Z"),
      ],
    });
    expect(usages[0].total_amount_cents).toBe(10);
    expect(num(usages[0].charges_usage[0].units)).toBe(10);
    expect(usages[1].total_amount_cents).toBe(912);
    expect(num(usages[1].charges_usage[0].units)).toBe(20);
  });

  it("with grouping / returns the expected customer usage", () => {
    const { usages } = run({
      metrics,
      plan,
      charges: [{ billable_metric_code: "dyn", charge_model: "dynamic", properties: { grouped_by: ["group_key"] } }],
      steps: [
        customer("2023-03-05T00:00:00Z"),
        subscribe("2023-03-05T00:00:00Z"),
        dynEvent("2023-03-06T00:00:00Z", "10.1", { group_key: "value 1" }),
        fetchUsage("2023-03-06T00:00:00Z"),
        dynEvent("2023-03-06T00:00:00Z", "901.9", { group_key: "value 2" }),
        fetchUsage("2023-03-06T00:00:00Z"),
      ],
    });
    expect(usages[0].total_amount_cents).toBe(10);
    expect(num(usages[0].charges_usage[0].units)).toBe(10);
    expect(usages[0].charges_usage[0].grouped_usage[0].grouped_by).toEqual({ group_key: "value 1" });

    const c = usages[1].charges_usage[0];
    expect(usages[1].total_amount_cents).toBe(912);
    expect(num(c.units)).toBe(20);
    expect(c.grouped_usage).toHaveLength(2);
    const g = (v: string) => c.grouped_usage.find((x: any) => x.grouped_by.group_key === v);
    for (const [v, cents] of [["value 1", 10], ["value 2", 902]] as const) {
      expect(g(v).amount_cents).toBe(cents);
      expect(g(v).events_count).toBe(1);
      expect(num(g(v).units)).toBe(10);
      expect(num(g(v).total_aggregated_units)).toBe(10);
      expect(g(v).filters).toEqual([]);
      expect(g(v).pricing_unit_details).toBeNull();
    }
  });
});

describe("graduated_percentage_spec.rb / with basic graduated percentage ranges", () => {
  const metrics = [{ code: "amt", aggregation_type: "sum_agg", field_name: "amount" }];
  const charges = [
    {
      billable_metric_code: "amt",
      charge_model: "graduated_percentage",
      properties: {
        graduated_percentage_ranges: [
          { from_value: 0, to_value: 100, rate: "5", flat_amount: "0" },
          { from_value: 101, to_value: null, rate: "2", flat_amount: "10" },
        ],
      },
    },
  ];
  const usageFor = (amount: string) =>
    run({
      metrics,
      charges,
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "amt", { amount }),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    }).usages[0].charges_usage[0];

  it("returns usage within first range", () => {
    const c = usageFor("50");
    expect(num(c.units)).toBe(50);
    expect(c.amount_cents).toBe(250); // 50 * 5%
  });

  it("returns usage spanning multiple ranges", () => {
    const c = usageFor("150");
    expect(num(c.units)).toBe(150);
    expect(c.amount_cents).toBe(1600); // 100 * 5% + 50 * 2% + 10
  });
});

describe("graduated_spec.rb", () => {
  // The spec's 20 % tax applies to the billing entity, so it is in current usage totals.
  const taxes = [{ code: "tax_20", name: "VAT", rate: "20.0", applied_to_organization: true }];
  const ranges = {
    graduated_ranges: [
      { from_value: 0, to_value: 10, per_unit_amount: "2", flat_amount: "100" },
      { from_value: 11, to_value: null, per_unit_amount: "1", flat_amount: "50" },
    ],
  };

  const zeroUsage = (recurring: boolean, prorated: boolean) =>
    run({
      metrics: [{ code: "amt", aggregation_type: "sum_agg", field_name: "amount", recurring }],
      charges: [{ billable_metric_code: "amt", charge_model: "graduated", prorated, properties: ranges }],
      taxes,
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        fetchUsage("2024-03-06T00:00:00Z"),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    }).usages;

  it("with sum_agg / non-prorated graduated with no events / returns zero customer usage without raising", () => {
    for (const u of zeroUsage(false, false)) {
      expect(u.total_amount_cents).toBe(12_000);
      expect(num(u.charges_usage[0].units)).toBe(0);
      expect(u.charges_usage[0].amount_cents).toBe(10_000);
    }
  });

  it("with sum_agg / prorated graduated with no events / returns the first-tier flat fee", () => {
    for (const u of zeroUsage(true, true)) {
      expect(u.total_amount_cents).toBe(12_000);
      expect(num(u.charges_usage[0].units)).toBe(0);
      expect(u.charges_usage[0].amount_cents).toBe(10_000);
    }
  });

  it("with basic graduated ranges / returns usage within first range", () => {
    const { usages } = run({
      metrics: [{ code: "cnt", aggregation_type: "count_agg" }],
      charges: [
        {
          billable_metric_code: "cnt",
          charge_model: "graduated",
          properties: {
            graduated_ranges: [
              { from_value: 0, to_value: 5, per_unit_amount: "10", flat_amount: "100" },
              { from_value: 6, to_value: null, per_unit_amount: "5", flat_amount: "50" },
            ],
          },
        },
      ],
      taxes,
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "cnt"),
        event("2024-03-06T00:00:00Z", "cnt"),
        event("2024-03-06T00:00:00Z", "cnt"),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    expect(num(usages[0].charges_usage[0].units)).toBe(3);
    expect(usages[0].charges_usage[0].amount_cents).toBe(13_000); // 3 * 10 + 100
  });
});
