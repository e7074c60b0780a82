import { describe, expect, it } from "vitest";
import { type Decimal, dec } from "../../../src/core/decimal.js";
import type { Charge } from "../../../src/charges/index.js";
import type { Fee } from "../../../src/fees/index.js";
import { type FeeProjectionContext, feeProjection } from "../../../src/usage/_feeProjection.js";

const fee = (f: { units: string; total?: string; precise_cents: string; amount_cents: bigint; pu?: { precise_cents: string; cents: bigint; rate: string } }): Fee => ({
  units: dec(f.units), total_aggregated_units: dec(f.total ?? f.units), precise_amount_cents: dec(f.precise_cents), amount_cents: f.amount_cents,
  ...(f.pu === undefined ? {} : { pricing_unit_details: {
    amount_cents: f.pu.cents, precise_amount_cents: dec(f.pu.precise_cents), unit_amount_cents: 0n, precise_unit_amount: dec(0), conversion_rate: dec(f.pu.rate),
  } }),
}) as unknown as Fee;
const standard = (amount: string, prorated = false): Charge => ({ charge_model: "standard", properties: { amount: dec(amount) }, prorated });
const ctx = (priced: Charge, extra: Partial<FeeProjectionContext> = {}): FeeProjectionContext => ({
  priced, recurring: false, weighted: false, ratio: { passed: 11, total: 31 }, currency: "EUR", ...extra,
});
const show = (p: { units: Decimal; amount_cents: bigint; pricing_unit_amount_cents?: bigint }) => [p.units.toString(), p.amount_cents, p.pricing_unit_amount_cents];

describe("feeProjection (invoice.md §13.2)", () => {
  it("[derived] standard 1 €/unit, 10 units, 11/31 → 28.18 units, 2818 cents", () => {
    expect(show(feeProjection(fee({ units: "10", precise_cents: "1000", amount_cents: 1000n }), ctx(standard("1"))))).toEqual(["28.18", 2818n, undefined]);
  });

  it("prorated charges project the aggregation's (prorated) units, not the full units shown", () => {
    // 10 full units shown, 5 prorated units priced: round(5 × 31 / 11, 2) = 14.09 → 1409.
    expect(show(feeProjection(fee({ units: "10", total: "5", precise_cents: "500", amount_cents: 500n }), ctx(standard("1", true))))).toEqual(["14.09", 1409n, undefined]);
  });

  it("weighted sums project their weighted units", () => {
    expect(show(feeProjection(fee({ units: "2", total: "60", precise_cents: "200", amount_cents: 200n }), ctx(standard("1"), { weighted: true })))).toEqual(["5.64", 564n, undefined]);
  });

  it("models priced by ratio divide the model amount (prorated graduated, percentage, dynamic)", () => {
    const prorated: Charge = { charge_model: "graduated", prorated: true, properties: { graduated_ranges: [
      { from_value: dec(0), to_value: null, per_unit_amount: dec(1), flat_amount: dec(0) }] } };
    // amount 3.3333 € → 3.3333 × 31 / 11 = 9.39390… → 939.
    expect(show(feeProjection(fee({ units: "10", total: "3.3333", precise_cents: "333.33", amount_cents: 333n }), ctx(prorated)))).toEqual(["9.39", 939n, undefined]);
    const dynamic: Charge = { charge_model: "dynamic", properties: {} };
    expect(show(feeProjection(fee({ units: "0", precise_cents: "110", amount_cents: 110n }), ctx(dynamic)))).toEqual(["0", 310n, undefined]);
  });

  it("pricing units: the projection is priced in the pricing unit, then converted to fiat", () => {
    // 2 PU/unit, 10 units, rate 0.5: 28.18 units → 56.36 PU → 28.18 € (2818). invoice.md §13.2.1:
    // pricing_unit_details.projected_amount_cents is that converted figure too (the reference's
    // projection service converts it), not the 5636 pricing-unit cents.
    const f = fee({ units: "10", precise_cents: "1000", amount_cents: 1000n, pu: { precise_cents: "2000", cents: 2000n, rate: "0.5" } });
    expect(show(feeProjection(f, ctx(standard("2"))))).toEqual(["28.18", 2818n, 2818n]);
  });

  it("pricing units, recurring metric: the pricing-unit figure is the current pricing-unit cents", () => {
    const f = fee({ units: "10", precise_cents: "1000", amount_cents: 1000n, pu: { precise_cents: "2000", cents: 2000n, rate: "0.5" } });
    expect(show(feeProjection(f, ctx(standard("2"), { recurring: true })))).toEqual(["10", 1000n, 2000n]);
  });

  it("a recurring metric keeps its current figures; ratio 0 gives 0", () => {
    const f = fee({ units: "7", precise_cents: "1400", amount_cents: 1400n });
    expect(show(feeProjection(f, ctx(standard("2"), { recurring: true })))).toEqual(["7", 1400n, undefined]);
    expect(show(feeProjection(f, ctx(standard("2"), { ratio: { passed: 0, total: 1 } })))).toEqual(["0", 0n, undefined]);
  });

  it("JPY (exponent 0) and CLF (exponent 4) round to their minor units", () => {
    const f = fee({ units: "10", precise_cents: "10", amount_cents: 10n });
    expect(show(feeProjection(f, ctx(standard("1"), { currency: "JPY" })))).toEqual(["28.18", 28n, undefined]);
    // 28.18 × 1.00005 = 28.181409 → 28.1814 → 281814.
    const k = fee({ units: "10", precise_cents: "100005", amount_cents: 100005n });
    expect(show(feeProjection(k, ctx(standard("1.00005"), { currency: "CLF" })))).toEqual(["28.18", 281814n, undefined]);
  });
});
