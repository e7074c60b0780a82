/**
 * A termination preview of a pay-in-advance plan (invoice.md §15).
 *
 * §15 Totals: "then credit notes: a would-be termination credit note for a terminated
 * pay-in-advance plan (not downgrade), plus available credit notes (8, nothing consumed)".
 *
 * Setup: monthly calendar plan 100.00 EUR paid in advance, VAT 20 %, 1 €/unit charge in arrears;
 * started 2024-03-01 (C1-001 bills March in advance, 10000 + 2000 tax). 5 units on 03-05. On 03-10
 * a preview with `terminated_at: 2024-03-20T00:00:00Z`:
 *   fees: charge 500 (no subscription fee: advance plan, §9), tax 100, sub_total_incl 600;
 *   would-be note (periods.md §9): 11 unused days (Mar 21–31) × 10000/31 = 3548.38709 + 20 % tax
 *   709.67742 → 4258; credited up to the invoice total → credit_notes_amount_cents 600, total 0.
 * Actual (ratecard): credit_notes_amount_cents 0, total_amount_cents 600 — no termination note
 * is considered in the preview (src/simulator/invoiceCredits.ts `applyInvoiceCredits` only reads
 * `book.creditNotes`; src/simulator/operations/previewInvoice.ts never builds the §10.6 note).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Inv { fees_amount_cents: number; taxes_amount_cents: number; sub_total_including_taxes_amount_cents: number; credit_notes_amount_cents: number; total_amount_cents: number }

const preview = (payInAdvance: boolean): Inv => {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"], premium_integrations: ["preview"] },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    billable_metrics: [{ code: "bm", name: "bm", aggregation_type: "sum_agg", field_name: "v" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 10000, amount_currency: "EUR", pay_in_advance: payInAdvance,
      charges: [{ billable_metric_code: "bm", charge_model: "standard", properties: { amount: "1" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-05T00:00:00Z", op: "create_event", body: { transaction_id: "a", code: "bm", external_subscription_id: "s1", properties: { v: 5 } } },
      { at: "2024-03-10T00:00:00Z", op: "preview_invoice", body: { customer: { external_id: "c1" }, subscriptions: { external_ids: ["s1"], terminated_at: "2024-03-20T00:00:00Z" } } },
    ],
  }) as unknown as { responses: Obj[] };
  return r.responses[3]!["invoice"] as Inv;
};

const totals = (i: Inv) => [i.fees_amount_cents, i.taxes_amount_cents, i.sub_total_including_taxes_amount_cents, i.credit_notes_amount_cents, i.total_amount_cents];

describe("review2: termination preview of a pay-in-advance plan", () => {
  it("control: arrears plan, 20 days of 31 (6452) + charge 500, 20 % tax", () => {
    expect(totals(preview(false))).toEqual([6952, 1390, 8342, 0, 8342]);
  });

  // Expected [500, 100, 600, 600, 0]; actual [500, 100, 600, 0, 600].
  it("the would-be termination credit note (4258) is credited on the preview", () => {
    expect(totals(preview(true))).toEqual([500, 100, 600, 600, 0]);
  });
});
