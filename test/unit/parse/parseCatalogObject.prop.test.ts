/**
 * Properties of the edge parser: total (never throws), faithful (a valid object comes
 * back unchanged, extra keys included), and exact about decimals and required keys.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOG_DECIMAL_PATTERN } from "../../../src/core/decimal.js";
import { ISSUE_CODES } from "../../../src/core/issue.js";
import { CATALOG_KINDS, parseCatalogObject } from "../../../src/index.js";

/** A decimal string built from an integer and a scale (never from a float). */
const decimalString = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }))
  .map(([n, scale]) => {
    const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, "0");
    const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return n < 0n ? `-${body}` : body;
  });

/** Not a charge amount in the reference's grammar (charges.md §19.2). */
const notADecimal = fc.oneof(
  fc.string().filter((s) => !CATALOG_DECIMAL_PATTERN.test(s)),
  fc.constantFrom("1.e", "1,5", "0x10", "NaN", "Infinity", "", ".", "- 5", "1__0", "_1"),
);

const extraKeys = fc.dictionary(
  fc.string({ minLength: 1 }).map((k) => `x_${k}`),
  fc.jsonValue(),
  { maxKeys: 3 },
);

const range = (from: number, to: number | null) =>
  fc.record({ per_unit_amount: decimalString, flat_amount: decimalString }).map((r) => ({ from_value: from, to_value: to, ...r }));

const charge = fc.oneof(
  fc.record({ charge_model: fc.constant("standard"), properties: fc.record({ amount: decimalString }) }),
  fc.record({
    charge_model: fc.constant("package"),
    properties: fc.record({ amount: decimalString, package_size: fc.integer({ min: 1 }), free_units: fc.nat() }),
  }),
  fc.record({
    charge_model: fc.constant("graduated"),
    properties: fc.tuple(range(0, 10), range(11, null)).map((graduated_ranges) => ({ graduated_ranges })),
  }),
  fc.record({
    charge_model: fc.constant("percentage"),
    properties: fc.record({ rate: decimalString, fixed_amount: decimalString, free_units_per_events: fc.nat() }, { requiredKeys: ["rate"] }),
  }),
);

/** The value at `path`, or undefined. */
function at(v: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), v);
}

describe("parseCatalogObject properties", () => {
  it("never throws; every issue has a known code and sits under a node of the input", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CATALOG_KINDS), fc.jsonValue(), (kind, value) => {
        const r = parseCatalogObject(kind, value);
        if (r.ok) return;
        for (const i of r.issues) {
          expect(ISSUE_CODES).toContain(i.code);
          if (i.path.length > 0) expect(typeof at(value, i.path.slice(0, -1))).toBe("object");
        }
      }),
    );
  });

  it("returns a valid charge unchanged, unknown keys included", () => {
    fc.assert(
      fc.property(charge, extraKeys, extraKeys, (c, extra, extraProps) => {
        const input = { billable_metric_code: "m", ...c, properties: { ...c.properties, ...extraProps }, ...extra };
        expect(parseCatalogObject("charge", input)).toEqual({ ok: true, value: input });
      }),
    );
  });

  it("accepts every decimal string (and the reference's other forms: \"1e3\", \".5\" …) and refuses anything else as invalid_amount at its path (charges.md §19.4)", () => {
    for (const good of ["1e3", "1E-3", " 1", "1 ", "+5", ".5", "5.", "1_000", "2d1", "#7"]) {
      expect(parseCatalogObject("charge", { billable_metric_code: "m", charge_model: "standard", properties: { amount: good } }).ok).toBe(true);
    }
    fc.assert(
      fc.property(decimalString, notADecimal, (good, bad) => {
        const c = (amount: unknown) => ({ billable_metric_code: "m", charge_model: "standard", properties: { amount } });
        expect(parseCatalogObject("charge", c(good)).ok).toBe(true);
        const r = parseCatalogObject("charge", c(bad));
        expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["invalid_amount", ["properties", "amount"]]]);
      }),
    );
  });

  it("reports a dropped required key as value_is_mandatory at that key (a plan's interval: value_is_invalid, charges.md §19.4), and nothing else", () => {
    const plan = { code: "p", name: "P", interval: "yearly", amount_cents: 0, amount_currency: "JPY" };
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(plan)), fc.constantFrom(undefined, null), (key, hole) => {
        const r = parseCatalogObject("plan", { ...plan, [key]: hole });
        expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([[key === "interval" ? "value_is_invalid" : "value_is_mandatory", [key]]]);
      }),
    );
  });
});
