/**
 * Laws of credit notes (invoice.md §8, §10): whatever sequence of notes an invoice accepts never
 * credits, refunds and offsets more than the fees' total (one cent of tolerance) nor refunds more
 * than was paid; notes crediting everything add up to the invoice's tax; credit-note credits never
 * exceed the invoice total nor a note's balance, and balances never go negative.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CurrencyCode } from "../../src/core/currency.js";
import { ZERO, dec, round, sum } from "../../src/core/decimal.js";
import { applyCreditNoteCredits } from "../../src/invoice/creditNote/creditNoteCredits.js";
import { parseCreateCreditNote, parseEstimateCreditNote } from "../../src/invoice/creditNote/creditNoteParse.js";
import { parseVoidInvoiceBody } from "../../src/invoice/creditNote/creditNoteVoid.js";
import { feeCreditableAmountCents, feeTotalAmountCents } from "../../src/invoice/creditNote/creditNoteCreditable.js";
import { createCreditNote } from "../../src/invoice/creditNote/creditNoteCreate.js";
import { estimateCreditNote } from "../../src/invoice/creditNote/creditNoteEstimate.js";
import type { IssuedInvoice } from "../../src/invoice/creditNote/creditNoteTypes.js";
import { feeTaxAmounts } from "../../src/invoice/tax/feeTaxAmounts.js";
import type { InvoiceFee } from "../../src/invoice/types.js";
import { availableNote, ctx, fee, invoice, item, request, tax, withNote } from "../unit/invoice/creditNoteFixtures.js";

const RATES = ["0", "5", "5.5", "10", "20", "23.33"];
const taxArb = fc.constantFrom(...RATES).map((r) => tax(`t${r}`, r));
const feeArb = (i: number) => fc.record({
  amount: fc.integer({ min: 0, max: 200_000 }),
  couponPct: fc.integer({ min: 0, max: 100 }),
  taxes: fc.uniqueArray(taxArb, { maxLength: 2, selector: (t) => t.code }),
}).map(({ amount, couponPct, taxes }) => fee(`f${i}`, amount, taxes, round(dec(amount).times(dec(couponPct)).div(dec(100)), 5, "down").toFixed()));
const feesArb = fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => feeArb(i))));

function issued(fees: readonly InvoiceFee[], paidPct: number): IssuedInvoice {
  const coupons = BigInt(round(sum(fees.map((f) => f.precise_coupons_amount_cents)), 0, "down").toFixed());
  const base = invoice(fees, { coupons });
  const paid = (base.totals.total_amount_cents * BigInt(paidPct)) / 100n;
  return { ...base, total_paid_amount_cents: paid, payment_status: paid === base.totals.total_amount_cents && paid > 0n ? "succeeded" : "pending" };
}

describe("credit notes: laws", () => {
  it("accepted notes never exceed the fees' total (+1 cent) nor refund more than paid; split and balance are consistent", () => {
    let accepted = 0;
    const stepArb = fc.record({ shares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 4 }), refundPct: fc.integer({ min: 0, max: 100 }) });
    fc.assert(fc.property(feesArb, fc.integer({ min: 0, max: 100 }), fc.array(stepArb, { maxLength: 4 }), (fees, paidPct, steps) => {
      let inv = issued(fees, paidPct);
      for (const step of steps) {
        const items = inv.fees.map((f, k) => item(f, ((feeCreditableAmountCents(inv, f) * BigInt(step.shares[k] ?? 0)) / 100n).toString()));
        const est = estimateCreditNote(inv, items);
        const refund = (est.max_refundable_amount_cents * BigInt(step.refundPct)) / 100n;
        const credit = est.max_creditable_amount_cents - refund;
        if (credit < 0n) continue;
        const r = createCreditNote(inv, request(items, credit, refund), ctx);
        if (!r.ok) continue;
        const n = r.value;
        expect(n.credit_amount_cents + n.refund_amount_cents + n.offset_amount_cents).toBe(n.total_amount_cents);
        expect(n.balance_amount_cents).toBe(n.credit_amount_cents);
        expect(n.credit_amount_cents >= 0n && n.refund_amount_cents >= 0n).toBe(true);
        inv = withNote(inv, n);
        accepted += 1;
      }
      const total = inv.credit_notes.reduce((a, n) => a + n.total_amount_cents, 0n);
      expect(total <= feeTotalAmountCents(inv) + 1n).toBe(true);
      expect(inv.credit_notes.reduce((a, n) => a + n.refund_amount_cents, 0n) <= inv.total_paid_amount_cents).toBe(true);
      for (const f of inv.fees) expect(feeCreditableAmountCents(inv, f) >= 0n).toBe(true);
    }), { numRuns: 200 });
    expect(accepted).toBeGreaterThan(100); // the law is not vacuous
  });

  it("one note per fee, each crediting all of it: the notes' taxes add up to rhu(Σ fee × rate / 100) (last-note correction)", () => {
    const intRate = fc.constantFrom("5", "10", "20", "25").map((r) => tax("t", r));
    // Fees of at least 1.00: the last note's correction (up to one cent per earlier note) cannot bring its
    // total to 0, which would refuse it (`total_amount_must_be_positive`: 24995, 82875 and 1 at 10 % do).
    fc.assert(fc.property(fc.array(fc.integer({ min: 100, max: 100_000 }), { minLength: 1, maxLength: 5 }), intRate, (amounts, t) => {
      let inv = issued(amounts.map((a, i) => fee(`f${i}`, a, [t])), 0);
      for (const f of inv.fees) {
        const est = estimateCreditNote(inv, [item(f, f.amount_cents.toString())]);
        const r = createCreditNote(inv, request([item(f, f.amount_cents.toString())], est.max_creditable_amount_cents), ctx);
        expect(r.ok).toBe(true);
        if (r.ok) inv = withNote(inv, r.value);
      }
      const exact = sum(amounts.map((a) => dec(a).times(t.rate).div(dec(100))));
      expect(inv.credit_notes.reduce((a, n) => a + n.taxes_amount_cents, 0n).toString()).toBe(round(exact, 0, "half_up").toFixed());
    }), { numRuns: 200 });
  });

  it("credit-note credits: Σ credits ≤ the invoice total, each ≤ the note's balance, balances ≥ 0, fee shares within [0, after-tax]", () => {
    let usedTotal = 0n;
    const noteArb = fc.record({ balance: fc.bigInt({ min: 0n, max: 50_000n }), at: fc.integer({ min: 0, max: 10 }), usd: fc.boolean() });
    fc.assert(fc.property(feesArb, fc.array(noteArb, { maxLength: 5 }), fc.integer({ min: 0, max: 120 }), (fees, specs, pct) => {
      const inv = issued(fees, 0);
      const total = (inv.totals.total_amount_cents * BigInt(pct)) / 100n;
      const notes = specs.map((s, i) => availableNote(`cn${i}`, s.balance, s.at, s.usd ? { currency: "USD" as CurrencyCode } : {}));
      const r = applyCreditNoteCredits({ invoice: { svc_id: "inv_new", currency: "EUR" as CurrencyCode, invoice_type: "subscription", total_amount_cents: total, fees }, credit_notes: notes });
      const used = r.credits.reduce((a, c) => a + c.amount_cents, 0n);
      expect(used).toBe(r.credit_notes_amount_cents);
      usedTotal += used;
      expect(used <= (total > 0n ? total : 0n)).toBe(true);
      expect(r.total_amount_cents).toBe(total - used);
      for (const c of r.credits) {
        const before = notes.find((n) => n.svc_id === c.item.svc_item_id);
        const after = r.credit_notes.find((n) => n.svc_id === c.item.svc_item_id);
        expect(c.amount_cents > 0n && before !== undefined && c.amount_cents <= before.balance_amount_cents).toBe(true);
        expect(after?.balance_amount_cents).toBe((before?.balance_amount_cents ?? 0n) - c.amount_cents);
        expect(after?.credit_status).toBe(after?.balance_amount_cents === 0n ? "consumed" : "available");
      }
      for (const n of r.credit_notes) expect(n.balance_amount_cents >= 0n).toBe(true);
      r.fees.forEach((f) => {
        const cap = dec(f.amount_cents).minus(f.precise_coupons_amount_cents).plus(dec(feeTaxAmounts(f).taxes_amount_cents));
        expect(f.precise_credit_notes_amount_cents.gte(ZERO) && f.precise_credit_notes_amount_cents.lte(cap)).toBe(true);
      });
    }), { numRuns: 300 });
    expect(usedTotal > 0n).toBe(true);
  });

  it("parsing never throws: any JSON body gives a note request or a coded refusal", () => {
    const inv = issued([fee("f0", 1000, [tax("t", "20")])], 100);
    const bodyArb = fc.oneof(fc.jsonValue(), fc.record({
      reason: fc.oneof(fc.constant("other"), fc.jsonValue()), credit_amount_cents: fc.jsonValue(), refund_amount_cents: fc.jsonValue(),
      items: fc.oneof(fc.jsonValue(), fc.array(fc.record({ fee_id: fc.oneof(fc.constant("f0"), fc.jsonValue()), amount_cents: fc.jsonValue() }))),
    }, { requiredKeys: [] }));
    fc.assert(fc.property(bodyArb, (body) => {
      for (const r of [parseCreateCreditNote(body, inv), parseEstimateCreditNote(body, inv)]) {
        expect(r.ok || ["validation_errors", "fee_not_found", "invalid_type_or_status"].includes(r.code)).toBe(true);
      }
      if (typeof body === "object" && body !== null && !Array.isArray(body)) expect(typeof parseVoidInvoiceBody(body).ok).toBe("boolean");
    }), { numRuns: 300 });
  });
});
