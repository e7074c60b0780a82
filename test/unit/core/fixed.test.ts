import fc from "fast-check";
import { describe, expect, it } from "vitest";
import Big from "big.js";
import {
  addToSum, compareCells, newCell, newLimbs, newSum, readFast, readFixed, sumToDecimal, mergeSums, cellToDecimal, type FixedCell,
} from "../../../src/core/fixed.js";
import { toDecimalString } from "../../../src/core/decimal.js";

const cellOf = (x: unknown): FixedCell => {
  const c = newCell();
  if (!readFixed(x, c)) throw new Error(`not a decimal: ${String(x)}`);
  return c;
};

describe("readFixed", () => {
  it.each(["0", "-0", "12", "-3", "12.50", "0.0001", "999999999999999", "9007199254740993", "123456789012345678901234567890.123456789"])(
    "reads %s exactly", (s) => {
      expect(toDecimalString(cellToDecimal(cellOf(s)))).toBe(new Big(s).toFixed().replace(/^-0$/, "0"));
    });
  it.each(["1e5", "abc", "", " 1", "1.", ".5", "+5", "1,5", "-", "--1", "1.2.3", "NaN"])("rejects %j", (s) => {
    expect(readFixed(s, newCell())).toBe(false);
  });
  it("reads numbers by their shortest text and rejects the rest", () => {
    expect(toDecimalString(cellToDecimal(cellOf(0.1)))).toBe("0.1");
    expect(toDecimalString(cellToDecimal(cellOf(2 ** 53 - 1)))).toBe("9007199254740991");
    for (const x of [NaN, Infinity, 1e21, 1e-7, null, undefined, {}, true]) expect(readFixed(x, newCell())).toBe(false);
  });
  it.each(["5.", "-0.", "-.5", "1..2", "-", "-0-", "1-", "1.-2", "٣", "１", "1 ", "0x10", "1_000", "\u0000"])("rejects %j (short-text parser)", (s) => {
    expect(readFixed(s, newCell())).toBe(false);
  });
  it.each([
    ["-0", 0, 0], ["-0.00", 0, 2], ["007", 7, 0], ["00.50", 50, 2], ["-000.001", -1, 3], ["4503599627370496", 2 ** 52, 0],
    ["0.000000000000001", undefined, 15], ["123456789012.345", 123456789012345, 3],
  ] as const)("reads %j as mantissa %j, scale %j", (s, m, scale) => {
    const c = cellOf(s);
    expect(c.s).toBe(scale);
    if (m !== undefined) expect([c.m, c.b]).toEqual([m, undefined]);
    expect(toDecimalString(cellToDecimal(c))).toBe(new Big(s).toFixed().replace(/^-0$/, "0"));
  });
  it("accepts exactly the texts -?\\d+(\\.\\d+)? and reads them as big.js does (any short or long text)", () => {
    const text = fc.array(fc.constantFrom("0", "1", "5", "9", "0", ".", "-", "+", "e", " ", "a"), { maxLength: 20 }).map((cs) => cs.join(""));
    const pattern = /^-?\d+(\.\d+)?$/;
    fc.assert(fc.property(text, (s) => {
      const c = newCell();
      const ok = readFixed(s, c);
      expect(ok).toBe(pattern.test(s));
      if (ok) expect(toDecimalString(cellToDecimal(c))).toBe(new Big(s).toFixed().replace(/^-0$/, "0"));
    }), { numRuns: 2000 });
  });
  it("reads every decimal text (leading zeros, up to 24 digits, up to 20 decimals) exactly", () => {
    const text = fc.tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,12}$/), fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? "-" : ""}${int}${frac === undefined ? "" : `.${frac}`}`);
    fc.assert(fc.property(text, (s) => {
      const c = cellOf(s);
      expect(c.b === undefined ? Math.abs(c.m) <= 2 ** 52 && Number.isSafeInteger(c.m) : true).toBe(true);
      expect(toDecimalString(cellToDecimal(c))).toBe(new Big(s).toFixed().replace(/^-0$/, "0"));
    }), { numRuns: 2000 });
  });
  it("reads a number without its text exactly as it reads String(number) (any double, and short decimals)", () => {
    const same = (x: number): void => {
      const viaText = newCell();
      const ok = readFixed(String(x), viaText);
      const c = newCell();
      expect(readFixed(x, c)).toBe(ok);
      if (ok) {
        expect(toDecimalString(cellToDecimal(c))).toBe(toDecimalString(cellToDecimal(viaText)));
        expect(c.s).toBe(viaText.s);
      }
    };
    const shortDecimal = fc.tuple(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), fc.integer({ min: 0, max: 8 })).map(([k, s]) => k / 10 ** s);
    fc.assert(fc.property(fc.oneof(fc.double({ noNaN: true }), shortDecimal), same), { numRuns: 5000 });
    for (const x of [0.1, 0.3, 0.1 + 0.2, 1e-6, 5e-7, 123456789.123456, 999999999999999.9, -0.5, -1.5, 2.675, 1 / 3]) same(x);
  });
  it("readFast reads what readFixed reads, as a safe mantissa or as two limbs of ≤ 23 digits, and nothing else", () => {
    const text = fc.tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,14}$/), fc.option(fc.stringMatching(/^[0-9]{1,14}$/), { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? "-" : ""}${int}${frac === undefined ? "" : `.${frac}`}`);
    const junk = fc.array(fc.constantFrom("0", "7", ".", "-", "e", "+", " "), { maxLength: 26 }).map((cs) => cs.join(""));
    const raw = fc.oneof(text, junk, fc.double({ noNaN: true }), fc.constantFrom<unknown>(null, true, {}, "", NaN));
    fc.assert(fc.property(raw, (x) => {
      const exact = newCell();
      const ok = readFixed(x, exact);
      const c = newCell(), l = newLimbs();
      const kind = readFast(x, c, l);
      if (kind === 1) expect(toDecimalString(cellToDecimal(c))).toBe(toDecimalString(cellToDecimal(exact)));
      if (kind === 2) {
        const digits = (String(x).match(/\d/g) ?? []).length;
        expect(digits).toBeLessThanOrEqual(23);
        expect(Math.abs(l.lo)).toBeLessThan(1e8);
        expect(Number.isSafeInteger(l.hi)).toBe(true);
        const v = (BigInt(l.hi) * 10n ** 8n + BigInt(l.lo)).toString();
        expect(new Big(`${v}e-${l.s}`).toFixed()).toBe(toDecimalString(cellToDecimal(exact)));
      }
      if (kind === 0) expect(!ok || (String(x).match(/\d/g) ?? []).length > 23).toBe(true);
      else expect(ok).toBe(true);
    }), { numRuns: 5000 });
  });
  it("keeps a 16-digit mantissa above 2^52 as a bigint", () => {
    expect(cellOf("9007199254740993").b).toBe(9007199254740993n);
    expect(cellOf("4503599627370495").b).toBeUndefined();
  });
});

