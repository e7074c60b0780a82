/**
 * Ported from getlago/lago-api spec/scenarios/current_usage/by_charge_model/prorated_graduated_spec.rb
 * (cases without a visible vector). Lago creates the prorated graduated charge right after the
 * subscription; here it is in the catalog from the start. The spec's 0 % tax is applied to
 * nothing and is left out; billing_time is the API default (calendar) unless the spec says
 * otherwise. Lago bills only on the days the spec calls perform_billing, while the engine bills
 * at every boundary, so invoices are matched by their charges period, not by count.
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, num, run, subscribe, terminate, type Step } from "./current-usage-helpers.js";

type Range = [from: number, to: number | null, perUnit: string, flat: string];
const graduated = (ranges: Range[]) => ({
  billable_metric_code: "metric",
  charge_model: "graduated",
  prorated: true,
  properties: {
    graduated_ranges: ranges.map(([from_value, to_value, per_unit_amount, flat_amount]) => ({ from_value, to_value, per_unit_amount, flat_amount })),
  },
});
const metric = (aggregation_type: string, field_name: string) => [{ code: "metric", aggregation_type, field_name, recurring: true }];
const amounts = (usages: any[]) => usages.map((u) => u.amount_cents);
const totals = (usages: any[]) => usages.map((u) => u.total_amount_cents);
const units = (usages: any[]) => usages.map((u) => num(u.charges_usage[0].units));
const THREE_RANGES: Range[] = [
  [0, 5, "10", "100"],
  [6, 15, "5", "50"],
  [16, null, "2", "0"],
];
const sumEvent = (at: string, amount: string) => event(at, "metric", { amount });

describe("with sum_agg", () => {
  it("three ranges and one overflow case / returns the expected invoice and usage amounts", () => {
    const { usages, invoices } = run({
      metrics: metric("sum_agg", "amount"),
      charges: [graduated(THREE_RANGES)],
      steps: [
        customer("2023-09-01T00:00:00Z"),
        subscribe("2023-09-01T00:00:00Z"),
        fetchUsage("2023-09-01T00:00:00Z"), // Lago fetches at the wall clock; no event yet either way
        sumEvent("2023-09-10T00:00:00Z", "2"),
        fetchUsage("2023-09-10T00:00:00Z"),
        sumEvent("2023-09-16T00:00:00Z", "5"),
        fetchUsage("2023-09-16T00:00:00Z"),
        sumEvent("2023-09-20T00:00:00Z", "-6"),
        fetchUsage("2023-09-20T00:00:00Z"),
        sumEvent("2023-09-25T00:00:00Z", "10"),
        fetchUsage("2023-09-25T00:00:00Z"),
        sumEvent("2023-09-26T00:00:00Z", "4"),
        fetchUsage("2023-09-26T00:00:00Z"),
        sumEvent("2023-09-30T00:00:00Z", "60"),
        fetchUsage("2023-09-30T00:00:00Z"),
        fetchUsage("2023-10-05T00:00:00Z"),
        sumEvent("2023-10-17T00:00:00Z", "20"),
        fetchUsage("2023-10-17T00:00:00Z"),
      ],
    });
    const expected = [10_000, 11_400, 18_400, 16_567, 17_967, 18_300, 18_700, 37_000, 38_935];
    expect(amounts(usages)).toEqual(expected);
    expect(totals(usages)).toEqual(expected);
    expect(units(usages)).toEqual([0, 2, 7, 1, 11, 15, 75, 75, 95]);
    expect(invoices).toHaveLength(1);
    expect(invoices[0].total_amount_cents).toBe(18_700);
  });

  it("when there are old events before first invoice / returns expected invoice and usage amounts", () => {
    const nov = 1_699_336_493; // 2023-11-07, before the subscription started
    const { usages, invoices } = run({
      metrics: metric("sum_agg", "amount"),
      charges: [graduated([[0, 5, "0", "0"], [6, null, "12", "0"]])],
      steps: [
        customer("2023-12-01T00:00:00Z"),
        subscribe("2023-12-01T00:00:00Z"),
        event("2023-12-02T00:00:00Z", "metric", { amount: "5" }, { timestamp: nov }),
        event("2023-12-02T00:00:00Z", "metric", { amount: "5" }, { timestamp: nov }),
        fetchUsage("2023-12-02T00:00:00Z"),
        fetchUsage("2024-01-05T00:00:00Z"),
        sumEvent("2024-01-06T00:00:00Z", "2"),
        fetchUsage("2024-01-06T00:00:00Z"),
      ],
    });
    expect(amounts(usages)).toEqual([6_000, 6_000, 8_013]);
    expect(totals(usages)).toEqual([6_000, 6_000, 8_013]);
    expect(units(usages)).toEqual([10, 10, 12]);
    expect(invoices).toHaveLength(1);
    expect(invoices[0].total_amount_cents).toBe(6_000);
  });

  it("when upgrade is performed / returns expected invoice and usage amounts", () => {
    const { usages, invoices } = run({
      metrics: metric("sum_agg", "amount"),
      charges: [graduated(THREE_RANGES)],
      otherPlans: [{ code: "plan_new", name: "plan_new", amount_cents: 100, charges: [graduated(THREE_RANGES)] }],
      steps: [
        customer("2023-09-01T00:00:00Z"),
        subscribe("2023-09-01T00:00:00Z"),
        sumEvent("2023-09-10T00:00:00Z", "2"),
        sumEvent("2023-09-16T00:00:00Z", "5"),
        sumEvent("2023-09-20T00:00:00Z", "-6"),
        sumEvent("2023-09-25T00:00:00Z", "10"),
        sumEvent("2023-09-26T00:00:00Z", "4"),
        sumEvent("2023-09-30T00:00:00Z", "60"),
        fetchUsage("2023-09-30T00:00:00Z"),
        fetchUsage("2023-10-05T00:00:00Z"),
        sumEvent("2023-10-17T00:00:00Z", "20"),
        fetchUsage("2023-10-17T00:00:00Z"),
        subscribe("2023-10-18T05:20:00Z", { plan_code: "plan_new" }),
        fetchUsage("2023-11-05T00:00:00Z"),
      ],
    });
    expect(amounts(usages)).toEqual([18_700, 37_000, 38_935, 41_000]);
    expect(units(usages)).toEqual([75, 75, 95, 95]);
    expect(invoices.map((i: any) => i.total_amount_cents)).toEqual([
      18_700, // 2023-10-01, September
      27_323, // upgrade: 17/31 of 75 units + the 20 units of 10-17 over 2 days
      26_742 + 45, // 2023-11-01: new plan 14/31 of 95 units + 14/31 of 1 EUR
    ]);
  });
});

describe("with unique_count_agg", () => {
  const uc = (at: string, amount: string, operation_type = "add") => event(at, "metric", { amount, operation_type });
  const TWO_RANGES = graduated([[0, 1, "10", "100"], [2, null, "5", "50"]]);

  it("two ranges / returns the expected invoice and usage amounts", () => {
    const { usages, invoices } = run({
      metrics: metric("unique_count_agg", "amount"),
      charges: [TWO_RANGES],
      steps: [
        customer("2023-09-01T00:00:00Z"),
        subscribe("2023-09-01T00:00:00Z"),
        uc("2023-09-10T00:00:00Z", "1111"),
        fetchUsage("2023-09-10T00:00:00Z"),
        uc("2023-09-12T00:00:00Z", "1111", "remove"),
        fetchUsage("2023-09-12T00:00:00Z"),
        uc("2023-09-14T00:00:00Z", "1111"),
        fetchUsage("2023-09-14T00:00:00Z"),
        uc("2023-09-15T00:00:00Z", "2222"),
        fetchUsage("2023-09-15T00:00:00Z"),
        uc("2023-09-16T00:00:00Z", "2222"),
        fetchUsage("2023-09-16T00:00:00Z"),
        uc("2023-09-20T00:00:00Z", "3333"),
        fetchUsage("2023-09-20T00:00:00Z"),
        fetchUsage("2023-10-05T00:00:00Z"),
        uc("2023-10-17T00:00:00Z", "4444"),
        fetchUsage("2023-10-17T00:00:00Z"),
        fetchUsage("2023-11-05T00:00:00Z"),
      ],
    });
    const expected = [10_700, 10_100, 10_667, 15_933, 15_933, 16_117, 17_000, 17_242, 17_500];
    expect(amounts(usages)).toEqual(expected);
    expect(totals(usages)).toEqual(expected);
    expect(units(usages)).toEqual([1, 0, 1, 2, 2, 3, 3, 4, 4]);
    expect(invoices[0].total_amount_cents).toBe(16_117);
  });

  it("two ranges and removal in another interval / returns the expected invoice and usage amounts", () => {
    const { usages, invoices } = run({
      metrics: metric("unique_count_agg", "amount"),
      charges: [TWO_RANGES],
      steps: [
        customer("2023-09-01T00:00:00Z"),
        subscribe("2023-09-01T00:00:00Z"),
        uc("2023-09-10T00:00:00Z", "1111"),
        fetchUsage("2023-09-10T00:00:00Z"),
        fetchUsage("2023-10-05T00:00:00Z"),
        uc("2023-10-17T00:00:00Z", "1111", "remove"),
        fetchUsage("2023-10-17T00:00:00Z"),
        uc("2023-10-19T00:00:00Z", "2222"),
        fetchUsage("2023-10-19T00:00:00Z"),
        fetchUsage("2023-11-05T00:00:00Z"),
      ],
    });
    const expected = [10_700, 11_000, 10_548, 10_968, 11_000];
    expect(amounts(usages)).toEqual(expected);
    expect(totals(usages)).toEqual(expected);
    expect(units(usages)).toEqual([1, 1, 0, 1, 1]);
    expect(invoices.map((i: any) => i.total_amount_cents)).toEqual([10_700, 10_968]);
  });

  it("multiple events on the same day / old events before first invoice and subscription is terminated", () => {
    const { usages, invoices } = run({
      metrics: metric("unique_count_agg", "amount"),
      charges: [graduated([[0, 1, "5", "10"], [2, null, "15", "30"]])],
      steps: [
        customer("2023-10-01T00:00:00Z"),
        subscribe("2023-10-01T00:00:00Z"),
        uc("2023-10-05T00:00:00Z", "1111"),
        fetchUsage("2023-12-07T00:00:00Z"),
        uc("2023-12-07T00:00:00Z", "2222"),
        fetchUsage("2023-12-07T00:00:00Z"),
        terminate("2023-12-07T00:00:00Z"),
      ],
    });
    expect(amounts(usages)).toEqual([1_500, 5_710]);
    expect(totals(usages)).toEqual([1_500, 5_710]);
    expect(units(usages)).toEqual([1, 2]);
    // Lago never ran the 11-01 and 12-01 billings, so its termination invoice is the only one.
    const last = invoices[invoices.length - 1];
    expect(last.total_amount_cents).toBe(4_161);
    expect(last.issuing_date).toBe("2023-12-07");
  });

  it("when item is removed before billing period / does not count removed user in tier assignment", () => {
    const user = (at: string, user_id: string, operation_type = "add") => event(at, "metric", { user_id, operation_type });
    const { usages, invoices } = run({
      metrics: metric("unique_count_agg", "user_id"),
      charges: [graduated([[0, 1, "0", "0"], [2, null, "10", "0"]])],
      steps: [
        customer("2024-10-01T00:00:00Z"),
        subscribe("2024-10-01T00:00:00Z"),
        user("2024-10-05T00:00:00Z", "73283"),
        user("2024-10-06T00:00:00Z", "73290"),
        user("2024-10-07T00:00:00Z", "78924"),
        user("2024-10-25T00:00:00Z", "73290", "remove"),
        fetchUsage("2024-11-15T00:00:00Z"),
      ],
      until: "2024-12-01T00:01:00Z",
    });
    expect(num(usages[0].charges_usage[0].units)).toBe(2);
    expect(usages[0].amount_cents).toBe(1000);
    expect(invoices).toHaveLength(2);
    expect(invoices[1].total_amount_cents).toBe(1000);
  });

  it("with combinations of add and remove / returns expected usage", () => {
    const user = (at: string, user_id: string, operation_type = "add", extra = {}) =>
      event(at, "metric", { user_id, operation_type }, extra);
    const steps: Step[] = [
      customer("2025-05-21T04:31:39Z"),
      subscribe("2025-05-21T04:31:39Z", { billing_time: "anniversary" }),
      // Lago sends this one at 2025-05-21 00:00, before the subscription's start that day.
      user("2025-05-21T04:31:39Z", "49303", "add", { timestamp: "2025-05-21T00:00:00Z" }),
      user("2025-05-31T00:00:00Z", "49067"),
      user("2025-07-23T00:00:00Z", "62741"),
      user("2025-07-24T00:00:00Z", "49067", "remove"),
      user("2025-07-24T00:00:00Z", "63011"),
      fetchUsage("2025-08-19T18:00:00Z"),
    ];
    const { usages } = run({
      metrics: metric("unique_count_agg", "user_id"),
      charges: [graduated([[0, 3, "0", "0"], [4, null, "10", "0"]])],
      steps,
    });
    expect(usages[0].amount_cents).toBe(0);
  });
});
