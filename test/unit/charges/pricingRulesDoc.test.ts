/**
 * Checks of ratecard against a public third-party description of the reference's pricing
 * behaviour (rules "BE-PR-n"). One `it` per rule checked, named by the rule id; figures are
 * the document's. Where the document gives a "compat" and a "corrected" profile, the test
 * asserts the profile that ../shared/docs/semantics/charges.md follows (noted per test).
 * Rules skipped (outside ratecard or needing a timeline not covered here) are listed at the end.
 */
import { describe, expect, it } from "vitest";
import {
  ValidationError,
  applyChargeModel,
  chargeFeeAmounts,
  dec,
  fixedChargeDeltaFee,
  fixedChargeUnits,
  keepChargeFee,
  parseCharge,
  payInAdvanceDeltas,
  payInAdvanceFeeAmounts,
  priceFixedChargeUnits,
  rateCharge,
  trueUpFeeAmounts,
  upgradedFixedChargeAmount,
} from "../../../src/index.js";
import type { Instant } from "../../../src/index.js";
import { graduated3, graduatedPercentage3, package10, prorated3, range, volume3 } from "./_fixtures.js";

type Json = Record<string, unknown>;

/** The JSON entry point, returning a loosely typed result. */
function acm(charge: unknown, aggregation: Json, extra: Json = {}): Json & { amount: string; unit_amount: string; amount_details: Json } {
  return applyChargeModel({ charge, aggregation, ...extra } as never) as never;
}

/** Decimal strings compared by value. */
function num(x: unknown): string {
  return dec(String(x)).toString();
}

/** Round a decimal string half-up at n places (for quotients that do not terminate). */
function rnd(x: unknown, n: number): string {
  return dec(String(x)).round(n, 1).toString();
}

/** The validation codes of parsing a charge, without their paths. */
function codesOf(charge: unknown): string[] {
  const r = parseCharge(charge);
  return r.ok ? [] : r.issues.map((i) => i.code);
}

const utc = (s: string) => Date.parse(s) as Instant;

