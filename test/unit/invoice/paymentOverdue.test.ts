/**
 * Invoice.md §1.1 Payments: `payment_overdue` becomes true when the
 * due date (in the customer's zone) has passed while the invoice is finalized and not succeeded
 * (false again on success or void), read at the moment the JSON is taken (the result: its clock).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

interface Invoice { number: string; status: string; payment_status: string; payment_due_date: string; payment_overdue: boolean }

const run = (extra: object[], until = "2024-04-20T00:00:00Z"): Invoice[] => (simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", net_payment_term: 5 } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    ...extra,
  ],
  until,
}) as unknown as { invoices: Invoice[] }).invoices;

describe("review: payment_overdue", () => {
  // Invoice of 2024-04-01, due 2024-04-06, still pending at the end of the run (2024-04-20): overdue.
  it("a finalized, unpaid invoice past its due date is overdue", () => {
    const [inv] = run([]);
    expect([inv!.status, inv!.payment_status, inv!.payment_due_date]).toEqual(["finalized", "pending", "2024-04-06"]);
    expect(inv!.payment_overdue).toBe(true);
  });

  it("not overdue on its due date, overdue the day after", () => {
    expect(run([], "2024-04-06T23:00:00Z")[0]!.payment_overdue).toBe(false);
    expect(run([], "2024-04-07T00:00:00Z")[0]!.payment_overdue).toBe(true);
  });

  it("a voided invoice is not overdue", () => {
    const [inv] = run([{ at: "2024-04-10T00:00:00Z", op: "void_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } } }]);
    expect([inv!.status, inv!.payment_overdue]).toEqual(["voided", false]);
  });

  it("control: a paid invoice is not overdue", () => {
    const [inv] = run([{ at: "2024-04-02T00:00:00Z", op: "update_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, payment_status: "succeeded" } }]);
    expect([inv!.payment_status, inv!.payment_overdue]).toEqual(["succeeded", false]);
  });
});
