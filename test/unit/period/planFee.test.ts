/**
 * Plan-fee proration: the worked examples of periods.md §4, §5 and §6 (amounts in cents).
 */
import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { ValidationError } from "../../../src/core/issue.js";
import { planFee, type PlanFeeInput } from "../../../src/period/planFee.js";
import { type PlanFeeFacts, selectPlanFeeRule } from "../../../src/period/planFeeRule.js";
import { prorationDays } from "../../../src/period/proration.js";
import type { Instant } from "../../../src/core/instant.js";
import type { Interval } from "../../../src/period/types.js";
import { at, day, schedule } from "./_helpers.js";

const fee = (
  interval: Interval, rule: PlanFeeInput["rule"], from: string, end: string,
  extra: Partial<Omit<PlanFeeInput, "rule" | "period" | "schedule">> = {},
) =>
  planFee({
    rule,
    amount_cents: 100n,
    period: { start: at(from), end: at(end) },
    timezone: "UTC",
    schedule: schedule(interval, "calendar", "2021-02-02"),
    ...extra,
  });

describe("day counts (dayDiff)", () => {
  it.each([
    ["2022-03-01T00:00:00Z", "2022-04-01T00:00:00Z", "UTC", 31],
    ["2022-03-01T00:00:00Z", "2022-03-20T10:00:01Z", "UTC", 20], // cut at 10:00 counts the day
    ["2022-03-01T00:00:00Z", "2022-03-20T00:00:01Z", "UTC", 20], // cut at midnight counts it too
    ["2024-03-01T00:00:00+01:00", "2024-04-01T00:00:00+02:00", "Europe/Paris", 31], // 743 hours
    ["2024-11-01T00:00:00-04:00", "2024-12-01T00:00:00-05:00", "America/New_York", 30], // 721 hours
    ["2022-01-04T00:01:00Z", "2022-02-01T00:00:00Z", "UTC", 28], // from a trial end at 00:01
    ["2024-04-06T00:00:00+10:30", "2024-04-08T00:00:00+10:00", "Australia/Lord_Howe", 2], // 30-minute DST
  ])("[%s, %s) in %s bills %i days", (from, end, tz, n) => {
    expect(prorationDays({ start: at(from), end: at(end) }, tz)).toBe(n);
  });
});

describe("plan fee amounts (§4)", () => {
  it.each([
    ["weekly calendar started Wed 2022-06-22: 5/7", "weekly", "first_period", "2022-06-22T00:00:00Z", "2022-06-27T00:00:00Z", {}, 5, "71.42857142857143", 71n],
    ["weekly calendar started Mon 2022-06-20: 7/7", "weekly", "first_period", "2022-06-20T00:00:00Z", "2022-06-27T00:00:00Z", {}, 7, "100", 100n],
    ["monthly arrears terminated 2022-03-20 10:00: 20/31", "monthly", "terminated", "2022-03-01T00:00:00Z", "2022-03-20T10:00:01Z", {}, 20, "64.51612903225806", 65n],
    ["weekly terminated Wed 2022-03-16: 3/7", "weekly", "terminated", "2022-03-14T00:00:00Z", "2022-03-16T10:00:01Z", {}, 3, "42.85714285714286", 43n],
    ["upgraded into on 2022-03-15: 17/31", "monthly", "upgraded", "2022-03-15T00:00:00Z", "2022-04-01T00:00:00Z", { from_date: day("2022-03-01") }, 17, "54.83870967741935", 55n],
    ["arrears ended by an upgrade, 20 days in: 19/31", "monthly", "terminated", "2022-03-01T00:00:00Z", "2022-03-20T11:00:01Z", { terminated_by_upgrade: true }, 19, "61.29032258064516", 61n],
    ["§5 walkthrough, started 2024-03-15 10:00: 17/31", "monthly", "first_period", "2024-03-15T00:00:00Z", "2024-04-01T00:00:00Z", { from_date: day("2024-03-01") }, 17, "54.83870967741935", 55n],
    ["full amount", "monthly", "full", "2024-04-01T00:00:00Z", "2024-05-01T00:00:00Z", {}, 30, "100", 100n],
    ["plan_amount_cents override 6200, 16/31", "monthly", "first_period", "2022-10-16T00:00:00Z", "2022-11-01T00:00:00Z", { amount_cents: 6200n }, 16, "3200", 3200n],
  ] as const)("%s", (_name, interval, rule, from, end, extra, days, precise, cents) => {
    const f = fee(interval, rule, from, end, extra);
    expect(f.days).toBe(days);
    expect(toDecimalString(f.precise_amount_cents)).toBe(precise);
    expect(f.amount_cents).toBe(cents);
  });

  it("prices a day of a double like the reference: 115 × 14/28 is 57.4999… → 57 (57.5 exactly)", () => {
    const f = planFee({
      rule: "first_period",
      amount_cents: 115n,
      period: { start: at("2022-02-15T00:00:00Z"), end: at("2022-03-01T00:00:00Z") },
      timezone: "UTC",
      schedule: schedule("monthly", "calendar", "2021-02-02"),
    });
    expect([f.days, f.duration_in_days, f.amount_cents]).toEqual([14, 28, 57n]);
    expect(toDecimalString(f.single_day_price)).toBe("4.107142857142857");
  });

  it("refuses a plan amount a double cannot hold exactly", () => {
    expect(() => fee("monthly", "full", "2024-04-01T00:00:00Z", "2024-05-01T00:00:00Z", { amount_cents: 2n ** 53n })).toThrow(ValidationError);
  });

  it("uses the whole period as denominator in a New York February", () => {
    const f = planFee({
      rule: "first_period",
      amount_cents: 2800n,
      period: { start: at("2022-02-10T05:00:00Z"), end: at("2022-03-01T05:00:00Z") },
      timezone: "America/New_York",
      schedule: schedule("monthly", "calendar", "2021-02-02"),
    });
    expect([f.days, f.duration_in_days, f.amount_cents]).toEqual([19, 28, 1900n]);
  });
});

