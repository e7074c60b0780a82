import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [
    { code: "m", name: "Monthly", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] },
    { code: "usd", name: "Dollars", interval: "monthly", amount_cents: 1000, amount_currency: "USD" },
  ],
};
const customer = { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } };
const subscribe = (plan = "m") => ({ at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: `s_${plan}`, plan_code: plan } });
const ev = (tx: string) => ({ transaction_id: tx, code: "calls", external_subscription_id: "s_m" });
type Obj = Record<string, unknown>;

describe("simulate: what it refuses and what it gives back", () => {
  it("names input keys it does not read in warnings (a catalog wrapped in an object is not read)", () => {
    const r = simulate({ catalog, start: "2024-03-01", steps: [customer] });
    expect(r.warnings).toEqual([
      { code: "ignored_field", at: "2024-03-01T00:00:00Z", message: 'input key "catalog" is not one the simulator reads; it was ignored' },
      { code: "ignored_field", at: "2024-03-01T00:00:00Z", message: 'input key "start" is not one the simulator reads; it was ignored' },
    ]);
    expect(simulate({ ...catalog, steps: [customer] }).warnings).toEqual([]);
  });

  it("dates those warnings at the timeline's first instant: its first step, else until, else null (never 1970)", () => {
    const warn = (at: string | null) => [{ code: "ignored_field", at, message: 'input key "catalog" is not one the simulator reads; it was ignored' }];
    expect(simulate({ catalog, steps: [], until: "2024-05-01T00:00:00Z" }).warnings).toEqual(warn("2024-05-01T00:00:00Z"));
    expect(simulate({ catalog, steps: [] }).warnings).toEqual(warn(null));
  });

  it("stores none of a create_events batch when one event clashes with a stored one", () => {
    const r = simulate({ ...catalog, steps: [customer, subscribe(),
      { at: "2024-03-02T00:00:00Z", op: "create_event", body: ev("t1") },
      { at: "2024-03-03T00:00:00Z", op: "create_events", body: { events: [ev("t2"), ev("t1")] } },
      { at: "2024-03-04T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s_m" } }] });
    expect(r.responses[3]).toEqual({ error: { code: "validation_errors", error_details: { "events.1.transaction_id": ["value_already_exist"] } } });
    expect((r.responses[4] as { customer_usage: { amount_cents: number } }).customer_usage.amount_cents).toBe(100);
  });

  it("refuses a subscription on a plan in another currency than the customer's", () => {
    const r = simulate({ ...catalog, steps: [customer, subscribe("usd")] });
    expect(r.responses[1]).toEqual({ error: { code: "validation_errors", error_details: { currency: ["currencies_does_not_match"] } } });
    expect(r.subscriptions).toEqual([]);
  });

  it("gives a voided invoice's prepaid credits back to the wallet", () => {
    const r = simulate({ ...catalog, steps: [customer,
      { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: "50" } },
      subscribe(),
      { at: "2024-04-01T00:10:00Z", op: "fetch_wallet", body: { external_customer_id: "c1" } },
      { at: "2024-04-01T00:20:00Z", op: "void_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } } },
      { at: "2024-04-01T00:30:00Z", op: "fetch_wallet", body: { external_customer_id: "c1" } }] });
    // March: 1000 cents of plan fee, paid by the 50-credit wallet (5000 cents) → 4000 left; the void gives 1000 back.
    expect((r.invoices as Obj[])[0]).toMatchObject({ status: "voided", prepaid_credit_amount_cents: 1000, total_amount_cents: 0 });
    expect((r.responses[3] as { wallet: Obj }).wallet).toMatchObject({ balance_cents: 4000 });
    expect((r.responses[5] as { wallet: Obj }).wallet).toMatchObject({ balance_cents: 5000 });
  });

  it("terminates a wallet when its expiration comes, and no invoice draws from it afterwards", () => {
    const r = simulate({ ...catalog, steps: [customer,
      { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: "50", expiration_at: "2024-03-20T10:00:00Z" } },
      subscribe(),
      { at: "2024-03-25T00:00:00Z", op: "fetch_wallet", body: { external_customer_id: "c1" } }], until: "2024-04-02T00:00:00Z" });
    expect((r.responses[3] as { wallet: Obj }).wallet).toMatchObject({ status: "terminated" });
    expect((r.invoices as Obj[])[0]).toMatchObject({ prepaid_credit_amount_cents: 0, total_amount_cents: 1000 });
  });
});
