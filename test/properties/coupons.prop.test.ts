/**
 * Laws of coupons (invoice.md §4.2–§4.3, §16): credits are never negative and never exceed
 * the invoice's subtotal, the subtotal never goes below 0, fee shares stay within
 * [previous share, amount] at 5 decimals, a skipped coupon changes nothing, and voiding
 * gives every coupon back what the invoice took.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec, fromScaledBigInt, round, scaleOf } from "../../src/core/decimal.js";
import { recreditCoupons } from "../../src/invoice/coupon/couponRecredit.js";
import { type AppliedCoupon, amountCentsRemaining } from "../../src/invoice/coupon/couponTypes.js";
import { type ApplyCouponsInput, applyCoupons } from "../../src/invoice/coupon/coupons.js";
import type { InvoiceFee } from "../../src/invoice/types.js";
import { T0, after, applied, chargeFee, fee, fixed, percent } from "../unit/invoice/couponsFixtures.js";

const PLANS = ["P1", "P2"] as const;
const METRICS = ["bm1", "bm2", "bm3"] as const;

/** A fee with a progressive-billing share (an integer ≤ its amount) already on it. */
const feeArb: fc.Arbitrary<InvoiceFee> = fc
  .record({
    charge: fc.boolean(), plan: fc.constantFrom(...PLANS), metric: fc.constantFrom(...METRICS),
    amount: fc.bigInt({ min: 0n, max: 10_000_000n }), shareRatio: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
  })
  .map(({ charge, plan, metric, amount, shareRatio }) => {
    const share = dec((amount * BigInt(shareRatio)) / 100n);
    return charge
      ? chargeFee(metric, plan, amount, { precise_coupons_amount_cents: share })
      : fee("subscription", amount, { plan_code: plan, precise_coupons_amount_cents: share });
  });

const limitsArb = fc.oneof(
  fc.constant({}),
  fc.record({ plan_codes: fc.subarray([...PLANS], { minLength: 1 }) }),
  fc.record({ billable_metric_codes: fc.subarray([...METRICS], { minLength: 1 }) }),
);
const frequencyArb = fc.oneof(
  fc.constant({ frequency: "once" as const }),
  fc.constant({ frequency: "forever" as const }),
  fc.integer({ min: 1, max: 4 }).map((d) => ({ frequency: "recurring" as const, frequency_duration: d })),
);

const couponArb: fc.Arbitrary<AppliedCoupon> = fc
  .record({
    i: fc.nat(), limits: limitsArb, freq: frequencyArb, created: fc.integer({ min: 0, max: 3 }),
    kind: fc.oneof(
      fc.record({ t: fc.constant("fixed" as const), cents: fc.integer({ min: 0, max: 5_000_000 }), usd: fc.boolean() }),
      fc.record({ t: fc.constant("pct" as const), rate: fc.bigInt({ min: 0n, max: 15_000_000n }) }),
    ),
  })
  .map(({ i, limits, freq, created, kind }) => {
    const code = `c${i}`;
    const t = kind.t === "fixed"
      ? fixed(code, kind.cents, { ...limits, ...freq, amount_currency: kind.usd ? "USD" : "EUR" })
      : percent(code, fromScaledBigInt(kind.rate, 5).toFixed(), { ...limits, ...freq });
    return applied(t, { created_at: after(created) });
  });

const couponsArb = fc.uniqueArray(couponArb, { maxLength: 5, selector: (a) => a.svc_id });

const inputArb: fc.Arbitrary<ApplyCouponsInput> = fc.record({ fees: fc.array(feeArb, { minLength: 1, maxLength: 6 }), acs: couponsArb }).map(({ fees, acs }) => {
  const progressive = fees.reduce((t, f) => t + BigInt(f.precise_coupons_amount_cents.toFixed(0)), 0n);
  const amount = fees.reduce((t, f) => t + f.amount_cents, 0n);
  return { invoice_id: "inv", currency: "EUR", at: T0, fees, applied_coupons: acs, sub_total_excluding_taxes_amount_cents: amount - progressive };
});

