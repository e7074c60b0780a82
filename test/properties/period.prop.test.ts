/**
 * Laws of billing periods (periods.md §2-§4), in every interval, billing time and a set
 * of zones with DST changes (including a 30-minute one and a skipped day), across leap years.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dec, div, round } from "../../src/core/decimal.js";
import type { Instant } from "../../src/core/instant.js";
import { type CalendarDate, dateOf } from "../../src/core/zone.js";
import { addDays, clampedDate, dayNumber, daysBetween, fromDayNumber, sameDate } from "../../src/period/_date.js";
import { dayEnd, dayStart } from "../../src/period/_instants.js";
import { computeBillingPeriod } from "../../src/period/billingPeriod.js";
import { nextBillingBoundary } from "../../src/period/clock.js";
import { durationInDays, periodContaining } from "../../src/period/periodDates.js";
import { planFee } from "../../src/period/planFee.js";
import { prorationDays } from "../../src/period/proration.js";
import { BILLING_TIMES, INTERVALS, type Interval, type Schedule } from "../../src/period/types.js";

const ZONES = [
  "UTC", "Europe/Paris", "America/New_York", "America/Santiago", "Australia/Lord_Howe",
  "Pacific/Apia", "Asia/Kolkata", "America/St_Johns", "Asia/Tehran",
] as const;
const DURATIONS: Record<Interval, readonly [number, number]> = {
  weekly: [7, 7], monthly: [28, 31], quarterly: [89, 92], semiannual: [181, 184], yearly: [365, 366],
};
const DAY_MIN = dayNumber({ year: 1996, month: 1, day: 1 });
const DAY_MAX = dayNumber({ year: 2060, month: 12, day: 31 });

/** Dates biased towards month ends and February 29. */
const dateArb: fc.Arbitrary<CalendarDate> = fc.oneof(
  fc.integer({ min: DAY_MIN, max: DAY_MAX }).map(fromDayNumber),
  fc
    .record({ year: fc.integer({ min: 1996, max: 2060 }), month: fc.integer({ min: 1, max: 12 }), day: fc.constantFrom(1, 28, 29, 30, 31) })
    .map(({ year, month, day }) => clampedDate(year, month, day)),
);
const scheduleArb: fc.Arbitrary<Schedule> = fc.record({
  interval: fc.constantFrom(...INTERVALS),
  billing_time: fc.constantFrom(...BILLING_TIMES),
  anchor: dateArb,
});
const zoneArb = fc.constantFrom(...ZONES);
const instantArb = fc.integer({ min: Date.UTC(1997, 0, 1), max: Date.UTC(2059, 0, 1) }).map((n) => n as Instant);

describe("period laws", () => {
  it("each date lies in exactly one period, and periods follow each other day after day", () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, fc.nat(400), (s, d, k) => {
        const p = periodContaining(d, s);
        expect(daysBetween(p.first, d)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(d, p.last)).toBeGreaterThanOrEqual(0);
        const n = daysBetween(p.first, p.last) + 1;
        const [lo, hi] = DURATIONS[s.interval];
        expect(n).toBeGreaterThanOrEqual(lo);
        expect(n).toBeLessThanOrEqual(hi);
        expect(durationInDays(d, s)).toBe(n);
        // any day of the period gives the same period
        const other = addDays(p.first, k % n);
        expect(periodContaining(other, s)).toEqual(p);
        // the next period starts the day after, the previous ends the day before
        expect(periodContaining(addDays(p.last, 1), s).first).toEqual(addDays(p.last, 1));
        expect(periodContaining(addDays(p.first, -1), s).last).toEqual(addDays(p.first, -1));
      }),
    );
  });

  it("consecutive periods tile time in every zone: no gap, no overlap, never empty", () => {
    fc.assert(
      fc.property(scheduleArb, zoneArb, instantArb, (s, tz, t) => {
        let p = periodContaining(dateOf(t, tz), s);
        expect(dayStart(p.first, tz)).toBeLessThanOrEqual(t);
        expect(dayEnd(p.last, tz)).toBeGreaterThan(t);
        for (let i = 0; i < 3; i++) {
          const next = periodContaining(addDays(p.last, 1), s);
          expect(dayEnd(p.last, tz)).toBe(dayStart(next.first, tz));
          expect(dayStart(next.first, tz)).toBeLessThan(dayEnd(next.last, tz));
          p = next;
        }
      }),
    );
  });

  it("the current-usage period contains billing_at", () => {
    fc.assert(
      fc.property(scheduleArb, zoneArb, instantArb, fc.boolean(), (s, tz, t, advance) => {
        const subscriptionAt = dayStart(s.anchor, tz);
        fc.pre(subscriptionAt < t - 400 * 86_400_000);
        const r = computeBillingPeriod({
          plan: { interval: s.interval, pay_in_advance: advance },
          subscription: { billing_time: s.billing_time, subscription_at: subscriptionAt, started_at: subscriptionAt, terminated_at: null, status: "active" },
          timezone: tz,
          billing_at: t,
          current_usage: true,
        });
        for (const p of [r.period!, r.charges_period!, r.fixed_charges_period!]) {
          expect(p.start).toBeLessThanOrEqual(t);
          expect(p.end).toBeGreaterThan(t);
        }
        expect(r.next_end_of_period).toBe(r.period!.end);
      }),
    );
  });

  it("successive periodic runs bill adjoining periods that end at the run", () => {
    fc.assert(
      fc.property(scheduleArb, zoneArb, instantArb, fc.boolean(), fc.boolean(), (s, tz, t, advance, monthly) => {
        const subscriptionAt = dayStart(s.anchor, tz);
        fc.pre(subscriptionAt < t - 800 * 86_400_000);
        const long = s.interval === "semiannual" || s.interval === "yearly";
        const billsMonthly = monthly && long;
        const clock = { schedule: s, timezone: tz, started_at: subscriptionAt, bills_monthly: billsMonthly };
        const run = (at: Instant) =>
          computeBillingPeriod({
            plan: { interval: s.interval, pay_in_advance: advance, bill_charges_monthly: billsMonthly },
            subscription: { billing_time: s.billing_time, subscription_at: subscriptionAt, started_at: subscriptionAt, terminated_at: null, status: "active" },
            timezone: tz,
            billing_at: at,
          });
        const b1 = nextBillingBoundary(clock, t);
        const b2 = nextBillingBoundary(clock, b1);
        const r1 = run(b1);
        const r2 = run(b2);
        // usage: what ended at the run, then the next window starts where it stopped
        expect(r1.charges_period!.end).toBe(b1);
        expect(r2.charges_period!.start).toBe(r1.charges_period!.end);
        expect(r2.charges_period!.end).toBe(b2);
        if (!billsMonthly) {
          // the fee: the coming period (advance) or the one that ended (arrears)
          if (advance) expect([r1.period!.start, r1.period!.end]).toEqual([b1, b2]);
          else expect([r1.period!.end, r2.period!.start, r2.period!.end]).toEqual([b1, b1, b2]);
        }
      }),
    );
  });
});

