/**
 * invoice.md §4.3 (last bullet), §16, §1.3: voided and closed invoices give their coupon
 * credits back; §4.4 preview coupons.
 */
import { describe, expect, it } from "vitest";
import { previewCoupons } from "../../../src/invoice/coupon/couponPreview.js";
import { recreditCoupons, releaseCouponCredits } from "../../../src/invoice/coupon/couponRecredit.js";
import { amountCentsRemaining } from "../../../src/invoice/coupon/couponTypes.js";
import { applyCoupons } from "../../../src/invoice/coupon/coupons.js";
import type { AppliedCoupon } from "../../../src/invoice/coupon/couponTypes.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import { T0, after, applied, at, chargeFee, fee, fixed, percent, s } from "./couponsFixtures.js";

const bill = (acs: readonly AppliedCoupon[], invoice_id: string, fees: InvoiceFee[] = [fee("subscription", 300)]) =>
  applyCoupons({ invoice_id, currency: "EUR", at: T0, fees, applied_coupons: acs, sub_total_excluding_taxes_amount_cents: fees.reduce((t, f) => t + f.amount_cents, 0n) }).applied_coupons;
const LATER = at("2024-04-01T00:00:00Z");

describe("recreditCoupons (void)", () => {
  it("a once fixed coupon used up is reactivated and its remaining amount grows back", () => {
    const [used] = bill([applied(fixed("c", 200))], "inv_1");
    expect(used).toMatchObject({ status: "terminated" });
    expect(amountCentsRemaining(used!)).toBe(0n);
    const [back] = recreditCoupons([used!], "inv_1", LATER);
    expect(back).toMatchObject({ status: "active", terminated_at: null });
    expect(amountCentsRemaining(back!)).toBe(200n);
    // It applies again on the next invoice.
    const [again] = bill([back!], "inv_2");
    expect(again?.credits.filter((c) => c.active).map((c) => c.amount_cents)).toEqual([200n]);
  });

  it("a recurring coupon gets one unit of duration back, and is reactivated when it had ended", () => {
    const [r1] = bill([applied(fixed("r", 10, { frequency: "recurring", frequency_duration: 1 }))], "inv_1");
    expect(r1).toMatchObject({ status: "terminated", frequency_duration_remaining: 0 });
    expect(recreditCoupons([r1!], "inv_1", LATER)[0]).toMatchObject({ status: "active", frequency_duration_remaining: 1 });
  });

  it("0-amount credits are re-credited too", () => {
    const full = applied(fixed("full", 100, { billable_metric_codes: ["bm"], frequency: "forever" }));
    const pct = applied(percent("op", "10", { billable_metric_codes: ["bm"] }), { created_at: after(1) });
    const acs = bill([full, pct], "inv_1", [chargeFee("bm", "P", 100), fee("subscription", 50)]);
    expect(acs[1]?.credits[0]?.amount_cents).toBe(0n);
    expect(recreditCoupons(acs, "inv_1", LATER)[1]?.status).toBe("active");
  });

  it("no reactivation when the catalog coupon is no longer active (terminated or expired)", () => {
    const coupon = fixed("c", 200, { expiration: "time_limit", expiration_at: at("2024-03-15T00:00:00Z") });
    const [used] = bill([applied(coupon)], "inv_1");
    const [back] = recreditCoupons([used!], "inv_1", LATER);
    expect(back?.status).toBe("terminated");
    expect(amountCentsRemaining(back!)).toBe(200n);
  });

  it("leaves coupons without a credit on that invoice untouched, and is idempotent", () => {
    const [used] = bill([applied(fixed("r", 10, { frequency: "recurring", frequency_duration: 3 }))], "inv_1");
    expect(recreditCoupons([used!], "inv_9", LATER)[0]).toBe(used);
    const once = recreditCoupons([used!], "inv_1", LATER);
    expect(recreditCoupons(once, "inv_1", LATER)).toEqual(once);
    expect(once[0]?.frequency_duration_remaining).toBe(3);
  });
});

describe("releaseCouponCredits (closed)", () => {
  it("the credits stop counting, nothing else changes", () => {
    const [used] = bill([applied(fixed("c", 500))], "inv_1");
    const [released] = releaseCouponCredits([used!], "inv_1");
    expect(amountCentsRemaining(released!)).toBe(500n);
    expect(released?.status).toBe("active");
  });
});

describe("previewCoupons (§4.4)", () => {
  const fees = () => [fee("subscription", 1000, { plan_code: "P" }), chargeFee("bm", "P", 500)];
  const preview = (acs: AppliedCoupon[], first_plan_code: string | null = "P") =>
    previewCoupons({ invoice_id: "preview", currency: "EUR", fees: fees(), sub_total_excluding_taxes_amount_cents: 1500n, applied_coupons: acs, first_plan_code });

  it("never applies metric-limited coupons", () => {
    expect(preview([applied(fixed("m", 100, { billable_metric_codes: ["bm"] }))]).credits).toEqual([]);
  });

  it("a plan-limited coupon covers every fee when the first plan is one of its plans, on Σ amounts", () => {
    const p = applied(percent("p", "10", { plan_codes: ["P"] }));
    const u = applied(fixed("u", 300), { created_at: after(-1) });
    const r = preview([u, p]);
    // u first (given order): 300 off; then p on Σ amounts 1500 (not 1200) → 150.
    expect(r.credits.map((c) => [c.item.code, c.amount_cents])).toEqual([["u", 300n], ["p", 150n]]);
    expect(r.coupons_amount_cents).toBe(450n);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(1050n);
    // Shares: u 200 + 100; p 150 × remainder / 1500 = 80 + 40 (B is Σ amounts, so p's shares add up to 120, kept as computed).
    expect(r.fees.map((f) => s(f.precise_coupons_amount_cents))).toEqual(["280", "140"]);
    expect(preview([p], "Q").credits).toEqual([]);
  });
});
