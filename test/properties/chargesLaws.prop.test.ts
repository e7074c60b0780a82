/**
 * Laws written once and applied to every model of the table (docs/charge-models.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError, chargeModels, dec, rateCharge, type ChargeModelName } from "../../src/index.js";
import {
  decimalString,
  graduatedCharge,
  graduatedPercentageCharge,
  packageCharge,
  percentageCase,
  standardCharge,
  units,
  volumeCharge,
} from "./chargesArbitraries.js";

type Case = { charge: { charge_model: string; properties: unknown }; context: Record<string, unknown> };
const none = (charge: Case["charge"]): Case => ({ charge, context: {} });

const cases: { readonly [K in ChargeModelName]: fc.Arbitrary<Case> } = {
  standard: standardCharge.map(none),
  graduated: graduatedCharge.map(none),
  graduated_percentage: graduatedPercentageCharge.map(none),
  package: packageCharge.map(none),
  percentage: percentageCase,
  volume: volumeCharge.map(none),
  dynamic: decimalString(10n ** 9n, 3).map((cents) => ({
    charge: { charge_model: "dynamic", properties: {} },
    context: { precise_total_amount_cents: cents, currency: "EUR" },
  })),
};

function amountOf(c: Case, u: string) {
  const { currency, ...aggregation } = c.context;
  try {
    return rateCharge(c.charge, { ...aggregation, units: u }, currency === "EUR" ? { currency: "EUR" } : {}).amount;
  } catch (e) {
    if (e instanceof ValidationError) return undefined; // units in a gap between volume ranges
    throw e;
  }
}

describe.each(Object.values(chargeModels).map((m) => [m.name, m] as const))("laws of %s", (name, model) => {
  const arb = cases[name];
  it("the amount is never negative for non-negative units", () => {
    fc.assert(
      fc.property(arb, units, (c, u) => {
        const a = amountOf(c, u);
        if (a !== undefined) expect(a.gte(dec("0"))).toBe(true);
      }),
    );
  });
  it(model.laws.monotoneInUnits ? "the amount never decreases as units grow" : "(not monotone in units: no law)", () => {
    if (!model.laws.monotoneInUnits) return;
    fc.assert(
      fc.property(arb, units, units, (c, a, b) => {
        const [lo, hi] = dec(a).lte(dec(b)) ? [a, b] : [b, a];
        const x = amountOf(c, lo);
        const y = amountOf(c, hi);
        if (x !== undefined && y !== undefined) expect(x.lte(y)).toBe(true);
      }),
    );
  });
  it("the same input gives the same result (no hidden state)", () => {
    fc.assert(
      fc.property(arb, units, (c, u) => {
        expect(String(amountOf(c, u))).toBe(String(amountOf(c, u)));
      }),
    );
  });
});
