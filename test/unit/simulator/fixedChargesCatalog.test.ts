/**
 * A plan's `fixed_charges` in the simulation's catalog: every bad field is named (unknown
 * add-on or tax, negative units, volume paid in advance, a duplicate code).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;

function details(fixed: Obj[]): Record<string, string[]> {
  try {
    simulate({
      organization: { timezone: "UTC" },
      taxes: [{ code: "vat", name: "VAT", rate: "20" }],
      add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", fixed_charges: fixed }],
      steps: [],
    });
  } catch (e) {
    return (e as { error_details: Record<string, string[]> }).error_details;
  }
  return {};
}
const ok = { add_on_code: "seats", charge_model: "standard", units: 1, properties: { amount: "1" } };

describe("simulate catalog: fixed charges", () => {
  it("accepts a valid fixed charge", () => {
    expect(details([ok, { ...ok, code: "seats_2", tax_codes: ["vat"] }])).toEqual({});
  });

  it("gives a fixed charge without properties its model's defaults (charges.md §19.3): standard at 0, graduated one open range at 0", () => {
    const noProps = { add_on_code: "seats", charge_model: "standard", units: 2 };
    const graduated = { add_on_code: "seats", code: "seats_g", charge_model: "graduated", units: 1 };
    expect(details([noProps, graduated])).toEqual({});
    const r = simulate({
      organization: { timezone: "UTC" },
      add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", fixed_charges: [noProps, graduated] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c", currency: "EUR" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c", external_id: "s", plan_code: "p" } },
        { at: "2024-03-01T00:00:01Z", op: "update_plan", body: { code: "p" } },
      ],
    }) as unknown as { responses: { plan?: { fixed_charges: { properties: Obj }[] } }[] };
    const plan = r.responses[2]!.plan!;
    expect(plan.fixed_charges.map((f) => f.properties)).toEqual([
      { amount: "0" },
      { graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "0", flat_amount: "0" }] },
    ]);
  });

  it("names an unknown add-on, an unknown tax code and negative units", () => {
    expect(details([{ ...ok, add_on_code: "nope" }, { ...ok, code: "b", units: -2, tax_codes: ["gst"] }])).toEqual({
      "plans.0.fixed_charges.0.add_on_code": ["invalid_value"],
      "plans.0.fixed_charges.1.units": ["value_is_out_of_range"],
      "plans.0.fixed_charges.1.tax_codes.0": ["invalid_value"],
    });
  });

  it("refuses a volume fixed charge paid in advance, and one whose explicit code another has; generated codes never collide", () => {
    const volume = { add_on_code: "seats", charge_model: "volume", units: 1, pay_in_advance: true,
      properties: { volume_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "1", flat_amount: "0" }] } };
    expect(details([volume, ok, { ...ok, code: "seats" }])).toEqual({
      "plans.0.fixed_charges.0.pay_in_advance": ["invalid_aggregation_type_or_charge_model"],
      "plans.0.fixed_charges.2.code": ["invalid_value"],
    });
    expect(details([ok, ok, ok])).toEqual({});
  });
});

describe("generated fixed-charge codes (periods.md §7 \"Code\")", () => {
  it("several fixed charges on one add-on without codes are named c, c_2, c_3; a fee's item code stays the add-on's", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      add_ons: [{ code: "setup", name: "Setup", amount_cents: 100, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: true, fixed_charges: [1, 2, 3].map((u) =>
        ({ add_on_code: "setup", charge_model: "standard", units: u, properties: { amount: "10" }, pay_in_advance: true }))
        .concat([{ add_on_code: "setup", charge_model: "standard", units: 4, properties: { amount: "10" }, pay_in_advance: true, code: "setup_7" } as never]) }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
        { at: "2024-03-02T00:00:00Z", op: "update_subscription_fixed_charge", body: { external_subscription_id: "s1", code: "setup_3", units: 5 } },
        { at: "2024-03-03T00:00:00Z", op: "update_plan", body: { code: "p", fixed_charges: [
          { code: "setup" }, { code: "setup_2" }, { code: "setup_3" }, { code: "setup_7" },
          { add_on_code: "setup", charge_model: "standard", units: 1, properties: { amount: "1" } }] } },
      ],
      until: "2024-03-05T00:00:00Z",
    }) as unknown as { responses: { fixed_charge?: { code: string; units: string }; plan?: { fixed_charges: { code: string }[] } }[]; invoices: { fees: { item: { type: string; code: string }; units: string }[] }[] };
    expect(r.responses[2]!.fixed_charge).toMatchObject({ code: "setup_3", units: "5" });
    expect(r.responses[3]!.plan!.fixed_charges.map((f) => f.code)).toEqual(["setup", "setup_2", "setup_3", "setup_7", "setup_8"]);
    expect(r.invoices[0]!.fees.filter((f) => f.item.type === "fixed_charge").map((f) => [f.item.code, f.units])).toEqual([["setup", "1"], ["setup", "2"], ["setup", "3"], ["setup", "4"]]);
  });

  it("an explicit code used twice is still refused", () => {
    expect(() => simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      add_ons: [{ code: "setup", name: "Setup", amount_cents: 100, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", fixed_charges: [
        { add_on_code: "setup", charge_model: "standard", units: 1, properties: { amount: "10" }, code: "x" },
        { add_on_code: "setup", charge_model: "standard", units: 1, properties: { amount: "10" }, code: "x" }] }],
      steps: [],
    })).toThrow(/plans\.0\.fixed_charges\.1\.code/);
  });
});
