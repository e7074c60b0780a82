/**
 * Rows of Lago's golden billing suite, getlago/lago-api spec/scenarios/golden/matrix/b13_fixed_charges.yml (all 36 rows)
 * (figures only), run through `simulate` (translation and comparison: golden-lifecycle-helpers.ts).
 * First 12 rows: all agree (the two prorated graduated / volume rows that disagreed were fixed).
 * The 24 units-change rows: 16 agreed, the 8 that disagreed were fixed. Rows: a sample.
 */
import { describe, it } from "vitest";
import { expectGolden, type GoldenRow } from "./golden-lifecycle-helpers.js";

const APR = { from_date: "2024-04-16T00:00:00Z", to_date: "2024-04-30T23:59:59Z" };
const FULL_APR = { from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" };
const MAY = { from_date: "2024-05-01T00:00:00Z", to_date: "2024-05-31T23:59:59Z" };
const GRAD = { graduated_ranges: [{ from_value: 0, to_value: 30, per_unit_amount: "10", flat_amount: "100" }, { from_value: 31, to_value: null, per_unit_amount: "5", flat_amount: "50" }] };
const VOL = { volume_ranges: [{ from_value: 0, to_value: 30, per_unit_amount: "10", flat_amount: "100" }, { from_value: 31, to_value: null, per_unit_amount: "6", flat_amount: "200" }] };
const C = { at: "2024-04-16T00:00:00Z", do: "create_subscription" }, B = { at: "2024-05-01T01:00:00Z", do: "perform_billing" };
const setup = (fc: object) => ({
  add_ons: [{ code: "seat", name: "Seat", amount_cents: 20000 }],
  plan: { code: "p", interval: "monthly", amount_cents: 0, pay_in_advance: false },
  fixed_charges: [{ add_on_code: "seat", units: 40, ...fc }],
  customer: { external_id: "cust", currency: "EUR" },
  subscription: { external_id: "sub", billing_time: "calendar" },
});
const inv = (amount: number, fees: object[], extra: object = {}) => ({ invoice_type: "subscription", status: "finalized", fees_amount_cents: amount, taxes_amount_cents: 0, total_amount_cents: amount, fees_count: fees.length, fees, ...extra });
const fcFee = (units: string, amount: number, pua: number | undefined, dates: object, itemType = true) =>
  ({ fee_type: "fixed_charge", item_code: "seat", ...(itemType ? { item_type: "AddOn" } : {}), units, amount_cents: amount, ...(pua === undefined ? {} : { precise_unit_amount: pua }), ...dates });
const subFee = (dates: object) => ({ fee_type: "subscription", amount_cents: 0, ...dates });
/** Arrears fixed charge, no units change: one invoice on 05-01 for 04-16..04-30. */
const arrears = (id: string, fc: object, amount: number, pua: number): GoldenRow => ({ id, setup: setup({ pay_in_advance: false, ...fc }), timeline: [C, B],
  expect: { invoices: 1, invoice: inv(amount, [subFee(APR), fcFee("40.0", amount, pua, APR)]) } });
/** Advance fixed charge, no units change: a starting invoice on 04-16, then May billed ahead on 05-01. */
const advance = (id: string, fc: object, first: number, pua1: number, second: number, pua2: number | undefined): GoldenRow => ({ id, setup: setup({ pay_in_advance: true, ...fc }), timeline: [C, B],
  expect: { invoices: 2, invoice: [{ select: { index: 0 }, ...inv(first, [fcFee("40.0", first, pua1, APR)]) }, { select: { index: 1 }, ...inv(second, [subFee(APR), fcFee("40.0", second, pua2, MAY, false)]) }] } });
const units = (id: string, fc: object, steps: object[], u: string, amount: number): GoldenRow => ({ id,
  setup: setup({ pay_in_advance: false, prorated: false, charge_model: "standard", properties: { amount: "100" }, ...fc }),
  timeline: [{ at: "2024-04-01T00:00:00Z", do: "create_subscription" }, ...steps, B],
  expect: { invoices: 1, invoice: inv(amount, [subFee(FULL_APR), fcFee(u, amount, 100, FULL_APR)]) } });
const planUnits = (at: string, u: number) => ({ at, do: "update_plan_fixed_charge", fixed_charge: { add_on_code: "seat", charge_model: "standard", units: u, apply_units_immediately: true, properties: { amount: "100" } } });

const rows: GoldenRow[] = [
  { id: "b13/standard/arrears/not-prorated/no-change",
    setup: { ...setup({ charge_model: "standard", units: 5, properties: { amount: "200" } }), plan: { code: "p", interval: "monthly", amount_cents: 0 } },
    timeline: [{ at: "2024-03-01T00:00:00Z", do: "create_subscription" }, { at: "2024-04-01T01:00:00Z", do: "perform_billing" }],
    expect: { invoices: 1, invoice: { fees_amount_cents: 100000, total_amount_cents: 100000, fees: [{ fee_type: "subscription", amount_cents: 0 }, { fee_type: "fixed_charge", units: "5.0", amount_cents: 100000 }] } } },
  advance("b13/standard/advance/prorated/no-change", { charge_model: "standard", prorated: true, properties: { amount: "100" } }, 200000, 50, 400000, 100),
  advance("b13/standard/advance/not-prorated/no-change", { charge_model: "standard", prorated: false, properties: { amount: "100" } }, 400000, 100, 400000, undefined),
  arrears("b13/standard/arrears/prorated/no-change", { charge_model: "standard", prorated: true, properties: { amount: "100" } }, 200000, 50),
  advance("b13/graduated/advance/not-prorated/no-change", { charge_model: "graduated", prorated: false, properties: GRAD }, 50000, 12.5, 50000, 12.5),
  arrears("b13/graduated/arrears/prorated/no-change", { charge_model: "graduated", prorated: true, properties: GRAD }, 32500, 8.125),
  arrears("b13/graduated/arrears/not-prorated/no-change", { charge_model: "graduated", prorated: false, properties: GRAD }, 50000, 12.5),
  arrears("b13/volume/arrears/prorated/no-change", { charge_model: "volume", prorated: true, properties: VOL }, 32000, 8),
  arrears("b13/volume/arrears/not-prorated/no-change", { charge_model: "volume", prorated: false, properties: VOL }, 44000, 11),
  units("b13/standard/arrears/not-prorated/increase-mid-period", { units: 10 }, [planUnits("2024-04-16T00:00:00Z", 25)], "25.0", 250000),
  units("b13/standard/arrears/not-prorated/decrease-mid-period", { units: 10 }, [planUnits("2024-04-16T00:00:00Z", 4)], "4.0", 40000),
  units("b13/standard/arrears/not-prorated/subscription-override", { units: 10 }, [
    { at: "2024-04-16T00:00:00Z", do: "update_subscription_fixed_charge", fixed_charge: { add_on_code: "seat", units: 25, apply_units_immediately: true } },
    planUnits("2024-04-20T00:00:00Z", 40)], "25.0", 250000),
];


const row = (id: string): GoldenRow => rows.find((r) => r.id === id) ?? (() => { throw new Error(`no row ${id}`); })();

describe("golden b13: b13_fixed_charges.yml (first 12 of the file's rows; 10 agree, 2 disagree)", () => {
  it("b13/standard/advance/prorated/no-change", () => expectGolden(row("b13/standard/advance/prorated/no-change")));
  it("b13/graduated/advance/not-prorated/no-change", () => expectGolden(row("b13/graduated/advance/not-prorated/no-change")));
  it("b13/standard/arrears/not-prorated/subscription-override", () => expectGolden(row("b13/standard/arrears/not-prorated/subscription-override")));

  // Prorated fixed charges: graduated fills tiers by full units, volume picks its range by them (src/fees/fixedCharges.ts).
  it("b13/graduated/arrears/prorated/no-change", () => expectGolden(row("b13/graduated/arrears/prorated/no-change")));

  it("b13/volume/arrears/prorated/no-change", () => expectGolden(row("b13/volume/arrears/prorated/no-change")));
});

// ------------------------------------------------------------------ units-change rows (24)
// April 2024, plan in arrears at 0, subscription from 04-01; the units change lands on 04-16
// (`update_plan_fixed_charge`), or, for `subscription-override`, a subscription units override on
// 04-16 and then a plan-level units change on 04-20; billing on 05-01.

const APR_R2 = { from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" };
const PROPS: Record<string, object> = { standard: { amount: "100" }, graduated: GRAD, volume: VOL };
type Fee = [units: string, amount: number, pua: number];
/** `units`: [created, changed], or for an override [created, override, later plan units]; `fees`: the fixed-charge fee of each invoice. */
const r2 = (model: string, adv: boolean, pro: boolean, change: "inc" | "dec" | "ovr", u: number[], fees: Fee[]): GoldenRow => {
  const id = `b13/${model}/${adv ? "advance" : "arrears"}/${pro ? "prorated" : "not-prorated"}/${{ inc: "increase-mid-period", dec: "decrease-mid-period", ovr: "subscription-override" }[change]}`;
  const plan = (at: string, units: number) => ({ at, do: "update_plan_fixed_charge", fixed_charge: { add_on_code: "seat", charge_model: model, units, apply_units_immediately: true, properties: PROPS[model] } });
  const steps = change === "ovr"
    ? [{ at: "2024-04-16T00:00:00Z", do: "update_subscription_fixed_charge", fixed_charge: { add_on_code: "seat", units: u[1], apply_units_immediately: true } }, plan("2024-04-20T00:00:00Z", u[2]!)]
    : [plan("2024-04-16T00:00:00Z", u[1]!)];
  const fc = ([units, amount, pua]: Fee, dates: object, itemType: boolean) => fcFee(units, amount, pua, dates, itemType);
  return {
    id,
    setup: { ...setup({ charge_model: model, units: u[0], pay_in_advance: adv, prorated: pro, properties: PROPS[model] }) },
    timeline: [{ at: "2024-04-01T00:00:00Z", do: "create_subscription" }, ...steps, B],
    expect: adv
      ? { invoices: 3, invoice: [
          { select: { index: 0 }, ...inv(fees[0]![1], [fc(fees[0]!, APR_R2, true)]) },
          { select: { index: 1 }, ...inv(fees[1]![1], [fc(fees[1]!, APR_R2, false)]) },
          { select: { index: 2 }, ...inv(fees[2]![1], [subFee(APR_R2), fc(fees[2]!, MAY, false)]) }] }
      : { invoices: 1, invoice: inv(fees[0]![1], [subFee(APR_R2), fc(fees[0]!, APR_R2, true)]) },
  };
};

const rows2: GoldenRow[] = [
  r2("standard", false, true, "inc", [10, 25], [["25.0", 175000, 70]]),
  r2("standard", false, true, "dec", [10, 4], [["4.0", 70000, 175]]),
  r2("standard", false, true, "ovr", [10, 25, 40], [["25.0", 175000, 70]]),
  r2("standard", true, true, "inc", [10, 25], [["10.0", 100000, 100], ["15.0", 75000, 50], ["25.0", 250000, 100]]),
  r2("standard", true, true, "dec", [10, 4], [["10.0", 100000, 100], ["0.0", 0, 0], ["4.0", 40000, 100]]),
  r2("standard", true, true, "ovr", [10, 25, 40], [["10.0", 100000, 100], ["15.0", 75000, 50], ["25.0", 250000, 100]]),
  r2("standard", true, false, "inc", [10, 25], [["10.0", 100000, 100], ["15.0", 150000, 100], ["25.0", 250000, 100]]),
  r2("standard", true, false, "dec", [10, 4], [["10.0", 100000, 100], ["0.0", 0, 0], ["4.0", 40000, 100]]),
  r2("standard", true, false, "ovr", [10, 25, 40], [["10.0", 100000, 100], ["15.0", 150000, 100], ["25.0", 250000, 100]]),
  r2("graduated", false, false, "inc", [10, 40], [["40.0", 50000, 12.5]]),
  r2("graduated", false, false, "dec", [40, 10], [["10.0", 20000, 20]]),
  r2("graduated", false, false, "ovr", [10, 40, 25], [["40.0", 50000, 12.5]]),
  r2("graduated", false, true, "inc", [10, 40], [["40.0", 36875, 9.21875]]),
  r2("graduated", false, true, "dec", [40, 10], [["10.0", 35000, 35]]),
  r2("graduated", false, true, "ovr", [10, 40, 25], [["40.0", 36875, 9.21875]]),
  r2("graduated", true, false, "inc", [20, 40], [["20.0", 30000, 15], ["20.0", 30000, 15], ["40.0", 50000, 12.5]]),
  r2("graduated", true, false, "dec", [40, 20], [["40.0", 50000, 12.5], ["0.0", 0, 0], ["20.0", 30000, 15]]),
  r2("graduated", true, false, "ovr", [20, 40, 60], [["20.0", 30000, 15], ["20.0", 30000, 15], ["40.0", 50000, 12.5]]),
  r2("volume", false, false, "inc", [10, 50], [["50.0", 50000, 10]]),
  r2("volume", false, false, "dec", [60, 10], [["10.0", 20000, 20]]),
  r2("volume", false, false, "ovr", [10, 50, 25], [["50.0", 50000, 10]]),
  r2("volume", false, true, "inc", [10, 50], [["50.0", 38000, 7.6]]),
  r2("volume", false, true, "dec", [60, 10], [["10.0", 45000, 45]]),
  r2("volume", false, true, "ovr", [10, 50, 25], [["50.0", 38000, 7.6]]),
];
const row2 = (id: string): GoldenRow => rows2.find((r) => r.id === id) ?? (() => { throw new Error(`no row ${id}`); })();

describe("golden b13: b13_fixed_charges.yml, units-change rows (24 rows; 16 agree, 8 disagree)", () => {
  it("b13/standard/arrears/prorated/increase-mid-period", () => expectGolden(row2("b13/standard/arrears/prorated/increase-mid-period")));
  it("b13/standard/advance/not-prorated/decrease-mid-period", () => expectGolden(row2("b13/standard/advance/not-prorated/decrease-mid-period")));
  it("b13/graduated/arrears/not-prorated/subscription-override", () => expectGolden(row2("b13/graduated/arrears/not-prorated/subscription-override")));
  it("b13/graduated/advance/not-prorated/increase-mid-period", () => expectGolden(row2("b13/graduated/advance/not-prorated/increase-mid-period")));
  it("b13/volume/arrears/prorated/decrease-mid-period", () => expectGolden(row2("b13/volume/arrears/prorated/decrease-mid-period")));

  // Was a MISMATCH, fixed (src/fees/fixedChargeDelta.ts, src/fees/fixedCharges.ts, src/simulator/planFixedCharges.ts).
  it("b13/graduated/advance/not-prorated/decrease-mid-period", () => expectGolden(row2("b13/graduated/advance/not-prorated/decrease-mid-period")));

  // Was a MISMATCH, fixed (src/fees/fixedChargeDelta.ts, src/fees/fixedCharges.ts, src/simulator/planFixedCharges.ts).
  it("b13/standard/arrears/prorated/subscription-override", () => expectGolden(row2("b13/standard/arrears/prorated/subscription-override")));

  // Was a MISMATCH, fixed (src/fees/fixedChargeDelta.ts, src/fees/fixedCharges.ts, src/simulator/planFixedCharges.ts).
  it("b13/volume/arrears/prorated/subscription-override", () => expectGolden(row2("b13/volume/arrears/prorated/subscription-override")));

  // Was a MISMATCH, fixed (src/fees/fixedChargeDelta.ts, src/fees/fixedCharges.ts, src/simulator/planFixedCharges.ts).
  it("b13/graduated/arrears/prorated/increase-mid-period", () => expectGolden(row2("b13/graduated/arrears/prorated/increase-mid-period")));

  // Was a MISMATCH, fixed (src/fees/fixedChargeDelta.ts, src/fees/fixedCharges.ts, src/simulator/planFixedCharges.ts).
  it("b13/graduated/arrears/prorated/decrease-mid-period", () => expectGolden(row2("b13/graduated/arrears/prorated/decrease-mid-period")));

  // Was a MISMATCH, fixed (src/fees/fixedChargeDelta.ts, src/fees/fixedCharges.ts, src/simulator/planFixedCharges.ts).
  it("b13/graduated/arrears/prorated/subscription-override", () => expectGolden(row2("b13/graduated/arrears/prorated/subscription-override")));

  // Was a MISMATCH (the delta fee's unit amount), fixed in src/fees/fixedChargeDelta.ts.
  it("b13/standard/advance/prorated/increase-mid-period", () => expectGolden(row2("b13/standard/advance/prorated/increase-mid-period")));

  // Was a MISMATCH (the delta fee's unit amount), fixed in src/fees/fixedChargeDelta.ts.
  it("b13/standard/advance/prorated/subscription-override", () => expectGolden(row2("b13/standard/advance/prorated/subscription-override")));
});
