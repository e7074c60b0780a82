/**
 * Credit notes on a wallet top-up (`credit`) invoice.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const inv0 = { $ref: { invoice: 0, field: "svc_id" } };
const creditFee = { $ref: { invoice: 0, fee: { item: { type: "credit" } }, field: "svc_id" } };

/** A wallet (rate 0.5) bought with 20 paid credits → credit invoice of 1000 cents, paid at once. */
function run(note: Obj): { responses: Obj[]; invoices: Obj[] } {
  return simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [],
    plans: [],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
      { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "0.5", currency: "EUR", paid_credits: "20", invoice_requires_successful_payment: false } },
      // A manual payment (update_invoice changes the status only, not total_paid: §1.1, and a refund needs a paid amount, §10.3).
      { at: "2024-03-02T00:00:00Z", op: "create_payment", body: { invoice_id: inv0, amount_cents: 1000 } },
      { at: "2024-03-03T00:00:00Z", op: "create_credit_note", body: { invoice_id: inv0, reason: "other", ...note } },
      { at: "2024-03-04T00:00:00Z", op: "fetch_wallet", body: { external_customer_id: "c1" } },
    ],
  }) as unknown as { responses: Obj[]; invoices: Obj[] };
}

describe("review2: refunding a paid wallet top-up", () => {
  it("control: the credit invoice of 1000 is paid and the wallet holds 1000 cents (20 credits)", () => {
    const r = run({ refund_amount_cents: 500, credit_amount_cents: 0, items: [{ fee_id: creditFee, amount_cents: 500 }] });
    expect(r.invoices[0]).toMatchObject({ invoice_type: "credit", payment_status: "succeeded", total_amount_cents: 1000 });
    expect(r.responses[2]).toMatchObject({ payment: { amount_cents: 1000 } });
  });

  // invoice.md §10.3 last bullet: "Credit invoices (wallet top-up): credit amount not allowed; only
  // refund (paid invoice) or offset (unpaid); the wallet is debited by a void transaction."
  // Expected: a note with refund_amount_cents 500 and the wallet debited 10 credits (balance 500).
  // Actual: {"error":{"code":"invalid_type_or_status"}} — src/simulator/creditNotes.ts:25 always
  // passes `wallet_creditable_amount_cents: null`, so creditNoteParse.ts validTypeOrStatus()
  // (src/invoice/creditNote/creditNoteParse.ts:104) refuses every note on a credit invoice.
  it("a refund of 500 on the paid credit invoice is issued and debits the wallet", () => {
    const r = run({ refund_amount_cents: 500, credit_amount_cents: 0, items: [{ fee_id: creditFee, amount_cents: 500 }] });
    expect(r.responses[3]).toHaveProperty("credit_note");
    expect((r.responses[3] as { credit_note: Obj }).credit_note).toMatchObject({ refund_amount_cents: 500, credit_amount_cents: 0 });
    expect((r.responses[4] as { wallet: Obj }).wallet).toMatchObject({ balance_cents: 500, credits_balance: "10" });
  });

  it("a credit amount on a credit invoice is refused (§10.3)", () => {
    const r = run({ refund_amount_cents: 0, credit_amount_cents: 500, items: [{ fee_id: creditFee, amount_cents: 500 }] });
    expect(r.responses[3]).toHaveProperty("error");
    expect((r.responses[4] as { wallet: Obj }).wallet).toMatchObject({ balance_cents: 1000 });
  });
});
