import { describe, expect, it } from "vitest";
import { toErrorDetails } from "../../../src/core/issue.js";
import { createCreditNote } from "../../../src/invoice/creditNote/creditNoteCreate.js";
import type { CreditNoteRequest, IssuedInvoice } from "../../../src/invoice/creditNote/creditNoteTypes.js";
import { created, ctx, fee, invoice, item, request, tax, withNote } from "./creditNoteFixtures.js";

const f = fee("f", 1000, [tax("vat20", "20")]);
const paid = invoice([f], { payment_status: "succeeded", total_paid_amount_cents: 1200n });
const check = (inv: IssuedInvoice, req: CreditNoteRequest) => {
  const r = createCreditNote(inv, req, ctx);
  return r.ok ? "ok" : r.code === "validation_errors" ? toErrorDetails(r.issues) : r.code;
};

describe("credit note amount checks (invoice.md §10.3)", () => {
  it("the requested total must match the items within one cent", () => {
    expect(check(paid, request([item(f, 500)], 601n))).toBe("ok");
    expect(check(paid, request([item(f, 500)], 599n))).toBe("ok");
    expect(check(paid, request([item(f, 500)], 602n))).toEqual({ base: ["does_not_match_item_amounts"] });
  });

  it("refunds: only on a paid invoice, within what was paid and not refunded yet", () => {
    const unpaid = { ...paid, total_paid_amount_cents: 0n };
    expect(check(unpaid, request([item(f, 500)], 0n, 600n))).toEqual({ refund_amount_cents: ["cannot_refund_unpaid_invoice"] });
    const fullyPaidNotMarked = { ...paid, payment_status: "pending" as const };
    expect(check(fullyPaidNotMarked, request([item(f, 500)], 0n, 600n))).toEqual({ refund_amount_cents: ["cannot_refund_unpaid_invoice"] });
    const partly = { ...paid, total_paid_amount_cents: 700n };
    const first = created(partly, request([item(f, 500)], 0n, 600n));
    expect(check(withNote(partly, first), request([item(f, 100)], 0n, 120n))).toEqual({ refund_amount_cents: ["higher_than_remaining_invoice_amount"] });
    expect(check(withNote(partly, first), request([item(f, 83)], 0n, 100n))).toBe("ok");
  });

  it("credit: at most fee_total − earlier credits − earlier offsets, with one cent of tolerance; none on credit invoices", () => {
    const first = created(paid, request([item(f, 500)], 600n));
    const after = withNote(paid, first);
    expect(check(after, request([item(f, 500)], 600n))).toBe("ok");
    const spent = withNote(paid, { ...first, credit_amount_cents: 601n });
    expect(check(spent, request([item(f, 500)], 600n))).toBe("ok"); // 1 cent over: tolerated
    const over = withNote(paid, { ...first, credit_amount_cents: 602n });
    expect(check(over, request([item(f, 500)], 600n))).toEqual({ credit_amount_cents: ["higher_than_remaining_invoice_amount"], base: ["higher_than_remaining_invoice_amount"] });
    const w = fee("w", 1000, [], "0", "credit");
    const top = invoice([w], { invoice_type: "credit", payment_status: "succeeded", total_paid_amount_cents: 1000n, wallet_creditable_amount_cents: 1000n });
    expect(check(top, request([item(w, 100)], 100n))).toEqual({ credit_amount_cents: ["cannot_credit_invoice"] });
    expect(check(top, request([item(w, 100)], 0n, 100n))).toBe("ok");
  });

  it("offsets: at most min(due, creditable); on a credit invoice exactly its unpaid total", () => {
    const unpaid = invoice([f]);
    expect(check(unpaid, request([item(f, 1000)], 0n, 0n, 1200n))).toBe("ok");
    const partlyPaid = { ...unpaid, total_paid_amount_cents: 100n };
    expect(check(partlyPaid, request([item(f, 1000)], 0n, 0n, 1200n))).toEqual({ offset_amount_cents: ["higher_than_remaining_invoice_amount"] });
    const w = fee("w", 1000, [], "0", "credit");
    const top = invoice([w], { invoice_type: "credit", wallet_creditable_amount_cents: 1000n });
    expect(check(top, request([item(w, 1000)], 0n, 0n, 1000n))).toBe("ok");
    expect(check(top, request([item(w, 500)], 0n, 0n, 500n))).toEqual({ offset_amount_cents: ["not_equal_to_total_amount"] });
    expect(check({ ...top, total_paid_amount_cents: 10n }, request([item(w, 1000)], 0n, 0n, 1000n))).toEqual({ offset_amount_cents: ["cannot_apply_to_paid_invoice"] });
  });

  it("the total: within what remains of the fees' total (1-cent tolerance), and positive; draft notes do not count as issued", () => {
    const first = created(paid, request([item(f, 913)], 0n, 1096n));
    expect(check(withNote(paid, first), request([item(f, 100)], 120n))).toEqual({ base: ["higher_than_remaining_invoice_amount"] });
    expect(check(withNote(paid, { ...first, status: "draft" }), request([item(f, 100)], 120n))).toBe("ok");
    expect(check(paid, request([], 0n))).toEqual({ base: ["total_amount_must_be_positive"] });
  });
});