describe("FixedSum", () => {
  it("is exact where floats are not: 0.1 + 0.2 = 0.3", () => {
    const acc = newSum();
    addToSum(acc, cellOf("0.1"));
    addToSum(acc, cellOf("0.2"));
    expect(toDecimalString(sumToDecimal(acc))).toBe("0.3");
  });
  it("raises its scale instead of truncating, and flushes before 2^53", () => {
    const acc = newSum();
    for (let i = 0; i < 3; i++) addToSum(acc, cellOf("4503599627370495"));
    addToSum(acc, cellOf("0.000000000000000000000000001"));
    expect(toDecimalString(sumToDecimal(acc))).toBe("13510798882111485.000000000000000000000000001");
  });
  it("multiplies by a safe-integer weight", () => {
    const acc = newSum();
    addToSum(acc, cellOf("-2.5"), 3600_000);
    expect(toDecimalString(sumToDecimal(acc))).toBe("-9000000");
  });
  it("equals a big.js sum on any values, split and merged anywhere", () => {
    const text = fc.tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), fc.boolean())
      .map(([v, s, small]) => {
        const x = small ? v % 100000n : v;
        const neg = x < 0n;
        let d = (neg ? -x : x).toString().padStart(s + 1, "0");
        if (s > 0) d = `${d.slice(0, -s)}.${d.slice(-s)}`;
        return (neg ? "-" : "") + d;
      });
    fc.assert(fc.property(fc.array(text, { maxLength: 60 }), fc.nat(60), (values, cut) => {
      const a = newSum(), b = newSum();
      values.forEach((v, i) => addToSum(i < cut ? a : b, cellOf(v)));
      const ref = values.reduce((acc, v) => acc.plus(v), new Big(0));
      expect(toDecimalString(sumToDecimal(mergeSums(a, b)))).toBe(ref.toFixed());
    }));
  });
});

describe("compareCells", () => {
  it("orders across scales and sizes like big.js", () => {
    const text = fc.tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: 0, max: 20 }))
      .map(([v, s]) => new Big(v.toString()).div(new Big(10).pow(s)).toFixed());
    fc.assert(fc.property(text, text, (x, y) => {
      expect(compareCells(cellOf(x), cellOf(y))).toBe(new Big(x).cmp(new Big(y)));
    }));
    expect(compareCells(cellOf("1.50"), cellOf("1.5"))).toBe(0);
    expect(compareCells(cellOf("-0.001"), cellOf("0"))).toBe(-1);
  });
});
