/**
 * The Fee object as objects.md §2 defines it: what it bills (`item.svc_item_id`,
 * `item.item_type`, descriptions and display names), when it was created, when its payment
 * status last changed, its applied taxes' records, and the neutral fields.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  taxes: [{ code: "vat", name: "VAT", rate: "20" }],
  billable_metrics: [
    { code: "calls", name: "Calls", description: "API calls", aggregation_type: "count_agg" },
    { code: "seats", name: "Seats", aggregation_type: "sum_agg", field_name: "n" },
  ],
  add_ons: [{ code: "setup", name: "Setup", description: "One-time setup", amount_cents: 500, amount_currency: "EUR" }],
  plans: [{
    code: "p", name: "Plan P", description: "The P plan", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", tax_codes: ["vat"],
    charges: [
      { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } },
      { billable_metric_code: "seats", charge_model: "standard", pay_in_advance: true, invoiceable: true, invoice_display_name: "Seats (advance)", properties: { amount: "2" } },
    ],
  }],
};
const steps = [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR", billing_configuration: { invoice_grace_period: 2 } } },
  { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
  { at: "2024-03-05T10:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "calls", external_subscription_id: "s1" } },
  { at: "2024-03-06T10:00:00Z", op: "create_event", body: { transaction_id: "e2", code: "seats", external_subscription_id: "s1", properties: { n: 3 } } },
  { at: "2024-03-07T00:00:00Z", op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup", description: "Kick-off" }] } },
  { at: "2024-04-01T12:00:00Z", op: "refresh_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } } } },
  { at: "2024-04-04T00:00:00Z", op: "update_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, payment_status: "succeeded" } },
];
const out = simulate({ ...catalog, steps, until: "2024-04-05T00:00:00Z" });
const invoices = out.invoices as Obj[];
const feesOf = (i: Obj): Obj[] => i["fees"] as Obj[];
const byType = (type: string): Obj[] => invoices.flatMap(feesOf).filter((f) => (f["item"] as Obj)["type"] === type);

describe("fee object", () => {
  it("names what it bills: metric, subscription, add-on, with their descriptions and display names", () => {
    const calls = byType("charge").find((f) => (f["item"] as Obj)["code"] === "calls")!;
    expect(calls["item"]).toMatchObject({ item_type: "BillableMetric", description: "API calls", invoice_display_name: "Calls", filters: null, grouped_by: {} });
    const seats = byType("charge").find((f) => (f["item"] as Obj)["code"] === "seats")!;
    expect(seats["item"]).toMatchObject({ item_type: "BillableMetric", description: null, invoice_display_name: "Seats (advance)" });
    expect((seats["item"] as Obj)["svc_item_id"]).not.toBe((calls["item"] as Obj)["svc_item_id"]);
    const sub = byType("subscription")[0]!;
    const subscriptionId = out.subscriptions[0]!.svc_id;
    expect(sub["item"]).toMatchObject({ item_type: "Subscription", svc_item_id: subscriptionId, description: "The P plan", invoice_display_name: "Plan P" });
    const setup = byType("add_on")[0]!;
    expect(setup["item"]).toMatchObject({ item_type: "AddOn", description: "One-time setup", invoice_display_name: "Setup" });
    expect(setup["description"]).toBe("Kick-off");
    expect(calls["description"]).toBeNull();
  });

  it("a pay-in-advance charge fee names its event; other fees do not carry the key", () => {
    const seats = byType("charge").find((f) => (f["item"] as Obj)["code"] === "seats" && f["pay_in_advance"] === true)!;
    expect(seats["event_transaction_id"]).toBe("e2");
    // Absent from the JSON (an undefined key in the returned object, left out by JSON.stringify).
    for (const f of byType("subscription")) expect(Object.hasOwn(JSON.parse(JSON.stringify(f)) as Obj, "event_transaction_id")).toBe(false);
  });

  it("created_at is its invoice's computation: a draft refresh re-stamps its fees and taxes", () => {
    const periodic = invoices.find((i) => i["invoice_type"] === "subscription" && feesOf(i).some((f) => (f["item"] as Obj)["code"] === "calls"))!;
    // Drafted at the run (04-01 00:00), refreshed at 12:00, finalized at the end of the grace period.
    const f = feesOf(periodic).find((x) => (x["item"] as Obj)["code"] === "calls")!;
    expect(f["created_at"]).toBe("2024-04-03T00:00:00Z");
    for (const t of f["applied_taxes"] as Obj[]) expect(t).toMatchObject({ created_at: "2024-04-03T00:00:00Z", svc_fee_id: f["svc_id"], svc_id: expect.any(String) });
    const advance = byType("charge").find((x) => x["event_transaction_id"] === "e2")!;
    expect(advance["created_at"]).toBe("2024-03-06T10:00:00Z");
  });

  it("the payment timestamps follow the invoice's status", () => {
    const periodic = invoices.at(-1)!;
    for (const f of feesOf(periodic)) expect(f).toMatchObject({ payment_status: "succeeded", succeeded_at: "2024-04-04T00:00:00Z", failed_at: null, refunded_at: null });
    const oneOff = invoices.find((i) => i["invoice_type"] === "one_off")!;
    for (const f of feesOf(oneOff)) expect(f).toMatchObject({ succeeded_at: null, failed_at: null, refunded_at: null });
  });

  it("has the neutral and derived fields", () => {
    for (const f of invoices.flatMap(feesOf)) {
      expect(f).toMatchObject({ self_billed: false, svc_original_fee_id: null, presentation_breakdowns: [] });
      const precise = Number(f["precise_amount"]) * 100 - Number(f["precise_coupons_amount_cents"]);
      expect(Number(f["sub_total_excluding_taxes_precise_amount_cents"])).toBeCloseTo(precise, 6);
    }
  });
});
