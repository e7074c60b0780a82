/**
 * `update_fee {fee_id, payment_status}` in `simulate` (contract §4; interface spec Fee): the
 * payment status of a fee without invoice, its refusals.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;

const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
    charges: [{ billable_metric_code: "calls", charge_model: "standard", pay_in_advance: true, invoiceable: false, regroup_paid_fees: "invoice", properties: { amount: "2" } }] }],
};
const steps: Obj[] = [
  { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
  { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
  { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1" } },
];
const fee = { $ref: { fee: { item: { type: "charge" } }, field: "svc_id" } };
const update = (at: string, body: Obj): Obj => ({ at, op: "update_fee", body });

function run(more: Obj[], until = "2024-03-20T00:00:00Z") {
  return simulate({ ...catalog, steps: [...steps, ...more], until });
}

describe("simulate: update_fee", () => {
  it("sets the payment status of a fee without invoice and answers {fee}; only the current status keeps its instant", () => {
    const r = run([update("2024-03-03T00:00:00Z", { fee_id: fee, payment_status: "failed" }), update("2024-03-04T00:00:00Z", { fee_id: fee, payment_status: "succeeded" })]);
    expect(r.responses[3]).toMatchObject({ fee: { amount_cents: 200, svc_invoice_id: null, payment_status: "failed", failed_at: "2024-03-03T00:00:00Z", succeeded_at: null } });
    expect(r.responses[4]).toMatchObject({ fee: { payment_status: "succeeded", failed_at: null, succeeded_at: "2024-03-04T00:00:00Z" } });
    expect(r.fees).toMatchObject([{ payment_status: "succeeded", succeeded_at: "2024-03-04T00:00:00Z" }]);
    expect(r.warnings).toEqual([]);
  });

  it("accepts refunded and pending; without payment_status it answers the fee unchanged", () => {
    const r = run([update("2024-03-03T00:00:00Z", { fee_id: fee, payment_status: "refunded" }), update("2024-03-04T00:00:00Z", { fee_id: fee })]);
    expect(r.responses[3]).toMatchObject({ fee: { payment_status: "refunded", refunded_at: "2024-03-03T00:00:00Z" } });
    expect(r.responses[4]).toMatchObject({ fee: { payment_status: "refunded" } });
  });

  it("refuses an unknown fee (fee_not_found) and a bad status (validation_errors), changing nothing", () => {
    const r = run([update("2024-03-03T00:00:00Z", { fee_id: "nope", payment_status: "succeeded" }),
      update("2024-03-03T00:00:00Z", { fee_id: fee, payment_status: "paid" }), update("2024-03-03T00:00:00Z", { fee_id: fee, payment_status: null })]);
    expect(r.responses.slice(3)).toEqual([
      { error: { code: "fee_not_found" } },
      { error: { code: "validation_errors", error_details: { payment_status: ["value_is_invalid"] } } },
      { error: { code: "validation_errors", error_details: { payment_status: ["value_is_invalid"] } } },
    ]);
    expect(r.fees).toMatchObject([{ payment_status: "pending", succeeded_at: null }]);
  });

  it("refuses a fee on an invoice (invoiced_fee): a subscription fee, or a fee once regrouped on an advance_charges invoice", () => {
    const sub = { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } };
    const r = run([update("2024-03-03T00:00:00Z", { fee_id: fee, payment_status: "succeeded" }),
      update("2024-04-02T00:00:00Z", { fee_id: sub, payment_status: "succeeded" }),
      update("2024-04-02T00:00:00Z", { fee_id: fee, payment_status: "failed" })], "2024-04-02T00:00:00Z");
    expect(r.responses.slice(4)).toEqual([{ error: { code: "invoiced_fee" } }, { error: { code: "invoiced_fee" } }]);
    expect((r.invoices as { invoice_type: string; fees_amount_cents: number }[]).map((i) => [i.invoice_type, i.fees_amount_cents]))
      .toEqual([["subscription", 1000], ["advance_charges", 200]]);
  });
});