describe("coupon laws", () => {
  it("credits are ≥ 0, add up to coupons_amount, and never take the subtotal below 0", () => {
    fc.assert(fc.property(inputArb, (input) => {
      const r = applyCoupons(input);
      for (const c of r.credits) expect(c.amount_cents >= 0n).toBe(true);
      const total = r.credits.reduce((t, c) => t + c.amount_cents, 0n);
      expect(total).toBe(r.coupons_amount_cents);
      expect(r.sub_total_excluding_taxes_amount_cents).toBe(input.sub_total_excluding_taxes_amount_cents - total);
      expect(r.sub_total_excluding_taxes_amount_cents >= 0n).toBe(true);
    }));
  });

  it("each fee's share only grows, stays ≤ its amount, and has at most 5 decimals", () => {
    fc.assert(fc.property(inputArb, (input) => {
      const r = applyCoupons(input);
      r.fees.forEach((f, i) => {
        const before = input.fees[i]!.precise_coupons_amount_cents;
        expect(f.precise_coupons_amount_cents.gte(before)).toBe(true);
        expect(f.precise_coupons_amount_cents.lte(dec(f.amount_cents))).toBe(true);
        expect(scaleOf(f.precise_coupons_amount_cents)).toBeLessThanOrEqual(5);
        expect({ ...f, precise_coupons_amount_cents: before }).toEqual(input.fees[i]);
      });
    }));
  });

  it("one unrestricted coupon on fresh fees spreads its whole credit (to the 5th decimal per fee)", () => {
    const fresh = fc.array(fc.bigInt({ min: 0n, max: 10_000_000n }), { minLength: 1, maxLength: 6 }).map((xs) => xs.map((a) => fee("subscription", a)));
    fc.assert(fc.property(fresh, couponArb.filter((a) => a.coupon.plan_codes.length + a.coupon.billable_metric_codes.length === 0), (fees, ac) => {
      const r = applyCoupons({ invoice_id: "inv", currency: "EUR", at: T0, fees, applied_coupons: [ac], sub_total_excluding_taxes_amount_cents: fees.reduce((t, f) => t + f.amount_cents, 0n) });
      const spread = r.fees.reduce((t, f) => t.plus(f.precise_coupons_amount_cents), dec(0));
      const credited = dec(r.coupons_amount_cents);
      expect(spread.minus(credited).abs().lte(dec("0.00001").times(dec(fees.length)))).toBe(true);
    }));
  });

  it("a skipped coupon (fixed in another currency, or already credited on this invoice) changes nothing", () => {
    fc.assert(fc.property(inputArb, fc.integer({ min: 0, max: 5_000_000 }), (input, cents) => {
      const usd = applied(fixed("usd", cents, { amount_currency: "USD" }), { svc_id: "ac_usd" });
      const credited = { ...applied(fixed("done", cents), { svc_id: "ac_done" }), credits: [{ svc_id: "x", invoice_id: "inv", amount_cents: 0n, active: true }] };
      const base = applyCoupons(input);
      const withSkipped = applyCoupons({ ...input, applied_coupons: [usd, ...input.applied_coupons, credited] });
      expect(withSkipped.credits).toEqual(base.credits);
      expect(withSkipped.fees).toEqual(base.fees);
      expect(withSkipped.applied_coupons.slice(1, -1)).toEqual(base.applied_coupons);
      expect(withSkipped.applied_coupons[0]).toBe(usd);
      expect(withSkipped.applied_coupons.at(-1)).toBe(credited);
    }));
  });

  it("an unrestricted percentage credit is within 1 of the exact base × rate and never above the base", () => {
    fc.assert(fc.property(inputArb, (input) => {
      const r = applyCoupons(input);
      let running = input.sub_total_excluding_taxes_amount_cents;
      for (const c of r.credits) {
        const ac = input.applied_coupons.find((a) => a.coupon.code === c.item.code)!;
        if (ac.coupon.coupon_type === "percentage" && ac.coupon.plan_codes.length + ac.coupon.billable_metric_codes.length === 0) {
          const exact = dec(running).times(ac.percentage_rate!).div(dec(100));
          const expected = exact.gte(dec(running)) ? dec(running) : round(exact, 0, "half_up");
          expect(dec(c.amount_cents).minus(expected).abs().lte(dec(1))).toBe(true);
          expect(c.amount_cents <= running).toBe(true);
        }
        running -= c.amount_cents;
      }
    }));
  });

  it("voiding the invoice gives back remaining amounts, durations and statuses", () => {
    fc.assert(fc.property(inputArb, (input) => {
      const r = applyCoupons(input);
      const back = recreditCoupons(r.applied_coupons, input.invoice_id, T0);
      back.forEach((b, i) => {
        const before = input.applied_coupons[i]!;
        expect(amountCentsRemaining(b)).toBe(amountCentsRemaining(before));
        expect(b.frequency_duration_remaining).toBe(before.frequency_duration_remaining);
        expect(b.status).toBe(before.status);
      });
    }));
  });
});
