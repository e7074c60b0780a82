import { describe, expect, it } from "vitest";
import type { CurrencyCode } from "../../../src/core/currency.js";
import { dec, toDecimalString } from "../../../src/core/decimal.js";
import { type CreditNoteCreditsInput, applyCreditNoteCredits } from "../../../src/invoice/creditNote/creditNoteCredits.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import { availableNote, fee, tax } from "./creditNoteFixtures.js";

const EUR = "EUR" as CurrencyCode;
const shares = (fees: readonly InvoiceFee[]) => fees.map((f) => toDecimalString(f.precise_credit_notes_amount_cents));
const target = (fees: readonly InvoiceFee[], total: bigint, over: Partial<CreditNoteCreditsInput["invoice"]> = {}) =>
  ({ svc_id: "inv_new", currency: EUR, invoice_type: "subscription" as const, total_amount_cents: total, fees, ...over });

// invoice.md §18 example A: fees after coupons and taxes (VAT10 / EXC20).
const vat10 = tax("VAT10", "10");
const exc20 = tax("EXC20", "20");
const exampleA = [
  fee("sub", 10000, [vat10], "1858.73606"),
  { ...fee("bm1", 500, [vat10], "133.64312", "charge"), precise_amount_cents: dec("499.5") },
  fee("bm2", 2010, [exc20], "373.60595", "charge"),
  fee("bm2_true_up", 990, [exc20], "184.01487", "charge"),
];

// invoice.md §18 example C (KWD): no coupons; VAT15 and COM5.
const vat15 = tax("VAT15", "15");
const com5 = tax("COM5", "5");
const exampleC = [fee("sub", 9677, [vat15]), fee("bm4", 5125, [vat15], "0", "charge"), fee("bm5", 3330, [vat15], "0", "charge"), fee("commitment", 14126, [com5], "0", "commitment")];

describe("applyCreditNoteCredits (invoice.md §8)", () => {
  it("[derived] example A: CN1 2000 on a total of 12289 → shares 1457.44388, 65.64519, 319.53683, 157.37410; total 10289; CN1 consumed", () => {
    const r = applyCreditNoteCredits({ invoice: target(exampleA, 12289n), credit_notes: [availableNote("CN1", 2000n, 1)] });
    expect(shares(r.fees)).toEqual(["1457.44388", "65.64519", "319.53683", "157.3741"]);
    expect([r.credit_notes_amount_cents, r.total_amount_cents]).toEqual([2000n, 10289n]);
    expect(r.credit_notes[0]).toMatchObject({ balance_amount_cents: 0n, credit_status: "consumed" });
    expect(r.credits).toEqual([{
      svc_id: expect.any(String), amount_cents: 2000n, amount_currency: "EUR", before_taxes: false,
      item: { svc_item_id: "CN1", type: "credit_note", code: "ORG-000-CN1", name: "ORG-000", description: null },
    }]);
  });

  it("[derived] example C: CN2 8000 on 35684 → shares 2495.01177, 1321.37653, 858.64813, 3325.18776 (Σ 8000.22419); total 27684", () => {
    const r = applyCreditNoteCredits({ invoice: target(exampleC, 35684n, { currency: "KWD" as CurrencyCode }), credit_notes: [availableNote("CN2", 8000n, 1, { currency: "KWD" as CurrencyCode })] });
    expect(shares(r.fees)).toEqual(["2495.01177", "1321.37653", "858.64813", "3325.18776"]);
    expect(r.fees.reduce((a, f) => a.plus(f.precise_credit_notes_amount_cents), dec(0)).toFixed()).toBe("8000.22419");
    expect(r.total_amount_cents).toBe(27684n);
  });

  it("[derived] example B: a total of 0 takes nothing; the note keeps its 500", () => {
    const r = applyCreditNoteCredits({ invoice: target([fee("f", 3000, [], "3000")], 0n), credit_notes: [availableNote("CN", 500n, 1)] });
    expect([r.credits.length, r.credit_notes_amount_cents, r.credit_notes[0]?.balance_amount_cents]).toEqual([0, 0n, 500n]);
  });

  it("oldest note first (by creation, then input order), each min(balance, remaining); the last one partly used stays available", () => {
    const notes = [availableNote("late", 300n, 20), availableNote("early", 400n, 10), availableNote("tie", 200n, 20)];
    const r = applyCreditNoteCredits({ invoice: target([fee("f", 1000, [])], 1000n), credit_notes: notes });
    expect(r.credits.map((c) => [c.item.svc_item_id, c.amount_cents])).toEqual([["early", 400n], ["late", 300n], ["tie", 200n]]);
    const r2 = applyCreditNoteCredits({ invoice: target([fee("f", 1000, [])], 600n), credit_notes: notes });
    expect(r2.credits.map((c) => [c.item.svc_item_id, c.amount_cents])).toEqual([["early", 400n], ["late", 200n]]);
    expect(r2.credit_notes.map((n) => [n.svc_id, n.balance_amount_cents, n.credit_status])).toEqual([
      ["late", 100n, "available"], ["early", 0n, "consumed"], ["tie", 200n, "available"],
    ]);
    expect(r2.total_amount_cents).toBe(0n);
  });

  it("skips drafts, voided / consumed notes, zero balances (refund-only notes), other currencies and notes of this very invoice", () => {
    const skipped = [
      availableNote("draft", 100n, 1, { status: "draft" }), availableNote("voided", 100n, 1, { credit_status: "voided" }),
      availableNote("consumed", 100n, 1, { credit_status: "consumed" }), availableNote("refund_only", 0n, 1),
      availableNote("usd", 100n, 1, { currency: "USD" as CurrencyCode }), availableNote("own", 100n, 1, { svc_invoice_id: "inv_new" }),
    ];
    const r = applyCreditNoteCredits({ invoice: target([fee("f", 1000, [])], 1000n), credit_notes: [...skipped, availableNote("ok", 100n, 2)] });
    expect(r.credits.map((c) => c.item.svc_item_id)).toEqual(["ok"]);
    expect(r.credit_notes.slice(0, 6)).toEqual(skipped);
  });

  it("one-off, credit and advance_charges invoices receive no credit-note credits; progressive-billing invoices do", () => {
    const notes = [availableNote("cn", 100n, 1)];
    for (const t of ["one_off", "credit", "advance_charges"] as const) {
      expect(applyCreditNoteCredits({ invoice: target([fee("f", 1000, [])], 1000n, { invoice_type: t }), credit_notes: notes }).credits).toEqual([]);
    }
    expect(applyCreditNoteCredits({ invoice: target([fee("f", 1000, [])], 1000n, { invoice_type: "progressive_billing" }), credit_notes: notes }).credits).toHaveLength(1);
  });
});
