/**
 * A subscription created with a `subscription_at` on an earlier day than the call, in the
 * customer's zone (periods.md §1.1 case 3, "back-dated"): active at once with `started_at =
 * max(subscription_at, T)` (T: the latest termination of a terminated subscription of the
 * customer under the same external id whose final invoice was generated), nothing billed at
 * creation whatever the plan, first bill at the next periodic run by the ordinary rules (§4,
 * §5); events from `started_at` on count there and in current usage. Also case 1 (same day)
 * for contrast, the day comparison in the customer's zone, and `update_subscription` moving a
 * pending subscription's date to a past day or to today.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; amount_cents: number; units: string; from_date: string; to_date: string }
interface Invoice { created_at: string; fees: Fee[]; billing_periods: { external_subscription_id: string; invoicing_reason: string }[] }
interface Sub { external_id: string; status: string; subscription_at: string; started_at: string | null; terminated_at: string | null }
interface Usage { from_datetime: string; to_datetime: string; amount_cents: number }
interface Hook { type: string; at: string; object: Obj }

const charges = [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }];
/** Monthly 31.00 EUR, calendar unless `billing_time` says otherwise in the step; 1.00 per call. */
const plan = (code: string, extra: Obj = {}): Obj =>
  ({ code, name: code, interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: false, charges, ...extra });
const PLANS = [
  plan("arrears"),
  plan("advance", { pay_in_advance: true }),
  // An arrears plan whose fixed charge is paid in advance: billed at a start on its own invoice.
  plan("fixed", { fixed_charges: [{ add_on_code: "seats", charge_model: "standard", units: 2, pay_in_advance: true, prorated: false, properties: { amount: "10" } }] }),
  // 366.00 a year: 1.00 a day in 2024.
  plan("yearly", { interval: "yearly", amount_cents: 36600 }),
];

function run(steps: Obj[], until: string, timezone: string | null = null) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    add_ons: [{ code: "seats", name: "Seats", amount_cents: 1000, amount_currency: "EUR" }],
    plans: PLANS,
    steps: [{ at: steps[0]!["at"], op: "create_customer", body: { external_id: "c1", timezone } }, ...steps],
    until,
  });
  return {
    invoices: r.invoices as Invoice[],
    responses: r.responses as Obj[],
    subscriptions: r.subscriptions as readonly Sub[],
    webhooks: r.webhooks as unknown as readonly Hook[],
    warnings: r.warnings,
  };
}

const subscribe = (at: string, planCode: string, extra: Obj = {}): Obj =>
  ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: planCode, ...extra } });
/** A call sent at `at` whose timestamp is `timestamp` (possibly in the past). */
const call = (at: string, id: string, timestamp: string = at): Obj =>
  ({ at, op: "create_event", body: { transaction_id: id, code: "calls", external_subscription_id: "s1", timestamp: Date.parse(timestamp) / 1000 } });
const usage = (at: string): Obj => ({ at, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } });
const terminate = (at: string, body: Obj = {}): Obj => ({ at, op: "terminate_subscription", body: { external_id: "s1", ...body } });
const usageOf = (r: Obj | undefined): Usage => (r as { customer_usage: Usage }).customer_usage;
const subOf = (r: Obj | undefined): Sub => (r as { subscription: Sub }).subscription;
/** Each fee as [type, amount_cents, from_date, to_date]. */
const lines = (i: Invoice): [string, number, string, string][] => i.fees.map((f) => [f.item.type, f.amount_cents, f.from_date, f.to_date]);

