/**
 * Terminating a pay-in-advance subscription whose last fee was fully
 * discounted (100 % coupon).
 *
 * The automatic termination credit note (periods.md §9, invoice.md §10.6) would total
 * T = round(item − coupons_adjustment + taxes) = 0, which a credit note cannot
 * (`total_amount_must_be_positive`): there is nothing to credit, so no note is issued and the
 * termination goes on — the subscription terminated and its final invoice issued (0 here), an
 * upgrade going through, an `ending_at` termination on the clock as well.
 * docs/simulator.md "Operations": a refused step changes nothing, so a termination whose note
 * the rules do refuse (here a refund on an invoice marked failed though paid in full,
 * `cannot_refund_unpaid_invoice`) leaves the subscription active, without termination invoice.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Sub { status: string; plan_code: string }
interface Result { responses: Obj[]; invoices: { billing_periods: { invoicing_reason: string }[] }[]; credit_notes: unknown[]; subscriptions: Sub[] }

const run = (subscription: Obj, extra: Obj[] = []): Result => simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [],
  plans: [
    { code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true, charges: [] },
    { code: "p2", name: "P2", interval: "monthly", amount_cents: 6200, amount_currency: "EUR", pay_in_advance: true, charges: [] },
  ],
  coupons: [{ code: "free", name: "Free", coupon_type: "percentage", percentage_rate: "100", frequency: "forever" }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "free" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", ...subscription } },
    ...extra,
  ],
  until: "2024-03-20T00:00:00Z",
}) as unknown as Result;

const refusedRefund = (): Result => simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true, charges: [] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    { at: "2024-03-02T00:00:00Z", op: "create_payment", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, amount_cents: 3100 } },
    { at: "2024-03-03T00:00:00Z", op: "update_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, payment_status: "failed" } },
    { at: "2024-03-11T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1", on_termination_credit_note: "refund" } },
  ],
  until: "2024-03-20T00:00:00Z",
}) as unknown as Result;

const reasons = (r: Result): string[] => r.invoices.flatMap((i) => i.billing_periods.map((b) => b.invoicing_reason));

describe("review: termination of a fully discounted pay-in-advance subscription", () => {
  // No note (it would total 0): the step answers the subscription, terminated, with its final invoice.
  it("terminate_subscription succeeds and issues the final invoice", () => {
    const r = run({}, [{ at: "2024-03-11T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } }]);
    expect(r.responses[3]).toHaveProperty("subscription");
    expect(r.subscriptions.map((s) => s.status)).toEqual(["terminated"]);
    expect(reasons(r)).toEqual(["subscription_starting", "subscription_terminating"]);
    expect(r.credit_notes).toEqual([]);
  });

  // docs/simulator.md "Operations": a refused step changes nothing (the note is checked before the status changes).
  it("a refused terminate_subscription leaves the subscription active", () => {
    const r = refusedRefund();
    expect(r.responses[4]).toEqual({ error: { code: "validation_errors", error_details: { refund_amount_cents: ["cannot_refund_unpaid_invoice"] } } });
    expect(r.subscriptions.map((s) => s.status)).toEqual(["active"]);
    expect(reasons(r)).toEqual(["subscription_starting"]);
    expect(r.credit_notes).toEqual([]);
  });

  // The clock's termination at `ending_at` issues no note either, and bills the final invoice.
  it("an ending_at termination does not make simulate() throw", () => {
    expect(() => run({ ending_at: "2024-03-11T00:00:00Z" })).not.toThrow();
    const r = run({ ending_at: "2024-03-11T00:00:00Z" });
    expect(r.subscriptions.map((s) => s.status)).toEqual(["terminated"]);
    expect(reasons(r)).toEqual(["subscription_starting", "subscription_terminating"]);
    expect(r.credit_notes).toEqual([]);
  });

  // The upgrade ends the old record without note and activates the new one (no record left pending).
  it("an upgrade to a dearer plan goes through", () => {
    const r = run({}, [{ at: "2024-03-11T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p2" } }]);
    expect(r.responses[3]).toHaveProperty("subscription");
    expect(r.subscriptions.filter((s) => s.status === "active").map((s) => s.plan_code)).toEqual(["p2"]);
    expect(r.subscriptions.map((s) => s.status)).toEqual(["terminated", "active"]);
    expect(r.credit_notes).toEqual([]);
  });
});