describe("charge models (BE-PR-1 … BE-PR-38)", () => {
  it("BE-PR-1: non-terminating quotients keep ≥ 32 significant digits (1300/121, 163/21)", () => {
    // package size 10, amount 100, 121 units → 1300 / 121
    const pkg = acm(package10(0), { units: "121" });
    expect(num(pkg.amount)).toBe("1300");
    expect(rnd(pkg.unit_amount, 30)).toBe("10.743801652892561983471074380165");
    // graduated3 at 21 units → 163 / 21
    const g = acm(graduated3, { units: "21" });
    expect(num(g.amount)).toBe("163");
    expect(rnd(g.unit_amount, 31)).toBe("7.7619047619047619047619047619048");
  });

  it("BE-PR-6: standard amount = U × amount; negative units give a negative amount; details {}", () => {
    const std = { charge_model: "standard", properties: { amount: "5.12345" } };
    const r = acm(std, { units: "10" });
    expect(num(r.amount)).toBe("51.2345");
    expect(r.amount_details).toEqual({});
    expect(num(acm(std, { units: "-2" }).amount)).toBe("-10.2469");
  });

  it("BE-PR-7: unit_amount = amount / (FU ?? U), 0 when the divisor is 0 even with a non-zero amount", () => {
    const std = { charge_model: "standard", properties: { amount: "5.12345" } };
    expect(num(acm(std, { units: "10" }).unit_amount)).toBe("5.12345");
    expect(num(acm(std, { units: "10", full_units_number: "100" }).unit_amount)).toBe("0.512345");
    const g0 = acm(graduated3, { units: "0" });
    expect(num(g0.amount)).toBe("2");
    expect(num(g0.unit_amount)).toBe("0");
  });

  it("BE-PR-8: package — a started package is billed in full; free units; paid < 0 → 0", () => {
    const p = { charge_model: "package", properties: { amount: "100", package_size: 10, free_units: 0 } };
    expect(num(acm(p, { units: "10.0001" }).amount)).toBe("200");
    expect(num(acm(p, { units: "10" }).amount)).toBe("100");
    expect(num(acm(package10(10), { units: "121" }).amount)).toBe("1200");
    expect(num(acm(package10(200), { units: "121" }).amount)).toBe("0");
  });

  it("BE-PR-9: package count on 10.00000000000000001 paid units (corrected profile: exact ceiling → 2 packages; charges.md §5 is exact)", () => {
    // compat (binary64) would count 1 package; charges.md §5 uses exact decimals, as the corrected profile.
    const p = { charge_model: "package", properties: { amount: "100", package_size: 10, free_units: 0 } };
    expect(num(acm(p, { units: "10.00000000000000001" }).amount)).toBe("200");
  });

  it("BE-PR-10: package unit_amount divides by paid units (0 when paid ≤ 0)", () => {
    expect(rnd(acm(package10(10), { units: "121" }).unit_amount, 20)).toBe(rnd(dec(1200).div(dec(111)), 20));
    expect(num(acm(package10(200), { units: "121" }).unit_amount)).toBe("0");
    expect(num(acm(package10(10), { units: "10" }).unit_amount)).toBe("0");
  });

  it("BE-PR-11: package amount_details at U = 0, paid < 0 and otherwise", () => {
    const zero = acm(package10(5), { units: "0" }).amount_details;
    expect(zero).toEqual({ free_units: "0.0", paid_units: "0.0", per_package_size: 0, per_package_unit_amount: "0.0" });
    const neg = acm(package10(200), { units: "121" }).amount_details;
    expect(num(neg.free_units)).toBe("200");
    expect(num(neg.paid_units)).toBe("0");
    expect(neg.per_package_size).toBe(10);
    expect(num(neg.per_package_unit_amount)).toBe("100");
    const pos = acm(package10(10), { units: "121" }).amount_details;
    expect(num(pos.free_units)).toBe("10");
    expect(num(pos.paid_units)).toBe("111");
    expect(pos.per_package_size).toBe(10);
    expect(num(pos.per_package_unit_amount)).toBe("100");
  });

  it("BE-PR-12: graduated walks ranges in stored order; units on a to_value stay in that range", () => {
    const at10 = acm(graduated3, { units: "10" });
    expect(num(at10.amount)).toBe("102");
    expect((at10.amount_details.graduated_ranges as unknown[]).length).toBe(1);
    const at11 = acm(graduated3, { units: "11" });
    expect(num(at11.amount)).toBe("110");
    expect((at11.amount_details.graduated_ranges as unknown[]).length).toBe(2);
  });

  it("BE-PR-13: adjacent ranges and the integer convention price integer units identically", () => {
    const adjacent = { charge_model: "graduated", properties: { graduated_ranges: [range(0, 10, "10", "2"), range(10, 20, "5", "3"), range(20, null, "5", "3")] } };
    for (const u of ["0", "1", "10", "11", "15", "20", "21", "30"]) {
      expect(num(acm(adjacent, { units: u }).amount)).toBe(num(acm(graduated3, { units: u }).amount));
    }
  });

  it("BE-PR-14: tier units; fractional usage between integer tiers falls in the upper tier (10.5 = 10 + 0.5)", () => {
    const r = acm(graduated3, { units: "10.5" });
    expect(num(r.amount)).toBe("107.5");
    const tiers = r.amount_details.graduated_ranges as Json[];
    expect(tiers.map((t) => num(t.units))).toEqual(["10", "0.5"]);
  });

  it("BE-PR-15: graduated tier detail fields and amount = Σ total_with_flat_amount", () => {
    const tiers = acm(graduated3, { units: "12" }).amount_details.graduated_ranges as Json[];
    expect(tiers.map((t) => [t.from_value, t.to_value, num(t.flat_unit_amount), num(t.per_unit_amount), num(t.units), num(t.per_unit_total_amount), num(t.total_with_flat_amount)])).toEqual([
      [0, 10, "2", "10", "10", "100", "102"],
      [11, 20, "3", "5", "2", "10", "13"],
    ]);
    // per_unit_amount is 0 in a tier with 0 units (U = 0)
    const zero = acm(graduated3, { units: "0" }).amount_details.graduated_ranges as Json[];
    expect(num(zero[0]?.per_unit_amount)).toBe("0");
  });

  it("BE-PR-16: zero usage bills the first tier's flat (graduated, volume, graduated percentage); flat 0 and price 0 bill 0", () => {
    expect(num(acm(graduated3, { units: "0" }).amount)).toBe("2");
    expect(num(acm(volume3, { units: "0" }).amount)).toBe("10");
    expect(num(acm(graduatedPercentage3, { units: "0" }).amount)).toBe("200");
    const free = { charge_model: "graduated", properties: { graduated_ranges: [range(0, 10, "0", "0"), range(11, null, "1", "5")] } };
    expect(num(acm(free, { units: "0" }).amount)).toBe("0");
  });

  it("BE-PR-17: with exclude_event and U = 0 graduated bills 0 (no flat)", () => {
    expect(rateCharge(graduated3, { units: "0" }, { exclude_event: true }).amount.toString()).toBe("0");
  });

  it("BE-PR-18: graduated percentage uses the graduated walk and stop rule", () => {
    expect(num(acm(graduatedPercentage3, { units: "10" }).amount)).toBe("200.1");
    expect((acm(graduatedPercentage3, { units: "10" }).amount_details.graduated_percentage_ranges as unknown[]).length).toBe(1);
    expect(num(acm(graduatedPercentage3, { units: "11" }).amount)).toBe("500.12");
    expect(num(acm(graduatedPercentage3, { units: "21" }).amount)).toBe("900.33");
  });

  it("BE-PR-19: graduated percentage tier units ignore adjacency (15 over [0,10],[10,∞) = 10 + 6); exact decimals on decimal bounds", () => {
    const gp = (ranges: Json[]) => ({ charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: ranges } });
    const touching = gp([
      { from_value: 0, to_value: 10, rate: "1", flat_amount: "0" },
      { from_value: 10, to_value: null, rate: "1", flat_amount: "0" },
    ]);
    const t = acm(touching, { units: "15" }).amount_details.graduated_percentage_ranges as Json[];
    expect(t.map((x) => num(x.units))).toEqual(["10", "6"]);
    // Compat keeps the adjacency quirk (charges.md §4 too) but subtracts JSON-float bounds in binary64
    // (0.09999999999999998); charges.md computes in exact decimals (no float noted), which gives 0.1 and 1.4.
    const decimal = gp([
      { from_value: 0, to_value: 0.1, rate: "1", flat_amount: "0" },
      { from_value: 0.1, to_value: 1, rate: "1", flat_amount: "0" },
      { from_value: 1, to_value: null, rate: "1", flat_amount: "0" },
    ]);
    const d = acm(decimal, { units: "0.5" }).amount_details.graduated_percentage_ranges as Json[];
    expect(d.map((x) => num(x.units))).toEqual(["0.1", "1.4"]);
  });

  it("BE-PR-20: graduated percentage detail fields", () => {
    const tiers = acm(graduatedPercentage3, { units: "11" }).amount_details.graduated_percentage_ranges as Json[];
    expect(tiers.map((t) => [t.from_value, t.to_value, num(t.flat_unit_amount), num(t.rate), num(t.units), num(t.per_unit_total_amount), num(t.total_with_flat_amount)])).toEqual([
      [0, 10, "200", "1", "10", "0.1", "200.1"],
      [11, 20, "300", "2", "1", "0.02", "300.02"],
    ]);
    expect(num(acm(graduatedPercentage3, { units: "10" }).unit_amount)).toBe("20.01");
  });

  it("BE-PR-21: graduated percentage with exclude_event and U = 0: flats 0, amount 0", () => {
    const r = rateCharge(graduatedPercentage3, { units: "0" }, { exclude_event: true });
    expect(r.amount.toString()).toBe("0");
    const det = r.amount_details as unknown as { graduated_percentage_ranges: { flat_unit_amount: { toString(): string }; total_with_flat_amount: { toString(): string } }[] };
    for (const t of det.graduated_percentage_ranges) {
      expect(num(t.flat_unit_amount.toString())).toBe("0");
      expect(num(t.total_with_flat_amount.toString())).toBe("0");
    }
  });

  it("BE-PR-22: prorated volume picks the tier with full units (N = FU)", () => {
    const r = acm({ ...volume3, prorated: true }, { units: "198.6", full_units_number: "300" });
    expect(num(r.amount)).toBe("149.3");
  });

  it("BE-PR-23: volume tier match by ceil(N) (100.5 → the range starting at 101); on to_value stays low", () => {
    expect(num(acm(volume3, { units: "100.5" }).amount)).toBe("100.5");
    expect(num(acm(volume3, { units: "100" }).amount)).toBe("210");
    expect(num(acm(volume3, { units: "300" }).amount)).toBe("200");
  });

  it("BE-PR-24: volume amount = U × price + flat; unit_amount = amount / N", () => {
    const r = acm({ ...volume3, prorated: true }, { units: "198.6", full_units_number: "300" });
    expect(rnd(r.unit_amount, 20)).toBe(rnd(dec("149.3").div(dec(300)), 20));
    expect(num(acm(volume3, { units: "1" }).amount)).toBe("12");
  });

  it("BE-PR-25: volume per_unit_amount detail = per_unit_total / N (corrected profile: exact, per charges.md §7)", () => {
    // compat converts the numerator to binary64 first (0.33333333333333333333333333333333);
    // charges.md §7 names no float here, so the exact quotient is expected.
    const v = { charge_model: "volume", properties: { volume_ranges: [range(0, null, "0.333333333333333333", "0")] } };
    const r = acm(v, { units: "3" });
    expect(num(r.amount_details.per_unit_amount)).toBe("0.333333333333333333");
    const p = acm({ ...volume3, prorated: true }, { units: "198.6", full_units_number: "300" }).amount_details;
    expect([num(p.flat_unit_amount), num(p.per_unit_amount), num(p.per_unit_total_amount)]).toEqual(["50", "0.331", "99.3"]);
  });

  it("BE-PR-26: volume with negative N fails (compat profile; charges.md §7: 'No matching range (e.g. negative N) is an error')", () => {
    expect(() => acm(volume3, { units: "-3" })).toThrow(ValidationError);
  });

  it("BE-PR-27: percentage free units (worked example: FT 250 caps; FT unset → last)", () => {
    const pct = (props: Json) => ({ charge_model: "percentage", properties: { rate: "1.3", fixed_amount: "2", ...props } });
    const r = acm(pct({ free_units_per_events: 3, free_units_per_total_aggregation: "250" }), { units: "800", events_count: 4, running_total: ["50", "150", "400"] });
    expect(num(r.amount_details.free_units)).toBe("250");
    const r2 = acm(pct({ free_units_per_events: 3 }), { units: "800", events_count: 4, running_total: ["50", "150", "400"] });
    expect(num(r2.amount_details.free_units)).toBe("400");
    // FE < |RT| → RT[FE − 1]
    const r3 = acm(pct({ free_units_per_events: 1 }), { units: "800", events_count: 4, running_total: ["50", "150"] });
    expect(num(r3.amount_details.free_units)).toBe("50");
  });

  it("BE-PR-28: free events = smallest non-zero of {FE, #RT < FA}; an event reaching FA exactly is paid", () => {
    const charge = { charge_model: "percentage", properties: { rate: "10", fixed_amount: "1", free_units_per_total_aggregation: "20" } };
    // three events of 10 → RT [10, 20, 30]: only 10 is strictly below 20 → 1 free event
    const r = acm(charge, { units: "30", events_count: 3, running_total: ["10", "20", "30"] });
    expect(r.amount_details.free_events).toBe(1);
    expect(r.amount_details.paid_events).toBe(2);
    expect(num(r.amount)).toBe("3"); // (30 − 20) × 10 % + 2 × 1
  });

  it("BE-PR-29: percentage amount = (U − free) × r/100 + (C − FC) × f (worked example 11.15; FT unset 7.2)", () => {
    const pct = (props: Json) => ({ charge_model: "percentage", properties: { rate: "1.3", fixed_amount: "2", ...props } });
    expect(num(acm(pct({ free_units_per_events: 3, free_units_per_total_aggregation: "250" }), { units: "800", events_count: 4, running_total: ["50", "150", "400"] }).amount)).toBe("11.15");
    expect(num(acm(pct({ free_units_per_events: 3 }), { units: "800", events_count: 4, running_total: ["50", "150", "400"] }).amount)).toBe("7.2");
    // F = 0 when U = 0
    expect(num(acm(pct({}), { units: "0", events_count: 2, running_total: [] }).amount)).toBe("0");
  });

  it("BE-PR-30: per-transaction min/max (always applied in ratecard); FA keeps covering after FE (compat, = charges.md §6.5)", () => {
    const pct = (props: Json) => ({ charge_model: "percentage", properties: { rate: "2.99", per_transaction_min_amount: "1.75", per_transaction_max_amount: "12", ...props } });
    const ev = { units: "10090", events_count: 3, event_values: ["10", "80", "10000"] };
    expect(num(acm(pct({}), { ...ev, running_total: [] }).amount)).toBe("16.142");
    expect(num(acm(pct({ fixed_amount: "2" }), { ...ev, running_total: [] }).amount)).toBe("18.691");
    expect(num(acm(pct({ free_units_per_events: 2 }), { ...ev, running_total: ["10", "90"] }).amount)).toBe("12");
    expect(num(acm(pct({ free_units_per_total_aggregation: "30" }), { ...ev, running_total: ["10", "90"] }).amount)).toBe("13.794");
    // FE 1, FA 100: FA keeps covering the second event although FE is used up (compat, RBD-41)
    expect(num(acm(pct({ free_units_per_events: 1, free_units_per_total_aggregation: "100" }), { ...ev, running_total: ["10"] }).amount)).toBe("12");
  });

  it("BE-PR-31: percentage details; zero units with stale running totals still report free units and events", () => {
    const charge = { charge_model: "percentage", properties: { rate: "1.3", fixed_amount: "2", free_units_per_events: 3, free_units_per_total_aggregation: "250" } };
    const d = acm(charge, { units: "0", events_count: 4, running_total: ["50", "150", "400"] }).amount_details;
    expect(num(d.free_units)).toBe("250");
    expect(d.free_events).toBe(2);
    expect(d.paid_events).toBe(2);
    expect(num(d.fixed_fee_total_amount)).toBe("0");
    expect(num(d.paid_units)).toBe("0");
    const d2 = acm(charge, { units: "800", events_count: 4, running_total: ["50", "150", "400"] }).amount_details;
    expect([num(d2.units), num(d2.free_units), num(d2.paid_units), num(d2.rate), num(d2.per_unit_total_amount), num(d2.fixed_fee_unit_amount), num(d2.fixed_fee_total_amount), num(d2.min_max_adjustment_total_amount)]).toEqual([
      "800", "250", "550", "1.3", "7.15", "2", "4", "0",
    ]);
    // per-transaction mode: adjustment = amount − P − F
    const mm = acm({ charge_model: "percentage", properties: { rate: "2.99", per_transaction_min_amount: "1.75", per_transaction_max_amount: "12" } }, { units: "10090", events_count: 3, event_values: ["10", "80", "10000"], running_total: [] }).amount_details;
    expect(num(mm.min_max_adjustment_total_amount)).toBe(num(dec("16.142").minus(dec("301.691"))));
  });

  it("BE-PR-32: percentage unit_amount = amount / (FU ?? U)", () => {
    const charge = { charge_model: "percentage", properties: { rate: "1.3", fixed_amount: "2", free_units_per_events: 3, free_units_per_total_aggregation: "250" } };
    expect(num(acm(charge, { units: "800", events_count: 4, running_total: ["50", "150", "400"] }).unit_amount)).toBe("0.0139375");
  });

  it("BE-PR-33: dynamic amount = Σ precise cents / subunit (JPY 1; CLF 10 000 stands in for KWD, absent from the spec's currency list); 0 when units are 0", () => {
    const dyn = { charge_model: "dynamic", properties: {} };
    expect(num(acm(dyn, { units: "20", precise_total_amount_cents: "40.2" }, { currency: "EUR" }).amount)).toBe("0.402");
    expect(num(acm(dyn, { units: "20", precise_total_amount_cents: "40.2" }, { currency: "EUR" }).unit_amount)).toBe("0.0201");
    expect(num(acm(dyn, { units: "2", precise_total_amount_cents: "1500" }, { currency: "JPY" }).amount)).toBe("1500");
    expect(num(acm(dyn, { units: "2", precise_total_amount_cents: "1500" }, { currency: "CLF" }).amount)).toBe("0.15");
    expect(num(acm(dyn, { units: "0", precise_total_amount_cents: "1500" }, { currency: "EUR" }).amount)).toBe("0");
  });

  it("BE-PR-35: prorated graduated algorithm (single event 107; 75 units 370; worked trace ≈ 191.335)", () => {
    expect(num(acm(prorated3, { units: "0.7", event_values: ["1"], event_prorated_values: ["0.7"] }).amount)).toBe("107");
    expect(num(acm(prorated3, { units: "75", event_values: ["75"], event_prorated_values: ["75"] }).amount)).toBe("370");
    const trace = acm(prorated3, { units: "6.36", event_values: ["2", "5", "10", "-6", "4", "60"], event_prorated_values: ["1.4", "2.5", "2", "-2.2", "0.667", "2"] });
    expect(rnd(trace.amount, 3)).toBe("191.335");
  });

  it("BE-PR-36: prorated graduated flats follow the peak full units (temporary spike into tier 2 bills its flat)", () => {
    // full [10, −6], prorated [5, −2]: per-unit part 25 + 5/6, flats 100 + 50 (peak 10)
    const r = acm(prorated3, { units: "3", event_values: ["10", "-6"], event_prorated_values: ["5", "-2"] });
    expect(rnd(r.amount, 6)).toBe("175.833333");
  });

  it("BE-PR-37: prorated graduated with units and no per-event data (compat: fails; the reference's charge-model factory now prices the units as plain graduated)", () => {
    // charges.md §10 is silent; the reference's factory falls back to graduated without an aggregator (docs/charge-models.md).
    expect(num(acm(prorated3, { units: "2" }).amount)).toBe("120");
    // One per-event list without the other is still refused.
    expect(() => acm(prorated3, { units: "2", event_values: ["2"] })).toThrow(ValidationError);
  });

  it("BE-PR-38: prorated graduated unit_amount = amount / Σ full; details {}", () => {
    const r = acm(prorated3, { units: "75", event_values: ["75"], event_prorated_values: ["75"] });
    expect(rnd(r.unit_amount, 20)).toBe(rnd(dec(370).div(dec(75)), 20));
    expect(r.amount_details).toEqual({});
  });
});

