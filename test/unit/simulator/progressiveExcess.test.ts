/**
 * invoice.md §3: when the progressive-billing credit an invoice would take exceeds the fees it
 * offsets, the excess goes back on an automatic credit note on the progressive invoice
 * (reason `other`, items from its fees in decreasing amount, credited).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;

describe("progressive billing: the excess credit note", () => {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", premium_integrations: ["progressive_billing"] },
    billable_metrics: [{ code: "gb", name: "GB", aggregation_type: "sum_agg", field_name: "v" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", usage_thresholds: [{ amount_cents: 10_000 }],
      charges: [{ billable_metric_code: "gb", charge_model: "standard", properties: { amount: "1" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-05T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "gb", external_subscription_id: "s1", properties: { v: "150" } } },
      { at: "2024-03-20T00:00:00Z", op: "create_event", body: { transaction_id: "t2", code: "gb", external_subscription_id: "s1", properties: { v: "-100" } } },
    ],
    until: "2024-04-01T01:00:00Z",
  }) as unknown as { invoices: Obj[]; credit_notes: Obj[]; warnings: unknown[] };

  it("the period's invoice takes the credit up to its fees (5000 of 15000)", () => {
    expect(r.invoices.map((i) => [i.invoice_type, i.fees_amount_cents, i.progressive_billing_credit_amount_cents, i.total_amount_cents])).toEqual([
      ["progressive_billing", 15_000, 0, 15_000],
      ["subscription", 5_000, 5_000, 0],
    ]);
  });

  it("the other 10000 go back on a credited note on the progressive invoice, with no warning", () => {
    expect(r.credit_notes).toHaveLength(1);
    expect(r.credit_notes[0]).toMatchObject({
      svc_invoice_id: r.invoices[0]!.svc_id, reason: "other", credit_amount_cents: 10_000, refund_amount_cents: 0, total_amount_cents: 10_000, credit_status: "available",
    });
    expect(r.warnings).toEqual([]);
  });
});
