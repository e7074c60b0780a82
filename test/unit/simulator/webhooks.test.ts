/**
 * The webhooks `simulate` emits (contract §4 "Webhooks"), in the order they are emitted:
 * customers, subscriptions (started, updated when a downgrade is scheduled or by
 * update_subscription, terminated), fees of pay-in-advance invoices and fees without invoice
 * (invoice.md §1.5), drafts (drafted then ready_to_finalize), one-off invoices, payment status
 * changes, wallets, plans.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
type Hook = { type: string; at: string; object: Obj };
const base = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "seats", name: "Seats", aggregation_type: "sum_agg", field_name: "n" }],
  add_ons: [{ code: "setup", name: "Setup", amount_cents: 500, amount_currency: "EUR" }],
  plans: [
    { code: "big", name: "Big", interval: "monthly", amount_cents: 5000, amount_currency: "EUR",
      charges: [
        { billable_metric_code: "seats", charge_model: "standard", pay_in_advance: true, invoiceable: true, properties: { amount: "1" } },
      ] },
    { code: "small", name: "Small", interval: "monthly", amount_cents: 1000, amount_currency: "EUR" },
  ],
};
const types = (hooks: readonly Hook[], at?: string): string[] => hooks.filter((h) => at === undefined || h.at === at).map((h) => h.type);

describe("webhooks", () => {
  const out = simulate({ ...base, steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a", billing_configuration: { invoice_grace_period: 1 } } },
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a", name: "Ann" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "big" } },
    { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "seats", external_subscription_id: "s1", properties: { n: 2 } } },
    { at: "2024-03-03T00:00:00Z", op: "create_one_off_invoice", body: { external_customer_id: "a", currency: "EUR", fees: [{ add_on_code: "setup" }] } },
    { at: "2024-03-04T00:00:00Z", op: "update_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, payment_status: "succeeded" } },
    { at: "2024-03-05T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "small" } },
    { at: "2024-03-06T00:00:00Z", op: "update_plan", body: { code: "small", name: "Small 2" } },
    { at: "2024-03-07T00:00:00Z", op: "create_wallet", body: { external_customer_id: "a", currency: "EUR", rate_amount: "1", granted_credits: "5" } },
    { at: "2024-03-08T00:00:00Z", op: "terminate_wallet", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } } } },
  ], until: "2024-04-03T00:00:00Z" });
  const hooks = out.webhooks as unknown as Hook[];

  it("a customer is created, then updated by the upsert; the subscription starts", () => {
    expect(types(hooks, "2024-03-01T00:00:00Z")).toEqual(["customer.created", "customer.updated", "subscription.started"]);
    expect(hooks[1]!.object).toMatchObject({ external_id: "a", name: "Ann" });
  });

  it("a pay-in-advance charge invoice announces its fees just before it", () => {
    expect(types(hooks, "2024-03-02T00:00:00Z")).toEqual(["fee.created", "invoice.created"]);
    expect(hooks.find((h) => h.type === "fee.created")!.object).toMatchObject({ event_transaction_id: "e1" });
  });

  it("a one-off invoice has its own type; a payment status change is announced", () => {
    // The 03-02 invoice was due that day: at midnight it is overdue, before the one-off invoice of the same instant.
    expect(types(hooks, "2024-03-03T00:00:00Z")).toEqual(["invoice.payment_overdue", "invoice.one_off_created"]);
    expect(types(hooks, "2024-03-04T00:00:00Z")).toEqual(["invoice.payment_overdue", "invoice.payment_status_updated"]);
  });

  it("a scheduled downgrade updates the current subscription; the switch terminates it and starts the new one", () => {
    expect(types(hooks, "2024-03-05T00:00:00Z")).toEqual(["subscription.updated"]);
    const atSwitch = types(hooks, "2024-04-01T00:00:00Z");
    expect(atSwitch.slice(0, 2)).toEqual(["subscription.terminated", "subscription.started"]);
    // The invoice of the switch is a draft (grace period): drafted, then ready to finalize.
    expect(atSwitch.slice(2)).toEqual(["invoice.drafted", "invoice.ready_to_finalize"]);
    expect(types(hooks, "2024-04-02T00:00:00Z")).toEqual(["invoice.created"]);
  });

  it("plans and wallets", () => {
    expect(types(hooks, "2024-03-06T00:00:00Z")).toEqual(["plan.updated"]);
    // The granted credits settle at creation: the balance rises from 0, announced after the transaction.
    expect(types(hooks, "2024-03-07T00:00:00Z")).toEqual(["wallet.created", "wallet_transaction.created", "wallet.updated"]);
    expect(types(hooks, "2024-03-08T00:00:00Z")).toEqual(["wallet.terminated"]);
  });

  it("a pending downgrade canceled (here by a termination) updates its previous subscription first", () => {
    const out2 = simulate({ ...base, steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "b", external_id: "s2", plan_code: "big" } },
      { at: "2024-03-05T00:00:00Z", op: "create_subscription", body: { external_customer_id: "b", external_id: "s2", plan_code: "small" } },
      { at: "2024-03-10T00:00:00Z", op: "terminate_subscription", body: { external_id: "s2" } },
    ] });
    const at10 = (out2.webhooks as unknown as Hook[]).filter((h) => h.at === "2024-03-10T00:00:00Z");
    expect(at10.slice(0, 2).map((h) => [h.type, h.object["plan_code"], h.object["next_plan_code"]])).toEqual([
      ["subscription.updated", "big", null], ["subscription.terminated", "big", null],
    ]);
  });
});
