/**
 * A draft is recomputed when a late event of its period arrives. invoice.md §1.2.1: "A draft
 * subscription invoice (grace period running) is recomputed — when events, coupons or credits
 * that concern it arrive, when refresh_invoice is called, and right before it is finalized".
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

interface Invoice { status: string; fees_amount_cents: number; total_amount_cents: number }

const run = (refresh: boolean): Invoice => (simulate({
  organization: { timezone: "UTC", default_currency: "EUR", invoice_grace_period: 5 },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
    charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    // Late event of March, received during April's grace period.
    { at: "2024-04-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1", timestamp: "2024-03-20T00:00:00Z" } },
    ...(refresh ? [{ at: "2024-04-02T00:00:00Z", op: "refresh_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } } }] : []),
  ],
  until: "2024-04-03T00:00:00Z",
}) as unknown as { invoices: Invoice[] }).invoices[0]!;

describe("review: drafts and late events", () => {
  it("control: with an explicit refresh_invoice the draft counts the late event (1000 + 100)", () => {
    expect([run(true).status, run(true).fees_amount_cents]).toEqual(["draft", 1100]);
  });

  // Fees 1100: subscription 1000 + 1 call at 1.00.
  it("the event alone refreshes the draft", () => {
    const inv = run(false);
    expect([inv.status, inv.fees_amount_cents, inv.total_amount_cents]).toEqual(["draft", 1100, 1100]);
  });
});
