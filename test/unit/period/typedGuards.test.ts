/**
 * The typed period API answers what its types cannot rule out (an unknown zone, NaN or
 * out-of-range instants, values cast past the unions) with a ValidationError naming each
 * field, never a RangeError or TypeError.
 */
import { describe, expect, it } from "vitest";
import { type Instant, instant } from "../../../src/core/instant.js";
import { ValidationError } from "../../../src/core/issue.js";
import { computeBillingPeriod } from "../../../src/period/billingPeriod.js";
import { nextBillingBoundary } from "../../../src/period/clock.js";
import { durationInDays } from "../../../src/period/periodDates.js";
import { planFee } from "../../../src/period/planFee.js";
import { prorationDays } from "../../../src/period/proration.js";
import type { BillingPeriodInput, Schedule } from "../../../src/period/types.js";
import { at, day, schedule } from "./_helpers.js";

function detailsOf(f: () => unknown): Record<string, string[]> {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return { ...(e as ValidationError).error_details };
  }
  throw new Error("expected a ValidationError");
}

const good: BillingPeriodInput = {
  plan: { interval: "monthly", pay_in_advance: false },
  subscription: {
    billing_time: "calendar",
    subscription_at: at("2022-01-01T00:00:00Z"),
    started_at: at("2022-01-01T00:00:00Z"),
    terminated_at: null,
    status: "active",
  },
  timezone: "Europe/Paris",
  billing_at: at("2022-03-01T00:00:00Z"),
};
const monthlyCalendar = schedule("monthly", "calendar", "2022-01-01");

describe("computeBillingPeriod", () => {
  it("still computes valid input", () => {
    expect(computeBillingPeriod(good).duration_in_days).toBe(28);
  });

  it("names every bad field at once", () => {
    const bad = {
      plan: { interval: "daily", pay_in_advance: false },
      subscription: { ...good.subscription, billing_time: "x", subscription_at: NaN, terminated_at: 1e17, status: "gone" },
      timezone: "Nope/Nowhere",
      billing_at: Infinity,
    } as unknown as BillingPeriodInput;
    expect(detailsOf(() => computeBillingPeriod(bad))).toEqual({
      "plan.interval": ["invalid_interval"],
      "subscription.billing_time": ["invalid_billing_time"],
      "subscription.subscription_at": ["invalid_timestamp"],
      "subscription.terminated_at": ["invalid_timestamp"],
      "subscription.status": ["invalid_value"],
      timezone: ["invalid_timezone"],
      billing_at: ["invalid_timestamp"],
    });
  });

  it("an unknown zone alone is invalid_timezone, as before", () => {
    expect(detailsOf(() => computeBillingPeriod({ ...good, timezone: "Mars/Olympus" }))).toEqual({ timezone: ["invalid_timezone"] });
  });
});

describe("planFee", () => {
  const input = {
    rule: "first_period" as const,
    amount_cents: 100n,
    period: { start: at("2022-03-01T00:00:00Z"), end: at("2022-04-01T00:00:00Z") },
    timezone: "UTC",
    schedule: monthlyCalendar,
  };

  it("still prices valid input", () => {
    expect(planFee(input).amount_cents).toBe(100n);
  });

  it("rejects a NaN period, an unknown zone, a bad schedule and a bad trial end", () => {
    const bad = {
      ...input,
      period: { start: instant(NaN), end: input.period.end },
      timezone: "Nope/Nowhere",
      schedule: { interval: "daily", billing_time: "calendar", anchor: { year: 2022, month: 13, day: 1 } } as unknown as Schedule,
      trial_end: instant(-Infinity),
    };
    expect(detailsOf(() => planFee(bad))).toEqual({
      "period.start": ["invalid_timestamp"],
      timezone: ["invalid_timezone"],
      "schedule.interval": ["invalid_interval"],
      "schedule.anchor": ["invalid_date"],
      trial_end: ["invalid_timestamp"],
    });
  });
});

describe("other entry points", () => {
  it("prorationDays: unknown zone and out-of-range end", () => {
    expect(detailsOf(() => prorationDays({ start: instant(0), end: instant(9e15) }, "Nope/Nowhere"))).toEqual({
      "period.end": ["invalid_timestamp"],
      timezone: ["invalid_timezone"],
    });
  });

  it("nextBillingBoundary: unknown zone and NaN instant", () => {
    const clock = { schedule: monthlyCalendar, timezone: "Nope/Nowhere", started_at: null };
    expect(detailsOf(() => nextBillingBoundary(clock, NaN as Instant))).toEqual({
      timezone: ["invalid_timezone"],
      after: ["invalid_timestamp"],
    });
  });

  it("date functions: an interval cast past the union is invalid_interval", () => {
    const s = { ...monthlyCalendar, interval: "daily" } as unknown as Schedule;
    expect(detailsOf(() => durationInDays(day("2022-03-01"), s))).toEqual({ interval: ["invalid_interval"] });
    const proto = { ...monthlyCalendar, interval: "constructor" } as unknown as Schedule;
    expect(detailsOf(() => durationInDays(day("2022-03-01"), proto))).toEqual({ interval: ["invalid_interval"] });
  });
});