describe("trials (§6)", () => {
  const jan = ["2022-01-01T00:00:00Z", "2022-02-01T00:00:00Z"] as const;
  it.each([
    ["monthly, started Jan 1 00:01, trial 3 d → 28/31", "monthly", "first_period", jan[0], jan[1], "2022-01-04T00:01:00Z", 28, 90n],
    ["monthly, trial 45 d covers the period → 0", "monthly", "first_period", jan[0], jan[1], "2022-02-15T00:01:00Z", 0, 0n],
    ["weekly from Mon 2022-06-20, trial 3 d → Thu-Sun", "weekly", "first_period", "2022-06-20T00:00:00Z", "2022-06-27T00:00:00Z", "2022-06-23T00:00:00Z", 4, 57n],
    ["weekly from Wed 2022-06-22, trial 3 d → Sat-Sun", "weekly", "first_period", "2022-06-22T00:00:00Z", "2022-06-27T00:00:00Z", "2022-06-25T00:00:00Z", 2, 29n],
    ["full amount with a trial ending inside → prorated", "monthly", "full", "2022-03-01T00:00:00Z", "2022-04-01T00:00:00Z", "2022-03-11T12:00:00Z", 21, 68n],
    ["trial ended before the period → unchanged", "monthly", "full", "2022-03-01T00:00:00Z", "2022-04-01T00:00:00Z", "2022-02-11T12:00:00Z", 31, 100n],
  ] as const)("%s", (_name, interval, rule, from, end, trialEnd, days, cents) => {
    const f = fee(interval, rule, from, end, { trial_end: at(trialEnd) });
    expect([f.days, f.amount_cents]).toEqual([days, cents]);
  });
});

describe("trials ending inside a calendar first period, by the customer's date (docs/fees.md)", () => {
  it("Asia/Tokyo: a trial ending 2024-04-01 18:12 UTC (2 April local) bills 29 of 30 days; in UTC the same instant bills 30", () => {
    const april = { start: at("2024-03-31T15:00:00Z"), end: at("2024-04-30T15:00:00Z") };
    const tokyo = planFee({ rule: "first_period", amount_cents: 5_000_000n, period: april, timezone: "Asia/Tokyo", schedule: schedule("monthly", "calendar", "2024-03-23"), trial_end: at("2024-04-01T18:12:00Z") });
    expect([tokyo.days, tokyo.amount_cents]).toEqual([29, 4_833_333n]);
    const utc = fee("monthly", "first_period", "2024-04-01T00:00:00Z", "2024-05-01T00:00:00Z", { trial_end: at("2024-04-01T18:12:00Z") });
    expect(utc.days).toBe(30);
  });
});

