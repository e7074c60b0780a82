import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import type { CurrencyCode } from "../../../src/core/currency.js";
import { chargeFeeAmounts, type ChargeFeeInput } from "../../../src/fees/chargeFee.js";
import { keepChargeFee } from "../../../src/fees/keepChargeFee.js";

function input(amount: string, currency: CurrencyCode, extra: Partial<ChargeFeeInput> = {}): ChargeFeeInput {
  return {
    result: { units: dec("1"), amount: dec(amount), unit_amount: dec(amount) },
    aggregation: { events_count: 1 },
    currency,
    charge: {},
    ...extra,
  };
}

describe("chargeFeeAmounts (charges.md §16)", () => {
  it.each([
    ["11.145", "EUR", 1115n, "1114.5"],
    ["0.116", "EUR", 12n, "11.6"],
    ["12.5", "JPY", 13n, "12.5"],
    ["1.2345", "CLF", 12345n, "12345"],
    ["0.00005", "CLF", 1n, "0.5"],
  ] as const)("amount %s %s → %s cents (precise %s)", (amount, currency, cents, precise) => {
    const fee = chargeFeeAmounts(input(amount, currency));
    expect(fee.amount_cents).toBe(cents);
    expect(fee.precise_amount_cents.toString()).toBe(precise);
  });

  it("truncates unit_amount_cents and keeps precise_unit_amount", () => {
    const fee = chargeFeeAmounts({
      result: { units: dec("3"), amount: dec("1"), unit_amount: dec("0.3333333333") },
      aggregation: { events_count: 3 },
      currency: "EUR",
      charge: {},
    });
    expect(fee.unit_amount_cents).toBe(33n);
    expect(fee.precise_unit_amount.toString()).toBe("0.3333333333");
    expect(fee.units.toString()).toBe("3");
    expect(fee.events_count).toBe(3);
    expect(fee.total_aggregated_units.toString()).toBe("3");
  });

  it.each([
    ["negative amount", "-5", "10"],
    ["negative units", "5", "-10"],
  ])("%s → everything 0", (_name, amount, units) => {
    const fee = chargeFeeAmounts({
      result: { units: dec(units), amount: dec(amount), unit_amount: dec("0.5"), full_units_number: dec("20") },
      aggregation: { events_count: 2 },
      currency: "EUR",
      charge: { prorated: true },
    });
    expect([fee.units.toString(), fee.amount_cents, fee.precise_amount_cents.toString(), fee.unit_amount_cents]).toEqual(["0", 0n, "0", 0n]);
    expect(fee.events_count).toBe(2);
  });

  it("fee units: prorated → full units; current usage of prorated / advance → current-usage units", () => {
    const result = { units: dec("9.64517"), amount: dec("9.64517"), unit_amount: dec("0.33259"), full_units_number: dec("29") };
    const aggregation = { events_count: 4, current_usage_units: dec("12") };
    const base = { result, aggregation, currency: "EUR" as const };
    expect(chargeFeeAmounts({ ...base, charge: { prorated: true } }).units.toString()).toBe("29");
    expect(chargeFeeAmounts({ ...base, charge: {} }).units.toString()).toBe("9.64517");
    expect(chargeFeeAmounts({ ...base, charge: { prorated: true }, current_usage: true }).units.toString()).toBe("12");
    expect(chargeFeeAmounts({ ...base, charge: { pay_in_advance: true }, current_usage: true }).units.toString()).toBe("12");
    expect(chargeFeeAmounts({ ...base, charge: { pay_in_advance: true } }).units.toString()).toBe("9.64517");
    expect(chargeFeeAmounts({ ...base, charge: {}, current_usage: true }).units.toString()).toBe("9.64517");
  });

  it("total_aggregated_units comes from the aggregation (weighted sums)", () => {
    const fee = chargeFeeAmounts({
      result: { units: dec("2.5"), amount: dec("2.5"), unit_amount: dec("1") },
      aggregation: { events_count: 2, total_aggregated_units: dec("10") },
      currency: "EUR",
      charge: {},
    });
    expect(fee.total_aggregated_units.toString()).toBe("10");
  });

  it("pricing units: two roundings (pu cents, then fiat)", () => {
    const fee = chargeFeeAmounts({ ...input("3.005", "EUR"), pricing_unit: { conversion_rate: dec("0.25") } });
    expect(fee.pricing_unit_details?.amount_cents).toBe(301n);
    expect(fee.amount_cents).toBe(75n); // 3.01 × 0.25 = 0.7525 → 0.75
    // Precise: the unrounded conversion of the pricing-unit cents (301 × 0.25), not of the model's 3.005.
    expect(fee.precise_amount_cents.toString()).toBe("75.25");
    expect(fee.pricing_unit_details?.precise_amount_cents.toString()).toBe("300.5");
  });

  it("pricing units: the unit price converts the truncated pricing-unit cents (0.015 → 1 cent → 0.02 at rate 2)", () => {
    const fee = chargeFeeAmounts({
      result: { units: dec("1"), amount: dec("0.015"), unit_amount: dec("0.015") },
      aggregation: { events_count: 1 }, currency: "EUR", charge: {}, pricing_unit: { conversion_rate: dec("2"), code: "cr", short_name: "CR" },
    });
    expect(fee.pricing_unit_details).toMatchObject({ pricing_unit_code: "cr", short_name: "CR", svc_pricing_unit_id: null, amount_cents: 2n, unit_amount_cents: 1n });
    expect(fee.precise_unit_amount.toString()).toBe("0.02");
    expect(fee.unit_amount_cents).toBe(2n);
    expect(fee.amount_cents).toBe(4n); // 0.02 pu × 2
  });
});

describe("keepChargeFee (charges.md §16 step 4)", () => {
  const zero = { units: dec("0"), amount_cents: 0n, events_count: 0 };
  it.each([
    [{}, false],
    [{ current_usage: true }, true],
    [{ adjusted: true }, true],
    [{ true_up_parent: true }, true],
    [{ renewal: true }, true],
  ])("all-zero fee with %o → kept %s", (ctx, kept) => {
    expect(keepChargeFee(zero, ctx)).toBe(kept);
  });
  it.each([
    [{ ...zero, units: dec("1") }],
    [{ ...zero, amount_cents: 1n }],
    [{ ...zero, events_count: 1 }],
  ])("a fee with one non-zero field is kept", (fee) => {
    expect(keepChargeFee(fee)).toBe(true);
  });
});
