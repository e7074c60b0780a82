/**
 * What follows an instant runs on the simulation's own schedule (contract §4, invoice.md §14.3):
 * alerts after event activity, not after reads or refused steps; progressive-billing checks
 * after accepted steps only; the wallet jobs a step or a billing run queues run at its instant,
 * and their webhooks are written whatever follows — also in the last clock move.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR", premium_integrations: ["progressive_billing"] },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
    charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] }],
};
const setup = [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
];
const event = (at: string, id: string): Obj => ({ at, op: "create_event", body: { transaction_id: id, code: "calls", external_subscription_id: "s1" } });

describe("alerts after event activity", () => {
  const alert = { at: "2024-03-01T00:00:00Z", op: "create_alert", body: { external_subscription_id: "s1", alert_type: "current_usage_amount", code: "a", thresholds: [{ value: "1" }] } };
  it("a usage read does not evaluate an alert; the next event does", () => {
    const out = simulate({ ...base, steps: [...setup, alert,
      { at: "2024-03-05T00:00:00Z", op: "create_event", body: { transaction_id: "", code: "calls" } },
      { at: "2024-03-06T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
      { at: "2024-03-07T00:00:00Z", op: "fetch_alert", body: { external_subscription_id: "s1", code: "a" } },
      event("2024-03-08T00:00:00Z", "e1"), event("2024-03-08T00:00:00Z", "e2"),
      { at: "2024-03-09T00:00:00Z", op: "fetch_alert", body: { external_subscription_id: "s1", code: "a" } },
    ], until: "2024-03-10T00:00:00Z" });
    expect((out.responses[3] as Obj)["error"]).toBeDefined();
    expect(((out.responses[5] as Obj)["alert"] as Obj)["last_processed_at"]).toBeNull();
    const triggered = out.webhooks.filter((w) => (w as Obj)["type"] === "alert.triggered") as Obj[];
    expect(triggered.map((w) => w["at"])).toEqual(["2024-03-08T00:00:00Z"]);
    expect(((out.responses[8] as Obj)["alert"] as Obj)["last_processed_at"]).toBe("2024-03-08T00:00:00Z");
  });
});

describe("progressive billing after accepted steps only", () => {
  const plans = [{ ...base.plans[0]!, usage_thresholds: [{ amount_cents: 100 }] }];
  it("a refused event checks no threshold; the next accepted one does", () => {
    const steps = [...setup, event("2024-03-02T00:00:00Z", "e1"), event("2024-03-02T00:00:00Z", "e2"),
      { at: "2024-03-03T00:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "calls", external_subscription_id: "s1" } },
      event("2024-03-04T00:00:00Z", "e3")];
    // 2 calls (2.00) pass the 1.00 threshold already on the 2nd; a duplicate on the 3rd is refused.
    const out = simulate({ ...base, plans, steps, until: "2024-03-05T00:00:00Z" });
    expect((out.responses[4] as Obj)["error"]).toBeDefined();
    const progressive = out.invoices.filter((i) => (i as Obj)["invoice_type"] === "progressive_billing") as Obj[];
    expect(progressive.map((i) => i["created_at"])).toEqual(["2024-03-02T00:00:00Z"]);
  });
});

describe("wallet jobs at their instant", () => {
  it("a billing run's wallet consumption in the last clock move has its webhook", () => {
    const out = simulate({ ...base, steps: [...setup,
      { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: "100" } },
    ], until: "2024-04-01T01:00:00Z" });
    const periodic = out.invoices.find((i) => (i as Obj)["created_at"] === "2024-04-01T00:00:00Z") as Obj;
    expect(periodic["prepaid_credit_amount_cents"]).toBe(1000);
    const outbound = out.webhooks.filter((w) => (w as Obj)["type"] === "wallet_transaction.created" && ((w as Obj)["object"] as Obj)["transaction_type"] === "outbound");
    expect(outbound.map((w) => (w as Obj)["at"])).toEqual(["2024-04-01T00:00:00Z"]);
  });
});
