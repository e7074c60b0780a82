/**
 * The smaller objects (objects.md §11–§15): Event, Applied coupon, Payment, Alert and the
 * triggered alert of its webhook — each with every field of its table.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  coupons: [{ code: "c10", name: "Ten", description: "Ten off", coupon_type: "fixed_amount", amount_cents: 1000, amount_currency: "EUR", frequency: "once", expiration: "time_limit", expiration_at: "2024-12-31T00:00:00Z" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 5000, amount_currency: "EUR", pay_in_advance: true,
    charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] }],
};
const out = simulate({ ...base, steps: [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a" } },
  { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "p" } },
  { at: "2024-03-01T00:00:00Z", op: "create_alert", body: { external_subscription_id: "s1", alert_type: "current_usage_amount", code: "a1", thresholds: [{ value: "1" }] } },
  { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1", timestamp: "2024-03-01T12:00:00Z" } },
  { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t2", code: "calls", external_customer_id: "nobody" } },
  { at: "2024-03-03T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "a", coupon_code: "c10" } },
  { at: "2024-03-04T00:00:00Z", op: "create_payment", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, amount_cents: 100, reference: "wire-1" } },
  { at: "2024-03-05T00:00:00Z", op: "fetch_alert", body: { external_subscription_id: "s1", code: "a1" } },
] });
const answer = (i: number, key: string): Obj => (out.responses[i] as Obj)[key] as Obj;
const subscription = out.subscriptions[0]!;

describe("small objects", () => {
  it("an event names the customer and subscription it belongs to at its timestamp, and when it arrived", () => {
    expect(answer(3, "event")).toMatchObject({
      svc_customer_id: subscription.svc_customer_id, svc_subscription_id: subscription.svc_id, precise_total_amount_cents: null,
      timestamp: "2024-03-01T12:00:00Z", created_at: "2024-03-02T00:00:00Z",
    });
    expect(answer(4, "event")).toMatchObject({ svc_customer_id: null, svc_subscription_id: null, external_subscription_id: null });
  });

  it("an applied coupon carries its coupon's description, status and expiry", () => {
    expect(answer(5, "applied_coupon")).toMatchObject({ coupon_description: "Ten off", coupon_status: "active", coupon_deleted_at: null, expiration_at: "2024-12-31T00:00:00Z" });
  });

  it("a manual payment is a whole Payment object", () => {
    const invoice = out.invoices[0] as Obj;
    expect(answer(6, "payment")).toMatchObject({
      svc_id: expect.any(String), svc_customer_id: subscription.svc_customer_id, external_customer_id: "a", invoice_ids: [invoice["svc_id"]],
      invoice_numbers: [invoice["number"]], svc_payable_id: invoice["svc_id"], payable_type: "Invoice", amount_cents: 100, status: "succeeded",
      payment_status: "succeeded", type: "manual", reference: "wire-1", payment_provider_code: null, next_action: null, payment_method_id: null,
      created_at: "2024-03-04T00:00:00Z",
    });
  });

  it("an alert and its triggered webhook name the organization and what they are on", () => {
    const alert = answer(7, "alert");
    expect(alert).toMatchObject({ svc_organization_id: expect.any(String), subscription_external_id: "s1", external_subscription_id: "s1" });
    const w = (out.webhooks as Obj[]).find((x) => x["type"] === "alert.triggered")!["object"] as Obj;
    expect(w).toMatchObject({
      svc_id: expect.any(String), svc_organization_id: alert["svc_organization_id"], svc_alert_id: alert["svc_id"], svc_subscription_id: subscription.svc_id,
      subscription_external_id: "s1", customer_external_id: "a", external_customer_id: "a",
    });
  });
});
