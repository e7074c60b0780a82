/** A charge passed again is parsed once per content; a mutated or invalid charge is parsed afresh. */
import { describe, expect, it } from "vitest";
import { applyChargeModel, isValidationError } from "../../../src/index.js";

describe("applyChargeModel reuses a parsed charge only while its content is unchanged", () => {
  it("a caller mutating its charge object gets the new price", () => {
    const charge = { charge_model: "standard", properties: { amount: "2" } };
    expect(applyChargeModel({ charge, aggregation: { units: "3" } }).amount).toBe("6");
    expect(applyChargeModel({ charge, aggregation: { units: "4" } }).amount).toBe("8");
    charge.properties.amount = "5";
    expect(applyChargeModel({ charge, aggregation: { units: "3" } }).amount).toBe("15");
    (charge as Record<string, unknown>)["charge_model"] = "package";
    Object.assign(charge.properties, { package_size: 2, free_units: 0 });
    expect(applyChargeModel({ charge, aggregation: { units: "3" } }).amount).toBe("10");
  });

  it("a charge made invalid after a valid use is refused", () => {
    const charge: { charge_model: string; properties: Record<string, unknown> } = { charge_model: "standard", properties: { amount: "1" } };
    expect(applyChargeModel({ charge, aggregation: { units: "1" } }).amount).toBe("1");
    charge.properties["amount"] = "x";
    let refused = false;
    try {
      applyChargeModel({ charge, aggregation: { units: "1" } });
    } catch (err) {
      refused = isValidationError(err);
    }
    expect(refused).toBe(true);
    delete charge.properties["amount"];
    charge.properties["extra"] = undefined;
    expect(() => applyChargeModel({ charge, aggregation: { units: "1" } })).toThrow();
  });

  it("nested arrays: a range edited in place is seen", () => {
    const ranges = [{ from_value: 0, to_value: 10, per_unit_amount: "1", flat_amount: "0" }, { from_value: 10, to_value: null, per_unit_amount: "2", flat_amount: "0" }];
    const charge = { charge_model: "graduated", properties: { graduated_ranges: ranges } };
    expect(applyChargeModel({ charge, aggregation: { units: "12" } }).amount).toBe("14");
    ranges[1]!.per_unit_amount = "3";
    expect(applyChargeModel({ charge, aggregation: { units: "12" } }).amount).toBe("16");
  });
});
