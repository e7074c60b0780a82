/**
 * The invoice pipeline (src/invoice/compose.ts, invoice.md §1.1): coupons before taxes, taxes on
 * what the coupons leave, and what each step consumed reported to the caller, nothing changed
 * in place.
 */
import { describe, expect, it } from "vitest";
import { type ComposableLine, composeInvoice } from "../../../src/invoice/compose.js";
import { feeTaxAmounts } from "../../../src/invoice/tax/feeTaxAmounts.js";
import { T0, applied, fee, fixed, tax } from "./couponsFixtures.js";

const line = (cents: number): ComposableLine => {
  const f = fee("subscription", cents, { taxes: [tax("vat", "20")] });
  return { fee: f, taxes: feeTaxAmounts(f) };
};
const base = { invoice: { svc_id: "inv_1", currency: "EUR" as const, invoice_type: "subscription" as const }, at: T0, progressive: null, credit_notes: null, wallets: null };

describe("composeInvoice", () => {
  it("takes a 3.00 coupon off 10.00 before the 20 % tax, and reports the coupon used up", () => {
    const coupon = applied(fixed("c", 300));
    const r = composeInvoice({ ...base, lines: [line(1000)], coupons: { mode: "apply", applied_coupons: [coupon] } });
    expect(r.totals).toMatchObject({ fees_amount_cents: 1000n, coupons_amount_cents: 300n, sub_total_excluding_taxes_amount_cents: 700n, taxes_amount_cents: 140n, total_amount_cents: 840n });
    expect(r.consumed.applied_coupons?.[0]?.status).toBe("terminated");
    expect(coupon.status).toBe("active");
    expect(r.consumed.wallets).toBeNull();
  });
  it("in a preview, applies the coupon and consumes nothing", () => {
    const r = composeInvoice({ ...base, lines: [line(1000)], coupons: { mode: "preview", applied_coupons: [applied(fixed("c", 300))], first_plan_code: "p1" } });
    expect(r.totals.total_amount_cents).toBe(840n);
    expect(r.consumed.applied_coupons).toBeNull();
  });
  it("without credit steps: the fees and their taxes", () => {
    const r = composeInvoice({ ...base, lines: [line(1000), line(250)], coupons: { mode: "none" } });
    expect(r.totals).toMatchObject({ fees_amount_cents: 1250n, taxes_amount_cents: 250n, total_amount_cents: 1500n });
    expect(r.credits).toEqual([]);
  });
});
