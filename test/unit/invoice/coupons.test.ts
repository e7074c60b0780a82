/**
 * invoice.md §4.2–§4.3: the [spec] examples, the coupons_breakdown worked example, the coupon
 * figures of §18 examples A and B, and §0.2's 29 % of 50.
 */
import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { amountCentsRemaining } from "../../../src/invoice/coupon/couponTypes.js";
import { type ApplyCouponsInput, applyCoupons, orderAppliedCoupons } from "../../../src/invoice/coupon/coupons.js";
import { invoiceTaxAmounts } from "../../../src/invoice/tax/feeTaxAmounts.js";
import { feeTaxAmounts } from "../../../src/invoice/tax/feeTaxAmounts.js";
import { invoiceTaxesAmountCents } from "../../../src/invoice/tax/taxes.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import { T0, applied, at, chargeFee, fee, fixed, percent, s, tax } from "./couponsFixtures.js";

const run = (fees: InvoiceFee[], acs: ApplyCouponsInput["applied_coupons"], extra: Partial<ApplyCouponsInput> = {}) =>
  applyCoupons({
    invoice_id: "inv_1", currency: "EUR", at: T0, fees, applied_coupons: acs,
    sub_total_excluding_taxes_amount_cents: fees.reduce((t, f) => t + f.amount_cents, 0n), ...extra,
  });
const pcs = (fees: readonly InvoiceFee[]): string[] => fees.map((f) => s(f.precise_coupons_amount_cents));

describe("[spec] credits/applied_coupon_service_spec", () => {
  const fees = () => [fee("subscription", 200), fee("subscription", 100)];

  it("fixed 12 on base 300 → credit 12, fee shares 8 and 4", () => {
    const r = run(fees(), [applied(fixed("c", 12))]);
    expect(r.credits.map((c) => c.amount_cents)).toEqual([12n]);
    expect(pcs(r.fees)).toEqual(["8", "4"]);
    expect(r.coupons_amount_cents).toBe(12n);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(288n);
    expect(r.applied_coupons[0]?.status).toBe("terminated");
  });

  it("a once coupon larger than the base 6 → credit 6 (shares 4 and 2), stays active with 6 left", () => {
    const r = run([fee("subscription", 4), fee("subscription", 2)], [applied(fixed("c", 12))]);
    expect(r.credits[0]?.amount_cents).toBe(6n);
    expect(pcs(r.fees)).toEqual(["4", "2"]);
    const ac = r.applied_coupons[0]!;
    expect(ac.status).toBe("active");
    expect(amountCentsRemaining(ac)).toBe(6n);
    // The next invoice takes what is left, then the coupon ends.
    const next = run([fee("subscription", 200)], [ac], { invoice_id: "inv_2" });
    expect(next.credits[0]?.amount_cents).toBe(6n);
    expect(next.applied_coupons[0]?.status).toBe("terminated");
    expect(amountCentsRemaining(next.applied_coupons[0]!)).toBe(0n);
  });

  it("percentage 20 % → 60 (shares 40 and 20), once percentage terminated", () => {
    const r = run(fees(), [applied(percent("p", "20"))]);
    expect(r.credits[0]?.amount_cents).toBe(60n);
    expect(pcs(r.fees)).toEqual(["40", "20"]);
    expect(r.applied_coupons[0]?.status).toBe("terminated");
    expect(r.applied_coupons[0]?.terminated_at).toBe(T0);
  });

  it("recurring duration 3 → remaining 2, active; at 0 terminated", () => {
    const r = run(fees(), [applied(fixed("r", 12, { frequency: "recurring", frequency_duration: 3 }))]);
    expect(r.applied_coupons[0]).toMatchObject({ frequency_duration_remaining: 2, status: "active" });
    const last = run(fees(), [{ ...r.applied_coupons[0]!, frequency_duration_remaining: 1 }], { invoice_id: "inv_2" });
    expect(last.applied_coupons[0]).toMatchObject({ frequency_duration_remaining: 0, status: "terminated" });
  });

  it("forever is never terminated by use", () => {
    const r = run(fees(), [applied(fixed("f", 1000, { frequency: "forever" }))]);
    expect(r.credits[0]?.amount_cents).toBe(300n);
    expect(r.applied_coupons[0]?.status).toBe("active");
    expect(amountCentsRemaining(r.applied_coupons[0]!)).toBeNull();
  });

  it("a fixed coupon in another currency is skipped; a percentage one applies to any currency", () => {
    const usd = applied(fixed("usd", 12, { amount_currency: "USD" }));
    const pct = applied(percent("p", "10"));
    const r = run(fees(), [usd, pct]);
    expect(r.credits.map((c) => c.item.code)).toEqual(["p"]);
    expect(r.applied_coupons[0]).toBe(usd);
  });
});

