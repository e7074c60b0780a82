import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { finalizeDraftCreditNotes, refreshDraftCreditNote } from "../../../src/invoice/creditNote/creditNoteRefresh.js";
import { created, fee, invoice, item, request, tax } from "./creditNoteFixtures.js";

const vat20 = tax("vat20", "20");
const oldFee = fee("old", 3000, [vat20]);
const draftInvoice = invoice([oldFee], { status: "draft" });
const draftNote = created(draftInvoice, request([item(oldFee, 1000)], 1200n));

describe("draft credit notes follow their draft invoice (invoice.md §1.2.1, §10.1)", () => {
  it("a note on a draft invoice is a draft, recomputed on the refreshed fee keeping its proportion: 1000 of 3000 → 500 of 1500", () => {
    expect(draftNote).toMatchObject({ status: "draft", credit_amount_cents: 1200n });
    const newFee = fee("new", 1500, [vat20]);
    const r = refreshDraftCreditNote(draftNote, newFee, 3000n);
    expect(r.items.map((i) => [i.fee_id, i.amount_cents, toDecimalString(i.precise_amount_cents)])).toEqual([["new", 500n, "500"]]);
    expect(r).toMatchObject({ taxes_amount_cents: 100n, credit_amount_cents: 600n, balance_amount_cents: 600n, total_amount_cents: 600n, sub_total_excluding_taxes_amount_cents: 500n, status: "draft" });
    expect(r.applied_taxes).toMatchObject([{ amount_cents: 100n, base_amount_cents: 500n }]);
  });

  it("a non-round proportion keeps 5 decimals; the credit is rhu(items − adjustment + Σ rounded taxes), fixed to one cent", () => {
    const newFee = fee("new", 1001, [vat20], "100");
    const r = refreshDraftCreditNote(draftNote, newFee, 3000n);
    expect(toDecimalString(r.items[0]?.precise_amount_cents ?? newFee.units)).toBe("333.66667");
    // adjustment 100 × 333.66667 / 1001 = 33.33333…; tax rha(double(300.33333…) × 20 / 100) = 60
    expect([r.coupons_adjustment_amount_cents, r.taxes_amount_cents, r.sub_total_excluding_taxes_amount_cents, r.credit_amount_cents]).toEqual([33n, 60n, 300n, 360n]);
  });

  it("without the old fee amount the items keep their amounts; with an old amount of 0 they drop to 0; finalized notes are untouched", () => {
    const newFee = fee("new", 1500, [vat20]);
    expect(refreshDraftCreditNote(draftNote, newFee, null).items[0]?.amount_cents).toBe(1000n);
    expect(refreshDraftCreditNote(draftNote, newFee, 0n).credit_amount_cents).toBe(0n);
    const fin = { ...draftNote, status: "finalized" as const };
    expect(refreshDraftCreditNote(fin, newFee, 3000n)).toBe(fin);
  });

  it("finalizing the invoice finalizes its draft notes only", () => {
    const other = { ...draftNote, svc_id: "other", svc_invoice_id: "inv_2" };
    expect(finalizeDraftCreditNotes([draftNote, other], "inv_1").map((n) => n.status)).toEqual(["finalized", "draft"]);
  });
});
