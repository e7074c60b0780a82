import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [
    { code: "adv", name: "Advance", interval: "monthly", amount_cents: 600, amount_currency: "EUR", pay_in_advance: true },
    { code: "use", name: "Usage", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] },
  ],
};
const customer = (at: string) => ({ at, op: "create_customer", body: { external_id: "c1", currency: "EUR" } });
const wallet = (at: string, body: Obj) => ({ at, op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", ...body } });
const subscribe = (at: string, plan: string) => ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: plan } });
const fetchWallet = (at: string) => ({ at, op: "fetch_wallet", body: { external_customer_id: "c1" } });
const txs = (r: { wallet_transactions: readonly unknown[] }) => r.wallet_transactions as Obj[];

describe("simulate: recurring wallet transaction rules (§11.6)", () => {
  it("tops up a threshold rule once an invoice paid by the wallet brings the balance under it; limits ignored", () => {
    const rule = { trigger: "threshold", method: "fixed", paid_credits: "10", threshold_credits: "5", ignore_paid_top_up_limits: true };
    const r = simulate({ ...catalog, steps: [customer("2025-09-01T00:00:00Z"),
      wallet("2025-09-01T00:00:00Z", { granted_credits: "10", paid_top_up_min_amount_cents: 10000, recurring_transaction_rules: [rule] }),
      subscribe("2025-09-01T22:00:00Z", "adv"),
      fetchWallet("2025-09-01T22:10:00Z"),
      { at: "2025-09-01T22:20:00Z", op: "update_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, payment_status: "succeeded" } },
      fetchWallet("2025-09-01T22:30:00Z")] });
    expect(r.invoices[0]).toMatchObject({ invoice_type: "subscription", prepaid_credit_amount_cents: 600 });
    expect(r.invoices[1]).toMatchObject({ invoice_type: "credit", total_amount_cents: 1000 });
    const top = txs(r).find((t) => t["source"] === "threshold");
    expect(top).toMatchObject({ transaction_status: "purchased", credit_amount: "10", status: "settled", created_at: "2025-09-01T22:00:00Z" });
    expect((r.responses[3] as { wallet: Obj }).wallet["credits_balance"]).toBe("4");
    expect((r.responses[5] as { wallet: Obj }).wallet["credits_balance"]).toBe("14");
    expect(r.warnings).toEqual([]);
  });

  it("does not fire a threshold rule while the ongoing balance stays above it", () => {
    const rule = { trigger: "threshold", method: "fixed", granted_credits: "10", threshold_credits: "3" };
    const r = simulate({ ...catalog, steps: [customer("2025-09-01T00:00:00Z"),
      wallet("2025-09-01T00:00:00Z", { granted_credits: "10", recurring_transaction_rules: [rule] }),
      subscribe("2025-09-01T00:00:00Z", "adv"), fetchWallet("2025-09-02T00:00:00Z")] });
    expect(txs(r).filter((t) => t["source"] === "threshold")).toEqual([]);
    expect((r.responses[3] as { wallet: Obj }).wallet["credits_balance"]).toBe("4");
  });

  it("a threshold top-up fires when the usage that crosses it arrives, not at a later read (invoice.md §11.6)", () => {
    const rule = { trigger: "threshold", method: "fixed", granted_credits: "20", threshold_credits: "5" };
    const events = Array.from({ length: 7 }, (_, i) => ({ transaction_id: `t${i}`, code: "calls", external_subscription_id: "s1" }));
    const r = simulate({ ...catalog, steps: [customer("2025-09-01T00:00:00Z"),
      wallet("2025-09-01T00:00:00Z", { granted_credits: "10", recurring_transaction_rules: [rule] }),
      subscribe("2025-09-01T00:00:00Z", "use"),
      { at: "2025-09-02T00:00:00Z", op: "create_events", body: { events } },
      fetchWallet("2025-09-02T01:00:00Z"), fetchWallet("2025-09-02T02:00:00Z")] });
    // The events bring the ongoing balance to 3 (≤ 5): the top-up is made at their instant.
    const top = txs(r).filter((t) => t["source"] === "threshold");
    expect(top.map((t) => [t["created_at"], t["credit_amount"]])).toEqual([["2025-09-02T00:00:00Z", "20"]]);
    expect((r.responses[4] as { wallet: Obj }).wallet).toMatchObject({ credits_balance: "30", credits_ongoing_balance: "23" });
    expect((r.responses[5] as { wallet: Obj }).wallet).toMatchObject({ credits_balance: "30", credits_ongoing_balance: "23" });
  });

  it("the worked example: a granted target top-up at the event's instant, seen by a read at that instant", () => {
    const metric = { code: "credits", name: "Credits", aggregation_type: "sum_agg", field_name: "n" };
    const plan = { code: "use2", name: "Usage", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
      charges: [{ billable_metric_code: "credits", charge_model: "standard", properties: { amount: "1" } }] };
    const rule = { trigger: "threshold", method: "target", threshold_credits: "5", target_ongoing_balance: "10", grants_target_top_up: true };
    const r = simulate({ ...catalog, billable_metrics: [...catalog.billable_metrics, metric], plans: [...catalog.plans, plan], steps: [
      customer("2025-09-01T00:00:00Z"),
      wallet("2025-09-01T00:00:00Z", { granted_credits: "10", recurring_transaction_rules: [rule] }),
      subscribe("2025-09-01T00:00:00Z", "use2"),
      { at: "2025-09-02T12:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "credits", external_subscription_id: "s1", properties: { n: "6" } } },
      fetchWallet("2025-09-02T12:00:00Z")] });
    const top = txs(r).filter((t) => t["source"] === "threshold");
    expect(top.map((t) => [t["created_at"], t["transaction_status"], t["credit_amount"]])).toEqual([["2025-09-02T12:00:00Z", "granted", "6"]]);
    expect((r.responses[4] as { wallet: Obj }).wallet).toMatchObject({ credits_balance: "16", credits_ongoing_balance: "10" });
  });

  it("tops up a monthly interval rule on each anniversary day at 00:55 UTC, never on the creation day", () => {
    const rule = { trigger: "interval", interval: "monthly", method: "fixed", granted_credits: "5" };
    const r = simulate({ ...catalog, steps: [customer("2024-01-31T10:00:00Z"),
      wallet("2024-01-31T10:00:00Z", { granted_credits: "1", recurring_transaction_rules: [rule] })], until: "2024-04-30T12:00:00Z" });
    expect(txs(r).filter((t) => t["source"] === "interval").map((t) => t["created_at"]))
      .toEqual(["2024-02-29T00:55:00Z", "2024-03-31T00:55:00Z", "2024-04-30T00:55:00Z"]);
    expect(r.webhooks.filter((w) => (w as Obj)["type"] === "wallet_transaction.created")).toHaveLength(4);
  });

  it("issues the credit invoice of a paid interval top-up", () => {
    const rule = { trigger: "interval", interval: "weekly", method: "fixed", paid_credits: "3" };
    const r = simulate({ ...catalog, steps: [customer("2024-01-01T10:00:00Z"),
      wallet("2024-01-01T10:00:00Z", { recurring_transaction_rules: [rule] })], until: "2024-01-16T00:00:00Z" });
    expect(r.invoices.map((i) => [(i as Obj)["invoice_type"], (i as Obj)["total_amount_cents"], (i as Obj)["created_at"]]))
      .toEqual([["credit", 300, "2024-01-08T00:55:00Z"], ["credit", 300, "2024-01-15T00:55:00Z"]]);
  });

  it("makes weekly top-ups exactly every 7 days for any creation instant and horizon (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: 1, max: 60 }), (sec, days) => {
      const start = Date.UTC(2024, 0, 1) + sec * 1000;
      const until = start + days * 86_400_000;
      const iso = (t: number) => new Date(t).toISOString().replace(/\.000Z$/, "Z");
      const r = simulate({ ...catalog, steps: [customer(iso(start)),
        wallet(iso(start), { recurring_transaction_rules: [{ trigger: "interval", interval: "weekly", method: "fixed", granted_credits: "1" }] })], until: iso(until) });
      const at = txs(r).map((t) => Date.parse(t["created_at"] as string));
      const expected: number[] = [];
      for (let t = Date.UTC(2024, 0, 8, 0, 55); t <= until; t += 7 * 86_400_000) expected.push(t);
      expect(at).toEqual(expected);
    }), { numRuns: 30 });
  });
});
