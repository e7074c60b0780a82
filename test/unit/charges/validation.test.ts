import { describe, expect, it } from "vitest";
import { ValidationError, applyChargeModel, parseCharge, rateCharge } from "../../../src/index.js";
import { range } from "./_fixtures.js";

/** The issues of parsing a charge, as `[dot.path, code]` pairs. */
function issuesOf(charge: unknown): [string, string][] {
  const r = parseCharge(charge);
  return r.ok ? [] : r.issues.map((i) => [i.path.join("."), i.code]);
}

/** The `error_details` of the JSON entry point for an input. */
function errorDetails(input: unknown): Record<string, string[]> {
  try {
    applyChargeModel(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    const err = e as ValidationError;
    expect(err.code).toBe("validation_errors");
    return { ...err.error_details };
  }
  throw new Error("expected a ValidationError");
}

const P = "charge.properties";
const graduated = (ranges: unknown) => ({ charge_model: "graduated", properties: { graduated_ranges: ranges } });
const volume = (ranges: unknown) => ({ charge_model: "volume", properties: { volume_ranges: ranges } });

describe("graduated ranges (§19)", () => {
  it.each<[string, unknown, [string, string][]]>([
    ["missing", undefined, [[`${P}.graduated_ranges`, "missing_graduated_ranges"]]],
    ["empty", [], [[`${P}.graduated_ranges`, "missing_graduated_ranges"]]],
    ["first from 2", [range(2, null, "1", "0")], [[`${P}.graduated_ranges.0.from_value`, "invalid_graduated_ranges"]]],
    ["a gap of 2", [range(0, 10, "1", "0"), range(12, null, "1", "0")], [[`${P}.graduated_ranges.1.from_value`, "invalid_graduated_ranges"]]],
    ["to ≤ from", [range(0, 10, "1", "0"), range(10, 10, "1", "0"), range(10, null, "1", "0")], [[`${P}.graduated_ranges.1.to_value`, "invalid_graduated_ranges"]]],
    ["last range closed", [range(0, 10, "1", "0")], [[`${P}.graduated_ranges.0.to_value`, "invalid_graduated_ranges"]]],
    ["open range not last", [range(0, null, "1", "0"), range(1, null, "1", "0")], [[`${P}.graduated_ranges.0.to_value`, "invalid_graduated_ranges"]]],
    ["negative amount", [range(0, null, "-1", "0")], [[`${P}.graduated_ranges.0.per_unit_amount`, "invalid_amount"]]],
    ["amount as a number", [{ ...range(0, null, "1", "0"), flat_amount: 1 }], [[`${P}.graduated_ranges.0.flat_amount`, "invalid_amount"]]],
    ["amount 1.e (§19.2: an exponent needs a digit)", [range(0, null, "1.e", "0")], [[`${P}.graduated_ranges.0.per_unit_amount`, "invalid_amount"]]],
    ["bound abc", [range("abc", null, "1", "0")], [[`${P}.graduated_ranges.0.from_value`, "invalid_graduated_ranges"]]],
    ["missing flat", [{ from_value: 0, to_value: null, per_unit_amount: "1" }], [[`${P}.graduated_ranges.0.flat_amount`, "invalid_amount"]]],
  ])("%s", (_name, ranges, want) => {
    expect(issuesOf(graduated(ranges))).toEqual(want);
  });
  it("accepts a first from_value of 1 and touching or +1 bounds", () => {
    expect(issuesOf(graduated([range(1, 10, "1", "0"), range(10, 20, "1", "0"), range(21, null, "1", "0")]))).toEqual([]);
  });
  it("reports every bad field at once", () => {
    expect(issuesOf(graduated([range(0, 10, "x", "-2"), range(11, null, "1", "")]))).toEqual([
      [`${P}.graduated_ranges.0.per_unit_amount`, "invalid_amount"],
      [`${P}.graduated_ranges.0.flat_amount`, "invalid_amount"],
      [`${P}.graduated_ranges.1.flat_amount`, "invalid_amount"],
    ]);
  });
});

describe("volume ranges (§19)", () => {
  it("refuses touching bounds", () => {
    expect(issuesOf(volume([range(0, 100, "1", "0"), range(100, null, "1", "0")]))).toEqual([
      [`${P}.volume_ranges.1.from_value`, "invalid_volume_ranges"],
    ]);
  });
  it("accepts + 1 and + 2", () => {
    expect(issuesOf(volume([range(0, 100, "1", "0"), range(101, 200, "1", "0"), range(202, null, "1", "0")]))).toEqual([]);
  });
  it("refuses pay in advance", () => {
    expect(issuesOf({ ...volume([range(0, null, "1", "0")]), pay_in_advance: true })).toEqual([["charge.pay_in_advance", "invalid_aggregation_type_or_charge_model"]]);
  });
});

describe("prorated charges (§13)", () => {
  const std = { charge_model: "standard", properties: { amount: "1" } };
  const pct = { charge_model: "percentage", properties: { rate: "1" } };
  const pkg = { charge_model: "package", properties: { amount: "1", package_size: 2, free_units: 0 } };
  it.each<[string, unknown]>([
    ["standard in arrears", { ...std, prorated: true }],
    ["standard in advance", { ...std, prorated: true, pay_in_advance: true }],
    ["graduated in arrears", { ...graduated([range(0, null, "1", "0")]), prorated: true }],
    ["volume in arrears", { ...volume([range(0, null, "1", "0")]), prorated: true }],
    ["percentage not prorated", { ...pct, prorated: false }],
  ])("accepts %s", (_, charge) => {
    expect(issuesOf(charge)).toEqual([]);
  });
  it.each<[string, unknown]>([
    ["percentage", { ...pct, prorated: true }],
    ["package", { ...pkg, prorated: true }],
    ["dynamic", { charge_model: "dynamic", properties: {}, prorated: true }],
    ["graduated percentage", { charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: [{ from_value: 0, to_value: null, rate: "1", flat_amount: "0" }] }, prorated: true }],
    ["graduated in advance", { ...graduated([range(0, null, "1", "0")]), prorated: true, pay_in_advance: true }],
  ])("refuses %s", (_, charge) => {
    expect(issuesOf(charge)).toEqual([["charge.prorated", "invalid_billable_metric_or_charge_model"]]);
  });
});

