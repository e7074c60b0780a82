/**
 * The clock's notices (contract §4 "Webhooks"): `subscription.trial_ended` when a trial ends,
 * `subscription.termination_alert` 45 and 15 days before `ending_at`, `invoice.payment_overdue`
 * when a finalized invoice's due date has passed unpaid. Each is sent once.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Hook { type: string; at: string; object: Obj }

function run(steps: Obj[], opts: { until: string; plan?: Obj; customer?: Obj; org?: Obj }) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", ...opts.org },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [
      { code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: false, charges: [], ...opts.plan },
      { code: "big", name: "Big", interval: "monthly", amount_cents: 5000, amount_currency: "EUR", pay_in_advance: false, charges: [], ...opts.plan },
    ],
    steps: [{ at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", ...opts.customer } }, ...steps],
    until: opts.until,
  });
  return r.webhooks as unknown as Hook[];
}
const subscribe = (extra: Obj = {}, at = "2024-03-01T00:00:00Z"): Obj =>
  ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", ...extra } });
const of = (hooks: Hook[], type: string): Hook[] => hooks.filter((h) => h.type === type);

describe("subscription.trial_ended", () => {
  it("is sent once, at the trial's end, with trial_ended_at set — for a plan in arrears too", () => {
    const hooks = of(run([subscribe()], { plan: { trial_period: 10 }, until: "2024-05-01T00:00:00Z" }), "subscription.trial_ended");
    expect(hooks.map((h) => h.at)).toEqual(["2024-03-11T00:00:00Z"]);
    expect(hooks[0]!.object).toMatchObject({ external_id: "s1", trial_ended_at: "2024-03-11T00:00:00Z", status: "active" });
  });

  it("is not sent without a trial, nor for a subscription terminated during it", () => {
    expect(of(run([subscribe()], { until: "2024-05-01T00:00:00Z" }), "subscription.trial_ended")).toEqual([]);
    const terminated = run([subscribe(), { at: "2024-03-05T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }],
      { plan: { trial_period: 10 }, until: "2024-05-01T00:00:00Z" });
    expect(of(terminated, "subscription.trial_ended")).toEqual([]);
  });

  it("an upgrade during the trial does not restart it: the new subscription announces the same end", () => {
    const hooks = run([subscribe(), subscribe({ plan_code: "big" }, "2024-03-05T00:00:00Z")], { plan: { trial_period: 10 }, until: "2024-05-01T00:00:00Z" });
    const ended = of(hooks, "subscription.trial_ended");
    expect(ended.map((h) => [h.at, h.object["plan_code"]])).toEqual([["2024-03-11T00:00:00Z", "big"]]);
  });
});

describe("subscription.termination_alert", () => {
  it("is sent at the start of the days 45 and 15 days before ending_at's date", () => {
    const hooks = of(run([subscribe({ ending_at: "2024-06-30T12:00:00Z" })], { until: "2024-07-15T00:00:00Z" }), "subscription.termination_alert");
    expect(hooks.map((h) => h.at)).toEqual(["2024-05-16T00:00:00Z", "2024-06-15T00:00:00Z"]);
    expect(hooks[0]!.object).toMatchObject({ external_id: "s1", ending_at: "2024-06-30T12:00:00Z", status: "active" });
  });

  it("an ending_at set 30 days ahead gets only the 15-day alert; a terminated subscription none", () => {
    const late = run([subscribe(), { at: "2024-05-31T00:00:00Z", op: "update_subscription", body: { external_id: "s1", ending_at: "2024-06-30T12:00:00Z" } }],
      { until: "2024-07-15T00:00:00Z" });
    expect(of(late, "subscription.termination_alert").map((h) => h.at)).toEqual(["2024-06-15T00:00:00Z"]);
    const ended = run([subscribe({ ending_at: "2024-06-30T12:00:00Z" }), { at: "2024-05-01T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }],
      { until: "2024-07-15T00:00:00Z" });
    expect(of(ended, "subscription.termination_alert")).toEqual([]);
  });
});

describe("invoice.payment_overdue", () => {
  it("is sent at the start of the day after payment_due_date in the customer's zone, with payment_overdue true", () => {
    const hooks = run([subscribe({}, "2024-03-15T12:00:00Z")], { customer: { timezone: "America/New_York", net_payment_term: 5 }, until: "2024-04-20T00:00:00Z" });
    const overdue = of(hooks, "invoice.payment_overdue");
    // One invoice, the 2024-04-01 run (New York midnight, 04:00Z in summer time), due 5 days after its issuing date.
    const created = of(hooks, "invoice.created")[0]!.object;
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.object).toMatchObject({ svc_id: created["svc_id"], payment_overdue: true, payment_status: "pending" });
    const due = String(created["payment_due_date"]);
    const [y, m, d] = due.split("-").map(Number) as [number, number, number];
    const nextDay = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    expect(overdue[0]!.at).toBe(`${nextDay}T04:00:00Z`);
  });

  it("is not sent for an invoice paid before its due date passed", () => {
    const hooks = run([subscribe(),
      { at: "2024-04-03T00:00:00Z", op: "update_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, payment_status: "succeeded" } }],
    { customer: { net_payment_term: 5 }, until: "2024-04-20T00:00:00Z" });
    expect(of(hooks, "invoice.payment_overdue")).toEqual([]);
  });

  it("is sent at once when a paid invoice becomes unpaid again after its due date (the clock never goes back)", () => {
    const invoice = { $ref: { invoice: 0, field: "svc_id" } };
    const hooks = run([subscribe(),
      { at: "2024-04-03T00:00:00Z", op: "update_invoice", body: { invoice_id: invoice, payment_status: "succeeded" } },
      { at: "2024-04-12T09:30:00Z", op: "update_invoice", body: { invoice_id: invoice, payment_status: "failed" } },
      { at: "2024-04-15T00:00:00Z", op: "update_invoice", body: { invoice_id: invoice, payment_status: "pending" } }],
    { customer: { net_payment_term: 5 }, until: "2024-04-20T00:00:00Z" });
    const overdue = of(hooks, "invoice.payment_overdue");
    expect(overdue.map((h) => h.at)).toEqual(["2024-04-12T09:30:00Z"]);
    expect(overdue[0]!.object).toMatchObject({ payment_overdue: true, payment_status: "failed" });
    // Webhooks stay in time order.
    const ats = hooks.map((h) => h.at);
    expect([...ats].sort()).toEqual(ats);
  });
});
