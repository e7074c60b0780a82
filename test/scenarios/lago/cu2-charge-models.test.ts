/**
 * Ported from getlago/lago-api spec/scenarios/current_usage/by_charge_model/
 * {standard,volume,package,percentage}_spec.rb — the cases without a visible conformance vector
 * (each spec runs with non_persistable_charge_cache_optimization enabled and disabled; both
 * assert the same figures).
 *
 * Covered by vectors, not ported again: standard "with basic usage"; volume "returns usage in
 * second range"; package "returns usage based on packages consumed", "returns usage for full
 * packages", "with free units / excludes free units from charges"; percentage "with
 * free_units_per_events and fixed_amount", "with free_units_per_total_aggregation and
 * fixed_amount" and both "(events overage)" / "(total_agg overage)" cases.
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, num, run, subscribe, type Step } from "./current-usage-helpers.js";

const times = (n: number, mk: () => Step): Step[] => Array.from({ length: n }, mk);

describe("standard_spec.rb", () => {
  it("with grouped_by / returns grouped usage", () => {
    const { usages } = run({
      metrics: [{ code: "cnt", aggregation_type: "count_agg" }],
      charges: [{ billable_metric_code: "cnt", charge_model: "standard", properties: { amount: "10", grouped_by: ["region"] } }],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        ...times(2, () => event("2024-03-06T00:00:00Z", "cnt", { region: "us" })),
        event("2024-03-06T00:00:00Z", "cnt", { region: "eu" }),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    const c = usages[0].charges_usage[0];
    expect(num(c.units)).toBe(3);
    expect(c.amount_cents).toBe(3000);
    expect(c.grouped_usage).toHaveLength(2);
    const us = c.grouped_usage.find((g: any) => g.grouped_by?.region === "us");
    const eu = c.grouped_usage.find((g: any) => g.grouped_by?.region === "eu");
    expect(us.grouped_by).toEqual({ region: "us" });
    expect(num(us.units)).toBe(2);
    expect(us.amount_cents).toBe(2000);
    expect(eu.grouped_by).toEqual({ region: "eu" });
    expect(num(eu.units)).toBe(1);
    expect(eu.amount_cents).toBe(1000);
  });

  it("with filters / returns filtered usage", () => {
    const { usages } = run({
      metrics: [{ code: "hrs", aggregation_type: "sum_agg", field_name: "hours", filters: [{ key: "cloud", values: ["aws", "gcp"] }] }],
      charges: [
        {
          billable_metric_code: "hrs",
          charge_model: "standard",
          properties: { amount: "0.12" },
          filters: [
            { invoice_display_name: "GCP", properties: { amount: "0.10" }, values: { cloud: ["gcp"] } },
            { invoice_display_name: "AWS", properties: { amount: "0.08" }, values: { cloud: ["aws"] } },
          ],
        },
      ],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        event("2024-03-06T00:00:00Z", "hrs", { cloud: "aws", hours: 100 }),
        event("2024-03-06T00:00:00Z", "hrs", { cloud: "gcp", hours: 200 }),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    const c = usages[0].charges_usage[0];
    // AWS: 100 × 0.08 = 800 cents, GCP: 200 × 0.10 = 2000 cents
    expect(c.amount_cents).toBe(2800);
    const only = (v: string) => c.filters.find((f: any) => JSON.stringify(f.values) === JSON.stringify({ cloud: [v] }));
    expect(num(only("aws").units)).toBe(100);
    expect(only("aws").amount_cents).toBe(800);
    expect(num(only("gcp").units)).toBe(200);
    expect(only("gcp").amount_cents).toBe(2000);
  });
});

describe("volume_spec.rb / with basic volume ranges", () => {
  it("returns usage within first range", () => {
    const { usages } = run({
      metrics: [{ code: "cnt", aggregation_type: "count_agg" }],
      charges: [
        {
          billable_metric_code: "cnt",
          charge_model: "volume",
          properties: {
            volume_ranges: [
              { from_value: 0, to_value: 10, per_unit_amount: "5", flat_amount: "100" },
              { from_value: 11, to_value: null, per_unit_amount: "2", flat_amount: "50" },
            ],
          },
        },
      ],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        ...times(5, () => event("2024-03-06T00:00:00Z", "cnt")),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    const c = usages[0].charges_usage[0];
    expect(num(c.units)).toBe(5);
    // 5 × 5 + 100 = 125 EUR
    expect(c.amount_cents).toBe(12_500);
  });
});

describe("package_spec.rb / with free units", () => {
  it("charges beyond free units", () => {
    const { usages } = run({
      metrics: [{ code: "cnt", aggregation_type: "count_agg" }],
      charges: [{ billable_metric_code: "cnt", charge_model: "package", properties: { amount: "100", free_units: 5, package_size: 10 } }],
      steps: [
        customer("2024-03-05T00:00:00Z"),
        subscribe("2024-03-05T00:00:00Z"),
        ...times(12, () => event("2024-03-06T00:00:00Z", "cnt")),
        fetchUsage("2024-03-06T00:00:00Z"),
      ],
    });
    const c = usages[0].charges_usage[0];
    expect(num(c.units)).toBe(12);
    // 12 − 5 free = 7 billable → 1 package × 100 EUR
    expect(c.amount_cents).toBe(10_000);
  });
});

describe("percentage_spec.rb / with sum_agg", () => {
  // Plan amount 1000 (not part of current usage); a 20 % tax applied to the billing entity
  // (ratecard: an organization-level tax). :billable_metric sum_agg on field "amount".
  const TAX_20 = [{ code: "tax_20", name: "VAT", rate: "20", applied_to_organization: true }];
  const metrics = [{ code: "amt", aggregation_type: "sum_agg", field_name: "amount" }];
  const minMax = { rate: "1", fixed_amount: "1", per_transaction_max_amount: "12", per_transaction_min_amount: "1.75" };
  const pct = (properties: Record<string, unknown>, steps: Step[]) =>
    run({
      metrics,
      plan: { amount_cents: 1000 },
      taxes: TAX_20,
      charges: [{ billable_metric_code: "amt", charge_model: "percentage", properties }],
      steps: [customer("2023-03-05T00:00:00Z"), subscribe("2023-03-05T00:00:00Z"), ...steps],
    });
  const figures = (usages: any[]) =>
    usages.map((u) => [u.total_amount_cents, num(u.charges_usage[0].units), u.charges_usage[0].amount_cents]);

  it("with min and max per transaction amount / returns the expected customer usage", () => {
    const at = "2023-03-06T00:00:00Z";
    const { usages } = pct(minMax, [
      event(at, "amt", { amount: "100" }),
      fetchUsage(at),
      event(at, "amt", { amount: "1000" }),
      fetchUsage(at),
      event(at, "amt", { amount: "10000" }),
      fetchUsage(at),
    ]);
    expect(figures(usages)).toEqual([
      [240, 100, 200],
      [1560, 1100, 1300],
      [3000, 11100, 2500],
    ]);
  });

  it("with min and max per transaction amount and pricing group keys / returns the expected customer usage", () => {
    const at = "2023-03-06T00:00:00Z";
    const p = { region: "US", provider: "AWS" };
    const { usages } = pct({ ...minMax, pricing_group_keys: ["region", "provider"] }, [
      event(at, "amt", { amount: "100", ...p }),
      fetchUsage(at),
      event(at, "amt", { amount: "1000", ...p }),
      fetchUsage(at),
      event(at, "amt", { amount: "10000", ...p }),
      fetchUsage(at),
    ]);
    expect(figures(usages)).toEqual([
      [240, 100, 200],
      [1560, 1100, 1300],
      [3000, 11100, 2500],
    ]);
    expect(usages[0].charges_usage[0].grouped_usage[0].grouped_by).toEqual({ region: "US", provider: "AWS" });
  });

  it("with min and max per transaction amount and no events (ING-13 regression) / returns a zero customer usage without raising NoMethodError", () => {
    const at = "2023-03-06T00:00:00Z";
    const { usages } = pct(minMax, [fetchUsage(at), fetchUsage(at)]);
    expect(figures(usages)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });
});
