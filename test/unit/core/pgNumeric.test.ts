import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pgDivide } from "../../../src/core/pgNumeric.js";

const text = ({ value, scale }: { value: bigint; scale: number }): string => {
  const neg = value < 0n;
  const digits = (neg ? -value : value).toString().padStart(scale + 1, "0");
  const out = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg ? `-${out}` : out;
};
const div = (a: bigint, as: number, b: bigint, bs = 0): string => text(pgDivide({ value: a, scale: as }, { value: b, scale: bs }));

describe("pgDivide: PostgreSQL numeric division", () => {
  it("gives at least 16 significant digits, more decimals for small quotients", () => {
    expect(div(1n, 0, 3n)).toBe("0.33333333333333333333");
    expect(div(2n, 0, 3n)).toBe("0.66666666666666666667");
    expect(div(10n, 0, 3n)).toBe("3.3333333333333333");
    expect(div(100000n, 0, 3n)).toBe("33333.333333333333");
    expect(div(1n, 0, 30000n)).toBe("0.000033333333333333333333");
  });
  it("keeps the dividend's display scale when it is larger", () => {
    // 2500 × 2 332 800.000000 s / 2 678 400 s (the weighted-sum row of a 27-day level in a 31-day month)
    expect(div(5832000000000000n, 6, 2678400n)).toBe("2177.4193548387096774");
    // A large quotient needs few decimals: the dividend's 6 win over 16 − 4 × 4.
    expect(div(12345678901234567890123456n, 6, 1n)).toBe("12345678901234567890.123456");
    expect(div(123456789012345678901234567n, 6, 10n)).toBe("12345678901234567890.123457"); // half away from zero
    // A tiny one gets 16 significant digits after its leading base-10 000 digit (PostgreSQL shows the zeros).
    expect(div(1n, 20, 1n)).toBe("0.0000000000000000000100000000000000000000");
  });
  it("rounds half away from zero on negative quotients", () => {
    expect(div(-2n, 0, 3n)).toBe("-0.66666666666666666667");
    expect(div(-1n, 0, 8n)).toBe("-0.12500000000000000000");
    expect(div(0n, 6, 7n)).toBe("0.000000");
  });
  it("is within half a unit of the last place of the exact quotient", () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (a, as, b) => {
      const q = pgDivide({ value: a, scale: as }, { value: b, scale: 0 });
      expect(q.scale).toBeGreaterThanOrEqual(as);
      // |q/10^qs − a/(10^as·b)| ≤ 1/(2·10^qs)  ⇔  |2·(q·10^as·b − a·10^qs)| ≤ 10^as·b
      const err = 2n * (q.value * 10n ** BigInt(as) * b - a * 10n ** BigInt(q.scale));
      expect((err < 0n ? -err : err) <= 10n ** BigInt(as) * b).toBe(true);
    }));
  });
});
