import { describe, expect, it } from "vitest";
import { type SubscriptionFeeCreationFacts, firstMonthFacts, inTrialNotEndingToday, subscriptionFeeIsCreated } from "../../../src/fees/subscriptionFeeCreated.js";
import { scheduleOf } from "../../../src/period/index.js";
import { at } from "./_helpers.js";

const facts: SubscriptionFeeCreationFacts = {
  pay_in_advance: false, interval: "monthly", status: "active", terminated_at: null, invoice_created_at: at("2024-04-01T00:00:00Z"),
  billed_on_other_invoice_same_day: false, ever_billed: true, started_in_past: false, first_month_of_period: false,
  first_month_of_first_period: false, in_trial_not_ending_today: false, advance_fixed_charges_starting_invoice: false,
};

describe("subscriptionFeeIsCreated (periods.md §5)", () => {
  it.each<[string, Partial<SubscriptionFeeCreationFacts>, boolean]>([
    ["monthly active", {}, true],
    ["advance plan already billed on another invoice the same day", { pay_in_advance: true, billed_on_other_invoice_same_day: true }, false],
    ["arrears plan billed on another invoice the same day (guard is for advance plans)", { billed_on_other_invoice_same_day: true }, true],
    ["in a trial that does not end today", { in_trial_not_ending_today: true }, false],
    ["starting invoice of an arrears plan for advance fixed charges", { advance_fixed_charges_starting_invoice: true }, false],
    ["pending", { status: "pending" }, false],
    ["terminated arrears plan", { status: "terminated", terminated_at: at("2024-03-20T00:00:00Z") }, true],
    ["terminated advance plan", { pay_in_advance: true, status: "terminated", terminated_at: at("2024-03-20T00:00:00Z") }, false],
    ["advance plan terminated after the invoice creation", { pay_in_advance: true, status: "terminated", terminated_at: at("2024-04-10T00:00:00Z") }, true],
    ["yearly arrears, not the first month (a bill_charges_monthly run)", { interval: "yearly" }, false],
    ["yearly arrears, first month", { interval: "yearly", first_month_of_period: true }, true],
    ["yearly arrears, terminated", { interval: "yearly", status: "terminated", terminated_at: at("2024-03-20T00:00:00Z") }, true],
    ["yearly advance, first month", { interval: "yearly", pay_in_advance: true, first_month_of_period: true }, true],
    ["yearly advance, never billed", { interval: "yearly", pay_in_advance: true, ever_billed: false }, true],
    ["yearly advance, later month", { interval: "semiannual", pay_in_advance: true }, false],
    ["yearly advance back-dated, first month of the first period", { interval: "yearly", pay_in_advance: true, started_in_past: true, first_month_of_period: true, first_month_of_first_period: true }, false],
    ["yearly advance back-dated, first month of a later period", { interval: "yearly", pay_in_advance: true, started_in_past: true, first_month_of_period: true }, true],
  ])("%s → %s", (_name, extra, created) => {
    expect(subscriptionFeeIsCreated({ ...facts, ...extra })).toBe(created);
  });
});

describe("firstMonthFacts", () => {
  it.each([
    ["yearly calendar, January", "calendar", "2023-01-01", true],
    ["yearly calendar, February", "calendar", "2023-02-01", false],
    ["yearly anniversary on Jan 31, billed Feb 27 (month of Jan 31 → Feb 27)", "anniversary", "2023-02-27", true],
    ["yearly anniversary on Jan 31, billed Feb 28", "anniversary", "2023-02-28", false],
  ] as const)("%s → %s", (_name, billingTime, date, first) => {
    const schedule = scheduleOf("yearly", billingTime, at("2022-01-31T00:00:00Z"), "UTC");
    const [y, m, d] = date.split("-").map(Number);
    const f = firstMonthFacts({ year: y!, month: m!, day: d! }, schedule, at("2022-01-31T00:00:00Z"), "UTC");
    expect(f.first_month_of_period).toBe(first);
    expect(f.first_month_of_first_period).toBe(false);
  });
});

describe("inTrialNotEndingToday (§6)", () => {
  it.each([
    ["trial ends later that day", "2022-01-04T00:01:00Z", "2022-01-04T00:00:00Z", false],
    ["trial ends the next day", "2022-01-05T00:01:00Z", "2022-01-04T00:00:00Z", true],
    ["trial over", "2022-01-03T00:00:00Z", "2022-01-04T00:00:00Z", false],
  ])("%s → %s", (_name, end, now, inTrial) => {
    expect(inTrialNotEndingToday(at(end), at(now), "UTC")).toBe(inTrial);
  });
  it("no trial", () => expect(inTrialNotEndingToday(null, at("2022-01-04T00:00:00Z"), "UTC")).toBe(false));
});
