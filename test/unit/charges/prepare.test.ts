import { describe, expect, it } from "vitest";
import { ValidationError, prepareCharge, rateCharge } from "../../../src/index.js";
import { graduated3, package10, prorated3, range, volume3 } from "./_fixtures.js";

describe("prepareCharge", () => {
  it("doc example", () => {
    const p = prepareCharge({ charge_model: "standard", properties: { amount: "0.5" } });
    expect(p.rate("3").toString()).toBe("1.5");
  });
  it.each(["0", "1", "10", "10.5", "12", "21", "1000000.0001"])("graduated %s units equals rateCharge", (u) => {
    expect(prepareCharge(graduated3).rate(u).eq(rateCharge(graduated3, { units: u }).amount)).toBe(true);
  });
  it("returns number mantissas on the number path and bigints beyond it", () => {
    const p = prepareCharge(package10(0)).scaled!;
    expect(p.rate(121, 0)).toBe(1300);
    expect(p.amountScale(0)).toBe(0);
    expect(p.rate(10n ** 30n + 1n, 0)).toBe((10n ** 29n + 1n) * 100n);
    expect(p.rate(Number.MAX_SAFE_INTEGER, 0)).toBe(BigInt(Math.ceil(Number.MAX_SAFE_INTEGER / 10)) * 100n);
  });
  it("works at scales beyond the properties' (units with 12 decimals)", () => {
    const p = prepareCharge(volume3);
    expect(p.rate("100.000000000001").toString()).toBe("100.000000000001");
    expect(p.rate("100").toString()).toBe("210");
  });
  it("throws the validation error for units no volume range prices", () => {
    const p = prepareCharge({ charge_model: "volume", properties: { volume_ranges: [range(1, null, "1", "0")] } });
    expect(() => p.rate("-2")).toThrow(ValidationError);
  });
  it("has no scaled path for prorated graduated, and still prices through the models", () => {
    const p = prepareCharge(prorated3, { event_values: ["75"], event_prorated_values: ["75"] });
    expect(p.scaled).toBeUndefined();
    expect(p.rate("75").toString()).toBe("370");
  });
  it("validates the charge once", () => {
    expect(() => prepareCharge({ charge_model: "package", properties: { amount: "1", package_size: 0 } })).toThrow(ValidationError);
  });
});

describe("prepareCharge scaled path input checks", () => {
  it.each([
    [1.5, 0],
    [Number.NaN, 0],
    [1, -1],
    [1, 0.5],
  ])("refuses mantissa %s at scale %s with a ValidationError", (m, s) => {
    for (const charge of [graduated3, package10(0), volume3, { charge_model: "standard", properties: { amount: "1" } }]) {
      const p = prepareCharge(charge).scaled!;
      expect(() => {
        p.rate(m, s);
        p.amountScale(s);
      }).toThrow(ValidationError);
    }
  });
  it("takes unsafe integers given as numbers through the bigint path", () => {
    const p = prepareCharge({ charge_model: "standard", properties: { amount: "1" } }).scaled!;
    expect(p.rate(2 ** 60, 0)).toBe(2n ** 60n);
  });
});
