import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, type CurrencyCode, currencyExponent, isCurrencyCode } from "../../../src/core/currency.js";
import { ValidationError, isValidationError } from "../../../src/core/issue.js";
import { type RoundingMode, dec, toDecimalString } from "../../../src/core/decimal.js";
import { allocate, fromMinorUnits, toMinorUnits, toPreciseMinorUnits } from "../../../src/core/money.js";

describe("currency exponents", () => {
  it.each([["EUR", 2], ["USD", 2], ["JPY", 0], ["KRW", 0], ["CLF", 4], ["ISK", 0], ["HRK", 2], ["STD", 2]] as const)(
    "%s has %i decimals",
    (c, e) => expect(currencyExponent(c)).toBe(e),
  );
  it("a code cast past CurrencyCode is a ValidationError (currency: invalid_currency)", () => {
    const bad = "XXX" as CurrencyCode;
    for (const f of [() => currencyExponent(bad), () => toMinorUnits(dec("1"), bad)]) {
      expect(f).toThrow(ValidationError);
      try {
        f();
      } catch (e) {
        expect((e as ValidationError).error_details).toEqual({ currency: ["invalid_currency"] });
      }
    }
  });
  it("knows every currency of the specification", () => {
    for (const c of CURRENCIES) expect(currencyExponent(c)).toBeGreaterThanOrEqual(0);
    expect(isCurrencyCode("XXX")).toBe(false);
  });
});

describe("toMinorUnits", () => {
  it.each([["11.145", "EUR", 1115n], ["0.116", "EUR", 12n], ["12.5", "JPY", 13n], ["1.23456", "CLF", 12346n], ["-0.005", "EUR", -1n]] as const)(
    "%s %s → %i",
    (a, c, want) => expect(toMinorUnits(dec(a), c)).toBe(want),
  );
  it("round-trips whole minor units for every exponent", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom(...CURRENCIES), (cents, c) => {
        expect(toMinorUnits(fromMinorUnits(cents, c), c)).toBe(cents);
      }),
    );
  });
  it("writes amounts back as decimals", () => {
    expect(toDecimalString(fromMinorUnits(1115n, "EUR"))).toBe("11.15");
  });
});

describe("allocate", () => {
  it("splits by largest remainder", () => {
    expect(allocate(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocate(-5n, [1n, 1n])).toEqual([-3n, -2n]);
  });
  it("parts always add up to the total", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { minLength: 1, maxLength: 20 }), (t, rs) => {
        const parts = allocate(t, rs);
        if (rs.every((r) => r === 0n)) expect(parts.every((p) => p === 0n)).toBe(true);
        else expect(parts.reduce((a, b) => a + b, 0n)).toBe(t);
      }),
    );
  });
});

describe("arguments as a JavaScript caller passes them", () => {
  const codes = (f: () => unknown): unknown => {
    try {
      f();
    } catch (err) {
      return isValidationError(err) ? err.error_details : err;
    }
    return "no error";
  };

  it("decimal strings are amounts", () => {
    expect(toMinorUnits("1.5", "EUR")).toBe(150n);
    expect(toMinorUnits("11.145", "EUR")).toBe(1115n);
    expect(toDecimalString(toPreciseMinorUnits("0.125", "EUR"))).toBe("12.5");
    expect(toDecimalString(fromMinorUnits("1115", "EUR"))).toBe("11.15");
  });

  it("anything else is a validation error naming the argument, never a TypeError", () => {
    expect(codes(() => toMinorUnits("abc", "EUR"))).toEqual({ amount: ["invalid_value"] });
    expect(codes(() => toMinorUnits(1.5 as unknown as string, "EUR"))).toEqual({ amount: ["invalid_value"] });
    expect(codes(() => toMinorUnits(null as unknown as string, "EUR"))).toEqual({ amount: ["invalid_value"] });
    expect(codes(() => toMinorUnits("1", "XYZ" as CurrencyCode))).toEqual({ currency: ["invalid_currency"] });
    expect(codes(() => toMinorUnits("1", "EUR", "nearest" as RoundingMode))).toEqual({ mode: ["invalid_value"] });
    expect(codes(() => fromMinorUnits({} as unknown as string, "EUR"))).toEqual({ cents: ["invalid_value"] });
    expect(codes(() => allocate(10 as unknown as bigint, [1n]))).toEqual({ total: ["invalid_value"] });
    expect(codes(() => allocate(10n, [1n, -1n, 2 as unknown as bigint]))).toEqual({ "ratios.1": ["invalid_value"], "ratios.2": ["invalid_value"] });
  });
});
