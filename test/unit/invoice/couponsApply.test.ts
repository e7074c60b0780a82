/**
 * invoice.md §4.1: the `apply_coupon` step (refusals, overrides, customer currency) and the
 * catalog coupon's checks.
 */
import { describe, expect, it } from "vitest";
import { type ApplyCouponContext, parseApplyCoupon } from "../../../src/invoice/coupon/couponApply.js";
import { parseCouponTemplate } from "../../../src/invoice/coupon/couponTemplate.js";
import type { AppliedCoupon, CouponTemplate } from "../../../src/invoice/coupon/couponTypes.js";
import { T0, applied, at, fixed, percent, s } from "./couponsFixtures.js";

const ctx = (over: Partial<ApplyCouponContext> = {}): ApplyCouponContext => ({
  at: T0, customer_id: "cust_1", applied_coupons: [], customer_currency: null,
  plan_metric_codes: new Map([["P1", ["bm1", "bm2"]], ["P2", ["bm3"]]]), ...over,
});
const apply = (coupon: CouponTemplate | undefined, c: Partial<ApplyCouponContext> = {}, body: Record<string, unknown> = {}) =>
  parseApplyCoupon({ external_customer_id: "c1", coupon_code: coupon?.code ?? "x", ...body }, coupon, ctx(c));
const refusal = (r: ReturnType<typeof apply>) => (r.ok ? undefined : r.refusal);
const value = (r: ReturnType<typeof apply>) => {
  if (!r.ok) throw new Error(JSON.stringify(r.refusal));
  return r.value;
};

describe("parseApplyCoupon refusals", () => {
  it("coupon_not_found: unknown, terminated, or past its time limit", () => {
    expect(refusal(apply(undefined))).toEqual({ code: "coupon_not_found" });
    expect(refusal(apply(fixed("t", 10, { terminated_at: T0 })))).toEqual({ code: "coupon_not_found" });
    const limited = fixed("e", 10, { expiration: "time_limit", expiration_at: at("2024-02-29T23:00:00Z") });
    expect(refusal(apply(limited))).toEqual({ code: "coupon_not_found" });
    expect(apply(limited, { at: at("2024-02-29T23:00:00Z") }).ok).toBe(true);
  });

  const withActive = (a: AppliedCoupon, status: AppliedCoupon["status"] = "active") => ({ applied_coupons: [{ ...a, status }] });
  it.each([
    ["same plan", { plan_codes: ["P1"] }, { plan_codes: ["P1", "P9"] }],
    ["same metric", { billable_metric_codes: ["bm3"] }, { billable_metric_codes: ["bm3"] }],
    ["a plan charging the new coupon's metric", { plan_codes: ["P1"] }, { billable_metric_codes: ["bm2"] }],
    ["a metric charged by the new coupon's plan", { billable_metric_codes: ["bm3"] }, { plan_codes: ["P2"] }],
  ])("plan_overlapping: %s", (_, existing, next) => {
    const old = applied(fixed("old", 10, existing));
    expect(refusal(apply(fixed("new", 10, next), withActive(old)))).toEqual({ code: "plan_overlapping" });
    // Not against a terminated coupon, and never for an unrestricted new coupon.
    expect(apply(fixed("new", 10, next), withActive(old, "terminated")).ok).toBe(true);
    expect(apply(fixed("new", 10), withActive(old)).ok).toBe(true);
  });

  it("no overlap between disjoint limits", () => {
    const old = applied(fixed("old", 10, { plan_codes: ["P1"] }));
    expect(apply(fixed("new", 10, { billable_metric_codes: ["bm3"] }), withActive(old)).ok).toBe(true);
  });

  it("coupon_is_not_reusable: a non-reusable coupon the customer ever had (any status)", () => {
    const c = fixed("nr", 10, { reusable: false });
    expect(refusal(apply(c, withActive(applied(c), "terminated")))).toEqual({ code: "validation_errors", error_details: { coupon: ["coupon_is_not_reusable"] } });
    const r = fixed("r", 10);
    expect(apply(r, withActive(applied(r))).ok).toBe(true);
  });

  it("currencies_does_not_match: a fixed coupon in another currency than the customer's", () => {
    expect(refusal(apply(fixed("usd", 10, { amount_currency: "USD" }), { customer_currency: "EUR" }))).toEqual({
      code: "validation_errors", error_details: { currency: ["currencies_does_not_match"] },
    });
    expect(refusal(apply(fixed("usd", 10, { amount_currency: "USD" }), { customer_currency_editable: false }))?.error_details).toEqual({
      currency: ["currencies_does_not_match"],
    });
    // A percentage coupon never touches the currency.
    expect(value(apply(percent("p", "10"), { customer_currency: "JPY" })).customer_currency).toBe("JPY");
  });

  it("names every bad override field", () => {
    const r = apply(fixed("c", 10), {}, { amount_cents: -1, amount_currency: "XXX", percentage_rate: "abc", frequency: "weekly", frequency_duration: 1.5 });
    expect(refusal(r)).toEqual({
      code: "validation_errors",
      error_details: {
        amount_cents: ["value_is_out_of_range"], amount_currency: ["invalid_currency"], percentage_rate: ["invalid_value"],
        frequency: ["invalid_value"], frequency_duration: ["invalid_value"],
      },
    });
    expect(refusal(apply(fixed("c", 10), {}, { frequency: "recurring" }))?.error_details).toEqual({ frequency_duration: ["value_is_mandatory"] });
  });
});