describe("projections (BE-PR-39, BE-PR-40)", () => {
  it("BE-PR-39: projected units = round_half_away(U / ρ, 2); 0 at U = 0 or ρ ≤ 0", () => {
    const std = { charge_model: "standard", properties: { amount: "1" } };
    expect(num(acm(std, { units: "10" }, { period_ratio: "0.3", calculate_projected_usage: true }).projected_units)).toBe("33.33");
    expect(num(acm(std, { units: "1" }, { period_ratio: "0.16", calculate_projected_usage: true }).projected_units)).toBe("6.25");
    expect(num(acm(std, { units: "1" }, { period_ratio: "0.08", calculate_projected_usage: true }).projected_units)).toBe("12.5");
    expect(num(acm(std, { units: "0" }, { period_ratio: "0.3", calculate_projected_usage: true }).projected_units)).toBe("0");
    expect(num(acm(std, { units: "5" }, { period_ratio: "0", calculate_projected_usage: true }).projected_units)).toBe("0");
  });

  it("BE-PR-40: projected amount per model", () => {
    const p = { period_ratio: "0.4", calculate_projected_usage: true };
    // standard: PU × amount
    expect(num(acm({ charge_model: "standard", properties: { amount: "2" } }, { units: "12" }, p).projected_amount)).toBe("60");
    // graduated: re-price PU by capacities (30 → 102 + 53 + 53)
    expect(num(acm(graduated3, { units: "12" }, p).projected_amount)).toBe("208");
    // graduated at PU = 0: 0 (no flat)
    expect(num(acm(graduated3, { units: "0" }, p).projected_amount)).toBe("0");
    // package: ceil((PU − free) / size) × amount (121 at 0.5 → 242 → 25 packages)
    expect(num(acm(package10(0), { units: "121" }, { ...p, period_ratio: "0.5" }).projected_amount)).toBe("2500");
    // volume: PU × price + flat of PU's range (60 at 0.5 → 120 → 120 × 1)
    expect(num(acm(volume3, { units: "60" }, { ...p, period_ratio: "0.5" }).projected_amount)).toBe("120");
    // percentage and graduated percentage: amount / ρ
    expect(num(acm({ charge_model: "percentage", properties: { rate: "10" } }, { units: "100", events_count: 1 }, p).projected_amount)).toBe("25");
    expect(num(acm(graduatedPercentage3, { units: "10" }, p).projected_amount)).toBe("500.25");
  });
});

