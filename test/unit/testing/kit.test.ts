/**
 * ratecard/testing: the arbitraries produce inputs the entry points accept, and each law holds on
 * ratecard and fails on a price list (or a result) that breaks it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregate, applyChargeModel, simulate } from "../../../src/index.js";
import { arbitraries, laws } from "../../../src/testing/index.js";

const RUNS = { numRuns: 40 };

describe("arbitraries give valid inputs", () => {
  for (const [model, arb] of Object.entries(arbitraries.charges)) {
    it(`${model} charges are accepted by applyChargeModel`, () => {
      fc.assert(fc.property(arb, arbitraries.units, (charge, units) => {
        try {
          applyChargeModel({ charge, aggregation: { units } });
        } catch (err) {
          // A volume charge refuses units in the gap between two ranges: the only refusal allowed.
          expect(model).toBe("volume");
          expect((err as { error_details?: unknown }).error_details).toEqual({ "aggregation.units": ["units_out_of_ranges"] });
        }
      }), RUNS);
    });
  }

  it("metrics and events aggregate", () => {
    fc.assert(fc.property(arbitraries.metric("m"), arbitraries.events("m", "s1", "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"), (metric, events) => {
      const r = aggregate({ billable_metric: metric, events, from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z", charges_duration: 31 }) as { events_count: number };
      expect(r.events_count).toBeLessThanOrEqual(events.length);
    }), RUNS);
  });

  it("timelines simulate without a refused step or a warning", () => {
    fc.assert(fc.property(arbitraries.timeline(), (input) => {
      const r = simulate(input) as unknown as { responses: { error?: unknown }[]; warnings: unknown[] };
      expect(r.responses.filter((x) => x.error !== undefined)).toEqual([]);
      expect(r.warnings).toEqual([]);
    }), { numRuns: 15 });
  });

  it("unitsUpTo stays within its bound", () => {
    fc.assert(fc.property(arbitraries.unitsUpTo("12.5", 2), (u) => {
      expect(Number(u)).toBeLessThanOrEqual(12.5);
      expect(u).toMatch(/^\d+(\.\d{1,2})?$/);
    }), RUNS);
  });
});

describe("laws hold on ratecard", () => {
  it("pricing laws on every model", () => {
    fc.assert(laws.nonNegativeAmount(arbitraries.charge), RUNS);
    fc.assert(laws.monotoneInUnits(arbitraries.charge), RUNS);
    fc.assert(laws.deterministicPrice(arbitraries.charge), RUNS);
  });

  it("invoice laws on timelines", () => {
    fc.assert(laws.invoiceTotalsAddUp(arbitraries.timeline(10)), { numRuns: 10 });
    fc.assert(laws.deterministicSimulation(arbitraries.timeline(10)), { numRuns: 5 });
  });
});

describe("laws catch what breaks them", () => {
  it("priceAtMost finds the units where a price list goes over its ceiling", () => {
    const storage = { charge_model: "graduated", properties: { graduated_ranges: [
      { from_value: 0, to_value: 10, per_unit_amount: "0", flat_amount: "0" },
      { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "1" },
    ] } };
    // 100 units cost 1 + 90 × 0.25 = 23.50: under 25, over 20.
    expect(() => fc.assert(laws.priceAtMost(fc.constant(storage), arbitraries.unitsUpTo("100"), "25"))).not.toThrow();
    expect(() => fc.assert(laws.priceAtMost(fc.constant(storage), arbitraries.unitsUpTo("100"), "20"))).toThrow(/Counterexample/);
  });

  it("monotoneInUnits is vacuous on a percentage charge, checked on a volume one", () => {
    const pct = { charge_model: "percentage", properties: { rate: "1", fixed_amount: "0.5" } };
    expect(() => fc.assert(laws.monotoneInUnits(fc.constant(pct)))).not.toThrow();
    expect(laws.amountFor({ charge_model: "standard", properties: { amount: "2" } }, "3")?.toString()).toBe("6");
  });

  it("totalsChainBreak names the broken link", () => {
    const ok = { fees_amount_cents: 100, progressive_billing_credit_amount_cents: 0, coupons_amount_cents: 10, sub_total_excluding_taxes_amount_cents: 90, taxes_amount_cents: 18, sub_total_including_taxes_amount_cents: 108, credit_notes_amount_cents: 0, prepaid_credit_amount_cents: 8, total_amount_cents: 100, fees: [{ amount_cents: 100, taxes_amount_cents: 18, total_amount_cents: 118 }] };
    expect(laws.totalsChainBreak(ok)).toBeUndefined();
    expect(laws.totalsChainBreak({ ...ok, total_amount_cents: 99 })).toBe("total = incl. − credit notes − prepaid credits");
    expect(laws.totalsChainBreak({ ...ok, fees_amount_cents: 90, sub_total_excluding_taxes_amount_cents: 80, sub_total_including_taxes_amount_cents: 98, total_amount_cents: 90 })).toBe("fees_amount_cents = Σ fee amounts");
    // Amounts beyond 2^53 come as digit strings; the chain is checked exactly.
    const huge = { ...ok, fees_amount_cents: "9007199254740993", sub_total_excluding_taxes_amount_cents: "9007199254740983", sub_total_including_taxes_amount_cents: "9007199254741001", total_amount_cents: "9007199254740993", fees: [{ amount_cents: "9007199254740993", taxes_amount_cents: 18, total_amount_cents: "9007199254741011" }] };
    expect(laws.totalsChainBreak(huge)).toBeUndefined();
    expect(laws.totalsChainBreak({ ...huge, total_amount_cents: "9007199254740992" })).toBe("total = incl. − credit notes − prepaid credits");
  });
});