describe("parseApplyCoupon values", () => {
  it("copies the coupon, then the body's overrides; a fixed coupon sets an unset customer currency", () => {
    const v = value(apply(fixed("c", 10, { frequency: "recurring", frequency_duration: 2 }), {}, { amount_cents: 1000000, frequency_duration: 5 }));
    expect(v.customer_currency).toBe("EUR");
    expect(v.applied_coupon).toMatchObject({
      amount_cents: 1000000n, amount_currency: "EUR", frequency: "recurring", frequency_duration: 5, frequency_duration_remaining: 5,
      status: "active", created_at: T0, terminated_at: null, credits: [],
    });
    const p = value(apply(percent("p", "10"), {}, { percentage_rate: "12.345678", frequency: "forever" })).applied_coupon;
    expect(s(p.percentage_rate!)).toBe("12.34568");
    expect(p.frequency).toBe("forever");
  });

  it("gives each application its own id (the same reusable coupon twice)", () => {
    const c = fixed("c", 10);
    const first = value(apply(c)).applied_coupon;
    const second = value(apply(c, { applied_coupons: [first] })).applied_coupon;
    expect(second.svc_id).not.toBe(first.svc_id);
  });
});

describe("parseCouponTemplate", () => {
  const base = { code: "c", name: "C", coupon_type: "fixed_amount", amount_cents: 100, amount_currency: "EUR", frequency: "once" };

  it("reads the vectors' shape (applies_to, time limit, not reusable)", () => {
    const r = parseCouponTemplate({ ...base, expiration: "time_limit", expiration_at: "2023-02-20T00:00:00Z", reusable: false, applies_to: { plan_codes: ["p2"] } });
    expect(r.ok && r.value).toMatchObject({ amount_cents: 100n, reusable: false, plan_codes: ["p2"], billable_metric_codes: [], expiration_at: at("2023-02-20T00:00:00Z") });
    const p = parseCouponTemplate({ code: "p", name: "P", coupon_type: "percentage", percentage_rate: "29", frequency: "recurring", frequency_duration: 3 });
    expect(p.ok && s(p.value.percentage_rate!)).toBe("29");
    const id = (raw: unknown) => {
      const t = parseCouponTemplate(raw);
      return t.ok ? t.value.svc_id : undefined;
    };
    expect(id(base)).toBe(id({ ...base, name: "renamed" }));
    expect(id(base)).not.toBe(id({ ...base, code: "other" }));
    expect(id({ ...base, svc_id: "given" })).toBe("given");
  });

  it("names every rule broken", () => {
    const r = parseCouponTemplate(
      { ...base, amount_cents: 0, frequency: "recurring", expiration: "time_limit", applies_to: { plan_codes: ["p"], billable_metric_codes: ["m", "zz"] } },
      ["coupons", 0],
      { billable_metric_codes: new Set(["m"]) },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.path.join("."), i.code])).toEqual([
      ["coupons.0.amount_cents", "value_is_out_of_range"],
      ["coupons.0.frequency_duration", "value_is_mandatory"],
      ["coupons.0.expiration_at", "value_is_mandatory"],
      ["coupons.0.applies_to", "invalid_value"],
      ["coupons.0.applies_to.billable_metric_codes.1", "invalid_value"],
    ]);
  });

  it("shape errors come from the schema", () => {
    const r = parseCouponTemplate({ ...base, amount_currency: "XXX" }, ["coupons", 2]);
    expect(!r.ok && r.issues.map((i) => [i.path.join("."), i.code])).toEqual([["coupons.2.amount_currency", "invalid_currency"]]);
  });
});
