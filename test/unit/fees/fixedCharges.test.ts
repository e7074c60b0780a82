import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { fixedChargeDeltaFee, upgradedFixedChargeAmount } from "../../../src/fees/fixedChargeDelta.js";
import { type FixedCharge, fixedChargeFee } from "../../../src/fees/fixedCharges.js";
import { fixedChargeUnits } from "../../../src/fees/fixedChargeUnits.js";

const at = (s: string) => parseInstant(s) as Instant;
const ev = (t: string, units: string) => ({ timestamp: at(t), units: dec(units) });
const april = { start: at("2024-04-01T00:00:00Z"), end: at("2024-05-01T00:00:00Z") };
const march = { start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") };
const std = (amount: string, extra: Partial<FixedCharge> = {}): FixedCharge =>
  ({ charge_model: "standard", properties: { amount: dec(amount) }, code: "seats", name: "Seats", pay_in_advance: false, prorated: false, ...extra }) as FixedCharge;

describe("fixedChargeUnits (periods.md §7)", () => {
  const opts = { prorated: true, duration_in_days: 30, timezone: "UTC" };
  it.each([
    ["10 units all month (30-day month)", [ev("2024-03-20T00:00:01Z", "10")], "10", "10"],
    ["10 units, increased to 20 on the 16th", [ev("2024-03-20T00:00:01Z", "10"), ev("2024-04-16T09:00:00Z", "20")], "15", "20"],
    ["started on the 11th (event at started_at + 1 s)", [ev("2024-04-11T00:00:01Z", "30")], "20", "30"],
    ["no event", [], "0", "0"],
    ["an event after the window is not considered", [ev("2024-03-20T00:00:01Z", "10"), ev("2024-05-02T00:00:00Z", "99")], "10", "10"],
  ])("prorated: %s → %s (full %s)", (_name, events, units, full) => {
    const u = fixedChargeUnits(events, april, opts);
    expect([u.units.toString(), u.full_units_number.toString()]).toEqual([units, full]);
  });

  it("not prorated: the units of the last created event considered", () => {
    const u = fixedChargeUnits([ev("2024-03-20T00:00:01Z", "10"), ev("2024-04-16T09:00:00Z", "20")], april, { ...opts, prorated: false });
    expect(u.units.toString()).toBe("20");
  });

  it("each term is rounded to 6 decimals", () => {
    // 1 unit for 10 of 30 days = 0.333333; 2 units for 20 of 30 days = 1.333333
    const u = fixedChargeUnits([ev("2024-03-01T00:00:00Z", "1"), ev("2024-04-11T00:00:00Z", "2")], april, opts);
    expect(u.units.toString()).toBe("1.666666");
  });

  it("an event superseded by a later-created event with an earlier timestamp is ignored", () => {
    const events = [ev("2024-03-01T00:00:00Z", "10"), ev("2024-04-21T00:00:00Z", "40"), ev("2024-04-11T00:00:00Z", "20")];
    // 10 × 10/30 + 20 × 20/30 (the 40-unit event is superseded)
    expect(fixedChargeUnits(events, april, opts).units.toString()).toBe("16.666666");
  });

  it("days are local dates: a New York window", () => {
    const ny = { start: at("2024-04-01T04:00:00Z"), end: at("2024-05-01T04:00:00Z") };
    const events = [ev("2024-03-01T05:00:00Z", "10"), ev("2024-04-16T03:00:00Z", "20")];
    // 2024-04-16T03:00Z is Apr 15 in New York → 10 × 14/30 + 20 × 16/30 (each term rounded)
    expect(fixedChargeUnits(events, ny, { ...opts, timezone: "America/New_York" }).units.toString()).toBe("15.333334");
    // read in UTC the change falls on Apr 16 → 10 × 15/30 + 20 × 16/30 (the window's last UTC day is May 1)
    expect(fixedChargeUnits(events, ny, opts).units.toString()).toBe("15.666667");
  });
});

describe("fixedChargeFee", () => {
  it("10 units × 10.00, raised to 20 on the 16th, prorated → 15 units priced: 15 000", () => {
    const fee = fixedChargeFee({
      fixed_charge: std("10", { prorated: true }),
      events: [ev("2024-03-20T00:00:01Z", "10"), ev("2024-04-16T09:00:00Z", "20")],
      window: april, fixed_charges_duration_in_days: 30, timezone: "UTC", currency: "EUR",
    });
    expect(fee.amount_cents).toBe(15000n);
    expect(fee.units.toString()).toBe("20");
    expect(fee.item).toEqual({ type: "fixed_charge", code: "seats", name: "Seats", invoice_display_name: null });
    expect([fee.from_date, fee.to_date]).toEqual([april.start, at("2024-04-30T23:59:59Z")]);
  });

  it("2 units × 239.90, prorated, full month → 47 980", () => {
    const fee = fixedChargeFee({
      fixed_charge: std("239.90", { prorated: true, pay_in_advance: true }),
      events: [ev("2024-04-01T00:00:01Z", "2")],
      window: april, fixed_charges_duration_in_days: 30, timezone: "UTC", currency: "EUR",
    });
    expect(fee.amount_cents).toBe(47980n);
    expect(fee.pay_in_advance).toBe(true);
  });

  it("graduated fixed charge: 0–5 @ 10.00 + flat 5.00, 6–∞ @ 5.00; 8 units → 5 + 50 + 15 = 70.00", () => {
    const fc = {
      charge_model: "graduated", code: "g", name: "G", pay_in_advance: false, prorated: false,
      properties: { graduated_ranges: [
        { from_value: dec("0"), to_value: dec("5"), per_unit_amount: dec("10"), flat_amount: dec("5") },
        { from_value: dec("6"), to_value: null, per_unit_amount: dec("5"), flat_amount: dec("0") },
      ] },
    } as FixedCharge;
    const fee = fixedChargeFee({ fixed_charge: fc, events: [ev("2024-03-01T00:00:00Z", "8")], window: april, fixed_charges_duration_in_days: 30, timezone: "UTC", currency: "EUR" });
    expect(fee.amount_cents).toBe(7000n);
    expect(fee.amount_details).toHaveProperty("graduated_ranges");
  });
});

describe("prorated graduated and volume fixed charges (full units choose the tiers)", () => {
  const r = (from: string, to: string | null, price: string, flat: string) => ({ from_value: dec(from), to_value: to === null ? null : dec(to), per_unit_amount: dec(price), flat_amount: dec(flat) });
  const graduated = { charge_model: "graduated", code: "g", name: "G", pay_in_advance: false, prorated: true,
    properties: { graduated_ranges: [r("0", "30", "10", "100"), r("31", null, "5", "50")] } } as FixedCharge;
  const volume = { charge_model: "volume", code: "v", name: "V", pay_in_advance: false, prorated: true,
    properties: { volume_ranges: [r("0", "30", "10", "100"), r("31", null, "6", "200")] } } as FixedCharge;
  const fee = (fc: FixedCharge, events: ReturnType<typeof ev>[]) =>
    fixedChargeFee({ fixed_charge: fc, events, window: april, fixed_charges_duration_in_days: 30, timezone: "UTC", currency: "EUR" });

  it("40 units from the 16th (20 prorated): graduated 30 × 10 × ½ + 10 × 5 × ½ + flats 150 = 325.00; volume 20 × 6 + 200 = 320.00", () => {
    expect(fee(graduated, [ev("2024-04-16T00:00:00Z", "40")]).amount_cents).toBe(32500n);
    expect(fee(volume, [ev("2024-04-16T00:00:00Z", "40")]).amount_cents).toBe(32000n);
  });

  it("20 units all month, 40 from the 16th (30 prorated): graduated as one event of 40 worth 30: 30 × 10 × ¾ + 10 × 5 × ¾ + 150 = 412.50; volume by the last 40: 30 × 6 + 200 = 380.00", () => {
    const events = [ev("2024-03-20T00:00:01Z", "20"), ev("2024-04-16T00:00:00Z", "40")];
    expect(fee(graduated, events).amount_cents).toBe(41250n);
    expect(fee(volume, events).amount_cents).toBe(38000n);
  });

  it("60 units, down to 10 on the 16th (35 prorated): volume prices them in the range of the last 10 units: 35 × 10 + 100 = 450.00", () => {
    expect(fee(volume, [ev("2024-03-20T00:00:01Z", "60"), ev("2024-04-16T00:00:00Z", "10")]).amount_cents).toBe(45000n);
  });
});

describe("fixedChargeDeltaFee (periods.md §7.1: 10 units × 10.00, monthly calendar in advance, from 2024-03-01)", () => {
  const base = { fixed_charge: std("10"), window: march, fixed_charges_duration_in_days: 31, currency: "EUR" as const, changed_at: at("2024-03-06T10:00:00Z") };
  it.each([
    ["10 → 15", "15", ["10"], "5", 5000n],
    ["10 → 5 (a decrease is never refunded)", "5", ["10"], "0", 0n],
    ["10 → 5 → 15: billed from the highest units paid", "15", ["10", "0"], "5", 5000n],
    ["10 → 15 → 20: the second change", "20", ["10", "5"], "5", 5000n],
    ["a new fixed charge added immediately: its full units", "6", [], "6", 6000n],
  ])("%s → %s units, %s", (_name, units, paid, feeUnits, cents) => {
    const fee = fixedChargeDeltaFee({ ...base, new_units: dec(units), paid_units: paid.map(dec) });
    expect([fee.units.toString(), fee.amount_cents]).toEqual([feeUnits, cents]);
  });

  it("a new fixed charge of 6 units × 15.00 → 9 000", () => {
    const fee = fixedChargeDeltaFee({ ...base, fixed_charge: std("15"), new_units: dec("6"), paid_units: [] });
    expect(fee.amount_cents).toBe(9000n);
  });

  it("prorated: c = (date(window end) − date(change) + 1) / duration = 26/31", () => {
    const fee = fixedChargeDeltaFee({ ...base, fixed_charge: std("10", { prorated: true }), new_units: dec("15"), paid_units: [dec("10")] });
    // 5 × 26/31 × 10.00 = 41.935… → 4 194
    expect([fee.units.toString(), fee.amount_cents]).toEqual(["5", 4194n]);
  });

  it("through plan_overrides on 2024-12-01 01:00 → delta 5 on the December window", () => {
    const dec24 = { start: at("2024-12-01T00:00:00Z"), end: at("2025-01-01T00:00:00Z") };
    const fee = fixedChargeDeltaFee({ ...base, window: dec24, changed_at: at("2024-12-01T01:00:00Z"), new_units: dec("15"), paid_units: [dec("10")] });
    expect([fee.units.toString(), fee.amount_cents]).toEqual(["5", 5000n]);
  });
});

describe("upgradedFixedChargeAmount (§7, upgrade with the same add-on)", () => {
  it("reduced by the previous fee's share of the rest of the period", () => {
    // previous fee 3 100 paid on Mar 1 for March; upgrade on Mar 17: new window Mar 17 → Apr 1 (15 days), new fee 1 500
    const amount = upgradedFixedChargeAmount({
      new_amount_cents: 3000n, previous_fee_amount_cents: 3100n, previous_fee_at: at("2024-03-01T00:00:01Z"),
      previous_window: march, new_window: { start: at("2024-03-17T10:00:00Z"), end: march.end },
    });
    // 3 100 × ceil(14.58) / ceil(30.99) = 3 100 × 15 / 31 = 1 500 → 3 000 − 1 500
    expect(amount).toBe(1500n);
  });
  it("floored at 0", () => {
    expect(upgradedFixedChargeAmount({
      new_amount_cents: 100n, previous_fee_amount_cents: 3100n, previous_fee_at: march.start, previous_window: march,
      new_window: { start: at("2024-03-17T10:00:00Z"), end: march.end },
    })).toBe(0n);
  });
});
