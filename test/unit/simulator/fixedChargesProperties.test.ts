/**
 * Properties of units changes of a pay-in-advance fixed charge in `simulate` (periods.md
 * §7.1): a decrease is never refunded and an increase bills from the highest units paid, so
 * the units billed for a window add up to the highest units set in it; the next period bills
 * the last units in full (none when they are 0: a periodic invoice leaves an all-zero fee out).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

interface Fee { item: { type: string }; units: string; amount_cents: number; from_date: string }
interface Invoice { created_at: string; fees: Fee[] }

function run(start: number, changes: readonly number[], price: number) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: true,
      fixed_charges: [{ add_on_code: "seats", charge_model: "standard", units: start, properties: { amount: String(price) }, pay_in_advance: true }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ...changes.map((units, i) => ({ at: `2024-03-${String(i + 2).padStart(2, "0")}T12:00:00Z`, op: "update_subscription_fixed_charge",
        body: { external_subscription_id: "s1", code: "seats", units, apply_units_immediately: true } })),
    ],
    until: "2024-04-01T00:00:00Z",
  });
  return (r.invoices as Invoice[]).map((i) => ({ at: i.created_at, fees: i.fees.filter((f) => f.item.type === "fixed_charge") }));
}

describe("simulate: units changes of an advance fixed charge (properties)", () => {
  it("Σ billed units of March = the highest units set; each fee = units × price; April bills the last units", () => {
    fc.assert(fc.property(fc.nat(30), fc.array(fc.nat(30), { maxLength: 6 }), fc.integer({ min: 1, max: 50 }), (start, changes, price) => {
      const invoices = run(start, changes, price);
      // One invoice at the start, one per change, then the April run.
      expect(invoices).toHaveLength(changes.length + 2);
      const march = invoices.flatMap((i) => i.fees).filter((f) => f.from_date === "2024-03-01T00:00:00Z");
      expect(march.reduce((a, f) => a + Number(f.units), 0)).toBe(Math.max(start, ...changes));
      for (const f of march) expect(f.amount_cents).toBe(Number(f.units) * price * 100);
      const april = invoices.at(-1)!;
      expect(april.at).toBe("2024-04-01T00:00:00Z");
      // A fee with no units (and so no amount) is left off a periodic invoice.
      const last = changes.at(-1) ?? start;
      expect(april.fees.map((f) => Number(f.units))).toEqual(last === 0 ? [] : [last]);
    }), { numRuns: 40 });
  });
});
