/**
 * Worked examples of periods.md §2.2, §2.3, §2.8 and §2.10, as date tables.
 */
import { describe, expect, it } from "vitest";
import { durationInDays, periodContaining, previousPeriodDate, rangeToPeriod } from "../../../src/period/periodDates.js";
import type { BillingTime, Interval } from "../../../src/period/types.js";
import { day, fmt, iso, schedule } from "./_helpers.js";

const range = (interval: Interval, bt: BillingTime, anchor: string, d: string): string => {
  const p = periodContaining(day(d), schedule(interval, bt, anchor));
  return `${fmt(p.first)}..${fmt(p.last)}`;
};

describe("period containing a date", () => {
  it.each([
    // §2.3 month-end table: anchor 2022-01-31, every period ends the day before the next one
    ["monthly", "anniversary", "2022-01-31", "2022-02-27", "2022-01-31..2022-02-27"],
    ["monthly", "anniversary", "2022-01-31", "2022-02-28", "2022-02-28..2022-03-30"],
    ["monthly", "anniversary", "2022-01-31", "2022-03-31", "2022-03-31..2022-04-29"],
    ["monthly", "anniversary", "2022-01-31", "2022-04-30", "2022-04-30..2022-05-30"],
    // anchor on the 30th: February ends on the 27th, the next period starts on the 28th
    ["monthly", "anniversary", "2022-01-30", "2022-02-10", "2022-01-30..2022-02-27"],
    ["monthly", "anniversary", "2019-04-30", "2020-02-29", "2020-02-29..2020-03-29"],
    ["monthly", "anniversary", "2022-01-01", "2022-02-15", "2022-02-01..2022-02-28"],
    ["monthly", "calendar", "2021-02-02", "2022-02-15", "2022-02-01..2022-02-28"],
    // yearly on Feb 29 2020
    ["yearly", "anniversary", "2020-02-29", "2024-03-01", "2024-02-29..2025-02-27"],
    ["yearly", "anniversary", "2020-02-29", "2022-06-01", "2022-02-28..2023-02-27"],
    ["yearly", "anniversary", "2022-03-01", "2022-03-01", "2022-03-01..2023-02-28"],
    ["yearly", "anniversary", "2023-03-01", "2023-03-01", "2023-03-01..2024-02-29"],
    ["yearly", "anniversary", "2023-03-29", "2024-03-15", "2023-03-29..2024-03-28"],
    ["yearly", "calendar", "2021-02-02", "2022-03-07", "2022-01-01..2022-12-31"],
    // quarterly / semiannual anniversary: billing months from the anchor month
    ["quarterly", "anniversary", "2021-02-02", "2022-03-07", "2022-02-02..2022-05-01"],
    ["quarterly", "anniversary", "2021-01-31", "2021-04-30", "2021-04-30..2021-07-30"],
    ["quarterly", "anniversary", "2021-01-31", "2021-04-29", "2021-01-31..2021-04-29"],
    ["quarterly", "anniversary", "2023-04-06", "2023-08-04", "2023-07-06..2023-10-05"],
    ["quarterly", "anniversary", "2021-05-30", "2022-05-29", "2022-02-28..2022-05-29"],
    ["quarterly", "anniversary", "2021-10-01", "2022-02-01", "2022-01-01..2022-03-31"],
    ["quarterly", "calendar", "2021-02-02", "2022-05-17", "2022-04-01..2022-06-30"],
    ["semiannual", "anniversary", "2021-01-31", "2021-04-30", "2021-01-31..2021-07-30"],
    ["semiannual", "anniversary", "2021-05-30", "2022-05-29", "2021-11-30..2022-05-29"],
    ["semiannual", "calendar", "2021-02-02", "2022-07-01", "2022-07-01..2022-12-31"],
    // weekly: anchor weekday (Tuesday 2021-02-02) or ISO week
    ["weekly", "anniversary", "2021-02-02", "2022-03-07", "2022-03-01..2022-03-07"],
    ["weekly", "anniversary", "2021-02-02", "2022-03-08", "2022-03-08..2022-03-14"],
    ["weekly", "calendar", "2021-02-02", "2022-06-22", "2022-06-20..2022-06-26"],
  ] as const)("%s %s anchored %s: %s is in %s", (interval, bt, anchor, d, want) => {
    expect(range(interval, bt, anchor, d)).toBe(want);
  });
});

describe("durations (§2.8, §2.10)", () => {
  it.each([
    ["monthly", "calendar", "2021-02-02", "2022-02-01", 28],
    ["monthly", "calendar", "2019-02-28", "2020-02-01", 29],
    ["quarterly", "calendar", "2021-02-02", "2022-04-01", 91],
    ["quarterly", "anniversary", "2021-02-02", "2020-02-02", 90],
    ["quarterly", "anniversary", "2021-02-02", "2021-02-02", 89],
    ["semiannual", "calendar", "2021-02-02", "2022-01-01", 181],
    ["semiannual", "calendar", "2021-02-02", "2020-01-01", 182],
    ["semiannual", "calendar", "2021-02-02", "2024-07-01", 184],
    ["yearly", "anniversary", "2020-02-29", "2024-02-29", 365],
    ["yearly", "anniversary", "2019-02-02", "2020-02-02", 366],
    ["yearly", "calendar", "2019-02-28", "2020-01-01", 366],
    ["weekly", "anniversary", "2021-02-02", "2022-03-08", 7],
    // §2.10: anchor 2021-02-02, at 2022-03-07
    ["monthly", "anniversary", "2021-02-02", "2022-03-07", 31],
    ["semiannual", "anniversary", "2021-02-02", "2022-03-07", 181],
    ["yearly", "anniversary", "2021-02-02", "2022-03-07", 365],
  ] as const)("%s %s anchored %s: the period of %s lasts %i days", (interval, bt, anchor, d, n) => {
    expect(durationInDays(day(d), schedule(interval, bt, anchor))).toBe(n);
  });
});

describe("base date: one interval back (§2.1)", () => {
  it.each([
    ["monthly", "anniversary", "2022-01-31", "2022-02-28", "2022-01-31"],
    ["quarterly", "anniversary", "2022-01-31", "2022-04-30", "2022-01-31"],
    ["monthly", "anniversary", "2021-03-31", "2021-04-30", "2021-03-31"],
    ["monthly", "calendar", "2021-03-31", "2021-04-30", "2021-03-30"],
    ["monthly", "anniversary", "2019-04-30", "2020-03-30", "2020-02-29"],
    ["yearly", "anniversary", "2020-02-29", "2024-02-29", "2023-02-28"],
    ["weekly", "anniversary", "2021-02-02", "2022-03-08", "2022-03-01"],
  ] as const)("%s %s anchored %s, billed %s → %s", (interval, bt, anchor, d, want) => {
    expect(fmt(previousPeriodDate(day(d), schedule(interval, bt, anchor)))).toBe(want);
  });
});

describe("ranges of days as instants", () => {
  it("a Paris March is [Feb 29 23:00Z, Mar 31 22:00Z): 743 hours across the DST change", () => {
    const p = rangeToPeriod({ first: day("2024-03-01"), last: day("2024-03-31") }, "Europe/Paris");
    expect([iso(p.start), iso(p.end)]).toEqual(["2024-02-29T23:00:00Z", "2024-03-31T22:00:00Z"]);
    expect((p.end - p.start) / 3_600_000).toBe(743);
  });
});
