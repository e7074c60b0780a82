import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dec, div, fromScaledBigInt, parseDecimal, round, scaleOf, toDecimalString, toDecimalStringWithPoint, toScaledBigInt,
} from "../../../src/core/decimal.js";

describe("parseDecimal", () => {
  it.each(["0", "12", "-3", "12.50", "0.0001", "123456789012345678901234567890.123456789"])("accepts %s", (s) => {
    expect(parseDecimal(s)).toBeDefined();
  });
  it.each(["1e5", "abc", "", " 1", "1.", ".5", "+5", "1,5", "NaN", "Infinity"])("rejects the string %j", (s) => {
    expect(parseDecimal(s)).toBeUndefined();
  });
  it.each([NaN, Infinity, -Infinity, 1e21, 1e-7])("rejects the number %s", (n) => {
    expect(parseDecimal(n)).toBeUndefined();
  });
  it("rejects non-strings and non-numbers", () => {
    for (const x of [null, undefined, {}, [], true, 1n]) expect(parseDecimal(x)).toBeUndefined();
  });
  it("accepts plain numbers by their shortest text", () => {
    expect(toDecimalString(parseDecimal(0.1)!)).toBe("0.1");
    expect(toDecimalString(parseDecimal(42)!)).toBe("42");
  });
});

describe("output", () => {
  it("never uses exponent notation", () => {
    expect(toDecimalString(dec("0.000000000000000001"))).toBe("0.000000000000000001");
    expect(toDecimalString(dec("1000000000000000000000000"))).toBe("1000000000000000000000000");
  });
  it("writes -0 as 0 and adds .0 on request", () => {
    expect(toDecimalString(dec("-0"))).toBe("0");
    expect(toDecimalStringWithPoint(dec("10"))).toBe("10.0");
    expect(toDecimalStringWithPoint(dec("2.5"))).toBe("2.5");
  });
  it("keeps at least 20 significant digits in a non-terminating division", () => {
    const q = toDecimalString(div(dec("115"), dec("12")));
    expect(q.replace(/^0\.0*|\./g, "").length).toBeGreaterThanOrEqual(20);
    expect(q.startsWith("9.58333333333333333333")).toBe(true);
  });
  it("refuses float leaks (strict mode)", () => {
    expect(() => dec("1").plus(0.1 as never)).toThrow();
  });
});

describe("round", () => {
  it.each([
    ["11.145", 2, "half_up", "11.15"],
    ["-11.145", 2, "half_up", "-11.15"],
    ["2.5", 0, "half_even", "2"],
    ["12.434", 2, "ceil", "12.44"],
    ["-12.434", 2, "ceil", "-12.43"],
    ["-12.434", 2, "floor", "-12.44"],
    ["12.439", 2, "floor", "12.43"],
    ["1234", -1, "half_up", "1230"],
    ["1235", -1, "half_up", "1240"],
    ["1231", -2, "ceil", "1300"],
  ] as const)("%s at %i (%s) → %s", (x, dp, mode, want) => {
    expect(toDecimalString(round(dec(x), dp, mode))).toBe(want);
  });
});

describe("scaled bigint round trip", () => {
  it("is exact at the value's own scale", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }), (v, s) => {
        const d = fromScaledBigInt(v, s);
        expect(scaleOf(d)).toBeLessThanOrEqual(s);
        expect(toScaledBigInt(d, s)).toBe(v);
      }),
    );
  });
});

describe("shift", () => {
  it("moves the point exactly, leaving zero and the input alone", async () => {
    const { shift, dec, toDecimalString } = await import("../../../src/core/decimal.js");
    const x = dec("1234.5");
    expect(toDecimalString(shift(x, -2))).toBe("12.345");
    expect(toDecimalString(shift(x, 3))).toBe("1234500");
    expect(toDecimalString(shift(dec("-0.07"), -3))).toBe("-0.00007");
    expect(toDecimalString(shift(dec("0"), -2))).toBe("0");
    expect(toDecimalString(x)).toBe("1234.5");
  });
});

describe("parseCatalogDecimal: charges.md §19.2, the reference's grammar for catalog amounts", () => {
  it("reads the document's accepted forms with their values", async () => {
    const { parseCatalogDecimal } = await import("../../../src/core/decimal.js");
    const cases: [string, string][] = [["1e3", "1000"], [".5", "0.5"], ["5.", "5"], ["+5", "5"], [" 5 ", "5"], ["1_000", "1000"], ["2d1", "20"], ["1E-2", "0.01"], ["#7", "7"], ["-0", "0"], ["\t12.50\n", "12.5"], ["1_", "1"], ["0e99999", "0"], ["-2.5", "-2.5"], ["1.e3", "1000"], ["1_0.2_5e1_0", "102500000000"]];
    for (const [s, v] of cases) expect(parseCatalogDecimal(s)?.toFixed(), s).toBe(v);
  });

  it("refuses the document's refused forms (and NaN, Infinity, huge exponents)", async () => {
    const { parseCatalogDecimal } = await import("../../../src/core/decimal.js");
    for (const s of ["", ".", "1,5", "1 000", "0x10", "- 5", "abc", "1e", "1.e", "_1", "1__0", "1_.5", "1_e3", "Infinity", "+Infinity", " NaN ", "1e99999", "e5", "#", "##1", "1\u00a0"]) {
      expect(parseCatalogDecimal(s), JSON.stringify(s)).toBeUndefined();
    }
  });
});

describe("div: one BigInt division, equal to big.js's (40 places, half away from zero)", () => {
  it("matches big.js on random operands, signs and magnitudes (and on ties)", async () => {
    const { div, fromScaledBigInt } = await import("../../../src/core/decimal.js");
    const operand = fc
      .tuple(fc.bigInt({ min: -(10n ** 32n), max: 10n ** 32n }), fc.integer({ min: -45, max: 45 }))
      .map(([m, k]) => fromScaledBigInt(m, -k));
    const sci = (x: string) => (x.includes("e") ? fromScaledBigInt(BigInt(x.split("e")[0]!), -Number(x.split("e")[1])) : dec(x));
    fc.assert(fc.property(operand, operand, (a, b) => {
      fc.pre(!b.eq(dec("0")));
      const ours = div(a, b);
      const theirs = a.div(b);
      expect(ours.eq(theirs)).toBe(true);
      expect(ours.toString()).toBe(theirs.toString());
    }), { numRuns: 2000 });
    for (const [x, y] of [["1", "3"], ["2", "3"], ["-2", "3"], ["5", "2"], ["1", "8e40"], ["-1", "8e40"], ["3", "2e41"], ["1", "7"], ["0", "-5"], ["1e-50", "1"], ["-1e-50", "1"]]) {
      expect(div(sci(x!), sci(y!)).toString(), `${x}/${y}`).toBe(sci(x!).div(sci(y!)).toString());
    }
  });
});

describe("toDecimalString: big.js's plain notation, written from the coefficient", () => {
  it("equals big.js's toString on random values (no exponent, no trailing zeros, -0 as 0)", async () => {
    const { fromScaledBigInt, toDecimalString } = await import("../../../src/core/decimal.js");
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n }), fc.integer({ min: -60, max: 60 }), (m, k) => {
      const x = fromScaledBigInt(m, k);
      const big = x.toString();
      expect(toDecimalString(x)).toBe(big === "-0" ? "0" : big);
    }), { numRuns: 3000 });
  });
});
