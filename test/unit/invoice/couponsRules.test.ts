/**
 * invoice.md §4.2–§4.3 edge rules: when coupons are skipped or stop, zero credits, the
 * truncated credit of a fractional limited base, targeting, and the once-per-invoice rule.
 */
import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type ApplyCouponsInput, applyCoupons, targetedFees } from "../../../src/invoice/coupon/coupons.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import { T0, after, applied, chargeFee, fee, fixed, percent, s } from "./couponsFixtures.js";

const run = (fees: InvoiceFee[], acs: ApplyCouponsInput["applied_coupons"], extra: Partial<ApplyCouponsInput> = {}) =>
  applyCoupons({
    invoice_id: "inv_1", currency: "EUR", at: T0, fees, applied_coupons: acs,
    sub_total_excluding_taxes_amount_cents: fees.reduce((t, f) => t + f.amount_cents, 0n), ...extra,
  });

describe("skips and stops", () => {
  it("nothing when the fees amount is 0 (even with a positive subtotal given)", () => {
    const ac = applied(fixed("c", 100));
    const r = run([fee("subscription", 0)], [ac], { sub_total_excluding_taxes_amount_cents: 5n });
    expect(r.credits).toEqual([]);
    expect(r.applied_coupons[0]).toBe(ac);
  });

  it("stops once the running subtotal reaches 0: later coupons keep their state", () => {
    const first = applied(fixed("a", 500), { created_at: T0 });
    const second = applied(fixed("b", 100, { frequency: "recurring", frequency_duration: 2 }), { created_at: after(1) });
    const r = run([fee("subscription", 300)], [first, second]);
    expect(r.credits.map((c) => c.amount_cents)).toEqual([300n]);
    expect(r.applied_coupons[1]).toBe(second);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(0n);
  });

  it("an applied coupon already credited on this invoice is skipped", () => {
    const once = run([fee("subscription", 300)], [applied(fixed("r", 10, { frequency: "forever" }))]);
    const again = run([fee("subscription", 300)], once.applied_coupons);
    expect(again.credits).toEqual([]);
    expect(again.applied_coupons[0]).toBe(once.applied_coupons[0]);
  });

  it("a limited coupon with no targeted fee is skipped and keeps its duration", () => {
    const ac = applied(fixed("m", 10, { billable_metric_codes: ["other"], frequency: "recurring", frequency_duration: 2 }));
    const r = run([chargeFee("bm", "P", 100)], [ac]);
    expect(r.credits).toEqual([]);
    expect(r.applied_coupons[0]).toBe(ac);
  });

  it("terminated applied coupons are not applied", () => {
    const r = run([fee("subscription", 100)], [applied(fixed("t", 10), { status: "terminated", terminated_at: T0 })]);
    expect(r.credits).toEqual([]);
  });
});

describe("zero credits", () => {
  // bm's fee is fully covered by the metric coupon; the plan coupon's base is then 0 while the subtotal is positive.
  const fees = () => [chargeFee("bm", "P", 100), fee("subscription", 900, { plan_code: "Q" })];

  it("a limited coupon whose base is 0 still makes a 0 credit and runs its lifecycle", () => {
    const full = applied(fixed("full", 100, { billable_metric_codes: ["bm"], frequency: "forever" }));
    const rec = applied(percent("rec", "10", { billable_metric_codes: ["bm"], frequency: "recurring", frequency_duration: 3 }), { created_at: after(1) });
    const oncePct = applied(percent("op", "10", { billable_metric_codes: ["bm"] }), { created_at: after(2) });
    const onceFixed = applied(fixed("of", 50, { billable_metric_codes: ["bm"] }), { created_at: after(3) });
    const r = run(fees(), [full, rec, oncePct, onceFixed]);
    expect(r.credits.map((c) => [c.item.code, c.amount_cents])).toEqual([["full", 100n], ["rec", 0n], ["op", 0n], ["of", 0n]]);
    expect(r.applied_coupons.map((a) => [a.status, a.frequency_duration_remaining])).toEqual([
      ["active", null], ["active", 2], ["terminated", null], ["active", null],
    ]);
    expect(s(r.fees[0]!.precise_coupons_amount_cents)).toBe("100");
  });
});

describe("a fractional limited base", () => {
  it("credits trunc(c) but spreads the untruncated c", () => {
    const f = chargeFee("bm", "P", 1000, { precise_coupons_amount_cents: dec("999.5") });
    const r = run([f, fee("subscription", 100, { plan_code: "Q" })], [applied(fixed("m", 100, { billable_metric_codes: ["bm"] }))], {
      sub_total_excluding_taxes_amount_cents: 100n,
    });
    expect(r.credits[0]?.amount_cents).toBe(0n);
    expect(s(r.fees[0]!.precise_coupons_amount_cents)).toBe("1000");
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(100n);
    // c = 0.5 < remaining 100: the once coupon stays active, nothing was used from it.
    expect(r.applied_coupons[0]?.status).toBe("active");
  });

  it("a percentage of a decimal base is rounded half up", () => {
    const f = chargeFee("bm", "P", 100, { precise_coupons_amount_cents: dec("50.5") });
    const r = run([f], [applied(percent("m", "50", { billable_metric_codes: ["bm"] }))], { sub_total_excluding_taxes_amount_cents: 50n });
    // base 49.5 × 0.5 = 24.75 → 25
    expect(r.credits[0]?.amount_cents).toBe(25n);
  });
});

describe("targeted fees", () => {
  const fees = [
    fee("subscription", 1, { plan_code: "P" }), chargeFee("bm", "P", 1), fee("fixed_charge", 1, { plan_code: "P" }),
    fee("commitment", 1, { plan_code: "P" }), chargeFee("bm", "Q", 1), fee("add_on", 1, { plan_code: null }),
  ];
  it("plan-limited: every fee of the plan; metric-limited: charge fees of the metric on any plan; unrestricted: all", () => {
    expect([...targetedFees(fixed("p", 1, { plan_codes: ["P"] }), fees)]).toEqual([0, 1, 2, 3]);
    expect([...targetedFees(fixed("m", 1, { billable_metric_codes: ["bm"] }), fees)]).toEqual([1, 4]);
    expect([...targetedFees(fixed("u", 1), fees)]).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("credit rows", () => {
  it("carry the coupon's id, code, name and description; ids are stable per invoice and applied coupon", () => {
    const ac = applied(fixed("c", 10, { name: "Ten off", description: "welcome" }));
    const a = run([fee("subscription", 100)], [ac]);
    const b = run([fee("subscription", 100)], [ac]);
    const other = run([fee("subscription", 100)], [ac], { invoice_id: "inv_2" });
    expect(a.credits[0]).toMatchObject({ amount_cents: 10n, before_taxes: true, item: { svc_item_id: "coupon_c", type: "coupon", code: "c", name: "Ten off", description: "welcome" } });
    expect(a.credits[0]?.svc_id).toBe(b.credits[0]?.svc_id);
    expect(a.credits[0]?.svc_id).not.toBe(other.credits[0]?.svc_id);
    expect(a.applied_coupons[0]?.credits).toEqual([{ svc_id: a.credits[0]?.svc_id, invoice_id: "inv_1", amount_cents: 10n, active: true }]);
  });
});
