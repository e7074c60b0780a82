/**
 * When periodic runs happen (periods.md §3).
 */
import { describe, expect, it } from "vitest";
import { addDays, formatDate } from "../../../src/period/_date.js";
import { isBillingDate, nextBillingBoundary } from "../../../src/period/clock.js";
import type { BillingTime, Interval } from "../../../src/period/types.js";
import { at, day, iso, schedule } from "./_helpers.js";

/** Every billing date in [from, from + n days). */
function billingDates(interval: Interval, bt: BillingTime, anchor: string, from: string, n: number, monthly = false): string[] {
  const out: string[] = [];
  for (let i = 0, d = day(from); i < n; i++, d = addDays(d, 1)) {
    if (isBillingDate(d, schedule(interval, bt, anchor), monthly)) out.push(formatDate(d));
  }
  return out;
}

describe("billing dates", () => {
  it("calendar: Mondays, 1sts, quarter and half-year starts, Jan 1", () => {
    expect(billingDates("weekly", "calendar", "2021-02-03", "2022-03-01", 14)).toEqual(["2022-03-07", "2022-03-14"]);
    expect(billingDates("monthly", "calendar", "2021-02-03", "2022-01-15", 60)).toEqual(["2022-02-01", "2022-03-01"]);
    expect(billingDates("quarterly", "calendar", "2021-02-03", "2022-01-01", 365)).toEqual(["2022-01-01", "2022-04-01", "2022-07-01", "2022-10-01"]);
    expect(billingDates("semiannual", "calendar", "2021-02-03", "2022-01-01", 365)).toEqual(["2022-01-01", "2022-07-01"]);
    expect(billingDates("yearly", "calendar", "2021-02-03", "2022-01-01", 365)).toEqual(["2022-01-01"]);
  });
  it("semiannual and yearly plans billed monthly: every 1st (calendar) or monthly anniversary", () => {
    expect(billingDates("yearly", "calendar", "2021-02-03", "2022-01-01", 90, true)).toEqual(["2022-01-01", "2022-02-01", "2022-03-01"]);
    expect(billingDates("semiannual", "anniversary", "2021-01-31", "2022-01-01", 90, true)).toEqual(["2022-01-31", "2022-02-28", "2022-03-31"]);
  });
  it("anniversary on the 31st: the last day of shorter months", () => {
    expect(billingDates("monthly", "anniversary", "2022-01-31", "2024-01-01", 130)).toEqual(["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"]);
    expect(billingDates("quarterly", "anniversary", "2021-01-31", "2022-01-01", 365)).toEqual(["2022-01-31", "2022-04-30", "2022-07-31", "2022-10-31"]);
    expect(billingDates("yearly", "anniversary", "2020-02-29", "2022-01-01", 800)).toEqual(["2022-02-28", "2023-02-28", "2024-02-29"]);
  });
  it("anniversary weekly: the anchor's weekday", () => {
    expect(billingDates("weekly", "anniversary", "2021-02-02", "2022-03-01", 14)).toEqual(["2022-03-01", "2022-03-08"]);
  });
});

describe("next billing boundary", () => {
  const clock = (interval: Interval, bt: BillingTime, anchor: string, timezone: string, started_at?: string) => ({
    schedule: schedule(interval, bt, anchor),
    timezone,
    ...(started_at ? { started_at: at(started_at) } : {}),
  });
  it("is 00:00 of the next billing date in the customer's zone", () => {
    expect(iso(nextBillingBoundary(clock("monthly", "anniversary", "2022-01-31", "America/New_York"), at("2022-02-10T00:00:00Z")))).toBe(
      "2022-02-28T05:00:00Z",
    );
    expect(iso(nextBillingBoundary(clock("monthly", "calendar", "2021-01-01", "Europe/Paris"), at("2024-03-15T00:00:00Z")))).toBe(
      "2024-03-31T22:00:00Z",
    );
  });
  it("is strictly after `after`", () => {
    const c = clock("monthly", "calendar", "2021-01-01", "UTC");
    expect(iso(nextBillingBoundary(c, at("2024-03-01T00:00:00Z")))).toBe("2024-04-01T00:00:00Z");
    expect(iso(nextBillingBoundary(c, at("2024-02-29T23:59:59.999Z")))).toBe("2024-03-01T00:00:00Z");
  });
  it("never bills on the start day", () => {
    const c = clock("weekly", "anniversary", "2024-03-04", "UTC", "2024-03-04T10:00:00Z");
    expect(iso(nextBillingBoundary(c, at("2024-03-01T00:00:00Z")))).toBe("2024-03-11T00:00:00Z");
  });
  it("a day that starts in a DST gap starts at its first instant (Santiago, 2024-09-08)", () => {
    const c = clock("weekly", "anniversary", "2024-09-01", "America/Santiago");
    expect(iso(nextBillingBoundary(c, at("2024-09-03T00:00:00Z")))).toBe("2024-09-08T04:00:00Z");
  });
});