describe("back-dated subscription, UTC monthly calendar arrears (periods.md §1.1 example)", () => {
  // Created 2024-03-20 with subscription_at 2024-03-05. Calls: one timestamped before
  // subscription_at, one inside [started_at, creation), one after the creation.
  const r = run([
    subscribe("2024-03-20T10:00:00Z", "arrears", { subscription_at: "2024-03-05T00:00:00Z" }),
    call("2024-03-20T10:00:00Z", "before", "2024-03-04T12:00:00Z"),
    call("2024-03-20T10:00:00Z", "back", "2024-03-10T00:00:00Z"),
    usage("2024-03-20T10:00:00Z"),
    call("2024-03-25T00:00:00Z", "later"),
  ], "2024-04-01T01:00:00Z");

  it("is active at once, started at its subscription_at", () => {
    expect(subOf(r.responses[1])).toMatchObject({ status: "active", subscription_at: "2024-03-05T00:00:00Z", started_at: "2024-03-05T00:00:00Z" });
  });

  it("sends subscription.started at the creation", () => {
    expect(r.webhooks.filter((h) => h.type === "subscription.started").map((h) => h.at)).toEqual(["2024-03-20T10:00:00Z"]);
  });

  it("current usage on 03-20 runs from 2024-03-05T00:00:00Z and counts the call timestamped 03-10 (not the one of 03-04)", () => {
    expect(usageOf(r.responses[4])).toMatchObject({ from_datetime: "2024-03-05T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", amount_cents: 100 });
  });

  it("issues nothing at creation; the 2024-04-01 run bills 03-05 → 03-31 (27/31 of 31.00) and both calls since started_at", () => {
    expect(r.invoices).toHaveLength(1);
    const [first] = r.invoices;
    expect(first!.created_at).toBe("2024-04-01T00:00:00Z");
    expect(first!.billing_periods.map((b) => b.invoicing_reason)).toEqual(["subscription_periodic"]);
    expect(lines(first!)).toEqual([
      ["subscription", 2700, "2024-03-05T00:00:00Z", "2024-03-31T23:59:59Z"],
      ["charge", 200, "2024-03-05T00:00:00Z", "2024-03-31T23:59:59Z"],
    ]);
  });
});

describe("back-dated subscription after a terminated one under the same external id", () => {
  // s1 ran from 03-01 and was terminated at 2024-03-10T12:00:00Z; recreated on 03-20 with subscription_at 03-05.
  const steps = (onTerminationInvoice: "generate" | "skip"): Obj[] => [
    subscribe("2024-03-01T00:00:00Z", "arrears"),
    terminate("2024-03-10T12:00:00Z", { on_termination_invoice: onTerminationInvoice }),
    subscribe("2024-03-20T10:00:00Z", "arrears", { subscription_at: "2024-03-05T00:00:00Z" }),
    call("2024-03-20T10:00:00Z", "back", "2024-03-15T00:00:00Z"),
    usage("2024-03-20T10:00:00Z"),
  ];

  it("generate: started at the termination instant 2024-03-10T12:00:00Z; the 04-01 run bills 03-10 → 03-31 (22 days)", () => {
    const r = run(steps("generate"), "2024-04-01T01:00:00Z");
    expect(subOf(r.responses[3])).toMatchObject({ status: "active", started_at: "2024-03-10T12:00:00Z" });
    expect(usageOf(r.responses[5])).toMatchObject({ from_datetime: "2024-03-10T12:00:00Z", amount_cents: 100 });
    // The predecessor's final invoice at its termination, then the new one's first at 04-01: nothing at 03-20.
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason])).toEqual([
      ["2024-03-10T12:00:00Z", "subscription_terminating"],
      ["2024-04-01T00:00:00Z", "subscription_periodic"],
    ]);
    expect(lines(r.invoices[1]!)[0]).toEqual(["subscription", 2200, "2024-03-10T00:00:00Z", "2024-03-31T23:59:59Z"]);
  });

  it("skip: the termination never billed its last window, so started_at stays 2024-03-05", () => {
    const r = run(steps("skip"), "2024-04-01T01:00:00Z");
    expect(subOf(r.responses[3])).toMatchObject({ status: "active", started_at: "2024-03-05T00:00:00Z" });
    expect(usageOf(r.responses[5]).from_datetime).toBe("2024-03-05T00:00:00Z");
    expect(r.invoices.map((i) => i.created_at)).toEqual(["2024-04-01T00:00:00Z"]);
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 2700, "2024-03-05T00:00:00Z", "2024-03-31T23:59:59Z"]);
  });

  it("a termination before subscription_at does not move it", () => {
    const r = run([
      subscribe("2024-02-01T00:00:00Z", "arrears"),
      terminate("2024-02-20T00:00:00Z"),
      subscribe("2024-03-20T10:00:00Z", "arrears", { subscription_at: "2024-03-05T00:00:00Z" }),
    ], "2024-03-21T00:00:00Z");
    expect(subOf(r.responses[3]).started_at).toBe("2024-03-05T00:00:00Z");
  });

  it("terminated and recreated at the same instant with an old anchor: started then, nothing billed even paid in advance", () => {
    const r = run([
      subscribe("2024-03-01T00:00:00Z", "arrears"),
      terminate("2024-03-13T00:00:00Z"),
      subscribe("2024-03-13T00:00:00Z", "advance", { subscription_at: "2023-03-15T00:00:00Z" }),
    ], "2024-03-31T00:00:00Z");
    expect(r.subscriptions[1]).toMatchObject({ status: "active", subscription_at: "2023-03-15T00:00:00Z", started_at: "2024-03-13T00:00:00Z" });
    expect(r.invoices.map((i) => i.billing_periods[0]!.invoicing_reason)).toEqual(["subscription_terminating"]);
  });
});

