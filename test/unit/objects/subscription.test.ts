/**
 * The Subscription object (objects.md §7): its current billing period at the clock, the date
 * of a pending downgrade, the plan's amount, the neutral fields; embedded whole in invoices.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  plans: [
    { code: "big", name: "Big", interval: "monthly", amount_cents: 5000, amount_currency: "EUR" },
    { code: "small", name: "Small", interval: "monthly", amount_cents: 1000, amount_currency: "EUR" },
  ],
};
const out = simulate({ ...base, steps: [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a", timezone: "Europe/Paris" } },
  { at: "2024-03-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "big", subscription_at: "2024-03-20T00:00:00Z" } },
  { at: "2024-03-25T00:00:00Z", op: "fetch_subscription", body: { external_id: "s1" } },
  { at: "2024-03-26T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "small" } },
  { at: "2024-03-27T00:00:00Z", op: "fetch_subscription", body: { external_id: "s1" } },
], until: "2024-04-02T00:00:00Z" });
const sub = (i: number): Obj => (out.responses[i] as Obj)["subscription"] as Obj;

describe("subscription object", () => {
  it("a pending subscription shows its first period", () => {
    expect(sub(1)).toMatchObject({
      status: "pending", current_billing_period_started_at: "2024-03-20T00:00:00Z", current_billing_period_ending_at: "2024-03-31T21:59:59Z",
      activated_at: null, downgrade_plan_date: null,
    });
  });

  it("an active one its period at the clock, with the plan's amount and the neutral fields", () => {
    expect(sub(2)).toMatchObject({
      status: "active", plan_amount_cents: 5000, plan_amount_currency: "EUR", activated_at: "2024-03-20T00:00:00Z",
      current_billing_period_started_at: "2024-03-20T00:00:00Z", current_billing_period_ending_at: "2024-03-31T21:59:59Z",
      applied_invoice_custom_sections: [], payment_method: { payment_method_type: "provider", payment_method_id: null },
      progressive_billing_disabled: false, consolidate_invoice: true, purchase_order_number: null, cancellation_reason: null, activation_rules: [],
    });
  });

  it("a pending downgrade shows the date it happens: when the current period ends, in the customer's zone", () => {
    expect(sub(4)).toMatchObject({ plan_code: "big", next_plan_code: "small", downgrade_plan_date: "2024-04-01" });
  });

  it("is embedded whole in its invoices, as it is when the invoice is shown", () => {
    const final = out.subscriptions.find((s) => s.plan_code === "small")!;
    const inv = (out.invoices as Obj[]).at(-1)!;
    const embedded = (inv["subscriptions"] as Obj[]).map((s) => s["svc_id"]);
    expect(embedded.length).toBeGreaterThan(0);
    for (const s of inv["subscriptions"] as Obj[]) expect(s).toMatchObject({ plan_amount_currency: "EUR", created_at: expect.any(String), billing_time: "calendar" });
    expect(final.status).toBe("active");
  });
});
