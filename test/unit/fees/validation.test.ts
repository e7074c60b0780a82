import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { ValidationError } from "../../../src/core/issue.js";
import { fixedChargeDeltaFee } from "../../../src/fees/fixedChargeDelta.js";
import { fixedChargeUnits } from "../../../src/fees/fixedChargeUnits.js";
import { issuingDates } from "../../../src/fees/issuingDate.js";
import { trialEnd } from "../../../src/fees/subscriptionFee.js";
import { terminationCreditNote } from "../../../src/fees/terminationCreditNote.js";
import { trueUpFeeAmounts } from "../../../src/fees/trueUp.js";
import { at } from "./_helpers.js";

const window = { start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") };

function details(f: () => unknown): Record<string, readonly string[]> {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.error_details;
    throw e;
  }
  throw new Error("did not throw");
}

describe("bad numbers fail with a ValidationError naming the field", () => {
  it.each([0, -3, 1.5, Number.NaN])("charges duration %s", (d) => {
    expect(details(() => trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: d, billed_days: 1, fees: [], currency: "EUR" })))
      .toEqual({ charges_duration_in_days: ["invalid_value"] });
  });
  it("negative billed days", () => {
    expect(details(() => trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: -1, fees: [], currency: "EUR" })))
      .toEqual({ billed_days: ["invalid_value"] });
  });
  it("fixed-charge duration", () => {
    expect(details(() => fixedChargeUnits([], window, { prorated: true, duration_in_days: 0, timezone: "UTC" })))
      .toEqual({ fixed_charges_duration_in_days: ["invalid_value"] });
    expect(details(() => fixedChargeDeltaFee({
      fixed_charge: { charge_model: "standard", properties: { amount: dec("1") }, prorated: true },
      new_units: dec("2"), paid_units: [], changed_at: window.start, window, fixed_charges_duration_in_days: Number.POSITIVE_INFINITY, currency: "EUR",
    }))).toEqual({ fixed_charges_duration_in_days: ["invalid_value"] });
  });
  it("credit-note period duration", () => {
    expect(details(() => terminationCreditNote({
      terminated_at: at("2024-03-10T00:00:00Z"), timezone: "UTC",
      period: { from_datetime: window.start, next_end_of_period: at("2024-03-31T23:59:59Z"), duration_in_days: 0 },
      plan_amount_cents: 3100n, fee: { amount_cents: 3100n, precise_amount_cents: dec("3100") }, option: "credit",
    }))).toEqual({ "period.duration_in_days": ["invalid_value"] });
  });
});

describe("day counts that no calendar holds fail with a ValidationError, not a RangeError or NaN", () => {
  const invoice = { invoice_at: at("2024-04-01T00:00:00Z"), timezone: "UTC", kind: "recurring" } as const;
  it.each([
    [Number.NaN, "invalid_value"], [Number.POSITIVE_INFINITY, "invalid_value"], [1e12, "value_is_out_of_range"],
  ] as const)("grace period or payment term %s", (days, code) => {
    expect(details(() => issuingDates({ ...invoice, invoice_grace_period: days }))).toEqual({ invoice_grace_period: [code] });
    expect(details(() => issuingDates({ ...invoice, invoice_grace_period: 0, net_payment_term: days }))).toEqual({ net_payment_term: [code] });
  });
  it("a negative grace period still counts as none", () => {
    expect(issuingDates({ ...invoice, invoice_grace_period: -2 }).issuing_date).toBe("2024-04-01");
  });
  it.each([Number.POSITIVE_INFINITY, 1e12])("trial of %s days", (days) => {
    expect(details(() => trialEnd(at("2024-03-01T00:00:00Z"), days))).toEqual({ trial_period: ["value_is_out_of_range"] });
  });
  it("no trial for 0, negative or NaN days", () => {
    expect([0, -1, Number.NaN].map((d) => trialEnd(at("2024-03-01T00:00:00Z"), d))).toEqual([null, null, null]);
  });
});

describe("credit note with a coupon on the fee", () => {
  it("coupon share = fee coupons × item / fee; taxes on the rest", () => {
    const cn = terminationCreditNote({
      terminated_at: at("2022-10-15T10:00:00Z"), timezone: "UTC",
      period: { from_datetime: at("2022-10-01T00:00:00Z"), next_end_of_period: at("2022-10-31T23:59:59Z"), duration_in_days: 31 },
      plan_amount_cents: 3100n,
      fee: { amount_cents: 3100n, precise_amount_cents: dec("3100"), precise_coupons_amount_cents: dec("310"), tax_rates: [dec("20")] },
      option: "credit",
    });
    // item 1 600, coupons 310 × 1600/3100 = 160, base 1 440, tax 288 → 1 728
    expect([cn?.coupons_adjustment_amount_cents, cn?.taxes_amount_cents, cn?.sub_total_excluding_taxes_amount_cents, cn?.total_amount_cents]).toEqual([160n, 288n, 1440n, 1728n]);
  });
});
