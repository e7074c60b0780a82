/** charges.md §3.4: amount_details copy a range bound with the JSON type it was given, in applyChargeModel and in a fee. */
import { describe, expect, it } from "vitest";
import { applyChargeModel, simulate } from "../../../src/index.js";

const ranges = (a: unknown, b: unknown) => [
  { from_value: 0, to_value: a, per_unit_amount: "1", flat_amount: "0" },
  { from_value: b, to_value: null, per_unit_amount: "0.5", flat_amount: "0" },
];
const detailBounds = (d: Record<string, unknown>) => (d["graduated_ranges"] as { from_value: unknown; to_value: unknown }[]).map((r) => [r.from_value, r.to_value]);

describe("range bounds keep their JSON type", () => {
  it("applyChargeModel: numbers stay numbers, strings stay strings, null stays null", () => {
    const num = applyChargeModel({ charge: { charge_model: "graduated", properties: { graduated_ranges: ranges(10, 10) } }, aggregation: { units: "12" } });
    expect(detailBounds(num.amount_details)).toEqual([[0, 10], [10, null]]);
    const str = applyChargeModel({ charge: { charge_model: "graduated", properties: { graduated_ranges: ranges("10", "10") } }, aggregation: { units: "12" } });
    expect(detailBounds(str.amount_details)).toEqual([[0, "10"], ["10", null]]);
    const dec = applyChargeModel({ charge: { charge_model: "graduated", properties: { graduated_ranges: ranges(0.1, 0.1) } }, aggregation: { units: "0.5" } });
    expect(detailBounds(dec.amount_details)).toEqual([[0, 0.1], [0.1, null]]);
    expect(str.amount).toBe(num.amount);
  });

  it("a fee's amount_details too", () => {
    const out = simulate({
      billable_metrics: [{ code: "m", name: "M", aggregation_type: "sum_agg", field_name: "v" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges: [{ billable_metric_code: "m", charge_model: "graduated", properties: { graduated_ranges: ranges("10", "10") } }] }],
      steps: [
        { at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: "c", currency: "EUR" } },
        { at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c", external_id: "s", plan_code: "p" } },
        { at: "2024-01-05T00:00:00Z", op: "create_event", body: { transaction_id: "t", code: "m", external_subscription_id: "s", properties: { v: "12" } } },
      ],
      until: "2024-02-01T01:00:00Z",
    });
    const fee = out.fees.find((f) => f.item.type === "charge")!;
    expect(detailBounds(fee.amount_details as Record<string, unknown>)).toEqual([[0, "10"], ["10", null]]);
  });
});