describe("pay in advance (BE-PR-43 … BE-PR-49)", () => {
  const gradAdvance = { charge_model: "graduated", pay_in_advance: true, properties: { graduated_ranges: [range(0, null, "0.01", "0.01")] } };

  it("BE-PR-43: delta = price(A, C) − price(A − a, C − 1, exclude_event): first event of a tiered charge pays the first flat", () => {
    const charge = parseOk(gradAdvance);
    const [d] = payInAdvanceDeltas("sum_agg", [{ value: dec(1) }]);
    const fee = payInAdvanceFeeAmounts({ charge, aggregation: { units: dec(1), events_count: 1 }, delta: d!, currency: "EUR" });
    expect(fee.amount_cents).toBe(2n);
    // second event of 1 unit: 0.03 − 0.02
    const fee2 = payInAdvanceFeeAmounts({ charge, aggregation: { units: dec(2), events_count: 2 }, delta: { delta: dec(1), applied: dec(1), raises: true, total: dec(2) }, currency: "EUR" });
    expect(fee2.amount_cents).toBe(1n);
  });

  it("BE-PR-45: volume has no in-advance algorithm (refused)", () => {
    expect(codesOf({ ...volume3, pay_in_advance: true })).toEqual(["invalid_aggregation_type_or_charge_model"]);
  });

  it("BE-PR-46: in-advance amount_cents half away, precise cents unrounded, unit_amount = rounded delta / units", () => {
    const charge = parseOk({ charge_model: "standard", pay_in_advance: true, properties: { amount: "0.333" } });
    const fee = payInAdvanceFeeAmounts({ charge, aggregation: { units: dec(3), events_count: 1 }, delta: { delta: dec(3), applied: dec(3), raises: true, total: dec(3) }, currency: "EUR" });
    expect(fee.amount_cents).toBe(100n);
    expect(num(fee.precise_amount_cents.toString())).toBe("99.9");
    expect(rnd(fee.precise_unit_amount.toString(), 20)).toBe(rnd(dec(1).div(dec(3)), 20));
  });

  it("BE-PR-47: an event that does not raise the high-water mark shows its applied units and amount 0", () => {
    const ds = payInAdvanceDeltas("sum_agg", [{ value: dec(10) }, { value: dec(-3) }, { value: dec(2) }]);
    expect(ds.map((d) => [d.delta.toString(), d.applied.toString(), d.raises])).toEqual([["10", "10", true], ["0", "0", false], ["0", "2", false]]);
    const charge = parseOk({ charge_model: "standard", pay_in_advance: true, properties: { amount: "1" } });
    const fee = payInAdvanceFeeAmounts({ charge, aggregation: { units: dec(9), events_count: 3 }, delta: ds[2]!, currency: "EUR" });
    expect([fee.units.toString(), fee.amount_cents]).toEqual(["2", 0n]);
  });

  it("BE-PR-48: in-advance details — graduated percentage per_unit_total_amount = round(Δtotal_with_flat / Δunits, 2) (compat, = charges.md §15); others {}", () => {
    const charge = parseOk({ ...graduatedPercentage3, pay_in_advance: true });
    const fee = payInAdvanceFeeAmounts({ charge, aggregation: { units: dec(5), events_count: 1 }, delta: { delta: dec(5), applied: dec(5), raises: true, total: dec(5) }, currency: "EUR" });
    const ranges = (fee.amount_details as { graduated_percentage_ranges: Record<string, { toString(): string }>[] }).graduated_percentage_ranges;
    expect(ranges.length).toBe(1);
    expect(num(ranges[0]!.per_unit_total_amount!.toString())).toBe("40.01"); // 200.05 / 5
    expect(num(ranges[0]!.flat_unit_amount!.toString())).toBe("200");
    expect(num(ranges[0]!.units!.toString())).toBe("5");
    const std = parseOk({ charge_model: "standard", pay_in_advance: true, properties: { amount: "1" } });
    expect(payInAdvanceFeeAmounts({ charge: std, aggregation: { units: dec(5), events_count: 1 }, delta: { delta: dec(5), applied: dec(5), raises: true, total: dec(5) }, currency: "EUR" }).amount_details).toEqual({});
  });

  it("BE-PR-48: in-advance percentage details are differences, free_units = units − paid_units", () => {
    const charge = parseOk({ charge_model: "percentage", pay_in_advance: true, properties: { rate: "10", fixed_amount: "1", free_units_per_events: 1 } });
    // second event of 50 after a first of 30 (free): RT [30] (the first FE events)
    const fee = payInAdvanceFeeAmounts({
      charge, aggregation: { units: dec(80), events_count: 2, running_total: [dec(30)] },
      delta: { delta: dec(50), applied: dec(50), raises: true, total: dec(80) }, currency: "EUR",
    });
    const d = fee.amount_details as Record<string, { toString(): string } | number>;
    expect(num(String(d.units))).toBe("50");
    expect(num(String(d.paid_units))).toBe("50");
    expect(num(String(d.free_units))).toBe("0");
    expect(fee.amount_cents).toBe(600n); // 50 × 10 % + 1
  });

  it("BE-PR-49: in-advance fee — unit_amount_cents truncated, units = delta, events_count 1", () => {
    const charge = parseOk({ charge_model: "standard", pay_in_advance: true, properties: { amount: "0.333" } });
    const fee = payInAdvanceFeeAmounts({ charge, aggregation: { units: dec(3), events_count: 1 }, delta: { delta: dec(3), applied: dec(3), raises: true, total: dec(3) }, currency: "EUR" });
    expect(fee.unit_amount_cents).toBe(33n); // 1.00 / 3 = 0.3333 → 33.33 cents truncated
    expect(fee.units.toString()).toBe("3");
    expect(fee.events_count).toBe(1);
    // created even when its amount is 0
    const zero = payInAdvanceFeeAmounts({ charge: parseOk({ charge_model: "standard", pay_in_advance: true, properties: { amount: "0" } }), aggregation: { units: dec(1), events_count: 1 }, delta: { delta: dec(1), applied: dec(1), raises: true, total: dec(1) }, currency: "EUR" });
    expect(zero.amount_cents).toBe(0n);
  });
});

