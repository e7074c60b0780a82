/**
 * The typed entries on parsed charges: ranges built by hand (not by `parseCharge`) may be
 * out of order, and the checks that `rateCharge` runs once still reject what they must.
 */
import { describe, expect, it } from "vitest";
import { type Charge, ValidationError, dec, parseCharge, rateCharge, rateParsedCharge } from "../../../src/index.js";
import { volume3 } from "./_fixtures.js";

const r = (from: string, to: string | null, per: string, flat: string) => ({
  from_value: dec(from),
  to_value: to === null ? null : dec(to),
  per_unit_amount: dec(per),
  flat_amount: dec(flat),
});

describe("volume ranges given out of order", () => {
  const sorted = [r("0", "100", "2", "1"), r("101", "200", "1", "5"), r("201", null, "0.5", "10")];
  const shuffled = [sorted[2]!, sorted[0]!, sorted[1]!];
  const charge = (ranges: typeof sorted): Charge => ({ charge_model: "volume", properties: { volume_ranges: ranges } });

  it.each(["0", "50", "100", "100.5", "150", "201", "1000"])("%s units price as with sorted ranges", (units) => {
    const a = rateParsedCharge(charge(shuffled), { units: dec(units) });
    const b = rateParsedCharge(charge(sorted), { units: dec(units) });
    expect(a.amount.toString()).toBe(b.amount.toString());
    expect(a.amount_details).toEqual(b.amount_details);
  });

  it("parseCharge rejects them: the range rules (§19) are checked in the given order", () => {
    const raw = [
      { from_value: 11, to_value: null, per_unit_amount: "1", flat_amount: "0" },
      { from_value: 0, to_value: 10, per_unit_amount: "2", flat_amount: "0" },
    ];
    const parsed = parseCharge({ charge_model: "volume", properties: { volume_ranges: raw } });
    expect(parsed.ok).toBe(false);
  });
});

describe("rateCharge checks the requirements once, still before pricing", () => {
  it("units no volume range prices are units_out_of_ranges", () => {
    let err: unknown;
    try {
      rateCharge(volume3, { units: "-3" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).error_details).toEqual({ "aggregation.units": ["units_out_of_ranges"] });
  });

  it("a dynamic charge without currency is value_is_mandatory", () => {
    expect(() => rateCharge({ charge_model: "dynamic" }, { units: "1", precise_total_amount_cents: "100" })).toThrow(ValidationError);
  });
});
