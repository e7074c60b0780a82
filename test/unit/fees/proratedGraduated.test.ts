/**
 * Prorated graduated usage charges end to end (charges.md §10, §13.1): the period area's
 * charges window → the aggregation's per-event arrays → usageChargeFees → the model.
 * Figures of scenario/current_usage/charge_model/prorated_graduated/sum-old-events-terminated.
 */
import { describe, expect, it } from "vitest";
import type { BillableMetric, UsageEvent } from "../../../src/aggregation/index.js";
import type { Charge } from "../../../src/charges/index.js";
import { dec, toDecimalString } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { usageChargeFees } from "../../../src/fees/usageChargeFees.js";
import { computeBillingPeriod } from "../../../src/period/index.js";

const at = (s: string) => parseInstant(s) as Instant;
const metric: BillableMetric = { code: "metric", aggregation_type: "sum_agg", recurring: true, field_name: "amount" };
/** 0–5 at 0, 6–∞ at 10 (no flat fees), pay in arrears, prorated. */
const charge: Charge = {
  charge_model: "graduated",
  prorated: true,
  pay_in_advance: false,
  properties: {
    graduated_ranges: [
      { from_value: dec(0), to_value: dec(5), per_unit_amount: dec(0), flat_amount: dec(0) },
      { from_value: dec(6), to_value: null, per_unit_amount: dec(10), flat_amount: dec(0) },
    ],
  },
} as Charge;
const event = (id: string, t: string, amount: string): UsageEvent =>
  ({ transaction_id: id, code: "metric", timestamp: at(t), properties: { amount }, external_subscription_id: "cust_1" });
const old = [event("tx_1", "2023-10-05T00:00:00Z", "4"), event("tx_2", "2023-10-05T00:00:00Z", "3"), event("tx_3", "2023-11-05T00:00:00Z", "-1")];
const late = event("tx_4", "2023-12-07T00:00:00Z", "1");

function run(events: UsageEvent[], terminated: boolean) {
  const billing = computeBillingPeriod({
    plan: { interval: "monthly", pay_in_advance: false },
    subscription: {
      billing_time: "calendar", subscription_at: at("2023-10-01T00:00:00Z"), started_at: at("2023-10-01T00:00:00Z"),
      terminated_at: terminated ? at("2023-12-07T00:00:00Z") : null, status: terminated ? "terminated" : "active", next_subscription: null,
    },
    timezone: "UTC",
    billing_at: at("2023-12-07T00:00:00Z"),
    current_usage: !terminated,
  });
  const fees = usageChargeFees({
    charge: { charge },
    metric,
    events,
    window: billing.charges_period!,
    charges_duration_in_days: billing.charges_duration_in_days,
    timezone: "UTC",
    currency: "EUR",
    ...(terminated ? {} : { current_usage: true }),
  });
  expect(fees).toHaveLength(1);
  return fees[0]!;
}

describe("prorated graduated usage fees (scenario sum-old-events-terminated)", () => {
  it("current usage on 7 Dec before the new event: the carried 6 units at a full ratio → 1 × 10 = 1 000", () => {
    const fee = run(old, false);
    expect([fee.amount_cents, toDecimalString(fee.units)]).toEqual([1000n, "6"]);
  });

  it("current usage after 1 unit on 7 Dec: 10 × (1 + 25/31) → 1 806", () => {
    const fee = run([...old, late], false);
    expect([fee.amount_cents, toDecimalString(fee.units)]).toEqual([1806n, "7"]);
  });

  it("termination invoice 1–7 Dec: 10 × (6 × 7/31 − 5 × 7/31 + 1/31) → 258, units the non-prorated 7", () => {
    const fee = run([...old, late], true);
    expect([fee.amount_cents, toDecimalString(fee.units)]).toEqual([258n, "7"]);
    expect(fee.precise_amount_cents.toFixed(5)).toBe("258.06452");
  });

  it("each event is priced at its own ratio: the same unit on 2 Dec → 10 × (7/31 + 6/31) → 419", () => {
    const earlier = event("tx_4", "2023-12-02T00:00:00Z", "1");
    expect(run([...old, earlier], true).amount_cents).toBe(419n);
  });
});
