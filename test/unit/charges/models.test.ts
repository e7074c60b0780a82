import { describe, expect, it } from "vitest";
import { dec, rateCharge, type ChargeResult } from "../../../src/index.js";
import { graduated3, graduatedDecimal, graduatedPercentage3, package10, prorated3, range, volume3 } from "./_fixtures.js";

const s = (x: { toString(): string }) => x.toString();
const close = (x: ChargeResult["amount"], want: string, dp: number) => expect(x.round(dp, 1).eq(dec(want))).toBe(true);

describe("standard (§2)", () => {
  const charge = { charge_model: "standard", properties: { amount: "5.12345" } };
  it("prices units × amount; unit_amount divides by full_units_number when present", () => {
    const r = rateCharge(charge, { units: "10" });
    expect([s(r.amount), s(r.unit_amount)]).toEqual(["51.2345", "5.12345"]);
    expect(r.amount_details).toEqual({ kind: "none" });
    expect(s(rateCharge(charge, { units: "10", full_units_number: "100" }).unit_amount)).toBe("0.512345");
  });
  it("projects projected_units × amount", () => {
    const r = rateCharge(charge, { units: "10" }, { period_ratio: "0.5", calculate_projected_usage: true });
    expect([s(r.projected_units!), s(r.projected_amount!)]).toEqual(["20", "102.469"]);
  });
});

describe("graduated (§3.5 table)", () => {
  it.each([
    ["0", "2", "0"],
    ["1", "12", "12"],
    ["10", "102", "10.2"],
    ["11", "110", "10"],
    ["21", "163", null],
    ["10.5", "107.5", null],
  ])("%s units → %s", (units, amount, unit) => {
    const r = rateCharge(graduated3, { units });
    expect(s(r.amount)).toBe(amount);
    if (unit !== null) expect(s(r.unit_amount)).toBe(unit);
  });
  it("12 units: 102 + 13 = 115, unit_amount 9.58333…", () => {
    const r = rateCharge(graduated3, { units: "12" });
    expect(s(r.amount)).toBe("115");
    close(r.unit_amount, "9.58333", 5);
    if (r.amount_details.kind !== "graduated") throw new Error("kind");
    expect(r.amount_details.graduated_ranges.map((d) => [s(d.units), s(d.total_with_flat_amount)])).toEqual([
      ["10", "102"],
      ["2", "13"],
    ]);
  });
  it.each([
    ["0.05", "0.5"],
    ["0.5", "3"],
    ["1.5", "6.5"],
  ])("adjacent decimal ranges: %s units → %s", (units, amount) => {
    expect(s(rateCharge(graduatedDecimal, { units }).amount)).toBe(amount);
  });
  it("the first flat fee is not counted on the pay-in-advance 'before' side (§3.6)", () => {
    const charge = { charge_model: "graduated", properties: { graduated_ranges: [range(0, null, "0.01", "0.01")] } };
    const after = rateCharge(charge, { units: "1" }).amount;
    const before = rateCharge(charge, { units: "0" }, { exclude_event: true }).amount;
    expect(s(after.minus(before))).toBe("0.02");
    expect(s(rateCharge(charge, { units: "0" }).amount)).toBe("0.01");
  });
  it("projects by walking the tiers by capacity (§3.7)", () => {
    const r = rateCharge(graduated3, { units: "12" }, { period_ratio: "0.4", calculate_projected_usage: true });
    expect([s(r.projected_units!), s(r.projected_amount!)]).toEqual(["30", "208"]);
  });
});

describe("graduated percentage (§4)", () => {
  it.each([
    ["0", "200"],
    ["1", "200.01"],
    ["10", "200.1"],
    ["11", "500.12"],
    ["21", "900.33"],
  ])("%s units → %s", (units, amount) => {
    expect(s(rateCharge(graduatedPercentage3, { units }).amount)).toBe(amount);
  });
  it("zeroes the flat fees at 0 units with exclude_event", () => {
    expect(s(rateCharge(graduatedPercentage3, { units: "0" }, { exclude_event: true }).amount)).toBe("0");
  });
});

describe("package (§5)", () => {
  it.each([
    [0, "121", "1300"],
    [10, "121", "1200"],
    [200, "121", "0"],
    [0, "0", "0"],
    [0, "10", "100"],
    [0, "10.001", "200"],
  ])("free %i, %s units → %s", (free, units, amount) => {
    expect(s(rateCharge(package10(free), { units }).amount)).toBe(amount);
  });
  it("divides by the paid units, not the units", () => {
    close(rateCharge(package10(10), { units: "121" }).unit_amount, "10.81", 2);
  });
  it("reports per_package_size 0 at zero units", () => {
    expect(rateCharge(package10(0), { units: "0" }).amount_details).toMatchObject({ kind: "package", per_package_size: 0 });
  });
});

