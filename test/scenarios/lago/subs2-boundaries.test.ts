/**
 * Ported from getlago/lago-api spec/scenarios/subscriptions/billing_boundaries_spec.rb (the monthly
 * anniversary cases of the stored version; the semiannual / yearly cases have visible vectors),
 * activation_spec.rb (stored version's instants), and the billing-period figures of
 * upgrade_spec.rb / downgrade_spec.rb that their visible vectors do not assert.
 */
import { describe, expect, it } from "vitest";
import { customer, expectMatch, plan, run, subscribe } from "./subs-helpers.js";

const period = (from: string, to: string, cFrom: string, cTo: string) => ({
  billing_periods: [{ subscription_from_datetime: from, subscription_to_datetime: to, charges_from_datetime: cFrom, charges_to_datetime: cTo }],
});

describe("billing_boundaries_spec.rb: monthly anniversary, start on the 30th/31st", () => {
  it("creates invoices (in arrears, started 2024-01-31 01:00)", () => {
    const out = run({
      plans: [plan("p", { interval: "monthly", pay_in_advance: false })],
      steps: [customer("2024-01-31T01:00:00Z"), subscribe("2024-01-31T01:00:00Z", "p", { billing_time: "anniversary" })],
      until: "2024-04-30T02:00:00Z",
    });
    expectMatch(out, {
      invoices: [
        period("2024-01-31T00:00:00Z", "2024-02-28T23:59:59Z", "2024-01-31T01:00:00Z", "2024-02-28T23:59:59Z"),
        period("2024-02-29T00:00:00Z", "2024-03-30T23:59:59Z", "2024-02-29T00:00:00Z", "2024-03-30T23:59:59Z"),
        period("2024-03-31T00:00:00Z", "2024-04-29T23:59:59Z", "2024-03-31T00:00:00Z", "2024-04-29T23:59:59Z"),
      ],
    });
  });

  it("with plans in advance / creates invoices (started 2024-01-30 00:00)", () => {
    const out = run({
      plans: [plan("p", { interval: "monthly", pay_in_advance: true })],
      steps: [customer("2024-01-30T00:00:00Z"), subscribe("2024-01-30T00:00:00Z", "p", { billing_time: "anniversary" })],
      until: "2024-04-30T02:00:00Z",
    });
    expect(out.invoices.length).toBe(4);
    expectMatch(out.invoices[0], { billing_periods: [{ subscription_from_datetime: "2024-01-30T00:00:00Z", subscription_to_datetime: "2024-02-28T23:59:59Z" }] });
    expectMatch(out, {
      invoices__by_index: {
        1: period("2024-02-29T00:00:00Z", "2024-03-29T23:59:59Z", "2024-01-30T00:00:00Z", "2024-02-28T23:59:59Z"),
        2: period("2024-03-30T00:00:00Z", "2024-04-29T23:59:59Z", "2024-02-29T00:00:00Z", "2024-03-29T23:59:59Z"),
        3: period("2024-04-30T00:00:00Z", "2024-05-29T23:59:59Z", "2024-03-30T00:00:00Z", "2024-04-29T23:59:59Z"),
      },
    });
  });
});

describe("activation_spec.rb (stored version: created 2023-08-24 00:07, subscription_at 2023-08-24 04:17, Bogota)", () => {
  it("activates the subscription when it reaches its subscription date", () => {
    const out = run({
      plans: [plan("p", { pay_in_advance: false })],
      steps: [
        customer("2023-08-24T00:07:00Z", "America/Bogota"),
        subscribe("2023-08-24T00:07:00Z", "p", { subscription_at: "2023-08-24T04:17:00Z" }),
        { at: "2023-08-24T00:07:00Z", op: "fetch_subscription", body: { external_id: "sub_1" } },
        { at: "2023-08-24T04:17:00Z", op: "fetch_subscription", body: { external_id: "sub_1" } },
      ],
      until: "2023-08-24T04:18:00Z",
    });
    expectMatch(out.responses[2], { subscription: { status: "pending" } });
    expectMatch(out.responses[3], { subscription: { status: "active" } });
  });
});

describe("upgrade_spec.rb / downgrade_spec.rb: charges boundaries of the periodic invoices", () => {
  it("upgrade: periodic invoices carry the previous month's charges window; the upgrade cuts it at 05:00", () => {
    const out = run({
      plans: [plan("monthly_plan", { amount_cents: 1000, pay_in_advance: true }), plan("yearly_plan", { interval: "yearly", amount_cents: 12_000, pay_in_advance: true })],
      steps: [
        customer("2023-06-29T12:12:00Z"),
        subscribe("2023-06-29T12:12:00Z", "monthly_plan", { billing_time: "anniversary", subscription_at: "2023-06-29T12:12:00Z" }),
        subscribe("2023-09-28T05:00:00Z", "yearly_plan", { billing_time: "anniversary" }),
      ],
      until: "2023-09-28T06:00:00Z",
    });
    expectMatch(out.invoices[1], { billing_periods: [{ charges_from_datetime: "2023-06-29T12:12:00Z", charges_to_datetime: "2023-07-28T23:59:59Z" }] });
    expectMatch(out.invoices[2], { billing_periods: [{ charges_from_datetime: "2023-07-29T00:00:00Z", charges_to_datetime: "2023-08-28T23:59:59Z" }] });
    const old = out.subscriptions.find((s: any) => s.plan_code === "monthly_plan");
    const last = out.invoices[3].billing_periods.find((b: any) => b.svc_subscription_id === old.svc_id);
    expectMatch(last, { charges_from_datetime: "2023-08-29T00:00:00Z", charges_to_datetime: "2023-09-28T05:00:00Z" });
  });

  it("downgrade: periodic invoices' charges windows; the switch invoice's yearly period 2023-11-19 → 2024-07-18", () => {
    const out = run({
      plans: [plan("monthly_plan", { amount_cents: 12_900, pay_in_advance: true }), plan("yearly_plan", { interval: "yearly", amount_cents: 118_800, pay_in_advance: true })],
      steps: [
        customer("2023-07-19T12:12:00Z"),
        subscribe("2023-07-19T12:12:00Z", "monthly_plan", { billing_time: "anniversary", subscription_at: "2023-07-19T12:12:00Z" }),
        subscribe("2023-11-09T00:00:00Z", "yearly_plan", { billing_time: "anniversary" }),
      ],
      until: "2023-11-19T13:00:00Z",
    });
    expectMatch(out, {
      invoices__by_index: {
        1: { billing_periods: [{ charges_from_datetime: "2023-07-19T12:12:00Z", charges_to_datetime: "2023-08-18T23:59:59Z" }] },
        2: { billing_periods: [{ charges_from_datetime: "2023-08-19T00:00:00Z", charges_to_datetime: "2023-09-18T23:59:59Z" }] },
        3: { billing_periods: [{ charges_from_datetime: "2023-09-19T00:00:00Z", charges_to_datetime: "2023-10-18T23:59:59Z" }] },
      },
    });
    const yearly = out.subscriptions.find((s: any) => s.plan_code === "yearly_plan");
    expect(yearly.status).toBe("active");
    const bp = out.invoices[4].billing_periods.find((b: any) => b.svc_subscription_id === yearly.svc_id);
    expectMatch(bp, { subscription_from_datetime: "2023-11-19T00:00:00Z", subscription_to_datetime: "2024-07-18T23:59:59Z" });
  });
});
