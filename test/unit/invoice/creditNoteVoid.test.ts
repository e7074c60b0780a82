import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { creditableAmountCents } from "../../../src/invoice/creditNote/creditNoteCreditable.js";
import type { IssuedInvoice } from "../../../src/invoice/creditNote/creditNoteTypes.js";
import { parseVoidInvoiceBody, voidInvoiceCreditNotes } from "../../../src/invoice/creditNote/creditNoteVoid.js";
import { ctx, fee, invoice, tax, withNote } from "./creditNoteFixtures.js";

const vat20 = tax("vat20", "20");
const f = fee("f", 1000, [vat20]);
const paid = invoice([f], { payment_status: "succeeded", total_paid_amount_cents: 1200n });
const ask = (credit: bigint, refund: bigint) => ({ generate_credit_note: true, credit_amount: credit, refund_amount: refund });

describe("voidInvoiceCreditNotes (invoice.md §16)", () => {
  it("vector void_invoice/fully-paid: 1000 + 20 % paid, refund 1200 → one finalized note, credit 0, refund 1200, total 1200", () => {
    const r = voidInvoiceCreditNotes(paid, ask(0n, 1200n), ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.recredit_wallets).toBe(false);
    expect(r.value.credit_notes).toHaveLength(1);
    expect(r.value.credit_notes[0]).toMatchObject({
      credit_amount_cents: 0n, refund_amount_cents: 1200n, total_amount_cents: 1200n, status: "finalized", reason: "other",
      credit_status: "available", refund_status: "pending", description: "Credit note created due to voided invoice inv_1",
    });
    expect(r.value.credit_notes[0]?.items.map((i) => [i.fee_id, i.amount_cents])).toEqual([["f", 1000n]]);
  });

  it("a partial note (items in proportion, decimals kept), then a voided note for the rest; together they exhaust the invoice", () => {
    const g = fee("g", 3000, [vat20]);
    const inv = invoice([f, g]);
    const r = voidInvoiceCreditNotes(inv, ask(1200n, 0n), ctx);
    if (!r.ok) throw new Error("refused");
    const [first, second] = r.value.credit_notes;
    expect(first).toMatchObject({ credit_amount_cents: 1200n, total_amount_cents: 1200n, credit_status: "available", balance_amount_cents: 1200n });
    expect(first?.items.map((i) => toDecimalString(i.precise_amount_cents))).toEqual(["250", "750"]);
    expect(second).toMatchObject({ credit_amount_cents: 3600n, credit_status: "voided", balance_amount_cents: 0n, voided_at: ctx.created_at });
    expect(second?.items.map((i) => i.amount_cents)).toEqual([750n, 2250n]);
    expect(second?.sequential_id).toBe(2);
    let after: IssuedInvoice = { ...inv, status: "voided" };
    for (const n of r.value.credit_notes) after = withNote(after, n);
    expect(creditableAmountCents(after).toFixed()).toBe("0");
  });

  it("decimal items when the ratio is not round: 1000 of 4800 creditable", () => {
    const g = fee("g", 3000, [vat20]);
    const r = voidInvoiceCreditNotes(invoice([f, g]), ask(1000n, 0n), ctx);
    if (!r.ok) throw new Error("refused");
    expect(r.value.credit_notes[0]?.items.map((i) => toDecimalString(i.precise_amount_cents))).toEqual(["208.33333", "625"]);
    expect(r.value.credit_notes[0]?.credit_amount_cents).toBe(1000n);
  });

  it("without generate_credit_note: no note, wallets re-credited; with nothing asked: only the voided note for everything", () => {
    expect(voidInvoiceCreditNotes(paid, { generate_credit_note: false, credit_amount: 0n, refund_amount: 0n }, ctx)).toEqual({ ok: true, value: { credit_notes: [], recredit_wallets: true } });
    const r = voidInvoiceCreditNotes(paid, ask(0n, 0n), ctx);
    expect(r.ok && r.value.credit_notes.map((n) => [n.credit_amount_cents, n.credit_status])).toEqual([[1200n, "voided"]]);
  });

  it("refusals: not_voidable unless finalized; amounts over the creditable / refundable → credit_refund_amount: total_amount_exceeds_invoice_amount", () => {
    expect(voidInvoiceCreditNotes({ ...paid, status: "draft" }, ask(0n, 0n), ctx)).toEqual({ ok: false, code: "not_voidable" });
    expect(voidInvoiceCreditNotes({ ...paid, status: "voided" }, ask(0n, 0n), ctx)).toEqual({ ok: false, code: "not_voidable" });
    const exceeds = { ok: false, code: "validation_errors", issues: [expect.objectContaining({ code: "total_amount_exceeds_invoice_amount", path: ["credit_refund_amount"] })] };
    expect(voidInvoiceCreditNotes(paid, ask(1201n, 0n), ctx)).toEqual(exceeds);
    expect(voidInvoiceCreditNotes({ ...paid, total_paid_amount_cents: 100n }, ask(0n, 101n), ctx)).toEqual(exceeds);
    expect(voidInvoiceCreditNotes(paid, ask(700n, 600n), ctx)).toEqual(exceeds);
  });
});

describe("parseVoidInvoiceBody", () => {
  it("reads generate_credit_note as the reference's boolean cast and truncates the amounts", () => {
    expect(parseVoidInvoiceBody({ generate_credit_note: "true", credit_amount: "12.9", refund_amount: 3 })).toEqual({ ok: true, value: ask(12n, 3n) });
    expect(parseVoidInvoiceBody({})).toEqual({ ok: true, value: { generate_credit_note: false, credit_amount: 0n, refund_amount: 0n } });
    const r = parseVoidInvoiceBody({ credit_amount: "x", refund_amount: [] });
    expect(!r.ok && r.issues.map((i) => i.path.join("."))).toEqual(["credit_amount", "refund_amount"]);
  });
  it("refuses a negative amount (it would give nothing back)", () => {
    const r = parseVoidInvoiceBody({ generate_credit_note: true, credit_amount: -1, refund_amount: "-0.5" });
    expect(!r.ok && r.issues.map((i) => `${i.path.join(".")}:${i.code}`)).toEqual(["credit_amount:invalid_value", "refund_amount:invalid_value"]);
  });
});
