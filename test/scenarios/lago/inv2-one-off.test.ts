/**
 * Ports of getlago/lago-api spec/scenarios/invoices/one_off_spec.rb cases without a visible vector
 * ("with explicit tax_codes in the payload" has one). Add-on of 100.00, one unit.
 * Billing-entity applied taxes are the organization's taxes (`applied_to_organization`).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const at = "2024-05-01T10:00:00Z";

function oneOff(taxes: Json[], customerTaxCodes: string[] | undefined, feeTaxCodes: string[] | undefined): Json {
  return simulate({
    organization: { timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [], document_locale: "en" },
    billable_metrics: [], plans: [], coupons: [], taxes,
    add_ons: [{ code: "addon", name: "addon", amount_cents: 10000, amount_currency: "EUR" }],
    steps: [
      { at, op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR", ...(customerTaxCodes ? { tax_codes: customerTaxCodes } : {}) } },
      { at, op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "addon", units: 1, unit_amount_cents: 10000, ...(feeTaxCodes ? { tax_codes: feeTaxCodes } : {}) }] } },
    ],
    until: "2024-05-01T11:00:00Z",
  } as never) as Json;
}
const tax = (code: string, rate: string, org = false) => ({ code, name: code, rate, applied_to_organization: org });

describe("invoices/one_off_spec.rb tax application", () => {
  it("without explicit tax_codes: the billing entity's tax (15 %) → 1500", () => {
    const out = oneOff([tax("default_tax", "15.0", true)], undefined, undefined);
    const inv = out.invoices[0];
    expect(out.invoices).toHaveLength(1);
    expect(inv).toMatchObject({ status: "finalized", taxes_amount_cents: 1500 });
    expect(inv.fees).toHaveLength(1);
    expect(inv.fees[0].applied_taxes.map((t: Json) => t.tax_code)).toEqual(["default_tax"]);
    expect(inv.fees[0].taxes_amount_cents).toBe(1500);
  });

  it("with customer-specific taxes: customer tax (8 %) wins over the billing entity's (25 %) → 800", () => {
    const out = oneOff([tax("customer_vat", "8.0"), tax("be_default", "25.0", true)], ["customer_vat"], undefined);
    const inv = out.invoices[0];
    expect(inv.fees[0].applied_taxes.map((t: Json) => t.tax_code)).toEqual(["customer_vat"]);
    expect(inv.fees[0].taxes_amount_cents).toBe(800);
    expect(inv.taxes_amount_cents).toBe(800);
  });

  it("with customer-specific taxes: explicit tax_codes (5 %) win over customer taxes → 500", () => {
    const out = oneOff([tax("customer_vat", "8.0"), tax("be_default", "25.0", true), tax("explicit_vat", "5.0")], ["customer_vat"], ["explicit_vat"]);
    const fee = out.invoices[0].fees[0];
    expect(fee.applied_taxes.map((t: Json) => t.tax_code)).toEqual(["explicit_vat"]);
    expect(fee.taxes_amount_cents).toBe(500);
  });
});
