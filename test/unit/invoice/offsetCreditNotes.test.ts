/**
 * An `offset` credit note lowers what is due on its invoice
 * (invoice.md §1.1), in the invoice JSON and in the payment rule.
 *
 * Setup: monthly plan 31.00 EUR paid in advance, started 1 March (invoice C1-001, 3100),
 * terminated on 11 March with `on_termination_credit_note: offset` → a credit note on C1-001
 * with offset_amount_cents 2000 (21 unused days of 31).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Invoice { number: string; total_amount_cents: number; total_paid_amount_cents: number; total_due_amount_cents: number; payment_status: string; svc_id: string }

function run(extra: Obj[] = []): { invoices: Invoice[]; credit_notes: { offset_amount_cents: number; svc_invoice_id: string }[] } {
  return simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true, charges: [] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-11T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1", on_termination_credit_note: "offset" } },
      ...extra,
    ],
  }) as never;
}

describe("review: credit-note offsets on the invoice's amount due", () => {
  it("sanity: the offset note is issued on the first invoice", () => {
    const r = run();
    const first = r.invoices.find((i) => i.number === "ORG-82F7-001-001")!;
    expect(r.credit_notes.map((n) => [n.offset_amount_cents, n.svc_invoice_id])).toEqual([[2000, first.svc_id]]);
    expect(first.total_amount_cents).toBe(3100);
  });

  // invoice.md §1.1: `total_due_amount_cents = total_amount_cents − total_paid_amount_cents − offset_amount_cents`:
  // 3100 − 0 − 2000 = 1100.
  it("total_due_amount_cents deducts the offset of the invoice's credit notes", () => {
    const first = run().invoices.find((i) => i.number === "ORG-82F7-001-001")!;
    expect(first.total_due_amount_cents).toBe(1100);
  });

  // invoice.md §1.1 Payments: when total_paid + Σ credit-note offsets = total_amount_cents the invoice's
  // payment_status becomes succeeded: paying the 1100 left settles it, and nothing is due.
  it("a payment of what the offset leaves settles the invoice", () => {
    const r0 = run();
    const id = r0.invoices.find((i) => i.number === "ORG-82F7-001-001")!.svc_id;
    const r = run([{ at: "2024-03-12T00:00:00Z", op: "create_payment", body: { invoice_id: id, amount_cents: 1100, reference: "x" } }]);
    const first = r.invoices.find((i) => i.number === "ORG-82F7-001-001")!;
    expect(first.total_paid_amount_cents).toBe(1100);
    expect(first.payment_status).toBe("succeeded");
    expect(first.total_due_amount_cents).toBe(0);
  });

  it("a payment short of what the offset leaves keeps the invoice pending", () => {
    const id = run().invoices.find((i) => i.number === "ORG-82F7-001-001")!.svc_id;
    const r = run([{ at: "2024-03-12T00:00:00Z", op: "create_payment", body: { invoice_id: id, amount_cents: 1099, reference: "x" } }]);
    const first = r.invoices.find((i) => i.number === "ORG-82F7-001-001")!;
    expect([first.payment_status, first.total_due_amount_cents]).toEqual(["pending", 1]);
  });
});