describe("from pricing result to fee (BE-PR-52 … BE-PR-58)", () => {
  const feeOf = (amount: string, unit_amount: string, currency: "EUR" | "JPY" = "EUR", extra: Partial<Parameters<typeof chargeFeeAmounts>[0]> = {}) =>
    chargeFeeAmounts({
      result: { units: dec(1), amount: dec(amount), unit_amount: dec(unit_amount) },
      aggregation: { events_count: 1 },
      currency,
      charge: {},
      ...extra,
    });

  it("BE-PR-52: a negative amount or units become 0 before the money fields; details kept", () => {
    const f = chargeFeeAmounts({
      result: { units: dec(-2), amount: dec(-10), unit_amount: dec(5), amount_details: { graduated_ranges: [{ units: "-2" }] } },
      aggregation: { events_count: 1 },
      currency: "EUR",
      charge: {},
    });
    expect([f.units.toString(), f.amount_cents, f.precise_amount_cents.toString(), f.unit_amount_cents, f.precise_unit_amount.toString()]).toEqual(["0", 0n, "0", 0n, "0"]);
    expect(f.amount_details).toEqual({ graduated_ranges: [{ units: "-2" }] });
  });

  it("BE-PR-53: amount_cents = round_half_away(amount, e) × s; precise cents unrounded", () => {
    expect(feeOf("11.145", "1").amount_cents).toBe(1115n);
    expect(feeOf("0.116", "1").amount_cents).toBe(12n);
    expect(feeOf("12.5", "1", "JPY").amount_cents).toBe(13n);
    expect(num(feeOf("11.145", "1").precise_amount_cents.toString())).toBe("1114.5");
  });

  it("BE-PR-54: unit_amount_cents truncated toward zero (0.0125 → 1, 0.0199 → 1)", () => {
    expect(feeOf("1", "0.0125").unit_amount_cents).toBe(1n);
    expect(feeOf("1", "0.0199").unit_amount_cents).toBe(1n);
    expect(num(feeOf("1", "0.0199").precise_unit_amount.toString())).toBe("0.0199");
  });

  it("BE-PR-55: stored units — prorated → FU; current usage of prorated / in-advance → current_usage_units; total_aggregated_units", () => {
    const base = { result: { units: dec("3.5"), amount: dec(7), unit_amount: dec(2), full_units_number: dec(10) }, currency: "EUR" as const };
    expect(chargeFeeAmounts({ ...base, aggregation: { events_count: 1 }, charge: { prorated: true } }).units.toString()).toBe("10");
    expect(chargeFeeAmounts({ ...base, aggregation: { events_count: 1, current_usage_units: dec(8) }, charge: { prorated: true }, current_usage: true }).units.toString()).toBe("8");
    expect(chargeFeeAmounts({ ...base, aggregation: { events_count: 1, current_usage_units: dec(8) }, charge: { pay_in_advance: true }, current_usage: true }).units.toString()).toBe("8");
    expect(chargeFeeAmounts({ ...base, aggregation: { events_count: 1 }, charge: {} }).units.toString()).toBe("3.5");
    expect(chargeFeeAmounts({ ...base, aggregation: { events_count: 1, total_aggregated_units: dec(42) }, charge: {} }).total_aggregated_units.toString()).toBe("42");
    expect(chargeFeeAmounts({ ...base, aggregation: { events_count: 1 }, charge: {} }).total_aggregated_units.toString()).toBe("3.5");
  });

  it("BE-PR-56: a fee is kept with units, amount or events; all-zero fees only in current usage / adjusted / true-up / renewal", () => {
    const z = { units: dec(0), amount_cents: 0n, events_count: 0 };
    expect(keepChargeFee(z)).toBe(false);
    expect(keepChargeFee({ ...z, events_count: 1 })).toBe(true); // clamped to zero but counted events
    expect(keepChargeFee({ ...z, amount_cents: 200n })).toBe(true); // zero-usage first-tier flat
    expect(keepChargeFee(z, { current_usage: true })).toBe(true);
    expect(keepChargeFee(z, { adjusted: true })).toBe(true);
    expect(keepChargeFee(z, { true_up_parent: true })).toBe(true);
    expect(keepChargeFee(z, { renewal: true })).toBe(true);
  });

  it("BE-PR-58: amount_details integers stay JSON integers (from_value, per_package_size, free_events)", () => {
    const g = acm(graduated3, { units: "12" }).amount_details.graduated_ranges as Json[];
    expect(g[0]?.from_value).toBe(0);
    expect(acm(package10(0), { units: "121" }).amount_details.per_package_size).toBe(10);
    const pct = acm({ charge_model: "percentage", properties: { rate: "1", free_units_per_events: 2 } }, { units: "10", events_count: 3, running_total: ["1", "3"] }).amount_details;
    expect(pct.free_events).toBe(2);
    // decimal values are strings
    expect(typeof g[0]?.per_unit_total_amount).toBe("string");
  });

  // charges.md §3.4: a bound is copied with the JSON type it was given.
  it("BE-PR-58: a value copied from the properties keeps its JSON type (to_value: 0.1)", () => {
    const d = acm({ charge_model: "graduated", properties: { graduated_ranges: [range(0, 0.1, "10", "0"), range(0.1, null, "5", "0")] } }, { units: "0.5" }).amount_details.graduated_ranges as Json[];
    expect(d[0]?.to_value).toBe(0.1);
  });
});

