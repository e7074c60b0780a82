/**
 * The Invoice object's own fields (objects.md §1): billing entity, dates of change, metadata
 * set by update_invoice, applied taxes' records, the neutral fields.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  taxes: [{ code: "vat", name: "VAT", rate: "20", applied_to_organization: true }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: true }],
};
const ref = { $ref: { invoice: 0, field: "svc_id" } };
const out = simulate({ ...base, steps: [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a" } },
  { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "p" } },
  { at: "2024-03-02T00:00:00Z", op: "update_invoice", body: { invoice_id: ref, metadata: [{ key: "po", value: "42" }] } },
  { at: "2024-03-03T00:00:00Z", op: "update_invoice", body: { invoice_id: ref, metadata: [{ key: "po", value: "43" }, { key: "x", value: "y" }] } },
  { at: "2024-03-04T00:00:00Z", op: "update_invoice", body: { invoice_id: ref, metadata: [{ key: 5 }] } },
  { at: "2024-03-05T00:00:00Z", op: "update_invoice", body: { invoice_id: ref, payment_status: "failed" } },
  { at: "2024-03-06T00:00:00Z", op: "void_invoice", body: { invoice_id: ref } },
] });
const answer = (i: number): Obj => (out.responses[i] as Obj)["invoice"] as Obj;

describe("invoice object", () => {
  it("has the organization's billing entity and the neutral fields", () => {
    expect(answer(2)).toMatchObject({
      billing_entity_code: "default", self_billed: false, payment_dispute_lost_at: null, file_url: null, xml_url: null, web_url: null,
      purchase_order_number: null, applied_invoice_custom_sections: [], error_details: [], total_offsetted_credit_note_amount_cents: 0, voided_at: null,
    });
  });

  it("keeps metadata as update_invoice sets it: the list replaces the stored one, an entry sent without its id is a new one", () => {
    const first = answer(2)["metadata"] as Obj[];
    const second = answer(3)["metadata"] as Obj[];
    expect(first).toEqual([{ svc_id: expect.any(String), key: "po", value: "42", created_at: "2024-03-02T00:00:00Z" }]);
    expect(second).toEqual([
      { svc_id: expect.any(String), key: "po", value: "43", created_at: "2024-03-03T00:00:00Z" },
      { svc_id: expect.any(String), key: "x", value: "y", created_at: "2024-03-03T00:00:00Z" },
    ]);
    expect(second[0]!["svc_id"]).not.toBe(first[0]!["svc_id"]);
    expect(out.responses[4]).toEqual({ error: { code: "validation_errors", error_details: { "metadata.0.key": ["invalid_value"] } } });
  });

  it("updated_at follows each change; voided_at is the void's instant", () => {
    expect(answer(2)["updated_at"]).toBe("2024-03-02T00:00:00Z");
    expect(answer(5)["updated_at"]).toBe("2024-03-05T00:00:00Z");
    expect(answer(6)).toMatchObject({ status: "voided", voided_at: "2024-03-06T00:00:00Z", updated_at: "2024-03-06T00:00:00Z" });
  });

  it("each applied tax is a record of its own, stamped with the computation", () => {
    const taxes = answer(2)["applied_taxes"] as Obj[];
    expect(taxes).toHaveLength(1);
    expect(taxes[0]).toMatchObject({ svc_id: expect.any(String), created_at: "2024-03-01T00:00:00Z", tax_code: "vat" });
  });
});
