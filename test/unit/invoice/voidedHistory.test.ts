/**
 * A voided invoice stays in the subscription's billing history. Voiding
 * keeps the invoice and its fees (invoice.md §16), so the next periodic fee still takes
 * periods.md §4 rule 3(b) "full amount = plan.amount_cents" (a subscription fee already exists
 * on an invoice) rather than the first-period proration (30 days × 1000/30).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

interface Fee { item: { type: string }; amount_cents: number; precise_amount: string }
interface Invoice { number: string; status: string; fees: Fee[] }

const run = (voidFirst: boolean): Invoice[] => (simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    ...(voidFirst ? [{ at: "2024-04-02T00:00:00Z", op: "void_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } } }] : []),
  ],
  until: "2024-05-01T00:00:00Z",
}) as unknown as { invoices: Invoice[] }).invoices;

const aprilFee = (invoices: Invoice[]): Fee => invoices.find((i) => i.number === "ORG-82F7-001-002")!.fees.find((f) => f.item.type === "subscription")!;

describe("review: the subscription fee after a voided invoice", () => {
  it("control: without the void, April's fee is exactly the plan amount", () => {
    expect([aprilFee(run(false)).amount_cents, aprilFee(run(false)).precise_amount]).toEqual([1000, "10"]);
  });

  // periods.md §4 rule 3(b): precise_amount "10" (plan.amount_cents exactly), not the
  // first-period proration (which would read "10.000000000000001" in doubles).
  it("after voiding March, April's fee is still the full plan amount", () => {
    const invoices = run(true);
    expect(invoices.find((i) => i.number === "ORG-82F7-001-001")!.status).toBe("voided");
    expect([aprilFee(invoices).amount_cents, aprilFee(invoices).precise_amount]).toEqual([1000, "10"]);
  });
});
