import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValueCodes, propertyText } from "../../../src/aggregation/_valueCodes.js";

describe("ValueCodes", () => {
  it("gives every raw value the code of its text, whatever the table's slots hold", () => {
    // A small alphabet and short strings: many share a slot (same length, first and last character).
    const raw = fc.oneof(
      fc.array(fc.constantFrom("a", "b", "é", "1", ""), { maxLength: 4 }).map((cs) => cs.join("")),
      fc.constantFrom<unknown>(undefined, null, 1, 1.5, true, { a: 1 }, [1], 10n),
    );
    fc.assert(fc.property(fc.array(raw, { maxLength: 200 }), (values) => {
      const seen = new Map<string | null, number>();
      const codes = new ValueCodes((t) => {
        expect(seen.has(t)).toBe(false); // asked once per text
        seen.set(t, seen.size);
        return seen.size - 1;
      });
      for (const v of values) expect(codes.code(v)).toBe(seen.get(propertyText(v)));
      for (const v of values) expect(codes.code(v)).toBe(seen.get(propertyText(v)));
    }));
  });

  it("tells apart strings that fall into the same slot", () => {
    const codes = new ValueCodes((t) => (t === "a1b" ? 1 : t === "a2b" ? 2 : 0));
    expect([codes.code("a1b"), codes.code("a2b"), codes.code("a1b"), codes.code("a2b")]).toEqual([1, 2, 1, 2]);
    expect([codes.code(undefined), codes.code(null)]).toEqual([0, 0]);
  });
});

describe("ValueCodes with a bound on remembered texts", () => {
  it("keeps answering right after the bound, asking codeOf again for texts left out", () => {
    let calls = 0;
    const codes = new ValueCodes((t) => {
      calls++;
      return t !== null && t.endsWith("7") ? 1 : 0;
    }, 3);
    const values = Array.from({ length: 300 }, (_, i) => `id_${i}`);
    for (let round = 0; round < 2; round++) for (const v of values) expect(codes.code(v)).toBe(v.endsWith("7") ? 1 : 0);
    expect(calls).toBeGreaterThan(values.length); // texts beyond the bound are not kept
  });
});