describe("[spec] coupons_breakdown_spec worked example", () => {
  const t10 = tax("t10", "10");
  const t20 = tax("t20", "20");
  const rows: [string, string, number, typeof t10][] = [
    ["bm1", "P1", 1000, t10], ["bm2", "P1", 2000, t20], ["bm3", "P1", 3000, t10], ["bm4", "P1", 4000, t10],
    ["bm5", "P2", 1000, t10], ["bm6", "P2", 2000, t20], ["bm7", "P2", 3000, t10], ["bm8", "P2", 4000, t10],
  ];
  const fees = rows.map(([m, p, a, t]) => chargeFee(m, p, a, { taxes: [t] }));
  // Applied in the order 3, 2, 1 to show that §4.2's order does not depend on it.
  const acs = [
    applied(fixed("coupon3", 500), { created_at: at("2023-01-01T00:00:00Z") }),
    applied(fixed("coupon2", 1000, { plan_codes: ["P2"] }), { created_at: at("2023-01-01T00:00:00Z") }),
    applied(fixed("coupon1", 2000, { billable_metric_codes: ["bm1", "bm2"] }), { created_at: at("2023-01-01T00:00:00Z") }),
  ];
  const r = run(fees, acs);

  it("spreads every coupon to the figures of the table", () => {
    expect(pcs(r.fees)).toEqual([
      "676.47059", "1352.94117", "88.23529", "117.64706", "126.47059", "252.94118", "379.41176", "505.88235",
    ]);
  });

  it("credits 2000, 1000, 500 in §4.2 order; coupons 3500, subtotal 16500", () => {
    expect(r.credits.map((c) => [c.item.code, c.amount_cents])).toEqual([["coupon1", 2000n], ["coupon2", 1000n], ["coupon3", 500n]]);
    expect(r.coupons_amount_cents).toBe(3500n);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(16500n);
    expect(r.credits.every((c) => c.before_taxes && c.item.type === "coupon" && c.amount_currency === "EUR")).toBe(true);
  });

  it("fee taxes 32 129 291 388 87 349 262 349 (Σ 1887); invoice taxes 1889, total 18389", () => {
    const feeTaxes = r.fees.map((f) => feeTaxAmounts(f).taxes_amount_cents);
    expect(feeTaxes).toEqual([32n, 129n, 291n, 388n, 87n, 349n, 262n, 349n]);
    expect(feeTaxes.reduce((a, b) => a + b, 0n)).toBe(1887n);
    const invoiceTax = invoiceTaxesAmountCents(r.fees.map((f) => ({ base: dec(f.amount_cents).minus(f.precise_coupons_amount_cents), taxes: f.taxes })));
    expect(invoiceTax).toBe(1889n);
    expect(invoiceTaxAmounts(r.fees, r.sub_total_excluding_taxes_amount_cents).taxes_amount_cents).toBe(1889n);
    expect(r.sub_total_excluding_taxes_amount_cents + invoiceTax).toBe(18389n);
  });

  it("once fixed coupons fully used are terminated", () => {
    expect(r.applied_coupons.map((a) => a.status)).toEqual(["terminated", "terminated", "terminated"]);
  });
});

describe("§18 worked examples (coupon figures)", () => {
  it("A — EUR: C1 10 % once on bm1 → 50, C2 25.00 recurring → 2500; subtotal 10950, taxes 1339", () => {
    const vat = tax("vat10", "10");
    const exc = tax("exc20", "20");
    const fees = [
      fee("subscription", 10000, { plan_code: "P", taxes: [vat] }),
      chargeFee("bm1", "P", 500, { precise: "499.5", taxes: [vat] }),
      chargeFee("bm2", "P", 2010, { taxes: [exc] }),
      chargeFee("bm2", "P", 990, { taxes: [exc] }),
    ];
    const c1 = applied(percent("C1", "10", { billable_metric_codes: ["bm1"] }));
    const c2 = applied(fixed("C2", 2500, { frequency: "recurring", frequency_duration: 3 }), { created_at: at("2024-02-01T00:00:00Z") });
    const r = run(fees, [c2, c1]);
    expect(r.credits.map((c) => [c.item.code, c.amount_cents])).toEqual([["C1", 50n], ["C2", 2500n]]);
    expect(pcs(r.fees)).toEqual(["1858.73606", "133.64312", "373.60595", "184.01487"]);
    expect(r.coupons_amount_cents).toBe(2550n);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(10950n);
    expect(r.applied_coupons.map((a) => [a.status, a.frequency_duration_remaining])).toEqual([["active", 2], ["terminated", null]]);
    expect(r.fees.map((f) => feeTaxAmounts(f).taxes_amount_cents)).toEqual([814n, 37n, 327n, 161n]);
    expect(invoiceTaxAmounts(r.fees, 10950n).taxes_amount_cents).toBe(1339n);
  });

  it("B — JPY: progressive share kept, D1 50 % on plan P2 → 3250, D2 10000 once → 3250 with 6750 left", () => {
    const fees = [
      fee("subscription", 3000, { plan_code: "P2" }),
      chargeFee("bm3", "P2", 14000, { precise_coupons_amount_cents: dec(10500) }),
    ];
    const d2 = applied(fixed("D2", 10000, { amount_currency: "JPY" }), { created_at: at("2024-03-10T00:00:00Z") });
    const d1 = applied(percent("D1", "50", { plan_codes: ["P2"], frequency: "recurring", frequency_duration: 2 }), { created_at: at("2024-03-11T00:00:00Z") });
    const r = run(fees, [d2, d1], { currency: "JPY", sub_total_excluding_taxes_amount_cents: 6500n });
    expect(r.credits.map((c) => [c.item.code, c.amount_cents, c.amount_currency])).toEqual([["D1", 3250n, "JPY"], ["D2", 3250n, "JPY"]]);
    expect(pcs(r.fees)).toEqual(["3000", "14000"]);
    expect(r.coupons_amount_cents).toBe(6500n);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(0n);
    const [d2After, d1After] = r.applied_coupons;
    expect(d1After).toMatchObject({ status: "active", frequency_duration_remaining: 1 });
    expect(d2After?.status).toBe("active");
    expect(amountCentsRemaining(d2After!)).toBe(6750n);
  });
});