describe("proration laws", () => {
  it("a whole period bills its duration in days, whatever the DST changes", () => {
    fc.assert(
      fc.property(scheduleArb, zoneArb, dateArb, (s, tz, d) => {
        const p = periodContaining(d, s);
        const start = dayStart(p.first, tz);
        const end = dayEnd(p.last, tz);
        // Calendar days from the day of the first instant to the day of the last second
        // covered: the duration, except when the zone skips the period's first or last day
        // (Apia, 2011-12-30), which then starts on the next day or ends on the previous one.
        const firstDay = dateOf(start, tz);
        const lastDay = dateOf((end - 1000) as Instant, tz);
        expect(prorationDays({ start, end }, tz)).toBe(daysBetween(firstDay, lastDay) + 1);
        if (tz !== "Pacific/Apia") expect(sameDate(firstDay, p.first)).toBe(true);
        if (tz !== "Pacific/Apia") expect(sameDate(lastDay, p.last)).toBe(true);
      }),
    );
  });

  it("the fees of a period split at any days add up to the full fee within one cent per split", () => {
    fc.assert(
      fc.property(
        scheduleArb, zoneArb, dateArb, fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.uniqueArray(fc.nat(400), { minLength: 1, maxLength: 4 }),
        (s, tz, d, amount, cuts) => {
          const p = periodContaining(d, s);
          const n = daysBetween(p.first, p.last) + 1;
          const splits = [...new Set(cuts.map((c) => 1 + (c % (n - 1))))].sort((a, b) => a - b);
          const bounds = [0, ...splits, n].map((k) => addDays(p.first, k));
          // A bound next to a day the zone skips entirely (Apia, 2011-12-30) loses that day
          // (see docs/periods.md); whole periods count it. Keep such bounds — cuts and the
          // period's own first and last days — out of this law.
          fc.pre(bounds.every((cut) => dayStart(cut, tz) !== dayEnd(cut, tz) && dayStart(cut, tz) !== dayStart(addDays(cut, -1), tz)));
          let days = 0;
          let cents = 0n;
          for (let i = 0; i + 1 < bounds.length; i++) {
            const f = planFee({
              rule: "first_period",
              amount_cents: amount,
              period: { start: dayStart(bounds[i]!, tz), end: dayStart(bounds[i + 1]!, tz) },
              timezone: tz,
              schedule: s,
              from_date: p.first,
            });
            expect(f.duration_in_days).toBe(n);
            days += f.days;
            cents += f.amount_cents;
          }
          expect(days).toBe(n);
          const gap = cents > amount ? cents - amount : amount - cents;
          expect(gap).toBeLessThanOrEqual(BigInt(splits.length));
        },
      ),
    );
  });

  it("the reference's double arithmetic gives the exact decimal's cents except on exact half-cent ties", () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.nat(), (s, d, amount, k) => {
        const p = periodContaining(d, s);
        const n = durationInDays(d, s);
        const days = k % (n + 1);
        const start = dayStart(p.first, "UTC");
        const f = planFee({ rule: "terminated", amount_cents: amount, period: { start, end: dayStart(addDays(p.first, days), "UTC") }, timezone: "UTC", schedule: s });
        const exact = div(dec(amount).times(dec(days)), dec(n));
        expect([f.days, f.duration_in_days]).toEqual([days, n]);
        // a double keeps ~16 significant digits: 10^12 cents × ≤ 1 → error well below 0.001
        expect(f.precise_amount_cents.minus(exact).abs().lte(dec("0.001"))).toBe(true);
        const tie = exact.minus(round(exact, 0, "down")).eq(dec("0.5"));
        if (!tie) expect(f.amount_cents).toBe(BigInt(round(exact, 0, "half_up").toFixed(0)));
      }),
    );
  });
});

describe("host zone", () => {
  it("does not matter: fixed instants come out the same under any TZ (see test/tz/run.sh)", () => {
    const s: Schedule = { interval: "monthly", billing_time: "anniversary", anchor: { year: 2024, month: 1, day: 31 } };
    const p = periodContaining({ year: 2024, month: 2, day: 29 }, s);
    expect(sameDate(p.first, { year: 2024, month: 2, day: 29 })).toBe(true);
    expect(new Date(dayStart(p.first, "Europe/Paris")).toISOString()).toBe("2024-02-28T23:00:00.000Z");
    expect(new Date(dayEnd(p.last, "Europe/Paris")).toISOString()).toBe("2024-03-30T23:00:00.000Z");
  });
});
