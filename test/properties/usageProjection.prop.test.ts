/**
 * Laws of projected usage (invoice.md §13.2): at ratio 1 the projection is the current
 * usage; a later call (more days passed) never projects more; projected units are the
 * half-up rounding of units / ratio; nothing is ever negative.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec, round, toScaledBigInt } from "../../src/core/decimal.js";
import type { Charge } from "../../src/charges/index.js";
import type { Fee } from "../../src/fees/index.js";
import { feeProjection } from "../../src/usage/_feeProjection.js";

const units = fc.integer({ min: 0, max: 1_000_000 }).map((n) => dec(n).div(dec(100)));
const price = fc.integer({ min: 0, max: 100_000 }).map((n) => dec(n).div(dec(1000)));
const days = fc.integer({ min: 1, max: 366 }).chain((total) => fc.tuple(fc.constant(total), fc.integer({ min: 1, max: total })));

const feeOf = (u: ReturnType<typeof dec>, amount: ReturnType<typeof dec>): Fee => {
  const precise = u.times(amount).times(dec(100));
  return {
    units: u, total_aggregated_units: u, precise_amount_cents: precise, amount_cents: toScaledBigInt(round(precise, 0, "half_up"), 0),
  } as unknown as Fee;
};
const standard = (amount: ReturnType<typeof dec>): Charge => ({ charge_model: "standard", properties: { amount } });
const project = (u: ReturnType<typeof dec>, amount: ReturnType<typeof dec>, passed: number, total: number) =>
  feeProjection(feeOf(u, amount), { priced: standard(amount), recurring: false, weighted: false, ratio: { passed, total }, currency: "EUR" });

describe("projection laws (standard charge)", () => {
  it("ratio 1 projects the current usage", () => {
    fc.assert(fc.property(units, price, (u, a) => {
      const p = project(u, a, 5, 5);
      expect(p.units.eq(u)).toBe(true);
      expect(p.amount_cents).toBe(feeOf(u, a).amount_cents);
    }));
  });

  it("more days passed never projects more, and projections are never negative", () => {
    fc.assert(fc.property(units, price, days, (u, a, [total, passed]) => {
      const now = project(u, a, passed, total);
      const later = project(u, a, Math.min(passed + 1, total), total);
      expect(later.amount_cents <= now.amount_cents).toBe(true);
      expect(later.units.lte(now.units)).toBe(true);
      expect(now.amount_cents >= 0n && now.units.gte(dec(0))).toBe(true);
    }));
  });

  it("projected units are round_half_up(units × total / passed, 2), exactly", () => {
    fc.assert(fc.property(units, price, days, (u, a, [total, passed]) => {
      const p = project(u, a, passed, total);
      // |pu × passed / total − units| ≤ 0.005 × passed / total, and pu has at most 2 decimals.
      const back = p.units.times(dec(passed)).div(dec(total));
      expect(back.minus(u).abs().lte(dec("0.005").times(dec(passed)).div(dec(total)))).toBe(true);
      expect(p.units.eq(round(p.units, 2, "down"))).toBe(true);
    }));
  });
});
