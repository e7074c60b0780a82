import { describe, expect, it } from "vitest";
import {
  addDays, addMonths, dayNumber, daysInMonth, fromDayNumber, isLastDayOfMonth, isoWeekday, parseDate, shiftMonth,
} from "../../../src/period/_date.js";
import { day, fmt } from "./_helpers.js";

describe("calendar dates", () => {
  it("numbers days from 1970-01-01 and back", () => {
    expect(dayNumber(day("1970-01-01"))).toBe(0);
    expect(dayNumber(day("2000-03-01"))).toBe(11_017);
    expect(dayNumber(day("1969-12-31"))).toBe(-1);
    for (const n of [-800_000, -1, 0, 59, 60, 11_016, 19_000, 2_932_896]) expect(dayNumber(fromDayNumber(n))).toBe(n);
  });
  it.each([
    ["2022-03-07", 1], ["2022-03-06", 7], ["2021-02-02", 2], ["2024-02-29", 4], ["1970-01-01", 4],
  ])("%s is ISO weekday %i", (s, w) => expect(isoWeekday(day(s))).toBe(w));
  it.each([
    ["2024-03-31", -1, "2024-02-29"], ["2022-03-31", -1, "2022-02-28"], ["2024-02-29", -12, "2023-02-28"],
    ["2022-01-31", 1, "2022-02-28"], ["2021-11-30", 6, "2022-05-30"], ["2022-12-15", 1, "2023-01-15"],
  ])("%s %+i months = %s (day clamped)", (s, n, want) => expect(fmt(addMonths(day(s), n))).toBe(want));
  it("knows month lengths, month ends and leap years", () => {
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(1900, 2), daysInMonth(2000, 2)]).toEqual([29, 28, 28, 29]);
    expect(isLastDayOfMonth(day("2022-02-28"))).toBe(true);
    expect(isLastDayOfMonth(day("2024-02-28"))).toBe(false);
    expect(shiftMonth(2022, 1, -1)).toEqual({ year: 2021, month: 12 });
    expect(fmt(addDays(day("2024-02-28"), 2))).toBe("2024-03-01");
  });
  it("parses only real dates", () => {
    expect(parseDate("2023-02-29")).toBeUndefined();
    expect(parseDate("2024-13-01")).toBeUndefined();
    expect(parseDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
  });
});
