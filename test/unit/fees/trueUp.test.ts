import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { trueUpFeeAmounts } from "../../../src/fees/trueUp.js";

const fee = (cents: bigint, precise = String(cents)) => ({ amount_cents: cents, precise_amount_cents: dec(precise) });

describe("trueUpFeeAmounts (charges.md §17)", () => {
  it.each([
    ["full month, used 700", 31, 31, [fee(700n)], 300n],
    ["1–15 Aug of 31 days, used 200", 31, 15, [fee(200n)], 284n],
    ["several filters and groups add up", 31, 31, [fee(300n), fee(250n), fee(150n)], 300n],
    ["30-day month, 10 days, nothing used", 30, 10, [], 333n],
  ] as const)("%s → %s", (_name, duration, days, fees, cents) => {
    const t = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: duration, billed_days: days, fees, currency: "EUR" });
    expect(t?.amount_cents).toBe(cents);
    expect(t?.units.toString()).toBe("1");
    expect(t?.events_count).toBe(0);
  });

  it("precise amount = prorated minimum − Σ precise cents (float prorated minimum)", () => {
    const t = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 15, fees: [fee(200n, "199.6")], currency: "EUR" });
    // 1000 / 31 × 15 as a double is 483.8709677419355
    expect(t?.precise_amount_cents.toString()).toBe("284.2709677419355");
    expect(t?.amount_cents).toBe(284n);
  });

  it.each([
    ["used reaches the minimum", [fee(1000n)]],
    ["used above the minimum", [fee(1200n)]],
  ])("no true-up when %s", (_name, fees) => {
    expect(trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 31, fees, currency: "EUR" })).toBeUndefined();
  });

  it("no true-up without a minimum", () => {
    expect(trueUpFeeAmounts({ min_amount_cents: 0n, charges_duration_in_days: 31, billed_days: 31, fees: [], currency: "EUR" })).toBeUndefined();
  });

  it("pricing unit at rate 0.25: 300 pricing cents → 75 fiat cents", () => {
    const t = trueUpFeeAmounts({
      min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 31, fees: [fee(700n)], currency: "EUR",
      pricing_unit: { conversion_rate: dec("0.25") },
    });
    expect(t?.pricing_unit_details?.amount_cents).toBe(300n);
    expect(t?.amount_cents).toBe(75n);
  });

  // The reference's true-up (create_true_up_service.rb) where charges.md §17 is silent: the unit
  // price is the precise amount, its pricing-unit cents truncated; money converts the rounded cents.
  it("pricing unit, prorated (15 of 31 days, 200 used, rate 0.25): 284 pricing cents → 71 cents; unit 283 cents → 0.7075", () => {
    const t = trueUpFeeAmounts({
      min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 15, fees: [fee(200n)], currency: "EUR",
      pricing_unit: { conversion_rate: dec("0.25") },
    })!;
    expect(t.pricing_unit_details).toMatchObject({ amount_cents: 284n, unit_amount_cents: 283n });
    expect(t.pricing_unit_details!.precise_unit_amount.toString()).toBe("2.838709677419355");
    expect([t.amount_cents, t.precise_amount_cents.toString(), t.unit_amount_cents, t.precise_unit_amount.toString()]).toEqual([71n, "71", 70n, "0.7075"]);
  });

  it("without a pricing unit the unit price is the precise amount in currency units", () => {
    const t = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 17, fees: [], currency: "EUR" })!;
    expect(t.amount_cents).toBe(548n);
    expect(t.unit_amount_cents).toBe(548n);
    expect(t.precise_unit_amount.toString()).toBe("5.483870967741935");
  });
});
