/**
 * Periodic subscription invoices of `simulate` (invoice.md §1.1, periods.md §5, §10): calendar
 * and anniversary, in arrears and in advance, the prorated first period, the customer's time
 * zone, and one invoice per customer and instant. Figures derived by hand from the semantics.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Invoice {
  status: string; issuing_date: string; created_at: string; fees_amount_cents: number; total_amount_cents: number;
  fees: { item: { type: string; code: string }; amount_cents: number; units: string; external_subscription_id: string }[];
  billing_periods: { external_subscription_id: string; invoicing_reason: string }[];
}

// 31.00 EUR a month: 100 cents a day in a 31-day month, so prorations are whole.
const plan = (code: string, extra: Obj = {}): Obj => ({
  code, name: code, interval: "monthly", amount_cents: 3100, amount_currency: "EUR",
  charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2" } }], ...extra,
});
const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [plan("arrears"), plan("advance", { pay_in_advance: true })],
};
const customer = (at: string, extra: Obj = {}): Obj => ({ at, op: "create_customer", body: { external_id: "c1", ...extra } });
const subscribe = (at: string, planCode: string, extra: Obj = {}): Obj =>
  ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: planCode, ...extra } });
const event = (at: string, tx: string, sub = "s1", extra: Obj = {}): Obj =>
  ({ at, op: "create_event", body: { transaction_id: tx, code: "calls", external_subscription_id: sub, ...extra } });
const invoicesOf = (steps: Obj[], until: string): Invoice[] => simulate({ ...catalog, steps, until }).invoices as Invoice[];
const summary = (i: Invoice) => [i.created_at, i.issuing_date, i.fees.map((f) => [f.item.type, f.amount_cents]), i.fees_amount_cents, i.status];

describe("simulate invoicing: periodic runs", () => {
  it("calendar in arrears: prorated first month (27 of 31 days) with its usage, then full months", () => {
    const inv = invoicesOf([customer("2024-03-05T00:00:00Z"), subscribe("2024-03-05T00:00:00Z", "arrears"),
      event("2024-03-20T00:00:00Z", "t1"), event("2024-03-21T00:00:00Z", "t2"), event("2024-04-10T00:00:00Z", "t3")], "2024-05-01T00:00:00Z");
    expect(inv.map(summary)).toEqual([
      ["2024-04-01T00:00:00Z", "2024-04-01", [["subscription", 2700], ["charge", 400]], 3100, "finalized"],
      ["2024-05-01T00:00:00Z", "2024-05-01", [["subscription", 3100], ["charge", 200]], 3300, "finalized"],
    ]);
    expect(inv[0]!.billing_periods.map((p) => p.invoicing_reason)).toEqual(["subscription_periodic"]);
  });

  it("anniversary in arrears: the first run is on the anniversary day, a full period, never prorated", () => {
    const inv = invoicesOf([customer("2024-03-05T00:00:00Z"), subscribe("2024-03-05T00:00:00Z", "arrears", { billing_time: "anniversary" }),
      event("2024-04-04T23:59:59Z", "t1"), event("2024-04-05T00:00:00Z", "t2")], "2024-04-30T00:00:00Z");
    // Period 5 March – 4 April: t1 is in it, t2 opens the next period.
    expect(inv.map(summary)).toEqual([
      ["2024-04-05T00:00:00Z", "2024-04-05", [["subscription", 3100], ["charge", 200]], 3300, "finalized"],
    ]);
  });

  it("calendar in advance: the prorated first month at the start, then each month ahead with the past month's usage", () => {
    const inv = invoicesOf([customer("2024-03-05T00:00:00Z"), subscribe("2024-03-05T00:00:00Z", "advance"),
      event("2024-03-10T00:00:00Z", "t1")], "2024-04-01T00:00:00Z");
    expect(inv.map(summary)).toEqual([
      ["2024-03-05T00:00:00Z", "2024-03-05", [["subscription", 2700]], 2700, "finalized"],
      ["2024-04-01T00:00:00Z", "2024-04-01", [["subscription", 3100], ["charge", 200]], 3300, "finalized"],
    ]);
    expect(inv[0]!.billing_periods.map((p) => p.invoicing_reason)).toEqual(["subscription_starting"]);
  });

  it("anniversary in advance: the full period at the start (no proration), then on each anniversary", () => {
    const inv = invoicesOf([customer("2024-03-05T00:00:00Z"), subscribe("2024-03-05T00:00:00Z", "advance", { billing_time: "anniversary" })],
      "2024-04-05T00:00:00Z");
    expect(inv.map((i) => [i.created_at, i.fees.filter((f) => f.item.type === "subscription").map((f) => f.amount_cents)])).toEqual([
      ["2024-03-05T00:00:00Z", [3100]],
      ["2024-04-05T00:00:00Z", [3100]],
    ]);
  });

  it("bills at local midnight of the customer's time zone and counts events by local day", () => {
    // New York is UTC−4 from 10 March 2024: 1 April local midnight is 04:00Z.
    const inv = invoicesOf([customer("2024-03-05T12:00:00Z", { timezone: "America/New_York" }), subscribe("2024-03-05T12:00:00Z", "arrears"),
      event("2024-03-20T00:00:00Z", "t1", "s1", { timestamp: "2024-04-01T03:30:00Z" }), // 31 March, 23:30 local
      event("2024-03-20T00:00:00Z", "t2", "s1", { timestamp: "2024-04-01T04:30:00Z" })], // 1 April, 00:30 local
    "2024-04-01T03:59:59Z");
    expect(inv).toEqual([]);
    const later = invoicesOf([customer("2024-03-05T12:00:00Z", { timezone: "America/New_York" }), subscribe("2024-03-05T12:00:00Z", "arrears"),
      event("2024-03-20T00:00:00Z", "t1", "s1", { timestamp: "2024-04-01T03:30:00Z" }),
      event("2024-03-20T00:00:00Z", "t2", "s1", { timestamp: "2024-04-01T04:30:00Z" })], "2024-04-01T04:00:00Z");
    // Started on 5 March local: 27 of 31 days; only t1 falls in March (local).
    expect(later.map(summary)).toEqual([
      ["2024-04-01T04:00:00Z", "2024-04-01", [["subscription", 2700], ["charge", 200]], 2900, "finalized"],
    ]);
  });

  it("anniversary in a time zone: runs at local midnight of the anniversary day", () => {
    // Subscribed 5 March 07:00 New York (12:00Z, EST); 5 April local midnight is 04:00Z (EDT).
    const steps = [customer("2024-03-05T12:00:00Z", { timezone: "America/New_York" }),
      subscribe("2024-03-05T12:00:00Z", "arrears", { billing_time: "anniversary" })];
    expect(invoicesOf(steps, "2024-04-05T03:59:59Z")).toEqual([]);
    expect(invoicesOf(steps, "2024-04-05T04:00:00Z").map((i) => [i.created_at, i.issuing_date, i.fees_amount_cents]))
      .toEqual([["2024-04-05T04:00:00Z", "2024-04-05", 3100]]);
  });

  it("issues one invoice for a customer's two subscriptions billed at the same instant", () => {
    const inv = invoicesOf([customer("2024-03-01T00:00:00Z"), subscribe("2024-03-01T00:00:00Z", "arrears"),
      subscribe("2024-03-01T00:00:00Z", "arrears", { external_id: "s2" }),
      event("2024-03-02T00:00:00Z", "t1", "s1"), event("2024-03-02T00:00:00Z", "t1", "s2"), event("2024-03-03T00:00:00Z", "t2", "s2")],
    "2024-04-01T00:00:00Z");
    expect(inv).toHaveLength(1);
    const i = inv[0]!;
    expect(i.fees_amount_cents).toBe(3100 + 200 + 3100 + 400);
    expect(i.fees.map((f) => [f.external_subscription_id, f.item.type, f.amount_cents])).toEqual([
      ["s1", "subscription", 3100], ["s1", "charge", 200], ["s2", "subscription", 3100], ["s2", "charge", 400],
    ]);
    expect(i.billing_periods.map((p) => p.external_subscription_id)).toEqual(["s1", "s2"]);
  });

  it("keeps two customers billed at the same instant on separate invoices", () => {
    const inv = invoicesOf([customer("2024-03-01T00:00:00Z"), { ...customer("2024-03-01T00:00:00Z"), body: { external_id: "c2" } },
      subscribe("2024-03-01T00:00:00Z", "arrears"),
      { ...subscribe("2024-03-01T00:00:00Z", "arrears"), body: { external_customer_id: "c2", external_id: "s2", plan_code: "arrears" } }],
    "2024-04-01T00:00:00Z");
    expect(inv.map((i) => i.created_at)).toEqual(["2024-04-01T00:00:00Z", "2024-04-01T00:00:00Z"]);
    expect(inv.map((i) => i.fees.filter((f) => f.item.type === "subscription").map((f) => f.external_subscription_id))).toEqual([["s1"], ["s2"]]);
  });
});