describe("which rule applies (§4 order)", () => {
  const base: PlanFeeFacts = {
    terminated: false, pay_in_advance: false, anniversary: false, upgraded: false, has_next_subscription: false,
    has_previous_subscription: false, previous_upgraded: false, invoices_count: 1, already_billed: false,
    started_in_past: false, started_before_previous_period: false,
  };
  it.each([
    ["nothing special → first period", {}, "first_period"],
    ["terminated arrears, no next → terminated", { terminated: true }, "terminated"],
    ["terminated arrears with a next subscription (downgrade) → not terminated", { terminated: true, has_next_subscription: true }, "first_period"],
    ["terminated arrears ended by an upgrade → terminated", { terminated: true, has_next_subscription: true, upgraded: true }, "terminated"],
    ["terminated advance → not terminated", { terminated: true, pay_in_advance: true, already_billed: true }, "full"],
    ["first invoice after an upgrade → upgraded", { has_previous_subscription: true, previous_upgraded: true }, "upgraded"],
    ["second invoice after an upgrade → full", { has_previous_subscription: true, previous_upgraded: true, invoices_count: 2, already_billed: true }, "full"],
    ["advance anniversary without previous → full", { pay_in_advance: true, anniversary: true }, "full"],
    ["advance anniversary after a downgrade → first period", { pay_in_advance: true, anniversary: true, has_previous_subscription: true }, "first_period"],
    ["already billed → full", { already_billed: true }, "full"],
    ["back-dated advance → full", { started_in_past: true, pay_in_advance: true }, "full"],
    ["back-dated before the previous period → full", { started_in_past: true, started_before_previous_period: true }, "full"],
    ["back-dated inside the previous period → first period", { started_in_past: true }, "first_period"],
  ] as const)("%s", (_name, facts, rule) => {
    expect(selectPlanFeeRule({ ...base, ...facts })).toBe(rule);
  });
});

describe("a day the zone skips (Pacific/Apia, 2011-12-30)", () => {
  const days = (from: string, end: string) => prorationDays({ start: at(from), end: at(end) }, "Pacific/Apia");
  it("counts in a whole week (wall-clock days Mon 26 … Sun Jan 1) but in no piece of a split one", () => {
    // Dec 26 00:00 (−10:00) … Jan 2 00:00 (+14:00)
    expect(days("2011-12-26T10:00:00Z", "2012-01-01T10:00:00Z")).toBe(7);
    // cut at Dec 31 00:00 (+14:00) = 2011-12-30T10:00Z: Dec 26-29, then Dec 31-Jan 1
    expect(days("2011-12-26T10:00:00Z", "2011-12-30T10:00:00Z") + days("2011-12-30T10:00:00Z", "2012-01-01T10:00:00Z")).toBe(6);
  });
});

describe("prorationDays on a day whose midnight a DST change skips", () => {
  // America/Santiago started summer time on 2023-09-03 at 00:00 (→ 01:00, 04:00Z): that day starts at 01:00.
  const dayStart = Date.parse("2023-09-03T04:00:00Z") as Instant;
  it("a cut at the day's first instant counts that day, as a cut at midnight does", () => {
    expect(prorationDays({ start: dayStart, end: (dayStart + 1000) as Instant }, "America/Santiago")).toBe(1);
    const midnight = Date.parse("2023-09-02T04:00:00Z") as Instant; // 2023-09-02 00:00 -04
    expect(prorationDays({ start: midnight, end: (midnight + 1000) as Instant }, "America/Santiago")).toBe(1);
  });
  it("a cut at 01:00 of an ordinary day is not the start of a day", () => {
    const one = Date.parse("2023-09-04T04:00:00Z") as Instant; // 2023-09-04 01:00 -03
    expect(prorationDays({ start: (one - 3_600_000) as Instant, end: (one + 1000) as Instant }, "America/Santiago")).toBe(1);
  });
});