describe("percentage (§6)", () => {
  const base = { rate: "1.3", fixed_amount: "2", free_units_per_events: 3, free_units_per_total_aggregation: "250" };
  const agg = { units: "800", events_count: 4, running_total: ["50", "150", "400"] };
  it("worked example: 7.15 + 4 = 11.15", () => {
    const r = rateCharge({ charge_model: "percentage", properties: base }, agg);
    expect([s(r.amount), s(r.unit_amount)]).toEqual(["11.15", "0.0139375"]);
  });
  it("without the total allowance: 5.2 + 2 = 7.2", () => {
    const props = { ...base, free_units_per_total_aggregation: null };
    expect(s(rateCharge({ charge_model: "percentage", properties: props }, agg).amount)).toBe("7.2");
  });
  const mm = { rate: "2.99", per_transaction_min_amount: "1.75", per_transaction_max_amount: "12" };
  const events = { units: "10090", events_count: 3, running_total: [], event_values: ["10", "80", "10000"] };
  it.each([
    [{}, "16.142"],
    [{ fixed_amount: "2" }, "18.691"],
    [{ free_units_per_events: 2 }, "12"],
    [{ free_units_per_total_aggregation: "30" }, "13.794"],
    [{ free_units_per_events: 3, free_units_per_total_aggregation: "10000" }, "2.691"],
  ])("per-transaction min/max %o → %s", (extra, amount) => {
    expect(s(rateCharge({ charge_model: "percentage", properties: { ...mm, ...extra } }, events).amount)).toBe(amount);
  });
});

describe("volume (§7)", () => {
  it.each([
    ["0", "10"],
    ["1", "12"],
    ["100", "210"],
    ["100.5", "100.5"],
    ["300", "200"],
  ])("%s units → %s", (units, amount) => {
    expect(s(rateCharge(volume3, { units }).amount)).toBe(amount);
  });
  it("prorated: tier chosen by full_units_number, priced on the prorated units", () => {
    const r = rateCharge({ ...volume3, prorated: true }, { units: "198.6", full_units_number: "300" });
    expect(s(r.amount)).toBe("149.3");
    expect(r.amount_details).toMatchObject({ per_unit_amount: dec("0.331") });
  });
});

describe("dynamic (§8)", () => {
  it("Σ precise cents / 100 for EUR", () => {
    const r = rateCharge({ charge_model: "dynamic", properties: {} }, { units: "20", precise_total_amount_cents: "40.2" }, { currency: "EUR" });
    expect([s(r.amount), s(r.unit_amount)]).toEqual(["0.402", "0.0201"]);
  });
  it("JPY has no minor unit", () => {
    const r = rateCharge({ charge_model: "dynamic", properties: {} }, { units: "2", precise_total_amount_cents: "15" }, { currency: "JPY" });
    expect(s(r.amount)).toBe("15");
  });
});

describe("prorated graduated (§10)", () => {
  it("the worked trace gives 191.335", () => {
    const r = rateCharge(prorated3, {
      units: "6.36",
      event_values: ["2", "5", "10", "-6", "4", "60"],
      event_prorated_values: ["1.4", "2.5", "2", "-2.2", "0.667", "2"],
    });
    close(r.amount, "191.335", 3);
    close(r.unit_amount, "2.5511", 4);
  });
  it("one event of 75 crosses three tiers: 370", () => {
    expect(s(rateCharge(prorated3, { units: "75", event_values: ["75"], event_prorated_values: ["75"] }).amount)).toBe("370");
  });
  it("one event 1 prorated 0.7: 107; zero usage: the first flat fee", () => {
    expect(s(rateCharge(prorated3, { units: "0.7", event_values: ["1"], event_prorated_values: ["0.7"] }).amount)).toBe("107");
    expect(s(rateCharge(prorated3, { units: "0" }).amount)).toBe("100");
  });
});

describe("rateCharge", () => {
  it("doc example", () => {
    expect(rateCharge({ charge_model: "standard", properties: { amount: "5.12345" } }, { units: "10" }).amount.toString()).toBe("51.2345");
  });
  it("accepts Decimals as well as strings", () => {
    expect(s(rateCharge({ charge_model: "standard", properties: { amount: dec("2") } }, { units: dec("1.5") }).amount)).toBe("3");
  });
});
