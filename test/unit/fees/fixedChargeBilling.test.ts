import { describe, expect, it } from "vitest";
import type { BillingPeriodInput } from "../../../src/period/index.js";
import { type FixedChargeBilledInput, fixedChargeIsBilled, fixedChargeWindow, usageChargeIsBilled } from "../../../src/fees/fixedChargeBilling.js";
import { at } from "./_helpers.js";

describe("fixedChargeWindow (§7)", () => {
  const run: BillingPeriodInput = {
    plan: { interval: "monthly", pay_in_advance: false },
    subscription: { billing_time: "calendar", subscription_at: at("2024-03-01T00:00:00Z"), started_at: at("2024-03-01T00:00:00Z"), terminated_at: null, status: "active" },
    timezone: "UTC",
    billing_at: at("2024-04-01T00:00:00Z"),
  };
  it("arrears: the run's fixed-charges window (March)", () => {
    expect(fixedChargeWindow(run, false)).toEqual({ start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") });
  });
  it("advance: the current period (April)", () => {
    expect(fixedChargeWindow(run, true)).toEqual({ start: at("2024-04-01T00:00:00Z"), end: at("2024-05-01T00:00:00Z") });
  });
  it("yearly plan billing charges monthly, not the first month → no fixed charges", () => {
    const yearly: BillingPeriodInput = {
      ...run,
      plan: { interval: "yearly", pay_in_advance: false, bill_charges_monthly: true },
      subscription: { ...run.subscription, subscription_at: at("2020-02-02T00:00:00Z"), started_at: at("2020-02-02T00:00:00Z") },
      billing_at: at("2023-02-01T00:00:00Z"),
    };
    expect(fixedChargeWindow(yearly, false)).toBeNull();
  });
});

describe("fixedChargeIsBilled (§5, §7)", () => {
  const base: FixedChargeBilledInput = {
    reason: "periodic", pay_in_advance: false, status: "active", plan_has_arrears_fixed_charge: true,
    terminated_after_invoice: false, already_billed_for_window: false,
  };
  it.each<[string, Partial<FixedChargeBilledInput>, boolean]>([
    ["arrears, periodic", {}, true],
    ["arrears, starting invoice", { reason: "starting" }, false],
    ["advance, starting invoice", { reason: "starting", pay_in_advance: true }, true],
    ["advance, already billed for the window", { pay_in_advance: true, already_billed_for_window: true }, false],
    ["advance, terminated subscription", { pay_in_advance: true, status: "terminated", reason: "terminating" }, false],
    ["arrears, terminated subscription", { status: "terminated", reason: "terminating" }, true],
    ["terminated, no arrears fixed charge, terminated before the invoice", { status: "terminated", plan_has_arrears_fixed_charge: false }, false],
    ["pending", { status: "pending" }, false],
  ])("%s → %s", (_name, extra, billed) => {
    expect(fixedChargeIsBilled({ ...base, ...extra })).toBe(billed);
  });
});

describe("usageChargeIsBilled (§5)", () => {
  it.each([
    [false, false, "periodic", true],
    [false, false, "terminating", true],
    [false, false, "starting", false],
    [true, false, "periodic", false],
    [true, true, "periodic", true],
    [true, true, "terminating", false],
  ] as const)("pay_in_advance %s, recurring %s, %s → %s", (pay_in_advance, recurring, reason, billed) => {
    expect(usageChargeIsBilled({ pay_in_advance }, recurring, reason)).toBe(billed);
  });
});
