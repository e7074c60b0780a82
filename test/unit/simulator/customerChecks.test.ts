/**
 * `create_customer` refuses what the reference's customer record refuses: a name longer than
 * 255 characters (counted as characters, not UTF-16 units) and a document locale the reference
 * has no documents in; a refused step changes nothing.
 */
import { describe, expect, it } from "vitest";
import { type Obj, run } from "./updatesFixtures.js";

const upsert = (body: Obj): Obj => ({ at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", ...body } });

describe("create_customer: the reference's record checks", () => {
  it("a name of 255 characters is taken (even of astral ones), 256 is value_is_too_long", () => {
    const r = run([upsert({ name: "😀".repeat(255) }), upsert({ name: "x".repeat(256) })]);
    expect((r.responses[0] as { customer: Obj }).customer["name"]).toBe("😀".repeat(255));
    expect(r.responses[1]).toEqual({ error: { code: "validation_errors", error_details: { name: ["value_is_too_long"] } } });
  });

  it("a document locale off the reference's list is not_a_valid_language_code; its own are taken", () => {
    const r = run([upsert({ billing_configuration: { document_locale: "pt-BR" } }), upsert({ billing_configuration: { document_locale: "xx" } })]);
    expect(r.responses[0]).toHaveProperty("customer");
    expect(r.responses[1]).toEqual({ error: { code: "validation_errors", error_details: { document_locale: ["not_a_valid_language_code"] } } });
  });

  it("a refused update changes nothing", () => {
    // An upsert naming no field answers the customer as it is.
    const r = run([upsert({ name: "Kept" }), upsert({ name: "y".repeat(300), currency: "EUR" }), upsert({})]);
    expect((r.responses[2] as { customer: Obj }).customer).toMatchObject({ name: "Kept", currency: null });
  });
});

describe("create_customer: settings sent again", () => {
  it("a metadata entry named by id is updated in place; one without id is new; unnamed ones go", () => {
    const r = run([upsert({ metadata: [{ key: "a", value: "1" }, { key: "b", value: "2" }] })]);
    const first = (r.responses[0] as { customer: { metadata: Obj[] } }).customer.metadata;
    const again = run([upsert({ metadata: [{ key: "a", value: "1" }, { key: "b", value: "2" }] }),
      { at: "2024-03-02T00:00:00Z", op: "create_customer", body: { external_id: "c1", metadata: [{ id: first[0]!["svc_id"], key: "a2", value: "9" }, { key: "b", value: "3" }] } }]);
    const second = (again.responses[1] as { customer: { metadata: Obj[] } }).customer.metadata;
    expect(second[0]).toMatchObject({ svc_id: first[0]!["svc_id"], key: "a2", value: "9", created_at: "2024-03-01T00:00:00Z" });
    expect(second[1]!["svc_id"]).not.toBe(first[1]!["svc_id"]);
    expect(second[1]).toMatchObject({ key: "b", value: "3", created_at: "2024-03-02T00:00:00Z" });
  });

  it("an invoice_grace_period sent as null clears the customer's (the organization's applies again)", () => {
    const r = run([upsert({ billing_configuration: { invoice_grace_period: 3 } }), upsert({ billing_configuration: { invoice_grace_period: null } })]);
    expect((r.responses[0] as { customer: { billing_configuration: Obj } }).customer.billing_configuration["invoice_grace_period"]).toBe(3);
    expect((r.responses[1] as { customer: { billing_configuration: Obj } }).customer.billing_configuration["invoice_grace_period"]).toBeNull();
  });
});
