import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type AlertMeasures, alertValue } from "../../../src/usage/alertValue.js";
import { ALERT_TYPES, type AlertType, alertDirection } from "../../../src/usage/alertTypes.js";

const fee = (code: string, cents: bigint, units: string) => ({ item: { code }, amount_cents: cents, units: dec(units) });
const measures: AlertMeasures = {
  current_usage: { amount_cents: 4300n, fees: [fee("api", 1200n, "3"), fee("api", 900n, "7.5"), fee("ops", 2200n, "1")] },
  lifetime_usage_amount_cents: 98765n,
  lifetime_fees: [fee("api", 0n, "40"), fee("api", 0n, "41.25")],
  wallet: { balance_cents: 5000n, credits_balance: dec("50"), ongoing_balance_cents: 4250n, credits_ongoing_balance: dec("42.5") },
};
const value = (alert_type: AlertType, code: string | null = "api") =>
  alertValue({ alert_type, billable_metric: code === null ? null : { svc_id: code, code } }, measures)?.toString() ?? null;

describe("alertValue (invoice.md §14.1)", () => {
  it.each([
    ["current_usage_amount", "4300"],
    ["billable_metric_current_usage_amount", "1200"],
    ["billable_metric_current_usage_units", "7.5"],
    ["lifetime_usage_amount", "98765"],
    ["billable_metric_lifetime_usage_units", "41.25"],
    ["wallet_balance_amount", "5000"],
    ["wallet_credits_balance", "50"],
    ["wallet_ongoing_balance_amount", "4250"],
    ["wallet_credits_ongoing_balance", "42.5"],
  ] as const)("%s → %s", (type, expected) => expect(value(type)).toBe(expected));

  it("covers every type, usage ones increasing and wallet ones decreasing", () => {
    expect(ALERT_TYPES.map((t) => alertDirection(t))).toEqual([...Array(5).fill("increasing"), ...Array(4).fill("decreasing")]);
  });

  it("is null for a metric without fees, or when the figures were not given", () => {
    expect(value("billable_metric_current_usage_amount", "zzz")).toBeNull();
    expect(alertValue({ alert_type: "wallet_balance_amount", billable_metric: null }, {})).toBeNull();
    expect(alertValue({ alert_type: "current_usage_amount", billable_metric: null }, {})).toBeNull();
  });
});
