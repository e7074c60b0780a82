/** charges.md §19.3: a charge created with no properties gets its model's defaults; other keys only do not. */
import { describe, expect, it } from "vitest";
import { defaultChargeProperties, simulate } from "../../../src/index.js";

const metrics = [{ code: "m", name: "M", aggregation_type: "sum_agg", field_name: "v" }];
const start = [
  { at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: "c", currency: "EUR" } },
  { at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c", external_id: "s", plan_code: "p" } },
];
const plan = (charges: unknown[]) => [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges }];

function refusal(f: () => unknown): Record<string, string[]> | undefined {
  try {
    f();
  } catch (err) {
    return (err as { error_details?: Record<string, string[]> }).error_details;
  }
  return undefined;
}

describe("default charge properties", () => {
  it("each model's defaults price nothing", () => {
    expect(defaultChargeProperties("standard")).toEqual({ amount: "0" });
    expect(defaultChargeProperties("package")).toEqual({ package_size: 1, amount: "0", free_units: 0 });
    expect(defaultChargeProperties("graduated")).toEqual({ graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "0", flat_amount: "0" }] });
    expect(defaultChargeProperties("banana")).toBeUndefined();
  });

  for (const [label, properties] of [["absent", undefined], ["null", null], ["{}", {}]] as const) {
    it(`a plan charge whose properties are ${label} is created with the defaults and bills 0`, () => {
      const charge = { billable_metric_code: "m", charge_model: "graduated", ...(properties === undefined ? {} : { properties }) };
      const out = simulate({ billable_metrics: metrics, plans: plan([charge]), steps: [...start, { at: "2024-01-05T00:00:00Z", op: "create_event", body: { transaction_id: "t", code: "m", external_subscription_id: "s", properties: { v: "7" } } }], until: "2024-02-01T01:00:00Z" });
      const fee = out.fees.find((f) => f.item.type === "charge")!;
      expect([fee.units, fee.amount_cents]).toEqual(["7", 0]);
    });
  }

  it("properties with only another model's keys are not defaulted: missing_graduated_ranges", () => {
    const charge = { billable_metric_code: "m", charge_model: "graduated", properties: { amount: "1" } };
    expect(refusal(() => simulate({ billable_metrics: metrics, plans: plan([charge]), steps: start }))).toEqual({ "plans.0.charges.0.properties.graduated_ranges": ["missing_graduated_ranges"] });
  });

  it("update_plan adding a charge with no properties gives it the defaults", () => {
    const out = simulate({
      billable_metrics: metrics, plans: plan([]),
      steps: [...start, { at: "2024-01-02T00:00:00Z", op: "update_plan", body: { code: "p", charges: [{ billable_metric_code: "m", charge_model: "package" }] } }],
    });
    const answer = out.responses[2] as { plan?: { charges: { properties: unknown }[] }; error?: unknown };
    expect(answer.error).toBeUndefined();
    expect(answer.plan!.charges[0]!.properties).toEqual({ package_size: 1, amount: "0", free_units: 0 });
  });
});

describe("update_plan and a charge's flags (charges.md §19.5)", () => {
  const base = (charge: Record<string, unknown>, entry: Record<string, unknown>) => simulate({
    billable_metrics: metrics, plans: plan([{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" }, ...charge }]),
    steps: [...start, { at: "2024-01-02T00:00:00Z", op: "update_plan", body: { code: "p", charges: [{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "2" }, ...entry }] } }],
  });

  it("refuses invoiceable false on a charge the update leaves in arrears, and changes nothing", () => {
    const out = base({}, { invoiceable: false });
    expect((out.responses[2] as { error?: { error_details?: unknown } }).error?.error_details).toEqual({ "charges.0.invoiceable": ["must_be_true_unless_pay_in_advance"] });
    expect(out.warnings).toEqual([]);
  });

  it("accepts invoiceable false on a charge paid in advance", () => {
    const out = base({ pay_in_advance: true, invoiceable: false }, { pay_in_advance: true, invoiceable: false });
    expect((out.responses[2] as { error?: unknown }).error).toBeUndefined();
  });

  it("keeps an existing charge's payment timing, and says so in a warning", () => {
    const out = base({}, { pay_in_advance: true });
    const answer = out.responses[2] as { plan: { charges: { pay_in_advance: boolean; properties: unknown }[] } };
    expect(answer.plan.charges[0]).toMatchObject({ pay_in_advance: false, properties: { amount: "2" } });
    expect(out.warnings.map((w) => [w.code, w.message.includes("charges.0.pay_in_advance")])).toEqual([["ignored_field", true]]);
  });
});