describe("scenario vectors' coupon figures", () => {
  it("credit_notes/multiple-same-coupon: the same forever coupon applied twice spreads 2 × 1000 by doubles", () => {
    const amounts = [99290, 299770, 3130, 6460, 3130, 1999];
    const coupon = fixed("coupon", 1000, { frequency: "forever" });
    const r = run(amounts.map((a) => fee("subscription", a)), [applied(coupon, { svc_id: "ac_1" }), applied(coupon, { svc_id: "ac_2" })]);
    expect(r.coupons_amount_cents).toBe(2000n);
    expect(pcs(r.fees)).toEqual(["479.91802", "1448.93772", "15.12884", "31.2244", "15.12884", "9.66216"]);
  });

  it("taxes_on_invoice/plan-and-charge-taxes-with-coupon-and-true-up: 1000 once over 10000/5000/3000/2000", () => {
    const fees = [fee("subscription", 10000), chargeFee("fx_transfers", "p1", 5000), chargeFee("cards", "p1", 3000), chargeFee("cards", "p1", 2000)];
    const r = run(fees, [applied(fixed("coupon1_code", 1000))]);
    expect(pcs(r.fees)).toEqual(["500", "250", "150", "100"]);
    expect(r.sub_total_excluding_taxes_amount_cents).toBe(19000n);
  });

  it("taxes_on_invoice/multiple-subscriptions-coupons-cover-total: two 10000 coupons cover 10000 + 5000 exactly", () => {
    const r = run([fee("subscription", 10000, { plan_code: "plan_code" }), fee("subscription", 5000, { plan_code: "plan_code2" })], [
      applied(fixed("coupon1_code", 10000)), applied(fixed("coupon2_code", 10000)),
    ]);
    expect(pcs(r.fees)).toEqual(["10000", "5000"]);
    expect(r.credits.map((c) => c.amount_cents)).toEqual([10000n, 5000n]);
    expect(r.applied_coupons.map((a) => [a.status, amountCentsRemaining(a)])).toEqual([["terminated", 0n], ["active", 5000n]]);
  });
});

describe("§0.2 double arithmetic of percentage coupons", () => {
  it("29 % of 50: unrestricted (double product) → 14, limited (decimal) → 15", () => {
    const fees = () => [chargeFee("bm", "P", 50)];
    expect(run(fees(), [applied(percent("u", "29"))]).credits[0]?.amount_cents).toBe(14n);
    expect(run(fees(), [applied(percent("l", "29", { billable_metric_codes: ["bm"] }))]).credits[0]?.amount_cents).toBe(15n);
    expect(run(fees(), [applied(percent("p", "29", { plan_codes: ["P"] }))]).credits[0]?.amount_cents).toBe(15n);
  });

  it("a percentage of 100 % or more is capped at the base", () => {
    const r = run([fee("subscription", 333)], [applied(percent("all", "150"))]);
    expect(r.credits[0]?.amount_cents).toBe(333n);
    expect(pcs(r.fees)).toEqual(["333"]);
  });
});

describe("§4.2 order", () => {
  it("metric-limited, then plan-limited, then unrestricted; ties by application time then input order; only active", () => {
    const u1 = applied(fixed("u1", 1), { created_at: at("2024-01-01T00:00:00Z") });
    const p = applied(fixed("p", 1, { plan_codes: ["P"] }), { created_at: at("2024-01-03T00:00:00Z") });
    const m = applied(fixed("m", 1, { billable_metric_codes: ["bm"] }), { created_at: at("2024-01-04T00:00:00Z") });
    const u0 = applied(fixed("u0", 1), { created_at: at("2023-12-01T00:00:00Z") });
    const u2 = applied(fixed("u2", 1), { created_at: at("2024-01-01T00:00:00Z") });
    const gone = applied(fixed("gone", 1), { status: "terminated" });
    expect(orderAppliedCoupons([u1, p, gone, m, u0, u2]).map((a) => a.coupon.code)).toEqual(["m", "p", "u0", "u1", "u2"]);
  });
});
