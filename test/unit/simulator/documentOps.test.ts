/**
 * Operations beyond the contract's list on fees, credit notes and invoices: `delete_fee` (a fee
 * without invoice removed), `update_credit_note` (its refund status), `lose_dispute` (an
 * invoice's payment dispute lost) — and that a refused one changes nothing.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
type Out = { responses: Obj[]; fees: Obj[]; invoices: Obj[]; credit_notes: Obj[]; webhooks: Obj[]; warnings: Obj[] } & Obj;
const T = (d: string): string => `2024-03-${d}T00:00:00Z`;
const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: true,
    charges: [{ billable_metric_code: "calls", charge_model: "standard", pay_in_advance: true, invoiceable: false, regroup_paid_fees: "invoice", properties: { amount: "2" } }] }],
};
const base: Obj[] = [
  { at: T("01"), op: "create_customer", body: { external_id: "c1" } },
  { at: T("01"), op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
  { at: T("02"), op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1" } },
];
const fee = { $ref: { fee: { item: { type: "charge" } }, field: "svc_id" } };
const invoice = { $ref: { invoice: 0, field: "svc_id" } };
const run = (more: Obj[], until = "2024-04-02T00:00:00Z"): Out => simulate({ ...catalog, steps: [...base, ...more], until }) as unknown as Out;
const step = (at: string, op: string, body: Obj): Obj => ({ at, op, body });
function unchangedBy(more: Obj[], refused: Obj): void {
  const without = run(more);
  const withIt = run([refused, ...more]);
  expect((withIt.responses[3]!["error"] as Obj | undefined)?.["code"]).toBeDefined();
  expect({ ...withIt, responses: [] }).toEqual({ ...without, responses: [] });
}

describe("delete_fee", () => {
  it("removes a fee without invoice: no longer listed, never regrouped", () => {
    const paid = step(T("03"), "update_fee", { fee_id: fee, payment_status: "succeeded" });
    const kept = run([paid]);
    expect(kept.invoices.map((i) => i["invoice_type"])).toContain("advance_charges");
    const r = run([paid, step(T("04"), "delete_fee", { fee_id: fee })]);
    expect(r.responses[4]).toMatchObject({ fee: { amount_cents: 200, svc_invoice_id: null } });
    expect(r.fees.filter((f) => f["svc_invoice_id"] === null)).toEqual([]);
    expect(r.invoices.map((i) => i["invoice_type"])).not.toContain("advance_charges");
  });

  it("refuses an invoiced fee (invoiced_fee) and an unknown one, changing nothing", () => {
    const r = run([step(T("03"), "delete_fee", { fee_id: { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } } }), step(T("03"), "delete_fee", { fee_id: "nope" })]);
    expect(r.responses.slice(3)).toEqual([{ error: { code: "invoiced_fee" } }, { error: { code: "fee_not_found" } }]);
    unchangedBy([step(T("05"), "update_fee", { fee_id: fee, payment_status: "succeeded" })], step(T("03"), "delete_fee", { fee_id: "nope" }));
  });
});

describe("update_credit_note", () => {
  const note = step(T("03"), "create_credit_note", { invoice_id: invoice, reason: "other", refund_amount_cents: 100, items: [{ fee_id: { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } }, amount_cents: 100 }] });
  it("sets the refund status (pending, succeeded, failed) and its updated_at", () => {
    const r = run([step(T("02"), "create_payment", { invoice_id: invoice, amount_cents: 1000, reference: "r1" }), note,
      step(T("04"), "update_credit_note", { credit_note_id: { $ref: { credit_note: 0, field: "svc_id" } }, refund_status: "succeeded" })]);
    expect(r.responses[4]).toMatchObject({ credit_note: { refund_status: "pending" } });
    expect(r.responses[5]).toMatchObject({ credit_note: { refund_status: "succeeded", updated_at: T("04") } });
    expect(r.credit_notes).toMatchObject([{ refund_status: "succeeded" }]);
  });

  it("refuses a bad status and an unknown note, changing nothing", () => {
    const r = run([step(T("02"), "create_payment", { invoice_id: invoice, amount_cents: 1000, reference: "r1" }), note,
      step(T("04"), "update_credit_note", { credit_note_id: { $ref: { credit_note: 0, field: "svc_id" } }, refund_status: "done" }),
      step(T("04"), "update_credit_note", { credit_note_id: "nope", refund_status: "failed" })]);
    expect(r.responses.slice(5)).toEqual([
      { error: { code: "validation_errors", error_details: { refund_status: ["value_is_invalid"] } } },
      { error: { code: "credit_note_not_found" } },
    ]);
    unchangedBy([], step(T("03"), "update_credit_note", { credit_note_id: "nope", refund_status: "failed" }));
  });
});

describe("lose_dispute", () => {
  it("sets payment_dispute_lost_at on a finalized invoice (the first time) and sends invoice.payment_dispute_lost", () => {
    const r = run([step(T("05"), "lose_dispute", { invoice_id: invoice }), step(T("06"), "lose_dispute", { invoice_id: invoice })]);
    expect(r.responses[3]).toMatchObject({ invoice: { payment_dispute_lost_at: T("05") } });
    expect(r.responses[4]).toMatchObject({ invoice: { payment_dispute_lost_at: T("05") } });
    expect(r.invoices[0]).toMatchObject({ payment_dispute_lost_at: T("05") });
    expect(r.webhooks.filter((w) => w["type"] === "invoice.payment_dispute_lost").map((w) => w["at"])).toEqual([T("05"), T("06")]);
    unchangedBy([], step(T("03"), "lose_dispute", { invoice_id: "nope" }));
  });
});
