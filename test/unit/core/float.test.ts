import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dec } from "../../../src/core/decimal.js";
import { dec16, floatToDecimal } from "../../../src/core/float.js";

describe("dec16: a double meeting a decimal (invoice.md §0.2)", () => {
  it("cuts the shortest digits to 16 significant digits, never rounds", () => {
    // The document's example: 1000 / 29 × 5.
    expect(dec16((1000 / 29) * 5).toString()).toBe("172.4137931034482");
    expect(dec16((1000 / 29) * 5).minus(dec("100")).toString()).toBe("72.4137931034482");
    expect(dec16((1000 / 30) * 7).toString()).toBe("233.3333333333333");
    expect(dec16(-((1000 / 29) * 5)).toString()).toBe("-172.4137931034482");
    expect(dec16(0.1 + 0.2).toString()).toBe("0.3");
  });

  it("leaves doubles of at most 16 significant digits as their shortest form", () => {
    for (const x of [20, 5.5, 0.29, 0, 1e21, 123456789.0123456]) expect(dec16(x).eq(floatToDecimal(x))).toBe(true);
  });

  it("keeps the leading 16 digits of the shortest form and the magnitude (any finite double)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const full = floatToDecimal(x);
        const cut = dec16(x);
        expect(cut.abs().lte(full.abs())).toBe(true);
        expect(cut.c.slice(0, 16).join("").replace(/0+$/, "")).toBe(full.c.slice(0, 16).join("").replace(/0+$/, ""));
        if (!full.eq(dec("0"))) expect(cut.e).toBe(full.e);
      }),
    );
  });
});
