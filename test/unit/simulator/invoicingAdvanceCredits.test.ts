/**
 * Credits on pay-in-advance charge invoices (invoice.md §1.2): they take coupons and credit notes
 * at once (never a draft), a recurring coupon loses one unit on each, and a draft waiting for its
 * grace period gets what they leave.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Invoice {
  status: string; payment_status: string; created_at: string; fees_amount_cents: number; coupons_amount_cents: number;
  credit_notes_amount_cents: number; total_amount_cents: number; billing_periods: { invoicing_reason: string }[];
}
interface CreditNote { balance_amount_cents: number; credit_status: string }

function run(steps: Obj[], until: string, customer: Obj = {}) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "amt", name: "Amount", aggregation_type: "sum_agg", field_name: "v" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR",
      charges: [{ billable_metric_code: "amt", charge_model: "standard", pay_in_advance: true, invoiceable: true, properties: { amount: "1" } }] }],
    coupons: [
      { code: "rec", name: "rec", coupon_type: "fixed_amount", frequency: "recurring", frequency_duration: 2, amount_cents: 100, amount_currency: "EUR", expiration: "no_expiration" },
      { code: "once", name: "once", coupon_type: "fixed_amount", frequency: "once", amount_cents: 1500, amount_currency: "EUR", expiration: "no_expiration" },
    ],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", ...customer } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ...steps,
    ],
    until,
  });
  return { invoices: r.invoices as Invoice[], notes: r.credit_notes as CreditNote[] };
}
const event = (at: string, tx: string, v: number): Obj => ({ at, op: "create_event", body: { transaction_id: tx, code: "amt", external_subscription_id: "s1", properties: { v: String(v) } } });
const apply = (code: string): Obj => ({ at: "2024-03-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: code } });
const row = (i: Invoice) => [i.created_at, i.status, i.fees_amount_cents, i.coupons_amount_cents, i.credit_notes_amount_cents, i.total_amount_cents];

describe("simulate invoicing: credits on pay-in-advance charge invoices", () => {
  it("a recurring coupon of duration 2 covers the first two event invoices only", () => {
    const { invoices } = run([apply("rec"), event("2024-03-02T00:00:00Z", "t1", 5), event("2024-03-03T00:00:00Z", "t2", 5),
      event("2024-03-04T00:00:00Z", "t3", 5)], "2024-04-01T00:00:00Z");
    expect(invoices.map(row)).toEqual([
      ["2024-03-02T00:00:00Z", "finalized", 500, 100, 0, 400],
      ["2024-03-03T00:00:00Z", "finalized", 500, 100, 0, 400],
      ["2024-03-04T00:00:00Z", "finalized", 500, 0, 0, 500],
      ["2024-04-01T00:00:00Z", "finalized", 3100, 0, 0, 3100],
    ]);
  });

  it("an event invoice during a draft's grace period takes the once coupon first; the draft gets the rest at finalization", () => {
    const { invoices } = run([apply("once"), event("2024-04-02T00:00:00Z", "t1", 10)], "2024-04-04T00:00:00Z",
      { billing_configuration: { invoice_grace_period: 3 } });
    expect(invoices.map(row)).toEqual([
      ["2024-04-01T00:00:00Z", "finalized", 3100, 500, 0, 2600],
      ["2024-04-02T00:00:00Z", "finalized", 1000, 1000, 0, 0],
    ]);
    expect(invoices[1]!.billing_periods.map((p) => p.invoicing_reason)).toEqual(["in_advance_charge"]);
  });

  it("an event invoice consumes an available credit note, after taxes; the rest goes to the next invoice", () => {
    const note = { at: "2024-04-02T00:00:00Z", op: "create_credit_note", body: {
      invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, reason: "other", credit_amount_cents: 1000, refund_amount_cents: 0,
      items: [{ fee_id: { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: 1000 }],
    } };
    const mid = run([note, event("2024-04-03T00:00:00Z", "t1", 5)], "2024-04-30T00:00:00Z");
    expect(mid.invoices.slice(1).map(row)).toEqual([["2024-04-03T00:00:00Z", "finalized", 500, 0, 500, 0]]);
    expect(mid.invoices[1]!.payment_status).toBe("succeeded");
    expect(mid.notes.map((n) => [n.balance_amount_cents, n.credit_status])).toEqual([[500, "available"]]);
    const end = run([note, event("2024-04-03T00:00:00Z", "t1", 5)], "2024-05-01T00:00:00Z");
    expect(end.invoices.slice(2).map(row)).toEqual([["2024-05-01T00:00:00Z", "finalized", 3100, 0, 500, 2600]]);
    expect(end.notes.map((n) => [n.balance_amount_cents, n.credit_status])).toEqual([[0, "consumed"]]);
  });
});
