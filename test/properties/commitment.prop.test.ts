/**
 * Laws of the minimum commitment (invoice.md §6): the true-up is never negative, and the
 * counted fees plus the true-up reach the prorated commitment exactly (or the fees
 * already do, and there is no fee).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec, round, toScaledBigInt } from "../../src/core/decimal.js";
import type { Instant } from "../../src/core/instant.js";
import { commitmentFee, proratedCommitmentCents } from "../../src/invoice/commitment/commitmentFee.js";
import type { InvoiceFee } from "../../src/invoice/types.js";

const DAY = 86_400_000;
const D0 = Date.UTC(2024, 0, 1);
const inst = (days: number): Instant => (D0 + days * DAY) as Instant;

const feeArb = (total: number) =>
  fc.record({
    cents: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    first: fc.integer({ min: -10, max: total + 10 }),
    len: fc.integer({ min: 1, max: 40 }),
    type: fc.constantFrom("subscription", "charge", "fixed_charge", "add_on") as fc.Arbitrary<InvoiceFee["fee_type"]>,
  });

describe("commitmentFee laws", () => {
  it("fee ≥ 0, and counted fees + fee = prorated commitment when a fee is due, ≥ it otherwise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 366 }).chain((total) =>
          fc.tuple(fc.constant(total), fc.integer({ min: 0, max: total }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.array(feeArb(total), { maxLength: 8 })),
        ),
        ([total, billed, amount, raw]) => {
          const p = { start: inst(0), end: inst(total) };
          const fees: InvoiceFee[] = raw.map((f, i) => ({
            svc_id: `f${i}`, fee_type: f.type, svc_subscription_id: "s", plan_code: "p", metric_code: null, svc_charge_id: null,
            amount_cents: f.cents, precise_amount_cents: dec(f.cents), units: dec(1), precise_coupons_amount_cents: dec(0),
            precise_credit_notes_amount_cents: dec(0), taxes: [], from_date: inst(f.first), to_date: (inst(f.first + f.len) - 1000) as Instant, pay_in_advance: false,
          }));
          const r = commitmentFee({
            commitment: { amount_cents: amount, taxes: [] }, subscription_id: "s", plan_code: "p", currency: "EUR", timezone: "UTC",
            commitment_period: p, billed_span: { start: inst(total - billed), end: p.end }, fees,
          });
          const prorated = proratedCommitmentCents(amount, billed, total);
          const used = raw.filter((f) => f.type !== "add_on" && f.first >= 0 && f.first + f.len <= total).reduce((a, f) => a + f.cents, 0n);
          if (r === undefined) {
            expect(amount === 0n || used >= prorated).toBe(true);
          } else {
            expect(r.amount_cents > 0n).toBe(true);
            expect(r.used_amount_cents).toBe(used);
            expect(r.commitment_amount_cents).toBe(prorated);
            expect(used + r.amount_cents).toBe(prorated);
            expect(r.precise_amount_cents.eq(dec(r.amount_cents))).toBe(true);
          }
        },
      ),
    );
  });

  it("the prorated commitment is the amount for a full period and within one cent of the exact proration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 366 }).chain((t) => fc.tuple(fc.constant(t), fc.integer({ min: 0, max: t }))), fc.bigInt({ min: 0n, max: 10n ** 12n }), ([total, billed], amount) => {
        expect(proratedCommitmentCents(amount, total, total)).toBe(amount);
        const exact = toScaledBigInt(round(dec(amount).times(dec(BigInt(billed))).div(dec(BigInt(total))), 0, "half_up"), 0);
        const got = proratedCommitmentCents(amount, billed, total);
        expect(got - exact <= 1n && exact - got <= 1n).toBe(true);
      }),
    );
  });
});
