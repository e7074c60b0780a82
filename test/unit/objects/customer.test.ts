/**
 * The Customer object (objects.md §8): answered by create_customer, embedded in invoices
 * without `taxes` and `error_details`; its numbering, slug, dates and the fields kept as sent.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "Europe/Paris", default_currency: "EUR", name: "Acme", billing_entity_code: "acme_fr" },
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: true }],
};
const steps = [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a", name: "Ann", email: "ann@example.com", shipping_address: { city: "Lyon" }, metadata: [{ key: "tier", value: "gold", display_in_invoice: true }] } },
  { at: "2024-03-02T00:00:00Z", op: "create_customer", body: { external_id: "b", timezone: "America/New_York", billing_configuration: { subscription_invoice_issuing_date_anchor: "current_period_end" } } },
  { at: "2024-03-03T00:00:00Z", op: "create_customer", body: { external_id: "a", phone: "+33 1" } },
  { at: "2024-03-04T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "p" } },
];
const out = simulate({ ...base, steps });
const customer = (i: number): Obj => (out.responses[i] as Obj)["customer"] as Obj;

describe("customer object", () => {
  it("numbers customers in creation order, an upsert keeping its number, with the organization's slug prefix", () => {
    expect([customer(0)["sequential_id"], customer(1)["sequential_id"], customer(2)["sequential_id"]]).toEqual([1, 2, 1]);
    expect(customer(0)["slug"]).toMatch(/^ACM-[0-9A-F]{4}-001$/);
    expect(customer(1)["slug"]).toMatch(/^ACM-[0-9A-F]{4}-002$/);
  });

  it("keeps what was sent, an upsert replacing only the fields it gives; dates of creation and last change", () => {
    expect(customer(2)).toMatchObject({
      email: "ann@example.com", phone: "+33 1", city: null, shipping_address: { city: "Lyon", country: null },
      metadata: [{ key: "tier", value: "gold", display_in_invoice: true, created_at: "2024-03-01T00:00:00Z" }],
      created_at: "2024-03-01T00:00:00Z", updated_at: "2024-03-03T00:00:00Z",
    });
  });

  it("shows the settings that apply: zone, billing entity, configuration defaults", () => {
    expect(customer(0)).toMatchObject({
      applicable_timezone: "Europe/Paris", timezone: null, billing_entity_code: "acme_fr", account_type: "customer",
      finalize_zero_amount_invoice: "inherit", taxes: [], error_details: [],
      billing_configuration: { invoice_grace_period: null, document_locale: "en", subscription_invoice_issuing_date_anchor: "next_period_start", subscription_invoice_issuing_date_adjustment: "align_with_finalization_date" },
    });
    expect(customer(1)).toMatchObject({ applicable_timezone: "America/New_York", billing_configuration: { subscription_invoice_issuing_date_anchor: "current_period_end" } });
  });

  it("is embedded in its invoices without taxes and error_details", () => {
    const embedded = (out.invoices[0] as Obj)["customer"] as Obj;
    expect(embedded).toMatchObject({ svc_id: customer(0)["svc_id"], sequential_id: 1, phone: "+33 1" });
    expect(Object.hasOwn(embedded, "taxes")).toBe(false);
    expect(Object.hasOwn(embedded, "error_details")).toBe(false);
  });
});