describe("charge minimum true-up (BE-PR-60 … BE-PR-63)", () => {
  const fee = (cents: bigint) => ({ amount_cents: cents, precise_amount_cents: dec(cents.toString()) });

  it("BE-PR-60: no fee when used ≥ prorated minimum; used sums all fees of the charge", () => {
    expect(trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 31, fees: [fee(600n), fee(400n)], currency: "EUR" })).toBeUndefined();
    expect(trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 31, fees: [fee(600n), fee(300n)], currency: "EUR" })?.amount_cents).toBe(100n);
  });

  it("BE-PR-61: true-up fee — 300 for a full month, 284 for 15 of 31 days; units 1, events 0, unit_amount_cents = amount_cents", () => {
    const full = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 31, fees: [fee(700n)], currency: "EUR" })!;
    expect([full.amount_cents, full.unit_amount_cents, full.units.toString(), full.events_count, full.total_aggregated_units.toString()]).toEqual([300n, 300n, "1", 0, "1"]);
    const part = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 15, fees: [fee(200n)], currency: "EUR" })!;
    expect(part.amount_cents).toBe(284n);
    // precise = dec(binary64 483.8709677419355) − 200
    expect(num(part.precise_amount_cents.toString())).toBe("283.8709677419355");
  });

  // charges.md §17 / invoice.md §0.2 (dec16): the binary prorated minimum enters as 16 significant digits, cut.
  it("BE-PR-61 (BE-PR-85 conversion): a binary64 prorated minimum meets decimals truncated to 16 significant digits", () => {
    const r = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 30, billed_days: 7, fees: [fee(100n)], currency: "EUR" })!;
    expect(r.amount_cents).toBe(133n);
    expect(num(r.precise_amount_cents.toString())).toBe("133.3333333333333");
  });

  it("BE-PR-62: true-up with a pricing unit — 300 pricing-unit cents at rate 0.25 → 75 fiat cents", () => {
    const r = trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 31, fees: [fee(700n)], currency: "EUR", pricing_unit: { conversion_rate: dec("0.25") } })!;
    expect(r.amount_cents).toBe(75n);
    expect(r.pricing_unit_details?.amount_cents).toBe(300n);
  });

  it("BE-PR-63: pricing-unit conversion rounds twice (compat, = charges.md §16.5): 10.005 PU at 0.5 → 1001 PU cents → 501 cents", () => {
    const f = chargeFeeAmounts({
      result: { units: dec(1), amount: dec("10.005"), unit_amount: dec("10.005") },
      aggregation: { events_count: 1 },
      currency: "EUR",
      charge: {},
      pricing_unit: { conversion_rate: dec("0.5") },
    });
    expect(f.pricing_unit_details?.amount_cents).toBe(1001n);
    expect(num(f.pricing_unit_details?.precise_amount_cents.toString())).toBe("1000.5");
    expect(f.amount_cents).toBe(501n);
  });
});

