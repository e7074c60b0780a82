import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { creditableAmountCents, feeCreditableAmountCents, feeTotalAmountCents, refundableAmountCents } from "../../../src/invoice/creditNote/creditNoteCreditable.js";
import { estimateCreditNote } from "../../../src/invoice/creditNote/creditNoteEstimate.js";
import { created, fee, invoice, item, request, tax, withNote } from "./creditNoteFixtures.js";

const org = tax("org_tax", "10.0");
const plan = tax("plan_tax", "10.0");
const plan1 = fee("plan1", 17900, [org]);
const plan2 = fee("plan2", 39900, [plan, org], "25000");
const partial = invoice([plan1, plan2], { coupons: 25000n, total_paid_amount_cents: 1200n });

describe("estimateCreditNote (invoice.md §10.5)", () => {
  it("[spec] both fees of the couponed invoice, paid 12.00 → taxes 4770, sub-total 32800, max creditable 37570, max refundable 1200", () => {
    const e = estimateCreditNote(partial, [item(plan1, 17900), item(plan2, 39900)]);
    expect(e).toMatchObject({
      taxes_amount_cents: 4770n, sub_total_excluding_taxes_amount_cents: 32800n, max_creditable_amount_cents: 37570n,
      max_refundable_amount_cents: 1200n, coupons_adjustment_amount_cents: 25000n,
    });
    expect(toDecimalString(e.taxes_rate)).toBe("14.54268");
  });

  it("vector: 26260 of the couponed fee → the max creditable 11768 drops to 11767 (rounding fix), taxes 1961, taxes_rate 20", () => {
    const e = estimateCreditNote(partial, [item(plan2, 26260)]);
    expect(e).toMatchObject({
      taxes_amount_cents: 1961n, sub_total_excluding_taxes_amount_cents: 9806n, max_creditable_amount_cents: 11767n,
      max_refundable_amount_cents: 1200n, coupons_adjustment_amount_cents: 16454n,
    });
    expect(toDecimalString(e.taxes_rate)).toBe("20");
  });

  it("[spec] the same coupon applied twice: five items of 100 → coupons 2, sub-total 498, taxes 50 → 49, max creditable 547, max refundable 40", () => {
    const vat = tax("vat_10", "10");
    const fees = [
      fee("sub", 1999, [vat], "9.66216"), fee("m1", 99290, [vat], "479.91802", "charge"), fee("m2", 299770, [vat], "1448.93772", "charge"),
      fee("m3", 3130, [vat], "15.12884", "charge"), fee("m4", 6460, [vat], "31.2244", "charge"), fee("m5", 3130, [vat], "15.12884", "charge"),
    ];
    const inv = invoice(fees, { coupons: 2000n, taxes: 41178n, total_paid_amount_cents: 40n });
    expect(inv.totals.total_amount_cents).toBe(452957n);
    const [sub, , m2, m3, m4] = fees;
    if (!sub || !m2 || !m3 || !m4) throw new Error("fixture");
    const e = estimateCreditNote(inv, [item(sub, 100), item(m2, 100), item(m3, 100), item(m4, 100), item(m3, 100)]);
    expect(toDecimalString(e.precise_coupons_adjustment_amount_cents)).toBe("2.41675");
    expect(e).toMatchObject({
      coupons_adjustment_amount_cents: 2n, sub_total_excluding_taxes_amount_cents: 498n, taxes_amount_cents: 49n,
      max_creditable_amount_cents: 547n, max_refundable_amount_cents: 40n,
    });
    expect(toDecimalString(e.taxes_rate)).toBe("10");
  });

  it("[spec] four items refunded separately: the last estimate (3233, all that remains) → precise taxes 646.6 − 1.2 = 645.4 → 645, max creditable 3878", () => {
    const vat = tax("vat20", "20");
    const fees = [1, 2, 3, 4].map((k) => fee(`f${k}`, 3233, [vat], "0", "add_on"));
    let inv = invoice(fees, { invoice_type: "one_off", payment_status: "succeeded", total_paid_amount_cents: 12720n });
    for (const f of fees.slice(0, 3)) {
      const note = created(inv, request([item(f, 3233)], 0n, 3880n));
      expect([note.taxes_amount_cents, toDecimalString(note.precise_taxes_amount_cents)]).toEqual([647n, "646.6"]);
      inv = withNote(inv, note);
    }
    const last = fees[3];
    if (!last) throw new Error("fixture");
    const e = estimateCreditNote(inv, [item(last, 3233)]);
    expect(toDecimalString(e.precise_taxes_amount_cents)).toBe("645.4");
    expect(e).toMatchObject({ taxes_amount_cents: 645n, max_creditable_amount_cents: 3878n, max_refundable_amount_cents: 1080n });
  });

  it("the estimate does not count its own items against their fees, and credit invoices get no creditable amount", () => {
    const f = fee("w", 1000, [], "0", "credit");
    const inv = invoice([f], { invoice_type: "credit", payment_status: "succeeded", total_paid_amount_cents: 1000n, wallet_creditable_amount_cents: 600n });
    const e = estimateCreditNote(inv, [item(f, 500)]);
    expect([e.max_creditable_amount_cents, e.max_refundable_amount_cents]).toEqual([0n, 500n]);
  });
});

describe("creditable and refundable amounts (invoice.md §10.3, §10.4)", () => {
  it("fee_total_amount_cents = Σ amounts + rhu(Σ amount × taxes_rate / 100) = 57800 + 9770", () => {
    expect(feeTotalAmountCents(partial)).toBe(67570n);
  });

  it("creditable spreads coupons over the creditable fees before tax: 57800 − 25000 + rhu(5544.22) = 38344; refundable = min(paid, creditable)", () => {
    expect(creditableAmountCents(partial).toFixed()).toBe("38344");
    expect(refundableAmountCents(partial).toFixed()).toBe("1200");
  });

  it("each fee's creditable amount falls by the items credited on it (any note); 0 on a draft, 0 for credit invoices", () => {
    const inv = withNote(partial, created(partial, request([item(plan1, 1091)], 0n, 1200n)));
    expect(feeCreditableAmountCents(inv, plan1)).toBe(16809n);
    expect(feeCreditableAmountCents(inv, plan2)).toBe(39900n);
    expect(refundableAmountCents(inv).toFixed()).toBe("0");
    expect(creditableAmountCents({ ...partial, status: "draft" }).toFixed()).toBe("0");
    expect(creditableAmountCents({ ...partial, invoice_type: "credit" }).toFixed()).toBe("0");
  });

  it("unpaid or draft invoices refund nothing", () => {
    expect(refundableAmountCents({ ...partial, total_paid_amount_cents: 0n }).toFixed()).toBe("0");
    expect(refundableAmountCents({ ...partial, status: "draft" }).toFixed()).toBe("0");
  });
});
