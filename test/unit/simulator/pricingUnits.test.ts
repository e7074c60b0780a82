/**
 * Pricing units in the simulator's catalog (charges.md §16.5): the `pricing_units` input key,
 * a charge's `applied_pricing_unit {code, conversion_rate}`, and what each refuses. The figures
 * of billing in a pricing unit are in test/vectors/scenario/pricing_units__* and
 * current_usage__pricing_unit__*.
 */
import { describe, expect, it } from "vitest";
import { ValidationError, simulate } from "../../../src/index.js";

const unit = { code: "credits", name: "Credits", short_name: "CR" };
const input = (charge: Record<string, unknown>, units: unknown = [unit]) => ({
  organization: { timezone: "UTC", default_currency: "EUR" },
  pricing_units: units,
  billable_metrics: [{ code: "api", name: "API", aggregation_type: "sum_agg", field_name: "n" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
    charges: [{ billable_metric_code: "api", charge_model: "standard", properties: { amount: "1" }, ...charge }] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "api", external_subscription_id: "s1", properties: { n: "2.5" } } },
    { at: "2024-03-03T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
  ],
  until: "2024-03-03T00:00:00Z",
});

function details(f: () => unknown): Record<string, string[]> {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.error_details as Record<string, string[]>;
    throw e;
  }
  throw new Error("no ValidationError");
}

type Usage = { customer_usage: { amount_cents: number; charges_usage: { amount_cents: number; pricing_unit_details: unknown }[] } };
const usageOf = (out: { responses: unknown[] }): Usage["customer_usage"] => (out.responses[3] as Usage).customer_usage;

describe("pricing units in the catalog", () => {
  it("prices a charge in its pricing unit and converts (2.5 credits at 0.4 → 1.00 EUR)", () => {
    const out = simulate(input({ applied_pricing_unit: { code: "credits", conversion_rate: "0.4" } })) as unknown as { responses: unknown[]; warnings: unknown[] };
    const u = usageOf(out);
    expect(u.charges_usage[0]!.amount_cents).toBe(100);
    expect(u.charges_usage[0]!.pricing_unit_details).toEqual({ amount_cents: 250, short_name: "CR", conversion_rate: "0.4" });
    expect(out.warnings).toEqual([]);
  });

  it("a charge without one prices in the currency (details null)", () => {
    const u = usageOf(simulate(input({})) as unknown as { responses: unknown[] });
    expect(u.charges_usage[0]).toMatchObject({ amount_cents: 250, pricing_unit_details: null });
  });

  it("keeps the rate at 15 decimals, as the reference's column", () => {
    const u = usageOf(simulate(input({ applied_pricing_unit: { code: "credits", conversion_rate: "0.1234567890123456789" } })) as unknown as { responses: unknown[] });
    expect((u.charges_usage[0]!.pricing_unit_details as { conversion_rate: string }).conversion_rate).toBe("0.123456789012346");
  });

  it("refuses an unknown unit, a rate not above 0, and malformed units, naming each field (the reference's codes)", () => {
    expect(details(() => simulate(input({ applied_pricing_unit: { code: "gems", conversion_rate: "1" } }))))
      .toEqual({ "plans.0.charges.0.applied_pricing_unit.code": ["relation_must_exist"] });
    expect(details(() => simulate(input({ applied_pricing_unit: { code: "credits", conversion_rate: "0" } }))))
      .toEqual({ "plans.0.charges.0.applied_pricing_unit.conversion_rate": ["value_is_out_of_range"] });
    expect(details(() => simulate(input({ applied_pricing_unit: { code: "credits", conversion_rate: -2 } }))))
      .toEqual({ "plans.0.charges.0.applied_pricing_unit.conversion_rate": ["value_is_out_of_range"] });
    expect(details(() => simulate(input({ applied_pricing_unit: { code: "credits", conversion_rate: "x" } }))))
      .toEqual({ "plans.0.charges.0.applied_pricing_unit.conversion_rate": ["invalid_value"] });
    expect(Object.keys(details(() => simulate(input({ applied_pricing_unit: { conversion_rate: "1" } })))))
      .toEqual(["plans.0.charges.0.applied_pricing_unit.code"]);
    expect(Object.keys(details(() => simulate(input({}, [{ code: "credits", name: "Credits", short_name: "CRED" }]))))).toEqual(["pricing_units.0.short_name"]);
    expect(Object.keys(details(() => simulate(input({}, [unit, unit]))))).toEqual(["pricing_units.1.code"]);
    expect(details(() => simulate(input({}, { code: "credits" })))).toEqual({ pricing_units: ["invalid_type"] });
  });
});
