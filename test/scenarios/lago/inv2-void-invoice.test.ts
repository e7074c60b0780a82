/**
 * Ports of getlago/lago-api spec/scenarios/invoices/void_invoice_spec.rb cases without a visible
 * vector ("fully paid" has one). Plan 10.00 pay in advance, 20 % tax on the organization,
 * subscribed 2023-01-01 (calendar) → a finalized invoice of 1200.
 * The spec also checks `voided_at`, which has no interface field; not asserted.
 */
import { describe, expect, it } from "vitest";
import { run, plan, customer, subscribe } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const at = "2023-01-01T00:00:00Z";
const inv0 = { $ref: { invoice: 0, field: "svc_id" } };

function voided(extra: Json[]): Json {
  return run({
    plans: [plan("p", { amount_cents: 1000, pay_in_advance: true })],
    taxes: [{ code: "vat", name: "VAT", rate: "20", applied_to_organization: true }],
    steps: [customer(at), subscribe(at, "p"), ...extra],
    until: "2023-01-01T00:01:00Z",
  });
}

describe("invoices/void_invoice_spec.rb", () => {
  it("when voiding a basic invoice: voided, one available credit note of 1200", () => {
    const out = voided([{ at, op: "void_invoice", body: { invoice_id: inv0, generate_credit_note: true, credit_amount: 1200, refund_amount: 0 } }]);
    expect(out.invoices[0]).toMatchObject({ status: "voided", total_amount_cents: 1200 });
    expect(out.credit_notes).toHaveLength(1);
    expect(out.credit_notes[0]).toMatchObject({ credit_status: "available", credit_amount_cents: 1200, refund_amount_cents: 0, total_amount_cents: 1200, status: "finalized" });
  });

  it("when voiding an invoice with partial credit and refund: a 600 note (300 + 300) and a voided note for the other 600", () => {
    const out = voided([
      { at, op: "create_payment", body: { invoice_id: inv0, amount_cents: 300, reference: "payment_ref_partial" } },
      { at, op: "void_invoice", body: { invoice_id: inv0, generate_credit_note: true, credit_amount: 300, refund_amount: 300 } },
    ]);
    expect(out.responses[2].payment).toBeDefined();
    expect(out.invoices[0]).toMatchObject({ status: "voided", total_amount_cents: 1200 });
    expect(out.credit_notes).toHaveLength(2);
    expect(out.credit_notes[0]).toMatchObject({ credit_amount_cents: 300, refund_amount_cents: 300, total_amount_cents: 600, status: "finalized", credit_status: "available" });
    expect(out.credit_notes[1]).toMatchObject({ total_amount_cents: 600, refund_amount_cents: 0, status: "finalized", credit_status: "voided" });
  });
});
