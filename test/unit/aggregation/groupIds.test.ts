import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createGrouper, groupValue } from "../../../src/aggregation/groupBy.js";

describe("group ids", () => {
  // Short strings over a small alphabet: many share a table slot (same length, first and last character).
  const raw = fc.oneof(
    fc.constantFrom("aaa", "aba", "a1a", "bab", "bbb"), // one hash each side: same length and ends
    fc.array(fc.constantFrom("a", "b", "1", ""), { maxLength: 3 }).map((cs) => cs.join("")),
    fc.constantFrom<unknown>(undefined, null, 1, true),
  );
  for (const n of [1, 2, 3]) {
    it(`finds the state of the event's own group (${n} key${n > 1 ? "s" : ""}), whatever the tables hold`, () => {
      const keys = ["k0", "k1", "k2"].slice(0, n);
      fc.assert(fc.property(fc.array(fc.array(raw, { minLength: 3, maxLength: 3 }), { maxLength: 150 }), (rows) => {
        const g = createGrouper(keys, () => ({ values: [] as unknown[] }));
        for (const row of rows) {
          const props = { k0: row[0], k1: row[1], k2: row[2] };
          const values = keys.map((k) => groupValue(props[k as keyof typeof props]));
          const s = g.stateOf(g.idOf(props));
          expect(s).toBe(g.at(values));
          expect(g.resolve(props)).toBe(s);
        }
        const distinct = new Set(rows.map((row) => JSON.stringify(keys.map((_, i) => groupValue(row[i])))));
        expect(g.entries().length).toBe(distinct.size);
      }));
    });
  }
});
