import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sum } from "../../src/core/decimal.js";
import { type ChargeSpec, type PrepareContext, ValidationError, applyChargeModel, dec, prepareCharge, rateCharge } from "../../src/index.js";
import {
  adjacentGraduatedCharge,
  amount,
  graduatedCharge,
  graduatedPercentageCharge,
  packageCharge,
  percentageCase,
  standardCharge,
  units,
  volumeCharge,
} from "./chargesArbitraries.js";

const rate = (c: ChargeSpec, u: string, ctx: PrepareContext = {}) => rateCharge(c, { ...ctx, units: u });
/** The amount as text, or "refused" for a validation error (units in a gap between volume ranges). */
const outcome = (f: () => { toString(): string }): string => {
  try {
    return f().toString().replace(/^-0$/, "0");
  } catch (e) {
    if (e instanceof ValidationError) return "refused";
    throw e;
  }
};
const ordered = fc.tuple(units, units).map(([a, b]): [string, string] => (dec(a).lte(dec(b)) ? [a, b] : [b, a]));

describe("charge model properties", () => {
  it("graduated amounts never decrease as units grow", () => {
    fc.assert(
      fc.property(graduatedCharge, ordered, (c, [a, b]) => {
        expect(rate(c, a).amount.lte(rate(c, b).amount)).toBe(true);
      }),
    );
  });

  it("volume amounts drop only where the tier changes (and they do drop at a cheaper tier)", () => {
    fc.assert(
      fc.property(volumeCharge, ordered, (c, [a, b]) => {
        if (outcome(() => rate(c, a).amount) === "refused" || outcome(() => rate(c, b).amount) === "refused") return;
        const ra = rate(c, a);
        const rb = rate(c, b);
        if (rb.amount.lt(ra.amount)) expect(rb.amount_details).not.toEqual(ra.amount_details);
        const sameTier =
          ra.amount_details.kind === "volume" &&
          rb.amount_details.kind === "volume" &&
          ra.amount_details.flat_unit_amount.eq(rb.amount_details.flat_unit_amount) &&
          ra.amount_details.per_unit_amount.eq(rb.amount_details.per_unit_amount);
        if (sameTier) expect(ra.amount.lte(rb.amount)).toBe(true);
      }),
    );
    const v = { charge_model: "volume", properties: { volume_ranges: [
      { from_value: 0, to_value: 100, per_unit_amount: "2", flat_amount: "10" },
      { from_value: 101, to_value: null, per_unit_amount: "1", flat_amount: "0" },
    ] } };
    expect(rate(v, "101").amount.lt(rate(v, "100").amount)).toBe(true);
  });

  it("a graduated amount is the sum of its amount_details ranges, each units × price + flat", () => {
    fc.assert(
      fc.property(fc.oneof(graduatedCharge, adjacentGraduatedCharge), units, (c, u) => {
        const r = rate(c, u);
        if (r.amount_details.kind !== "graduated") throw new Error("kind");
        const d = r.amount_details.graduated_ranges;
        for (const x of d) {
          expect(x.per_unit_total_amount.eq(x.units.times(x.per_unit_amount))).toBe(true);
          expect(x.total_with_flat_amount.eq(x.per_unit_total_amount.plus(x.flat_unit_amount))).toBe(true);
        }
        expect(sum(d.map((x) => x.total_with_flat_amount)).eq(r.amount)).toBe(true);
      }),
    );
  });

  it("adjacent graduated ranges split the units exactly (no \"+1\" unit)", () => {
    fc.assert(
      fc.property(adjacentGraduatedCharge, units, (c, u) => {
        const d = rate(c, u).amount_details;
        if (d.kind !== "graduated") throw new Error("kind");
        expect(sum(d.graduated_ranges.map((x) => x.units)).eq(dec(u))).toBe(true);
      }),
    );
  });

  it("volume with one range equals standard plus its flat amount", () => {
    fc.assert(
      fc.property(amount, amount, units, (per, flat, u) => {
        const v = { charge_model: "volume", properties: { volume_ranges: [{ from_value: 0, to_value: null, per_unit_amount: per, flat_amount: flat }] } };
        const s = { charge_model: "standard", properties: { amount: per } };
        expect(rate(v, u).amount.eq(rate(s, u).amount.plus(dec(flat)))).toBe(true);
      }),
    );
  });

  it("a package amount is a whole number of packages, the fewest that cover the paid units", () => {
    fc.assert(
      fc.property(packageCharge, units, (c, u) => {
        const r = rate(c, u);
        const p = c.properties;
        const paid = dec(u).minus(dec(p.free_units));
        if (dec(p.amount).eq(dec(0)) || paid.lte(dec(0))) return;
        const k = r.amount.div(dec(p.amount));
        expect(k.eq(k.round(0, 0))).toBe(true);
        expect(k.times(dec(p.package_size)).gte(paid)).toBe(true);
        expect(k.minus(dec(1)).times(dec(p.package_size)).lt(paid)).toBe(true);
      }),
    );
  });

  it("percentage is linear in units above the free allowance", () => {
    fc.assert(
      fc.property(percentageCase, units, units, ({ charge, context }, a, d) => {
        const free = dec(charge.properties.free_units_per_total_aggregation ?? "0");
        const u1 = free.plus(dec(a)).plus(dec("0.5"));
        const u2 = u1.plus(dec(d));
        const diff = rate(charge, u2.toString(), context).amount.minus(rate(charge, u1.toString(), context).amount);
        expect(diff.eq(dec(d).times(dec(charge.properties.rate)).div(dec(100)))).toBe(true);
      }),
    );
  });

  it("amount_details reconcile with amount for every model", () => {
    const any = fc.oneof(graduatedCharge, graduatedPercentageCharge, volumeCharge, packageCharge, standardCharge);
    fc.assert(
      fc.property(any, units, (c, u) => {
        if (outcome(() => rate(c, u).amount) === "refused") return;
        const r = rate(c, u);
        const d = r.amount_details;
        switch (d.kind) {
          case "graduated":
            return void expect(sum(d.graduated_ranges.map((x) => x.total_with_flat_amount)).eq(r.amount)).toBe(true);
          case "graduated_percentage":
            return void expect(sum(d.graduated_percentage_ranges.map((x) => x.total_with_flat_amount)).eq(r.amount)).toBe(true);
          case "volume":
            return void expect(d.per_unit_total_amount.plus(d.flat_unit_amount).eq(r.amount)).toBe(true);
          case "package":
            if (r.amount.eq(dec(0))) return;
            return void expect(r.amount.div(d.per_package_unit_amount).times(dec(d.per_package_size)).gte(d.paid_units)).toBe(true);
          default:
            return void expect(d).toEqual({ kind: "none" });
        }
      }),
    );
    fc.assert(
      fc.property(percentageCase, units, ({ charge, context }, u) => {
        const r = rate(charge, u, context);
        if (r.amount_details.kind !== "percentage") throw new Error("kind");
        const d = r.amount_details;
        expect(d.per_unit_total_amount.plus(d.fixed_fee_total_amount).plus(d.min_max_adjustment_total_amount).eq(r.amount)).toBe(true);
        expect(d.free_events + d.paid_events).toBe(context.events_count);
      }),
    );
  });

  it("never returns NaN, an exponent or a float artefact", () => {
    const any = fc.oneof(graduatedCharge, graduatedPercentageCharge, volumeCharge, packageCharge, standardCharge);
    const decimal = /^-?\d+(\.\d+)?$/;
    fc.assert(
      fc.property(any, units, fc.constantFrom("0.3", "0.7", "1"), (charge, u, ratio) => {
        if (outcome(() => rate(charge, u).amount) === "refused") return;
        const out = applyChargeModel({ charge, aggregation: { units: u }, period_ratio: ratio, calculate_projected_usage: true });
        const strings = JSON.stringify(out).match(/"[^"]*"/g)!.map((x) => x.slice(1, -1)).filter((x) => /\d/.test(x));
        for (const s of strings) expect(s).toMatch(decimal);
        expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity|e[+-]/);
      }),
    );
  });

  it("the fast path is identical to the big.js models (huge and many-decimal values included)", () => {
    const cases = fc.oneof(
      fc.record({ charge: fc.oneof(graduatedCharge, adjacentGraduatedCharge, graduatedPercentageCharge, volumeCharge, packageCharge, standardCharge), context: fc.constant({}) }),
      percentageCase,
    );
    fc.assert(
      fc.property(cases, fc.array(units, { minLength: 1, maxLength: 8 }), ({ charge, context }, us) => {
        const p = prepareCharge(charge, context);
        expect(p.scaled).toBeDefined();
        for (const u of [...us, ...us.map((x) => `-${x}`), ...nearBounds(charge)]) {
          expect(outcome(() => p.rate(u))).toBe(outcome(() => rate(charge, u, context).amount));
        }
      }),
      { numRuns: 300 },
    );
  });
});


/** Units on and around every range bound of a charge (where tier walks change). */
function nearBounds(charge: { properties: object }): string[] {
  const lists = Object.values(charge.properties).filter(Array.isArray) as { from_value: unknown; to_value: unknown }[][];
  const out: string[] = [];
  for (const r of lists.flat()) {
    for (const b of [r.from_value, r.to_value]) {
      if (b === null) continue;
      const d = dec(String(b));
      for (const delta of ["0", "0.5", "1", "0.001"]) {
        out.push(d.plus(dec(delta)).toString());
        if (d.gte(dec(delta))) out.push(d.minus(dec(delta)).toString());
      }
    }
  }
  return out;
}
