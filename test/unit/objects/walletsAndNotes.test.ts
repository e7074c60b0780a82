/**
 * Wallet, wallet transaction and credit note objects (objects.md §3, §4, §6): the transactions'
 * priority from `transaction_priority` at wallet creation (invoice.md §11.3), their invoice and
 * credit-note links, the neutral fields; a credit note's customer, its items' fees, its precise
 * total.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR", billing_entity_code: "be" },
  taxes: [{ code: "vat", name: "VAT", rate: "20", applied_to_organization: true }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: true }],
};
const out = simulate({ ...base, steps: [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a", currency: "EUR" } },
  { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "a", currency: "EUR", rate_amount: "1", paid_credits: "10", granted_credits: "5", transaction_priority: 7 } },
  { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "a", currency: "EUR", rate_amount: "1", code: "w2", granted_credits: "1" } },
  { at: "2024-03-02T00:00:00Z", op: "create_subscription", body: { external_customer_id: "b", external_id: "s1", plan_code: "p" } },
  { at: "2024-03-03T00:00:00Z", op: "create_credit_note", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, reason: "other", credit_amount_cents: 120,
    items: [{ fee_id: { $ref: { invoice: -1, fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: 100 }] } },
] });

describe("wallet objects", () => {
  it("the initial transactions take transaction_priority (default 50), not the wallet's priority", () => {
    const first = (out.responses[1] as Obj)["wallet"] as Obj;
    const txs = (out.wallet_transactions as Obj[]).filter((t) => t["svc_wallet_id"] === first["svc_id"] && t["transaction_type"] === "inbound");
    expect(txs.map((t) => t["priority"])).toEqual([7, 7]);
    expect(first["priority"]).toBe(50);
    const second = (out.responses[2] as Obj)["wallet"] as Obj;
    expect((out.wallet_transactions as Obj[]).filter((t) => t["svc_wallet_id"] === second["svc_id"] && t["transaction_type"] === "inbound").map((t) => t["priority"])).toEqual([50]);
  });

  it("a purchased transaction names its credit invoice; both carry the neutral fields and the billing entity", () => {
    const purchased = (out.wallet_transactions as Obj[]).find((t) => t["transaction_status"] === "purchased")!;
    const credit = (out.invoices as Obj[]).find((i) => i["invoice_type"] === "credit")!;
    expect(purchased).toMatchObject({ svc_invoice_id: credit["svc_id"], svc_credit_note_id: null, billing_entity_code: "be", purchase_order_number: null,
      applied_invoice_custom_sections: [], payment_method: { payment_method_type: "provider", payment_method_id: null } });
    const wallet = (out.responses[1] as Obj)["wallet"] as Obj;
    expect(wallet).toMatchObject({ billing_entity_code: "be", purchase_order_number: null, applied_invoice_custom_sections: [] });
    expect(Object.hasOwn(JSON.parse(JSON.stringify(wallet)) as Obj, "metadata")).toBe(false);
  });
});

describe("credit note object", () => {
  it("embeds its customer and each item's fee, with its precise total and neutral fields", () => {
    expect(out.responses[4]).toHaveProperty("credit_note");
    const note = (out.responses[4] as Obj)["credit_note"] as Obj;
    expect(note).toMatchObject({ billing_entity_code: "be", self_billed: false, file_url: null, xml_url: null, purchase_order_number: null, error_details: [],
      updated_at: "2024-03-03T00:00:00Z", customer: { external_id: "b", sequential_id: 2 } });
    const item = (note["items"] as Obj[])[0]!;
    expect(item["fee"]).toMatchObject({ svc_id: item["svc_fee_id"], item: { type: "subscription" } });
    expect(Object.hasOwn(item["fee"] as Obj, "applied_taxes")).toBe(false);
    // An item of 100 with its 20 % tax: 120.
    expect(Number(note["precise_total_amount_cents"])).toBeCloseTo(120, 4);
    for (const t of note["applied_taxes"] as Obj[]) expect(t["created_at"]).toBe("2024-03-03T00:00:00Z");
  });
});
