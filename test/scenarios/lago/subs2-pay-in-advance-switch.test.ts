/**
 * Ported from getlago/lago-api spec/scenarios/subscriptions/plan_pay_in_advance_switch_spec.rb.
 * Plan 5.00 monthly in arrears, trial 31 days, anniversary from 2024-03-10; standard charge 1.00 per
 * unit of sum_agg "api_calls". Usage 10 on 03-20; billed 2024-04-10 01:00. Then usage 5 (04-15), the
 * plan flips to pay in advance (04-20), usage 7 (04-22).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe, terminate } from "./subs-helpers.js";

const metrics = [{ code: "api_calls", name: "API calls", aggregation_type: "sum_agg", field_name: "total", recurring: false }];
const plans = [
  plan("arrears_plan", {
    amount_cents: 500, trial_period: 31,
    charges: [{ billable_metric_code: "api_calls", charge_model: "standard", pay_in_advance: false, invoiceable: true, properties: { amount: "1" } }],
  }),
];
const use = (at: string, total: number) => event(at, "api_calls", { total });
const base = [customer("2024-03-10T00:00:00Z"), subscribe("2024-03-10T00:00:00Z", "arrears_plan", { billing_time: "anniversary" }), use("2024-03-20T00:00:00Z", 10)];
const flip = [use("2024-04-15T00:00:00Z", 5), { at: "2024-04-20T00:00:00Z", op: "update_plan", body: { code: "arrears_plan", pay_in_advance: true } }, use("2024-04-22T00:00:00Z", 7)];
const fee = (inv: any, type: string) => inv.fees.filter((f: any) => f.item.type === type);

describe("plan_pay_in_advance_switch_spec.rb", () => {
  it("first period: subscription fee 0 (inside the trial) 03-10 → 04-09, charges 10.00, total 10.00", () => {
    const out = run({ metrics, plans, steps: base, until: "2024-04-10T01:00:00Z" });
    expect(out.invoices.length).toBe(1);
    expectMatch(fee(out.invoices[0], "subscription"), [{ amount_cents: 0, from_date: "2024-03-10T00:00:00Z", to_date: "2024-04-09T23:59:59Z" }]);
    expectMatch(fee(out.invoices[0], "charge"), [{ amount_cents: 1000, from_date: "2024-03-10T00:00:00Z", to_date: "2024-04-09T23:59:59Z" }]);
    expect(out.invoices[0].total_amount_cents).toBe(1000);
  });

  // Every case of the spec flips the plan's pay_in_advance with update_plan (built: the runs from
  // then on bill the plan as it then is). The spec's "leaves a period without subscription fee": the
  // 2024-05-10 run bills the new period in advance — billing period 05-10 → 06-09, charges 04-10 →
  // 05-09; subscription fee 5.00 (05-10 → 06-09), charge 12.00, total 17.00 — so 04-10 → 05-09 never
  // gets a subscription fee.
  it("leaves a period without subscription fee: 05-10 invoice bills 05-10 → 06-09 in advance (500 + 1 200)", () => {
    const out = run({ metrics, plans, steps: [...base, ...flip], until: "2024-05-10T01:00:00Z" });
    expect(out.responses[4]).not.toHaveProperty("error");
    expect(out.invoices.length).toBe(2);
    expectMatch(out.invoices[1], {
      total_amount_cents: 1700,
      billing_periods: [{ subscription_from_datetime: "2024-05-10T00:00:00Z", subscription_to_datetime: "2024-06-09T23:59:59Z", charges_from_datetime: "2024-04-10T00:00:00Z", charges_to_datetime: "2024-05-09T23:59:59Z" }],
    });
    expectMatch(fee(out.invoices[1], "subscription"), [{ amount_cents: 500, from_date: "2024-05-10T00:00:00Z", to_date: "2024-06-09T23:59:59Z" }]);
    expectMatch(fee(out.invoices[1], "charge"), [{ amount_cents: 1200 }]);
  });

  // Was a MISMATCH, now fixed (the test asserts the spec's figures); the diagnosis as it was: (same cause). "when terminated after the first in advance billing / credits the unused
  // days": terminated 05-25 12:00 → termination invoice with only the 3.00 charge (05-10 → 05-25
  // 12:00) and a credit note of round(500 × 15/31) = 242 on the 05-10 advance invoice. Actual: an
  // arrears termination invoice 5.58 (subscription fee 2.58 for 05-10 → 05-25 + 3.00), no credit note.
  it("terminated after the first in-advance billing: 3.00 charge-only invoice, credit note 242", () => {
    const out = run({ metrics, plans, steps: [...base, ...flip, use("2024-05-15T00:00:00Z", 3), terminate("2024-05-25T12:00:00Z", { on_termination_credit_note: "credit" })], until: "2024-05-25T12:01:00Z" });
    expect(out.invoices.length).toBe(3);
    const last = out.invoices[2];
    expect(fee(last, "subscription").length).toBe(0);
    expectMatch(fee(last, "charge"), [{ amount_cents: 300, from_date: "2024-05-10T00:00:00Z", to_date: "2024-05-25T12:00:00Z" }]);
    expectMatch(out.credit_notes, [{ credit_amount_cents: 242, refund_amount_cents: 0 }]);
  });

  // Was a MISMATCH, now fixed (the test asserts the spec's figures); the diagnosis as it was: (same cause). "when terminated before the first in advance billing / does not bill the
  // partial period": terminated 04-25 12:00 → 2 invoices; the last has no subscription fee and a
  // 12.00 charge (04-10 → 04-25 12:00), total 12.00; no credit note. Actual: the plan is still in
  // arrears, so the termination invoice carries a prorated subscription fee: 2.67 + 12.00 = 14.67.
  it("terminated before the first in-advance billing: charge-only 12.00 invoice, no credit note", () => {
    const out = run({ metrics, plans, steps: [...base, ...flip, terminate("2024-04-25T12:00:00Z")], until: "2024-04-25T12:01:00Z" });
    expect(out.invoices.length).toBe(2);
    const last = out.invoices[1];
    expect(fee(last, "subscription").length).toBe(0);
    expect(last.total_amount_cents).toBe(1200);
    expectMatch(fee(last, "charge"), [{ amount_cents: 1200, from_date: "2024-04-10T00:00:00Z", to_date: "2024-04-25T12:00:00Z" }]);
    expect(out.credit_notes.length).toBe(0);
  });
});
