/**
 * The compiled path of the JSON `applyChargeModel` (src/json/compiledCharge.ts) gives exactly
 * what the general Decimal path gives, and is really taken for the usual calls.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyChargeModel, applyChargeModelCompiled, applyChargeModelUncompiled } from "../../../src/json/applyChargeModel.js";
import { quotientText, text } from "../../../src/json/compiledCharge.js";
import { dec, div, toDecimalString, toDecimalStringWithPoint } from "../../../src/core/decimal.js";

const decimalText = (maxScale: number, maxInt = 1_000_000): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: maxScale })).chain(([i, s]) =>
    s === 0 ? fc.constant(String(i)) : fc.integer({ min: 0, max: 10 ** s - 1 }).map((f) => `${i}.${String(f).padStart(s, "0")}`),
  );

/** Graduated ranges as the catalog takes them: from 0, each next from the previous top (or +1), bounds as numbers or texts. */
const graduatedRanges = fc
  .record({
    widths: fc.array(fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constantFrom(0.5, 2.25)), { minLength: 0, maxLength: 4 }),
    plusOne: fc.boolean(),
    asText: fc.boolean(),
    prices: fc.array(decimalText(4, 50), { minLength: 5, maxLength: 5 }),
    flats: fc.array(fc.oneof(fc.constant("0"), decimalText(2, 100)), { minLength: 5, maxLength: 5 }),
  })
  .map(({ widths, plusOne, asText, prices, flats }) => {
    const out: Record<string, unknown>[] = [];
    let from = 0;
    const bound = (x: number): number | string => (asText ? String(x) : x);
    widths.forEach((w, i) => {
      const to = from + w;
      out.push({ from_value: bound(from), to_value: bound(to), per_unit_amount: prices[i]!, flat_amount: flats[i]! });
      from = plusOne && Number.isInteger(to) ? to + 1 : to;
    });
    out.push({ from_value: bound(from), to_value: null, per_unit_amount: prices[4]!, flat_amount: flats[4]! });
    return out;
  });

const units = fc.oneof(
  decimalText(6, 5000),
  fc.integer({ min: 0, max: 100_000_000 }),
  fc.constantFrom("0", "0.0", "007", "999999999999999", "123456789012.345", 9_007_199_254_740_991),
);

/** The general path's answer, or its refusal's issues. */
function general(input: unknown): unknown {
  try {
    return applyChargeModelUncompiled(structuredClone(input));
  } catch (e) {
    return { refused: (e as { issues?: unknown }).issues };
  }
}

describe("the compiled JSON applyChargeModel", () => {
  it("equals the general path on graduated charges (property)", () => {
    let compiledCalls = 0, calls = 0;
    fc.assert(
      fc.property(graduatedRanges, fc.array(units, { minLength: 1, maxLength: 5 }), (ranges, us) => {
        const charge = { charge_model: "graduated", properties: { graduated_ranges: ranges } };
        for (const u of us) {
          const input = { charge, aggregation: { units: u } };
          const expected = general(input);
          if ("refused" in (expected as object)) return; // an invalid charge is never compiled
          expect(applyChargeModel(input)).toEqual(expected);
          const compiled = applyChargeModelCompiled(input);
          calls++;
          if (compiled !== undefined) {
            compiledCalls++;
            expect(compiled).toEqual(expected);
          }
        }
      }),
    );
    // The comparison is worth something only if the compiled path answered most calls.
    expect(compiledCalls).toBeGreaterThan(calls / 2);
  });

  it("equals the general path on standard charges (property)", () => {
    fc.assert(
      fc.property(decimalText(8, 100_000), fc.array(units, { minLength: 1, maxLength: 5 }), (amount, us) => {
        const charge = { charge_model: "standard", properties: { amount } };
        for (const u of us) {
          const input = { charge, aggregation: { units: u } };
          const expected = general(input);
          expect(applyChargeModel(input)).toEqual(expected);
          const compiled = applyChargeModelCompiled(input);
          if (compiled !== undefined) expect(compiled).toEqual(expected);
        }
      }),
    );
  });

  it("is taken for a charge seen before and plain units, and not otherwise", () => {
    const charge = { charge_model: "graduated", properties: { graduated_ranges: [
      { from_value: 0, to_value: 100, per_unit_amount: "0.5", flat_amount: "1" },
      { from_value: 100, to_value: null, per_unit_amount: "0.25", flat_amount: "0" },
    ] } };
    const input = { charge, aggregation: { units: "150" } };
    expect(applyChargeModelCompiled(input)).toBeUndefined(); // not seen yet
    const first = applyChargeModel(input);
    expect(first.amount).toBe("63.5");
    expect(applyChargeModelCompiled(input)).toEqual(first);
    expect(applyChargeModelCompiled({ charge, aggregation: { units: "-1" } })).toBeUndefined();
    expect(applyChargeModelCompiled({ charge, aggregation: { units: "1e3" } })).toBeUndefined();
    expect(applyChargeModelCompiled({ charge, aggregation: { units: "1", events_count: 1 } })).toBeUndefined();
    expect(applyChargeModelCompiled({ charge, aggregation: { units: "1" }, currency: "EUR" })).toBeUndefined();
  });

  it("notices a charge changed in place and rates the new content", () => {
    const ranges = [{ from_value: 0, to_value: null, per_unit_amount: "2", flat_amount: "0" }];
    const charge: Record<string, unknown> = { charge_model: "graduated", properties: { graduated_ranges: ranges } };
    expect(applyChargeModel({ charge, aggregation: { units: "3" } }).amount).toBe("6");
    ranges[0]!.per_unit_amount = "3";
    expect(applyChargeModelCompiled({ charge, aggregation: { units: "3" } })).toBeUndefined();
    expect(applyChargeModel({ charge, aggregation: { units: "3" } }).amount).toBe("9");
    charge["prorated"] = true; // a key added: the compiled form no longer applies
    expect(applyChargeModelCompiled({ charge, aggregation: { units: "3" } })).toBeUndefined();
    delete charge["prorated"];
    charge["bogus"] = 1; // and an unknown key is refused again, not served from the cache
    expect(() => applyChargeModel({ charge, aggregation: { units: "3" } })).toThrow(/unknown_key|bogus/);
  });

  it("writes texts and quotients as the Decimal path does (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 12 }), (m, s) => {
        const d = dec(m).div(dec(10 ** s));
        expect(text(m, s, false)).toBe(toDecimalString(d));
        expect(text(m, s, true)).toBe(toDecimalStringWithPoint(d));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (a, t, d, s) => {
        fc.pre(t >= s);
        const got = quotientText(a, t, d, s);
        if (got === undefined) return;
        expect(got).toBe(toDecimalString(div(dec(a).div(dec(10 ** t)), dec(d).div(dec(10 ** s)))));
      }),
    );
  });
});
