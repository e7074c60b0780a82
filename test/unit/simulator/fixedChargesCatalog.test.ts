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

  it("names an unknown add-on, an unknown tax code and negative units", () => {
    expect(details([{ ...ok, add_on_code: "nope" }, { ...ok, code: "b", units: -2, tax_codes: ["gst"] }])).toEqual({
      "plans.0.fixed_charges.0.add_on_code": ["invalid_value"],
      "plans.0.fixed_charges.1.units": ["invalid_value"],
      "plans.0.fixed_charges.1.tax_codes.0": ["invalid_value"],
    });
  });

  it("refuses a volume fixed charge paid in advance, and two fixed charges with one code", () => {
    const volume = { add_on_code: "seats", charge_model: "volume", units: 1, pay_in_advance: true,
      properties: { volume_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "1", flat_amount: "0" }] } };
    expect(details([volume, ok, ok])).toEqual({
      "plans.0.fixed_charges.0.pay_in_advance": ["invalid_aggregation_type_or_charge_model"],
      "plans.0.fixed_charges.2.code": ["invalid_value"],
    });
  });
});