describe("fixed charges (BE-PR-66 … BE-PR-72)", () => {
  const march = { start: utc("2024-03-01T00:00:00Z"), end: utc("2024-04-01T00:00:00Z") };
  const april = { start: utc("2024-04-01T00:00:00Z"), end: utc("2024-05-01T00:00:00Z") };

  it("BE-PR-68: units without proration — the last-created considered event wins (creation order, not timestamps)", () => {
    const events = [
      { timestamp: utc("2024-04-20T00:00:00Z"), units: dec(7) },
      { timestamp: utc("2024-04-10T00:00:00Z"), units: dec(3) },
    ];
    const u = fixedChargeUnits(events, april, { prorated: false, duration_in_days: 30, timezone: "UTC" });
    expect([u.units.toString(), u.full_units_number.toString()]).toEqual(["3", "3"]);
    // the last-created event before the window counts; none → 0
    expect(fixedChargeUnits([{ timestamp: utc("2024-03-05T00:00:00Z"), units: dec(4) }], april, { prorated: false, duration_in_days: 30, timezone: "UTC" }).units.toString()).toBe("4");
    expect(fixedChargeUnits([], april, { prorated: false, duration_in_days: 30, timezone: "UTC" }).units.toString()).toBe("0");
  });

  it("BE-PR-69: prorated units — Σ round(days / duration × units, 6); superseded events dropped; FU = last-created", () => {
    const events = [
      { timestamp: utc("2024-03-20T00:00:00Z"), units: dec(10) },
      { timestamp: utc("2024-04-16T00:00:00Z"), units: dec(20) },
    ];
    const u = fixedChargeUnits(events, april, { prorated: true, duration_in_days: 30, timezone: "UTC" });
    expect([u.units.toString(), u.full_units_number.toString()]).toEqual(["15", "20"]);
    // 10 units from 1 March, 1/3 of 31 days rounded to 6 places
    const third = fixedChargeUnits([{ timestamp: utc("2024-03-21T00:00:00Z"), units: dec(1) }], march, { prorated: true, duration_in_days: 31, timezone: "UTC" });
    expect(third.units.toString()).toBe("0.354839"); // 11/31
    // a later-created event with an earlier timestamp drops the earlier-created one
    const dropped = fixedChargeUnits(
      [{ timestamp: utc("2024-04-16T00:00:00Z"), units: dec(20) }, { timestamp: utc("2024-04-01T00:00:00Z"), units: dec(10) }],
      april, { prorated: true, duration_in_days: 30, timezone: "UTC" },
    );
    expect([dropped.units.toString(), dropped.full_units_number.toString()]).toEqual(["10", "10"]);
  });

  it("BE-PR-70: fixed-charge fee — zero units bill the first tier flat; prorated volume picks the tier with FU", () => {
    const grad = { charge_model: "graduated" as const, properties: { graduated_ranges: [{ from_value: dec(0), to_value: dec(10), per_unit_amount: dec(1), flat_amount: dec(5) }, { from_value: dec(11), to_value: null, per_unit_amount: dec(1), flat_amount: dec(0) }] } };
    expect(priceFixedChargeUnits(grad as never, dec(0), "EUR").amount_cents).toBe(500n);
    const vol = { charge_model: "volume" as const, properties: { volume_ranges: [{ from_value: dec(0), to_value: dec(10), per_unit_amount: dec(2), flat_amount: dec(0) }, { from_value: dec(11), to_value: null, per_unit_amount: dec(1), flat_amount: dec(0) }] } };
    // 15 units, prorated to 7.5: priced at the tier of 15 (1 €) → 7.50
    expect(priceFixedChargeUnits(vol as never, dec("7.5"), "EUR", dec(15)).amount_cents).toBe(750n);
  });

  it("BE-PR-71: in-advance fixed-charge delta — 10 → 15 units × 10.00 → 5 units, 5 000; a decrease bills 0", () => {
    const fc = { charge_model: "standard" as const, properties: { amount: dec(10) }, prorated: false };
    const up = fixedChargeDeltaFee({ fixed_charge: fc as never, new_units: dec(15), paid_units: [dec(10)], changed_at: utc("2024-03-06T00:00:00Z"), window: march, fixed_charges_duration_in_days: 31, currency: "EUR" });
    expect([up.units.toString(), up.amount_cents, up.unit_amount_cents]).toEqual(["5", 5000n, 1000n]);
    const down = fixedChargeDeltaFee({ fixed_charge: fc as never, new_units: dec(5), paid_units: [dec(10)], changed_at: utc("2024-03-06T00:00:00Z"), window: march, fixed_charges_duration_in_days: 31, currency: "EUR" });
    expect([down.units.toString(), down.amount_cents]).toEqual(["0", 0n]);
  });

  // Was a MISMATCH, fixed in src/fees/fixedChargeDelta.ts.
  it("BE-PR-71: prorated delta — coef = (end date − change date + 1) / duration; unit_amount_cents rounded, not truncated", () => {
    const fc = { charge_model: "standard" as const, properties: { amount: dec(10) }, prorated: true };
    const april30 = { start: april.start, end: april.end };
    // change on 11 April: 20 days of 30 left → 1 unit × 10 × 20/30 = 6.666… → 667 cents
    const f = fixedChargeDeltaFee({ fixed_charge: fc as never, new_units: dec(11), paid_units: [dec(10)], changed_at: utc("2024-04-11T12:00:00Z"), window: april30, fixed_charges_duration_in_days: 30, currency: "EUR" });
    expect(f.amount_cents).toBe(667n);
    expect(f.units.toString()).toBe("1");
    expect(f.unit_amount_cents).toBe(667n);
  });

  it("BE-PR-71: prorated delta counts UTC calendar dates (compat; periods.md §7.1 says UTC dates)", () => {
    const fc = { charge_model: "standard" as const, properties: { amount: dec(30) }, prorated: true };
    // 2024-04-10T23:30Z is 11 April in Paris but 10 April in UTC → 21 days of 30 → 21.00
    const f = fixedChargeDeltaFee({ fixed_charge: fc as never, new_units: dec(1), paid_units: [], changed_at: utc("2024-04-10T23:30:00Z"), window: april, fixed_charges_duration_in_days: 30, currency: "EUR" });
    expect(f.amount_cents).toBe(2100n);
  });

  // Was a MISMATCH, fixed in src/fees/fixedChargeDelta.ts.
  it("BE-PR-72: upgrade credit D = round_half_away(prev × cur_days / prev_days) is rounded before it is subtracted", () => {
    const r = upgradedFixedChargeAmount({
      new_amount_cents: 10n,
      previous_fee_amount_cents: 1n,
      previous_fee_at: utc("2024-04-29T00:00:00Z"),
      previous_window: april,
      new_window: { start: utc("2024-04-30T00:00:00Z"), end: april.end },
    });
    expect(r).toBe(9n);
  });

  it("BE-PR-72: upgrade credit — elapsed-seconds day counts, floored at 0", () => {
    const r = upgradedFixedChargeAmount({
      new_amount_cents: 1000n,
      previous_fee_amount_cents: 3000n,
      previous_fee_at: utc("2024-04-01T00:00:00Z"),
      previous_window: april,
      new_window: { start: utc("2024-04-16T00:00:00Z"), end: april.end },
    });
    expect(r).toBe(0n); // D = 3000 × 15 / 30 = 1500 > 1000
    const r2 = upgradedFixedChargeAmount({
      new_amount_cents: 3000n,
      previous_fee_amount_cents: 3000n,
      previous_fee_at: utc("2024-04-01T00:00:00Z"),
      previous_window: april,
      new_window: { start: utc("2024-04-16T12:00:00Z"), end: april.end },
    });
    expect(r2).toBe(1500n); // cur_days = ceil(14.5) = 15
  });
});