describe("back-dated subscription, Europe/Paris yearly calendar (periods.md §1.1 example)", () => {
  // Created 2024-05-10T08:00Z with subscription_at 2024-02-01T08:00Z.
  const r = run([
    subscribe("2024-05-10T08:00:00Z", "yearly", { subscription_at: "2024-02-01T08:00:00Z" }),
    usage("2024-05-10T08:00:00Z"),
  ], "2025-01-01T00:00:00Z", "Europe/Paris");

  it("current usage starts at the exact started_at, not at the creation instant nor at the local day's start", () => {
    expect(usageOf(r.responses[2])).toMatchObject({ from_datetime: "2024-02-01T08:00:00Z", to_datetime: "2024-12-31T22:59:59Z" });
  });

  it("the first bill is the yearly run at 2025-01-01 00:00 Paris: Feb 1 → Dec 31, 335 days at 1.00", () => {
    expect(r.invoices.map((i) => i.created_at)).toEqual(["2024-12-31T23:00:00Z"]);
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 33500, "2024-01-31T23:00:00Z", "2024-12-31T22:59:59Z"]);
  });
});

describe("back-dated plans paid in advance: no invoice at creation, whatever the plan", () => {
  it("monthly calendar in advance: nothing at creation; the 04-01 run bills April in full (§4 rule 3(c)) and March's calls since started_at", () => {
    const r = run([
      subscribe("2024-03-20T10:00:00Z", "advance", { subscription_at: "2024-03-05T00:00:00Z" }),
      call("2024-03-20T10:00:00Z", "back", "2024-03-06T00:00:00Z"),
    ], "2024-04-01T01:00:00Z");
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason])).toEqual([["2024-04-01T00:00:00Z", "subscription_periodic"]]);
    expect(lines(r.invoices[0]!)).toEqual([
      ["subscription", 3100, "2024-04-01T00:00:00Z", "2024-04-30T23:59:59Z"],
      ["charge", 100, "2024-03-05T00:00:00Z", "2024-03-31T23:59:59Z"],
    ]);
  });

  it("the same call on the day of subscription_at (case 1) is billed as a start: 27/31 at creation", () => {
    const r = run([subscribe("2024-03-05T10:00:00Z", "advance", { subscription_at: "2024-03-05T00:00:00Z" })], "2024-03-31T00:00:00Z");
    expect(subOf(r.responses[1]).started_at).toBe("2024-03-05T00:00:00Z");
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason])).toEqual([["2024-03-05T10:00:00Z", "subscription_starting"]]);
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 2700, "2024-03-05T00:00:00Z", "2024-03-31T23:59:59Z"]);
  });

  it("monthly anniversary in advance: nothing at creation; first bill at the next anniversary, 04-05, in full", () => {
    const r = run([subscribe("2024-03-20T10:00:00Z", "advance", { subscription_at: "2024-03-05T00:00:00Z", billing_time: "anniversary" })], "2024-04-06T00:00:00Z");
    expect(r.invoices.map((i) => i.created_at)).toEqual(["2024-04-05T00:00:00Z"]);
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 3100, "2024-04-05T00:00:00Z", "2024-05-04T23:59:59Z"]);
  });

  it("an arrears plan with an advance fixed charge: no fixed-charge invoice at creation (one when not back-dated)", () => {
    const back = run([subscribe("2024-03-20T10:00:00Z", "fixed", { subscription_at: "2024-03-05T00:00:00Z" })], "2024-03-31T00:00:00Z");
    expect(back.subscriptions[0]!.status).toBe("active");
    expect(back.invoices).toEqual([]);
    const today = run([subscribe("2024-03-20T10:00:00Z", "fixed")], "2024-03-31T00:00:00Z");
    expect(today.invoices.map((i) => [i.created_at, i.fees.map((f) => f.item.type)])).toEqual([["2024-03-20T10:00:00Z", ["fixed_charge"]]]);
  });
});

