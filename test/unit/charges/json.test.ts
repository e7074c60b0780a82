import { describe, expect, it } from "vitest";
import { applyChargeModel } from "../../../src/index.js";
import { graduated3, graduatedDecimal, package10, volume3 } from "./_fixtures.js";

describe("applyChargeModel JSON output (contract §1)", () => {
  it("doc example", () => {
    expect(applyChargeModel({ charge: { charge_model: "standard", properties: { amount: "5.12345" } }, aggregation: { units: "10" } })).toEqual({
      units: "10",
      amount: "51.2345",
      unit_amount: "5.12345",
      amount_details: {},
    });
  });
  it("writes graduated details in the reference's forms (units '10.0', integer bounds as numbers)", () => {
    const out = applyChargeModel({ charge: graduated3, aggregation: { units: "12" } });
    expect(out.amount_details).toEqual({
      graduated_ranges: [
        { from_value: 0, to_value: 10, flat_unit_amount: "2", per_unit_amount: "10", units: "10.0", per_unit_total_amount: "100", total_with_flat_amount: "102" },
        { from_value: 11, to_value: 20, flat_unit_amount: "3", per_unit_amount: "5", units: "2.0", per_unit_total_amount: "10", total_with_flat_amount: "13" },
      ],
    });
  });
  it("keeps decimal bounds as strings", () => {
    const out = applyChargeModel({ charge: graduatedDecimal, aggregation: { units: "0.5" } });
    expect(out.amount_details).toMatchObject({ graduated_ranges: [{ to_value: "0.1" }, { from_value: "0.1", to_value: 1 }] });
  });
  it("writes the fixed zero-units package block", () => {
    expect(applyChargeModel({ charge: package10(0), aggregation: { units: "0" } }).amount_details).toEqual({
      free_units: "0.0",
      paid_units: "0.0",
      per_package_size: 0,
      per_package_unit_amount: "0.0",
    });
  });
  it("writes volume details", () => {
    expect(applyChargeModel({ charge: volume3, aggregation: { units: "101" } }).amount_details).toEqual({
      flat_unit_amount: "0",
      per_unit_amount: "1.0",
      per_unit_total_amount: "101",
    });
  });
  it("writes percentage details with integer event counts", () => {
    const charge = { charge_model: "percentage", properties: { rate: "0", fixed_amount: "2.0" } };
    expect(applyChargeModel({ charge, aggregation: { units: "800", events_count: 4, running_total: [] } }).amount_details).toEqual({
      units: "800.0",
      free_units: "0.0",
      paid_units: "800.0",
      free_events: 0,
      rate: "0",
      per_unit_total_amount: "0",
      paid_events: 4,
      fixed_fee_unit_amount: "2",
      fixed_fee_total_amount: "8.0",
      min_max_adjustment_total_amount: "0.0",
    });
  });
  it("carries at least 20 significant digits in a non-terminating unit_amount and never an exponent", () => {
    const out = applyChargeModel({ charge: graduated3, aggregation: { units: "12" } });
    expect(out.unit_amount).toMatch(/^9\.58333333333333333333\d*$/);
    const tiny = applyChargeModel({ charge: { charge_model: "standard", properties: { amount: "0.0000001" } }, aggregation: { units: "0.0000001" } });
    expect(tiny.amount).toBe("0.00000000000001");
  });
  it("adds projections only when asked", () => {
    const input = { charge: package10(0), aggregation: { units: "121" }, period_ratio: "0.5" };
    expect(applyChargeModel(input)).not.toHaveProperty("projected_units");
    expect(applyChargeModel({ ...input, calculate_projected_usage: true })).toMatchObject({ projected_units: "242", projected_amount: "2500" });
  });
  it("does not mutate its input", () => {
    const input = { charge: volume3, aggregation: { units: "150" } };
    const copy = structuredClone(input);
    applyChargeModel(input);
    expect(input).toEqual(copy);
  });
});
