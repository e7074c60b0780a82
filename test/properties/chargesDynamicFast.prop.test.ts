/**
 * The dynamic model's fast path (`fast/dynamicKernel.ts`) against the big.js model: the
 * differential property of charges.prop.test.ts covers every other model.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, prepareCharge, rateCharge } from "../../src/index.js";
import { decimalString, units } from "./chargesArbitraries.js";

const dynamic = { charge_model: "dynamic", properties: {} } as const;
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

describe("dynamic fast path", () => {
  it("is identical to the big.js model, with and without full_units_number", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        maybe(fc.oneof(decimalString(10n ** 9n, 3), decimalString(10n ** 30n, 10))),
        maybe(fc.oneof(fc.constant("0"), units)),
        fc.array(fc.oneof(fc.constant("0"), units), { minLength: 1, maxLength: 6 }),
        (currency, cents, full, us) => {
          const context = {
            ...(cents === undefined ? {} : { precise_total_amount_cents: cents }),
            ...(full === undefined ? {} : { full_units_number: full }),
          };
          const p = prepareCharge(dynamic, context, { currency });
          expect(p.scaled).toBeDefined();
          for (const u of [...us, ...us.map((x) => `-${x}`)]) {
            const want = rateCharge(dynamic, { ...context, units: u }, { currency }).amount;
            expect(p.rate(u).eq(want)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