describe("graduated percentage, package, percentage, standard (§19)", () => {
  it.each<[string, unknown, [string, string][]]>([
    ["graduated percentage bad rate", { charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: [{ from_value: 0, to_value: null, rate: "-1", flat_amount: "0" }] } }, [[`${P}.graduated_percentage_ranges.0.rate`, "invalid_rate"]]],
    ["package size 0", { charge_model: "package", properties: { amount: "1", package_size: 0, free_units: 0 } }, [[`${P}.package_size`, "invalid_package_size"]]],
    ["package size 1.5", { charge_model: "package", properties: { amount: "1", package_size: 1.5, free_units: 0 } }, [[`${P}.package_size`, "invalid_package_size"]]],
    ["package free −1", { charge_model: "package", properties: { amount: "1", package_size: 2, free_units: -1 } }, [[`${P}.free_units`, "invalid_free_units"]]],
    ["package no amount", { charge_model: "package", properties: { package_size: 2, free_units: 0 } }, [[`${P}.amount`, "invalid_amount"]]],
    ["percentage rate abc", { charge_model: "percentage", properties: { rate: "abc" } }, [[`${P}.rate`, "invalid_rate"]]],
    ["percentage free events 0", { charge_model: "percentage", properties: { rate: "1", free_units_per_events: 0 } }, [[`${P}.free_units_per_events`, "invalid_free_units_per_events"]]],
    ["percentage min > max", { charge_model: "percentage", properties: { rate: "1", per_transaction_min_amount: "5", per_transaction_max_amount: "2" } }, [[P, "per_transaction_max_lower_than_per_transaction_min"]]],
    ["percentage fixed −2", { charge_model: "percentage", properties: { rate: "1", fixed_amount: "-2" } }, [[`${P}.fixed_amount`, "invalid_fixed_amount"]]],
    ["standard amount as number", { charge_model: "standard", properties: { amount: 10 } }, [[`${P}.amount`, "invalid_amount"]]],
    ["standard amount empty", { charge_model: "standard", properties: { amount: "" } }, [[`${P}.amount`, "invalid_amount"]]],
    ["unknown model", { charge_model: "custom", properties: {} }, [["charge.charge_model", "value_is_invalid"]]],
    ["no model", { properties: {} }, [["charge.charge_model", "value_is_mandatory"]]],
    ["prorated not boolean", { charge_model: "standard", prorated: "yes", properties: { amount: "1" } }, [["charge.prorated", "invalid_value"]]],
  ])("%s", (_name, charge, want) => {
    expect(issuesOf(charge)).toEqual(want);
  });
});

describe("applyChargeModel input (contract §1)", () => {
  const std = { charge_model: "standard", properties: { amount: "1" } };
  it.each([["1e5"], ["abc"], [""], [Number.NaN], [null]])("refuses units %s", (units) => {
    const details = errorDetails({ charge: std, aggregation: { units } });
    expect(Object.keys(details)).toEqual(["aggregation.units"]);
  });
  it("collects every issue of the charge, the aggregation and the options", () => {
    expect(
      errorDetails({
        charge: { charge_model: "standard", properties: { amount: "-1" } },
        aggregation: { units: "x", events_count: -1, running_total: ["1", "y"] },
        currency: "XXX",
        period_ratio: "half",
        calculate_projected_usage: "yes",
      }),
    ).toEqual({
      calculate_projected_usage: ["invalid_value"],
      "charge.properties.amount": ["invalid_amount"],
      "aggregation.units": ["invalid_value"],
      "aggregation.running_total.1": ["invalid_value"],
      "aggregation.events_count": ["invalid_value"],
      currency: ["invalid_currency"],
      period_ratio: ["invalid_value"],
    });
  });
  it("needs the currency for dynamic charges", () => {
    expect(errorDetails({ charge: { charge_model: "dynamic", properties: {} }, aggregation: { units: "2" } })).toEqual({
      currency: ["value_is_mandatory"],
    });
  });
  it("refuses units no volume range prices", () => {
    const charge = volume([range(1, 10, "1", "0"), range(11, null, "1", "0")]);
    expect(errorDetails({ charge, aggregation: { units: "-3" } })).toEqual({ "aggregation.units": ["units_out_of_ranges"] });
  });
  it("needs the per-event arrays for prorated graduated charges with usage", () => {
    const charge = { ...graduated([range(0, null, "1", "0")]), prorated: true };
    expect(errorDetails({ charge, aggregation: { units: "2", event_values: ["2"] } })).toEqual({
      "aggregation.event_prorated_values": ["value_is_mandatory"],
    });
  });
  it("needs the running total when free units are set, events_count with a fixed amount", () => {
    const charge = { charge_model: "percentage", properties: { rate: "1", fixed_amount: "1", free_units_per_events: 2 } };
    expect(errorDetails({ charge, aggregation: { units: "2" } })).toEqual({
      "aggregation.running_total": ["value_is_mandatory"],
      "aggregation.events_count": ["value_is_mandatory"],
    });
  });
  it("the typed API throws the same error", () => {
    expect(() => rateCharge({ charge_model: "standard", properties: { amount: "1" } }, { units: "1e5" })).toThrow(ValidationError);
  });
});