describe("validation (BE-PR-73 … BE-PR-79)", () => {
  const std = (amount: unknown) => ({ charge_model: "standard", properties: { amount } });

  it("BE-PR-73: decimal parameters must be strings ≥ 0; JSON numbers, NaN, Infinity, hex, commas, negatives refused; -0 passes", () => {
    for (const bad of [5, "NaN", "Infinity", "0x10", "1,5", "1 000", "abc", "-1"]) {
      expect(codesOf(std(bad))).toEqual(["invalid_amount"]);
    }
    expect(codesOf(std("-0"))).toEqual([]);
    expect(codesOf(std("5.12345"))).toEqual([]);
  });

  // charges.md §19.2: the reference's decimal grammar (Ruby BigDecimal()).
  it("BE-PR-73: the permissive decimal grammar (exponent, leading/trailing dot, sign, underscores, spaces)", () => {
    for (const ok of ["1e3", ".5", "5.", "+5", " 5 ", "1_000", "2d1", "1E-2"]) {
      expect(codesOf(std(ok))).toEqual([]);
    }
  });

  // charges.md §19.4: a null required amount is invalid_amount.
  it("BE-PR-73: a null decimal parameter → invalid_amount", () => {
    expect(codesOf(std(null))).toEqual(["invalid_amount"]);
  });

  it("BE-PR-74: standard invalid_amount; package invalid_amount / invalid_package_size / invalid_free_units", () => {
    expect(codesOf(std(10))).toEqual(["invalid_amount"]);
    expect(codesOf({ charge_model: "package", properties: { amount: 1, package_size: 10, free_units: 0 } })).toEqual(["invalid_amount"]);
    expect(codesOf({ charge_model: "package", properties: { amount: "1", package_size: 0, free_units: 0 } })).toEqual(["invalid_package_size"]);
    expect(codesOf({ charge_model: "package", properties: { amount: "1", package_size: "10", free_units: 0 } })).toEqual(["invalid_package_size"]);
    expect(codesOf({ charge_model: "package", properties: { amount: "1", package_size: 10, free_units: -1 } })).toEqual(["invalid_free_units"]);
  });

  // charges.md §19.1: free_units must be present once properties are given.
  it("BE-PR-74: package free_units must be present", () => {
    expect(codesOf({ charge_model: "package", properties: { amount: "1", package_size: 10 } })).toEqual(["invalid_free_units"]);
  });

  it("BE-PR-75: percentage rate / fixed_amount / free_units_per_events / free_units_per_total_aggregation / min ≤ max codes", () => {
    const pct = (p: Json) => ({ charge_model: "percentage", properties: { rate: "1", ...p } });
    expect(codesOf(pct({ rate: "x" }))).toEqual(["invalid_rate"]);
    expect(codesOf(pct({ fixed_amount: "x" }))).toEqual(["invalid_fixed_amount"]);
    expect(codesOf(pct({ free_units_per_events: 0 }))).toEqual(["invalid_free_units_per_events"]);
    expect(codesOf(pct({ free_units_per_events: 1.5 }))).toEqual(["invalid_free_units_per_events"]);
    expect(codesOf(pct({ free_units_per_total_aggregation: 5 }))).toEqual(["invalid_free_units_per_total_aggregation"]);
    expect(codesOf(pct({ per_transaction_min_amount: "5", per_transaction_max_amount: "2" }))).toEqual(["per_transaction_max_lower_than_per_transaction_min"]);
    expect(codesOf(pct({ per_transaction_min_amount: "2", per_transaction_max_amount: "5" }))).toEqual([]);
  });

  // charges.md §19.4: a per-transaction bound present and invalid is invalid_amount.
  it("BE-PR-75: a non-decimal per-transaction bound → invalid_amount", () => {
    expect(codesOf({ charge_model: "percentage", properties: { rate: "1", per_transaction_min_amount: "x" } })).toEqual(["invalid_amount"]);
  });

  it("BE-PR-76: range bounds — graduated may start at 1 and touch; volume refuses touching, accepts a skipped value", () => {
    const g = (ranges: unknown) => ({ charge_model: "graduated", properties: { graduated_ranges: ranges } });
    const v = (ranges: unknown) => ({ charge_model: "volume", properties: { volume_ranges: ranges } });
    const gp = (ranges: unknown) => ({ charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: ranges } });
    expect(codesOf(g([range(1, 10, "1", "0"), range(10, null, "1", "0")]))).toEqual([]);
    expect(codesOf(g([range(0, 10, "1", "0"), range(12, null, "1", "0")]))).toEqual(["invalid_graduated_ranges"]);
    expect(codesOf(g([range(0, 10, "1", "0")]))).toEqual(["invalid_graduated_ranges"]);
    expect(codesOf(g([range(0, 10, "1", "0"), range(10, 10, "1", "0"), range(10, null, "1", "0")]))).toContain("invalid_graduated_ranges");
    expect(codesOf(v([range(0, 10, "1", "0"), range(10, null, "1", "0")]))).toEqual(["invalid_volume_ranges"]);
    expect(codesOf(v([range(0, 100, "1", "0"), range(102, null, "1", "0")]))).toEqual([]);
    expect(codesOf(g([range(0, null, "-1", "0")]))).toEqual(["invalid_amount"]);
    expect(codesOf(gp([{ from_value: 0, to_value: null, rate: "x", flat_amount: "0" }]))).toEqual(["invalid_rate"]);
    expect(codesOf(gp([{ from_value: 0, to_value: null, rate: "1", flat_amount: "x" }]))).toEqual(["invalid_amount"]);
    expect(codesOf(gp([{ from_value: 0, to_value: 10, rate: "1", flat_amount: "0" }, { from_value: 12, to_value: null, rate: "1", flat_amount: "0" }]))).toEqual(["invalid_graduated_percentage_ranges"]);
  });

  // charges.md §19.4: missing, null or empty ranges are missing_<key>.
  it("BE-PR-76: empty or missing ranges → missing_<key>", () => {
    expect(codesOf({ charge_model: "graduated", properties: { graduated_ranges: [] } })).toEqual(["missing_graduated_ranges"]);
    expect(codesOf({ charge_model: "graduated", properties: {} })).toEqual(["missing_graduated_ranges"]);
    expect(codesOf({ charge_model: "volume", properties: { volume_ranges: [] } })).toEqual(["missing_volume_ranges"]);
    expect(codesOf({ charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: [] } })).toEqual(["missing_graduated_percentage_ranges"]);
  });

  // Was a MISMATCH, fixed in src/charges/parseCharge.ts (checkGroupKeys).
  it("BE-PR-77: grouping keys validation (invalid_type, too_many_keys, value_is_duplicated)", () => {
    const std1 = (p: Json) => ({ charge_model: "standard", properties: { amount: "1", ...p } });
    expect(codesOf(std1({ pricing_group_keys: [""] }))).toEqual(["invalid_type"]);
    expect(codesOf(std1({ pricing_group_keys: "region" }))).toEqual(["invalid_type"]);
    expect(codesOf(std1({ presentation_group_keys: [{ value: "a" }, { value: "b" }, { value: "c" }] }))).toEqual(["too_many_keys"]);
    expect(codesOf(std1({ presentation_group_keys: [{ value: "a" }, { value: "a" }] }))).toEqual(["value_is_duplicated"]);
  });

  it("BE-PR-79: charge-level constraints — volume in advance, prorated combinations", () => {
    expect(codesOf({ ...volume3, pay_in_advance: true })).toEqual(["invalid_aggregation_type_or_charge_model"]);
    expect(codesOf({ charge_model: "standard", properties: { amount: "1" }, prorated: true, pay_in_advance: true })).toEqual([]);
    expect(codesOf({ ...graduated3, prorated: true })).toEqual([]);
    expect(codesOf({ ...volume3, prorated: true })).toEqual([]);
    expect(codesOf({ ...graduated3, prorated: true, pay_in_advance: true })).toEqual(["invalid_billable_metric_or_charge_model"]);
    expect(codesOf({ ...package10(0), prorated: true })).toEqual(["invalid_billable_metric_or_charge_model"]);
    expect(codesOf({ charge_model: "percentage", properties: { rate: "1" }, prorated: true })).toEqual(["invalid_billable_metric_or_charge_model"]);
  });

  // charges.md §19.4: an unknown charge model is charge_model: value_is_invalid.
  it("BE-PR-79: an unknown charge model → value_is_invalid", () => {
    expect(codesOf({ charge_model: "banana", properties: {} })).toEqual(["value_is_invalid"]);
  });
});

/** Parses a charge spec for the typed fee API (throws on a bad spec). */
function parseOk(spec: unknown) {
  const r = parseCharge(spec);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

/*
 * Skipped:
 * - BE-PR-2, BE-PR-5, BE-PR-51 (buckets, filters, grouping: aggregation/fees level, not priced by the model alone);
 * - BE-PR-3, BE-PR-4, BE-PR-85 (framing rules; their figures are checked under the rules they name);
 * - BE-PR-34 (custom aggregation), BE-PR-41, BE-PR-42 (projected-usage API), BE-PR-44, BE-PR-83, BE-PR-84
 *   (estimate / price-simulator endpoints), BE-PR-59, BE-PR-86 (premium licence gates), BE-PR-64, BE-PR-65
 *   (pricing-unit records and in-advance pricing units: no typed entry point here);
 * - BE-PR-50, BE-PR-57, BE-PR-66, BE-PR-67, BE-PR-78, BE-PR-80, BE-PR-81, BE-PR-82 (API/record-level
 *   guards, error surface, defaults and slicing at charge creation — would need the simulator's catalog).
 */
