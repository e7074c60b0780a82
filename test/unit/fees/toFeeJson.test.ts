import { describe, expect, it } from "vitest";
import type { UsageEvent } from "../../../src/aggregation/index.js";
import type { Charge } from "../../../src/charges/index.js";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { ValidationError } from "../../../src/core/issue.js";
import { subscriptionFee } from "../../../src/fees/subscriptionFee.js";
import { toFeeJson } from "../../../src/fees/toFeeJson.js";
import { usageChargeFees } from "../../../src/fees/usageChargeFees.js";
import { NO_FACTS, run } from "./_helpers.js";

const at = (s: string) => parseInstant(s) as Instant;
const march = { start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") };
const ev = (i: number, value: string): UsageEvent => ({ transaction_id: `t${i}`, code: "gb", timestamp: at(`2024-03-0${i}T10:00:00Z`), properties: { value } });
const graduated: Charge = {
  charge_model: "graduated",
  properties: { graduated_ranges: [
    { from_value: dec(0), to_value: dec(10), per_unit_amount: dec("0"), flat_amount: dec("0") },
    { from_value: dec(10), to_value: null, per_unit_amount: dec("0.25"), flat_amount: dec("1") },
  ] },
} as Charge;
const chargeFee = (currency: "EUR" | "JPY" = "EUR") => usageChargeFees({
  charge: { id: "ch_1", charge: graduated },
  metric: { code: "gb", name: "Storage", aggregation_type: "sum_agg", field_name: "value" },
  events: [ev(1, "7.5"), ev(2, "5")], window: march, charges_duration_in_days: 31, timezone: "UTC", currency,
  ids: { subscription_id: "sub_1" },
})[0]!;

describe("toFeeJson", () => {
  it("renders a usage charge fee with the spec's names and value conventions", () => {
    const fee = chargeFee();
    expect(toFeeJson(fee)).toEqual({
      svc_id: fee.svc_id,
      svc_subscription_id: fee.svc_subscription_id,
      svc_charge_id: fee.svc_charge_id,
      svc_charge_filter_id: null,
      item: { type: "charge", code: "gb", name: "Storage", invoice_display_name: null, filter_invoice_display_name: null, filters: null, grouped_by: {} },
      pay_in_advance: false,
      amount_cents: 163, // 1 + 2.5 × 0.25 = 1.625 € → 163 (half up)
      amount_currency: "EUR",
      precise_amount: "1.625",
      precise_unit_amount: "0.13",
      units: "12.5",
      total_aggregated_units: "12.5",
      events_count: 2,
      from_date: "2024-03-01T00:00:00Z",
      to_date: "2024-03-31T23:59:59Z",
      amount_details: {
        graduated_ranges: [
          { from_value: 0, to_value: 10, flat_unit_amount: "0", per_unit_amount: "0", units: "10", per_unit_total_amount: "0", total_with_flat_amount: "0" },
          { from_value: 10, to_value: null, flat_unit_amount: "1", per_unit_amount: "0.25", units: "2.5", per_unit_total_amount: "0.625", total_with_flat_amount: "1.625" },
        ],
      },
    });
  });

  it("is plain JSON: it survives JSON.stringify / parse unchanged (no bigint, no Decimal)", () => {
    const json = toFeeJson(chargeFee());
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("precise_amount is in currency units: JPY has no minor unit", () => {
    const json = toFeeJson(chargeFee("JPY"));
    expect([json.amount_cents, json.precise_amount, json.amount_currency]).toEqual([2, "1.625", "JPY"]);
  });

  it("renders the plan fee: amount_details.plan_amount_cents an integer, svc_subscription_id, dates", () => {
    const { billing, schedule } = run({ interval: "monthly", subscription_at: "2024-02-01T00:00:00Z", billing_at: "2024-04-01T00:00:00Z" });
    const result = subscriptionFee({
      plan: { code: "basic", name: "Basic", amount_cents: 100n, pay_in_advance: false }, billing, schedule,
      timezone: "UTC", currency: "EUR", facts: NO_FACTS, trial_end: null, ids: { subscription_id: "sub_1" },
    })!;
    const json = toFeeJson(result.fee);
    expect(json).toMatchObject({
      item: { type: "subscription", code: "basic", name: "Basic" }, amount_cents: 100, precise_amount: "1", units: "1",
      amount_details: { plan_amount_cents: 100 }, from_date: "2024-03-01T00:00:00Z", to_date: "2024-03-31T23:59:59Z",
    });
    expect(json.svc_subscription_id).toBe(toFeeJson(chargeFee()).svc_subscription_id);
    expect(json.svc_id).not.toBe(toFeeJson(chargeFee()).svc_id);
  });

  it("refuses an amount beyond 2^53 minor units rather than rounding it", () => {
    const fee = { ...chargeFee(), amount_cents: 2n ** 60n };
    expect(() => toFeeJson(fee)).toThrow(ValidationError);
    try {
      toFeeJson(fee);
    } catch (e) {
      expect((e as ValidationError).error_details).toEqual({ amount_cents: ["value_is_out_of_range"] });
    }
  });
});
