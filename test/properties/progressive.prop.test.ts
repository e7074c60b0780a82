/**
 * Laws of progressive billing (invoice.md §3, §12): credits never exceed the fees they
 * offset, credit + excess is what the progressive invoice had left to credit, fee shares
 * stay within their fee; no new usage passes no threshold.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec } from "../../src/core/decimal.js";
import { progressiveBillingCredits } from "../../src/invoice/progressive/progressiveBillingCredits.js";
import { usageThresholdsCompletion } from "../../src/invoice/progressive/progressiveThresholdCompletion.js";
import { type UsageThreshold, usageThresholdsPassed } from "../../src/invoice/progressive/progressiveThresholds.js";
import type { InvoiceFee } from "../../src/invoice/types.js";

const cents = fc.bigInt({ min: 0n, max: 10n ** 9n });
const fee = (i: number, sub: string, charge: string, amount: bigint, share = 0n): InvoiceFee => ({
  svc_id: `f${i}`, fee_type: "charge", svc_subscription_id: sub, plan_code: "p", metric_code: null, svc_charge_id: charge,
  amount_cents: amount, precise_amount_cents: dec(amount), units: dec(1), precise_coupons_amount_cents: dec(share),
  precise_credit_notes_amount_cents: dec(0), taxes: [], from_date: null, to_date: null, pay_in_advance: false,
});
const row = fc.record({ sub: fc.constantFrom("s1", "s2"), charge: fc.constantFrom("a", "b", "c"), amount: cents });

describe("progressiveBillingCredits laws", () => {
  it("credit ≤ offset fees, credit + excess = max(left to credit, 0), shares within [before, amount]", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), fc.array(row, { maxLength: 4 }), cents, cents, cents, (own, pb, coupons, taken, notes) => {
        const fees = own.map((r, i) => fee(i, r.sub, r.charge, r.amount));
        const pbFees = pb.map((r, i) => fee(100 + i, "s1", r.charge, r.amount));
        const pbTotal = pbFees.reduce((a, f) => a + f.amount_cents, 0n);
        const latest = { svc_id: "pb", number: "PB", fees_amount_cents: pbTotal, coupons_amount_cents: coupons, credits_taken_amount_cents: taken, credit_notes_amount_cents: notes, fees: pbFees };
        const r = progressiveBillingCredits({ invoice_id: "i", currency: "EUR", fees, subscriptions: [{ subscription_id: "s1", latest }] });
        const charges = new Set(pbFees.map((f) => f.svc_charge_id));
        const cap = fees.filter((f) => f.svc_subscription_id === "s1" && charges.has(f.svc_charge_id)).reduce((a, f) => a + f.amount_cents, 0n);
        const left = pbTotal - coupons - taken - notes;
        const credit = r.progressive_billing_credit_amount_cents;
        expect(credit >= 0n && credit <= cap).toBe(true);
        expect(credit + r.excess.reduce((a, e) => a + e.amount_cents, 0n)).toBe(left > 0n ? left : 0n);
        expect(r.credits.reduce((a, c) => a + c.amount_cents, 0n)).toBe(credit);
        r.fees.forEach((f, i) => {
          expect(f.precise_coupons_amount_cents.lte(dec(f.amount_cents))).toBe(true);
          expect(f.precise_coupons_amount_cents.gte(fees[i]!.precise_coupons_amount_cents)).toBe(true);
          if (f.svc_subscription_id !== "s1" || credit === 0n) expect(f).toBe(fees[i]);
        });
      }),
    );
  });
});

const thresholdsArb = fc
  .tuple(fc.uniqueArray(fc.bigInt({ min: 1n, max: 10n ** 6n }), { maxLength: 5 }), fc.option(fc.bigInt({ min: 1n, max: 10n ** 5n }), { nil: undefined }))
  .map(([fixed, rec]): UsageThreshold[] => [...fixed.map((a) => ({ amount_cents: a, recurring: false })), ...(rec === undefined ? [] : [{ amount_cents: rec, recurring: true }])]);
const usage = fc.bigInt({ min: 0n, max: 10n ** 7n });

describe("usage threshold laws", () => {
  it("no new usage (current = P) passes nothing; passed fixed thresholds lie in (invoiced, total]", () => {
    fc.assert(
      fc.property(thresholdsArb, usage, usage, usage, usage, (thresholds, hist, inv, p, extra) => {
        const base = { thresholds, historical_usage_amount_cents: hist, invoiced_usage_amount_cents: inv, progressive_billed_amount_cents: p };
        expect(usageThresholdsPassed({ ...base, current_usage_amount_cents: p })).toEqual([]);
        const passed = usageThresholdsPassed({ ...base, current_usage_amount_cents: p + extra });
        const invoiced = hist + inv + p;
        for (const t of passed.filter((x) => !x.recurring)) expect(t.amount_cents > invoiced && t.amount_cents <= invoiced + extra).toBe(true);
      }),
    );
  });
  it("completion ratios lie in [0, 1]; a fixed threshold is complete iff reached", () => {
    fc.assert(
      fc.property(thresholdsArb.filter((ts) => ts.every((t) => !t.recurring || t.amount_cents >= 100n)), usage, (thresholds, total) => {
        for (const e of usageThresholdsCompletion(thresholds, total)) {
          expect(e.completion_ratio >= 0 && e.completion_ratio <= 1).toBe(true);
          if (!e.recurring) expect(e.completion_ratio === 1).toBe(e.amount_cents <= total);
        }
      }),
    );
  });
});
