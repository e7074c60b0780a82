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
});
