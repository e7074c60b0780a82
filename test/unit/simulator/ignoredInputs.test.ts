/**
 * Inputs the simulator accepts and then ignores without a warning or a
 * refusal, and mixed currencies on one customer.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Alert { previous_value: string }
interface Result { responses: Obj[]; webhooks: { type: string }[]; warnings: unknown[]; invoices: { currency: string; number: string }[] }

describe("review: lifetime-usage alerts are never evaluated", () => {
  const run = (type: string): Result => simulate({
    organization: { timezone: "UTC", default_currency: "EUR", premium_integrations: ["progressive_billing", "lifetime_usage"] },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-01T00:00:00Z", op: "create_alert", body: { external_subscription_id: "s1", alert_type: type, code: "a", thresholds: [{ value: "100" }] } },
      { at: "2024-03-02T00:00:00Z", op: "create_events", body: { events: [1, 2, 3].map((i) => ({ transaction_id: `t${i}`, code: "calls", external_subscription_id: "s1" })) } },
      { at: "2024-03-03T00:00:00Z", op: "fetch_alert", body: { external_subscription_id: "s1", code: "a" } },
    ],
  }) as never;

  it("control: a current_usage_amount alert on the same usage (300 cents) triggers", () => {
    const r = run("current_usage_amount");
    expect(r.webhooks.map((w) => w.type).filter((t) => t.startsWith("alert."))).toEqual(["alert.triggered"]);
    expect((r.responses[4]!["alert"] as Alert).previous_value).toBe("300.0");
  });

  // invoice.md §14.1: lifetime_usage_amount measures lifetime usage total_amount_cents (§12.2:
  // historical 0 + invoiced 0 + current 300 = 300), so threshold 100 is crossed (§14.2) and
  // previous_value becomes 300 (§14.3).
  it("a lifetime_usage_amount alert crosses its threshold", () => {
    const r = run("lifetime_usage_amount");
    expect(r.responses[2]).toHaveProperty("alert");
    expect(r.webhooks.map((w) => w.type).filter((t) => t.startsWith("alert."))).toEqual(["alert.triggered"]);
    expect((r.responses[4]!["alert"] as Alert).previous_value).toBe("300.0");
  });
});

describe("review: a one-off invoice in another currency than the customer's", () => {
  // The customer's currency is EUR (set by its subscription, docs/simulator.md "Choices"); a one-off
  // invoice in another currency is refused with `currency: currencies_does_not_match`, as a
  // subscription in another currency is (the reference's customer currency update).
  it("is refused with currencies_does_not_match", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [],
      add_ons: [{ code: "ao", name: "AO", amount_cents: 333, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
        { at: "2024-03-05T00:00:00Z", op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "USD", fees: [{ add_on_code: "ao" }] } },
      ],
    }) as unknown as Result;
    expect(r.invoices.filter((i) => i.currency === "USD")).toEqual([]);
    expect(JSON.stringify(r.responses[2])).toContain("currencies_does_not_match");
  });
});
