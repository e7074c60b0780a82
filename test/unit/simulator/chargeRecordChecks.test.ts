/**
 * A plan charge checked against its metric (catalogPlans.ts checkChargeRecord): pay in advance
 * only for count, sum and unique count (charges.md §15), no minimum spend in advance (§17),
 * dynamic pricing only on a sum. The same checks apply to a charge `update_plan` adds or remodels.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const METRICS = ["count_agg", "sum_agg", "unique_count_agg", "max_agg", "latest_agg", "weighted_sum_agg"].map((t) => ({
  code: t, name: t, aggregation_type: t, ...(t === "count_agg" ? {} : { field_name: "v" }),
}));
const plan = (charges: Obj[]): Obj => ({ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges });
const standard = (metric: string, extra: Obj = {}): Obj => ({ billable_metric_code: metric, charge_model: "standard", properties: { amount: "1" }, ...extra });

function details(input: Obj): Record<string, string[]> | Obj {
  try {
    return simulate({ organization: { timezone: "UTC" }, billable_metrics: METRICS, steps: [], ...input }) as unknown as Obj;
  } catch (e) {
    return (e as { error_details: Record<string, string[]> }).error_details;
  }
}

describe("plan charges checked against their metric", () => {
  it("accepts pay in advance on count, sum and unique count, and minimum spend in arrears", () => {
    const charges = ["count_agg", "sum_agg", "unique_count_agg"].map((m) => standard(m, { pay_in_advance: true }));
    const out = details({ plans: [plan([...charges, standard("max_agg", { min_amount_cents: 500 })])] });
    expect(out).toHaveProperty("invoices");
  });

  it("refuses pay in advance on max, latest and weighted sum, naming each charge", () => {
    const charges = ["max_agg", "latest_agg", "weighted_sum_agg"].map((m) => standard(m, { pay_in_advance: true }));
    expect(details({ plans: [plan(charges)] })).toEqual({
      "plans.0.charges.0.pay_in_advance": ["invalid_aggregation_type_or_charge_model"],
      "plans.0.charges.1.pay_in_advance": ["invalid_aggregation_type_or_charge_model"],
      "plans.0.charges.2.pay_in_advance": ["invalid_aggregation_type_or_charge_model"],
    });
  });

  it("refuses a minimum spend on a pay-in-advance charge, and dynamic pricing on a count", () => {
    const charges = [standard("sum_agg", { pay_in_advance: true, min_amount_cents: 100 }), { billable_metric_code: "count_agg", charge_model: "dynamic", properties: {} }];
    expect(details({ plans: [plan(charges)] })).toEqual({
      "plans.0.charges.0.min_amount_cents": ["not_compatible_with_pay_in_advance"],
      "plans.0.charges.1.charge_model": ["invalid_aggregation_type_or_charge_model"],
    });
  });

  it("refuses the percentage models on a latest value", () => {
    const charges = [
      { billable_metric_code: "latest_agg", charge_model: "percentage", properties: { rate: "1" } },
      { billable_metric_code: "latest_agg", charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: [{ from_value: 0, to_value: null, rate: "1", flat_amount: "0" }] } },
      { billable_metric_code: "sum_agg", charge_model: "percentage", properties: { rate: "1" } },
    ];
    expect(details({ plans: [plan(charges)] })).toEqual({
      "plans.0.charges.0.properties": ["invalid_value"],
      "plans.0.charges.1.properties": ["invalid_value"],
    });
  });

  it("refuses regroup_paid_fees unless the charge is paid in advance and not invoiced", () => {
    const regroup = { regroup_paid_fees: "invoice" };
    expect(details({ plans: [plan([standard("sum_agg", { pay_in_advance: true, ...regroup }), standard("sum_agg", regroup), standard("sum_agg", { pay_in_advance: true, invoiceable: false, ...regroup })])] })).toEqual({
      "plans.0.charges.0.regroup_paid_fees": ["only_compatible_with_pay_in_advance_and_non_invoiceable"],
      "plans.0.charges.1.regroup_paid_fees": ["only_compatible_with_pay_in_advance_and_non_invoiceable"],
    });
  });

  it("update_plan refuses the same: an added pay-in-advance max charge, a remodel to dynamic on a count", () => {
    const out = details({
      plans: [plan([standard("count_agg")])],
      steps: [
        { at: "2024-01-01T00:00:00Z", op: "update_plan", body: { code: "p", charges: [standard("count_agg"), standard("max_agg", { pay_in_advance: true })] } },
        { at: "2024-01-01T00:00:00Z", op: "update_plan", body: { code: "p", charges: [{ billable_metric_code: "count_agg", charge_model: "dynamic", properties: {} }] } },
      ],
    }) as { responses: Obj[] };
    expect(out.responses).toEqual([
      { error: expect.objectContaining({ code: "validation_errors", error_details: { "charges.1.pay_in_advance": ["invalid_aggregation_type_or_charge_model"] } }) },
      { error: expect.objectContaining({ code: "validation_errors", error_details: { "charges.0.charge_model": ["invalid_aggregation_type_or_charge_model"] } }) },
    ]);
  });
});