describe("the days are compared in the customer's zone", () => {
  it("America/New_York: 2024-03-19T12:00Z and a call at 2024-03-20T03:00Z are both March 19 there: case 1, billed as a start", () => {
    const r = run([subscribe("2024-03-20T03:00:00Z", "advance", { subscription_at: "2024-03-19T12:00:00Z" })], "2024-03-25T00:00:00Z", "America/New_York");
    expect(subOf(r.responses[1]).started_at).toBe("2024-03-19T12:00:00Z");
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason])).toEqual([["2024-03-20T03:00:00Z", "subscription_starting"]]);
    // March 19 → 31 in New York, in full: §4's "started in the past" compares UTC dates (03-19 before
    // the creation's 03-20), so rule 3(c) applies to this plan paid in advance, not the 13/31 proration.
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 3100, "2024-03-19T04:00:00Z", "2024-04-01T03:59:59Z"]);
  });

  it("Europe/Paris: 2024-03-20T22:30Z (March 20 there) before a call at 2024-03-20T23:30Z (March 21): back-dated, not billed", () => {
    const r = run([subscribe("2024-03-20T23:30:00Z", "advance", { subscription_at: "2024-03-20T22:30:00Z" })], "2024-03-25T00:00:00Z", "Europe/Paris");
    expect(subOf(r.responses[1])).toMatchObject({ status: "active", started_at: "2024-03-20T22:30:00Z" });
    expect(r.invoices).toEqual([]);
  });
});

describe("update_subscription moving a pending subscription's subscription_at to a day that has come", () => {
  const pending = subscribe("2024-03-05T00:00:00Z", "advance", { subscription_at: "2024-04-10T00:00:00Z" });
  const move = (at: string, subscriptionAt: string): Obj => ({ at, op: "update_subscription", body: { external_id: "s1", subscription: { subscription_at: subscriptionAt } } });

  it("to a past day: started at that date (no clamp), not billed as a start; the 04-01 run bills April in full", () => {
    const r = run([pending, move("2024-03-06T10:00:00Z", "2024-03-01T00:00:00Z")], "2024-04-01T01:00:00Z");
    expect(subOf(r.responses[2])).toMatchObject({ status: "active", started_at: "2024-03-01T00:00:00Z" });
    expect(r.webhooks.filter((h) => h.at === "2024-03-06T10:00:00Z").map((h) => h.type)).toEqual(["subscription.started", "subscription.updated"]);
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason])).toEqual([["2024-04-01T00:00:00Z", "subscription_periodic"]]);
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 3100, "2024-04-01T00:00:00Z", "2024-04-30T23:59:59Z"]);
  });

  it("to a past day with a terminated predecessor: no clamp to its termination", () => {
    const r = run([
      subscribe("2024-03-01T00:00:00Z", "arrears"),
      terminate("2024-03-04T12:00:00Z"),
      pending,
      move("2024-03-06T10:00:00Z", "2024-03-02T00:00:00Z"),
    ], "2024-03-07T00:00:00Z");
    expect(subOf(r.responses[4]).started_at).toBe("2024-03-02T00:00:00Z");
  });

  it("to earlier today: started at that instant and billed as a start at the update (26/31)", () => {
    const r = run([pending, move("2024-03-06T10:00:00Z", "2024-03-06T02:00:00Z")], "2024-03-31T00:00:00Z");
    expect(subOf(r.responses[2])).toMatchObject({ status: "active", started_at: "2024-03-06T02:00:00Z" });
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason])).toEqual([["2024-03-06T10:00:00Z", "subscription_starting"]]);
    expect(lines(r.invoices[0]!)[0]).toEqual(["subscription", 2600, "2024-03-06T00:00:00Z", "2024-03-31T23:59:59Z"]);
  });
});
