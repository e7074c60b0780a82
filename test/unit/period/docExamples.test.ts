/**
 * The `@example`s of the period area's TSDoc, so the docs cannot drift.
 */
import { describe, expect, it } from "vitest";
import { billingPeriod } from "../../../src/json/billingPeriod.js";
import { computeBillingPeriod } from "../../../src/period/billingPeriod.js";
import { nextBillingBoundary } from "../../../src/period/clock.js";
import { periodContaining } from "../../../src/period/periodDates.js";
import { planFee } from "../../../src/period/planFee.js";
import { prorationDays } from "../../../src/period/proration.js";
import { at, day, fmt, iso, schedule } from "./_helpers.js";

describe("doc example", () => {
  it("computeBillingPeriod: monthly calendar in advance on 2022-03-01", () => {
    const r = computeBillingPeriod({
      plan: { interval: "monthly", pay_in_advance: true },
      subscription: { billing_time: "calendar", subscription_at: at("2021-02-02T00:00:00Z"), started_at: at("2021-02-02T00:00:00Z"), terminated_at: null, status: "active" },
      timezone: "UTC",
      billing_at: at("2022-03-01T00:00:00Z"),
    });
    expect([iso(r.period!.start), iso(r.period!.end)]).toEqual(["2022-03-01T00:00:00Z", "2022-04-01T00:00:00Z"]);
    expect([iso(r.charges_period!.start), iso(r.charges_period!.end)]).toEqual(["2022-02-01T00:00:00Z", "2022-03-01T00:00:00Z"]);
  });

  it("billingPeriod (JSON): monthly calendar in arrears on 2022-03-01", () => {
    const r = billingPeriod({
      plan: { interval: "monthly", pay_in_advance: false },
      subscription: { billing_time: "calendar", subscription_at: "2021-02-02T00:00:00Z", started_at: "2021-02-02T00:00:00Z", terminated_at: null, status: "active" },
      timezone: "UTC",
      billing_at: "2022-03-01T00:00:00Z",
    });
    expect(r).toMatchObject({ from_datetime: "2022-02-01T00:00:00Z", to_datetime: "2022-02-28T23:59:59Z", charges_duration_in_days: 28 });
  });

  it("periodContaining: anchor Jan 31, Feb 28 starts a period that ends Mar 30", () => {
    const p = periodContaining(day("2022-02-28"), schedule("monthly", "anniversary", "2022-01-31"));
    expect([fmt(p.first), fmt(p.last)]).toEqual(["2022-02-28", "2022-03-30"]);
  });

  it("nextBillingBoundary: monthly anniversary on Jan 31 (UTC), after 2022-02-10", () => {
    const clock = { schedule: schedule("monthly", "anniversary", "2022-01-31"), timezone: "UTC" };
    expect(iso(nextBillingBoundary(clock, at("2022-02-10T00:00:00Z")))).toBe("2022-02-28T00:00:00Z");
  });

  it("prorationDays: March cut on the 20th at 10:00 bills 20 days", () => {
    expect(prorationDays({ start: at("2022-03-01T00:00:00Z"), end: at("2022-03-20T10:00:01Z") }, "UTC")).toBe(20);
  });

  it("planFee: 100 cents, weekly calendar, started Wed 2022-06-22 → 71", () => {
    const f = planFee({
      rule: "first_period",
      amount_cents: 100n,
      period: { start: at("2022-06-22T00:00:00Z"), end: at("2022-06-27T00:00:00Z") },
      timezone: "UTC",
      schedule: schedule("weekly", "calendar", "2021-01-01"),
    });
    expect(f.amount_cents).toBe(71n);
  });
});
