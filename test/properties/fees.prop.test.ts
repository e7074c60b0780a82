/**
 * Laws of the fees area (issue 4): prorated plan fees of a split period add up to the
 * full fee, a terminated-then-recreated subscription never pays a day twice, fee cents
 * are the half-up rounding of the precise amount and never negative.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES } from "../../src/core/currency.js";
import { dec, round, toScaledBigInt } from "../../src/core/decimal.js";
import type { Instant } from "../../src/core/instant.js";
import { type CalendarDate, dateOf, epochDay, wallToInstant } from "../../src/core/zone.js";
import { chargeFeeAmounts } from "../../src/fees/chargeFee.js";
import { subscriptionFee } from "../../src/fees/subscriptionFee.js";
import type { Fee } from "../../src/fees/types.js";
import { type Interval, INTERVALS, computeBillingPeriod, periodContaining, scheduleOf } from "../../src/period/index.js";

const ZONES = ["UTC", "America/New_York", "Europe/Paris", "Australia/Sydney", "Asia/Kolkata", "America/Santiago"] as const;
const DAY = 86_400_000;

const fromEpochDay = (n: number): CalendarDate => {
  const d = new Date(n * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};
/** A wall-clock time of a local day (a time skipped by a DST change resolves forward, on the same day). */
const localInstant = (day: number, secondOfDay: number, tz: string): Instant =>
  wallToInstant({ ...fromEpochDay(day), hour: Math.floor(secondOfDay / 3600), minute: Math.floor(secondOfDay / 60) % 60, second: secondOfDay % 60 }, tz);

interface Segment { readonly first: number; readonly last: number }

/** One subscription per segment of a calendar period: each started on its first day, terminated on its last (the last one billed at the next period start). */
function chainFees(interval: Interval, tz: string, amount: bigint, periodFirst: number, periodLast: number, cuts: readonly number[], hours: readonly number[]) {
  const bounds = [periodFirst, ...cuts.map((c) => periodFirst + c), periodLast + 1];
  const segments: Segment[] = bounds.slice(0, -1).map((b, i) => ({ first: b, last: bounds[i + 1]! - 1 }));
  return segments.map((seg, i) => {
    const isLast = i === segments.length - 1;
    const started = localInstant(seg.first, hours[i % hours.length]! % 86_400, tz);
    const terminated = isLast ? null : localInstant(seg.last, hours[(i + 1) % hours.length]! % 86_400, tz);
    const billingAt = terminated ?? localInstant(periodLast + 1, 0, tz);
    const billing = computeBillingPeriod({
      plan: { interval, pay_in_advance: false },
      subscription: { billing_time: "calendar", subscription_at: started, started_at: started, terminated_at: terminated, status: terminated === null ? "active" : "terminated" },
      timezone: tz,
      billing_at: billingAt,
    });
    const result = subscriptionFee({
      plan: { code: "p", name: "P", amount_cents: amount, pay_in_advance: false },
      billing,
      schedule: scheduleOf(interval, "calendar", started, tz),
      timezone: tz,
      currency: "EUR",
      facts: {
        terminated: terminated !== null, pay_in_advance: false, anniversary: false, upgraded: false, has_next_subscription: false,
        has_previous_subscription: false, previous_upgraded: false, invoices_count: 1, already_billed: false,
        started_in_past: false, started_before_previous_period: false,
      },
    });
    if (result === undefined) throw new Error("pending subscription");
    return result;
  });
}

/** The local days a plan fee pays for: from its start (terminated rule) or up to its end (first-period rule). */
function coveredDays(r: { fee: Fee; computation: { rule: string; days: number } }, tz: string): Segment {
  const { days } = r.computation;
  if (r.computation.rule === "terminated") {
    const first = epochDay(dateOf(r.fee.from_date, tz));
    return { first, last: first + days - 1 };
  }
  const last = epochDay(dateOf(r.fee.to_date, tz));
  return { first: last - days + 1, last };
}

const scenario = fc.record({
  interval: fc.constantFrom(...INTERVALS),
  tz: fc.constantFrom(...ZONES),
  amount: fc.bigInt({ min: 0n, max: 10_000_000n }),
  day: fc.integer({ min: epochDay({ year: 2019, month: 1, day: 1 }), max: epochDay({ year: 2027, month: 12, day: 31 }) }),
  cutSeeds: fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 4 }),
  hours: fc.array(fc.integer({ min: 0, max: 86_399 }), { minLength: 1, maxLength: 5 }),
});

describe("fees laws", () => {
  it("the prorated plan fees of a period split at any days add up to the full fee within one cent per split, and pay each day exactly once", () => {
    fc.assert(
      fc.property(scenario, ({ interval, tz, amount, day, cutSeeds, hours }) => {
        const anchor = fromEpochDay(day);
        const period = periodContaining(anchor, scheduleOf(interval, "calendar", wallToInstant(anchor, tz), tz));
        const first = epochDay(period.first);
        const last = epochDay(period.last);
        const length = last - first + 1;
        const cuts = [...new Set(cutSeeds.map((s) => (s % (length - 1)) + 1))].sort((a, b) => a - b);
        // The reference's day count (date_diff_with_timezone) loses a day for a subscription that starts on a
        // day whose midnight a DST change skips (America/Santiago) and is terminated exactly at a midnight: the
        // span is one hour short of whole days. ratecard counts as the reference does; that case is left out here.
        const skipsMidnight = (day: number): boolean => localInstant(day, 0, tz) !== wallToInstant({ ...fromEpochDay(day), hour: 1, minute: 0, second: 0 }, tz) - 3_600_000;
        const bounds = [first, ...cuts.map((c) => first + c)];
        fc.pre(!bounds.slice(1).some((b, i) => skipsMidnight(bounds[i]!) && hours[(i + 1) % hours.length]! % 86_400 === 0 && b > bounds[i]!));
        const fees = chainFees(interval, tz, amount, first, last, cuts, hours);

        const total = fees.reduce((acc, f) => acc + f.fee.amount_cents, 0n);
        const gap = total > amount ? total - amount : amount - total;
        expect(gap <= BigInt(cuts.length)).toBe(true);

        const covered = fees.map((f) => coveredDays(f, tz)).sort((a, b) => a.first - b.first);
        expect(covered[0]!.first).toBe(first);
        expect(covered[covered.length - 1]!.last).toBe(last);
        covered.forEach((c, i) => {
          if (i > 0) expect(c.first).toBe(covered[i - 1]!.last + 1); // no day twice, no gap
        });
      }),
    );
  });

  it("a subscription terminated on a day and recreated on a later day is never billed twice for a day", () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 5 }), ({ interval, tz, amount, day, hours }, wait) => {
        const anchor = fromEpochDay(day);
        const period = periodContaining(anchor, scheduleOf(interval, "calendar", wallToInstant(anchor, tz), tz));
        const first = epochDay(period.first);
        const last = epochDay(period.last);
        if (last - first < 2 + wait) return;
        // terminated on day `first + 1`, recreated `wait` days later
        const [old] = chainFees(interval, tz, amount, first, last, [2], hours);
        const [, fresh] = chainFees(interval, tz, amount, first, last, [1 + wait], hours);
        const a = coveredDays(old!, tz);
        const b = coveredDays(fresh!, tz);
        expect(a.last < b.first).toBe(true);
        expect(a.last).toBe(first + 1);
        expect(b.first).toBe(first + 1 + wait);
      }),
    );
  });

  it("an upgrade on any day: the old arrears fee stops the day before, the new fee starts on the upgrade day", () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ interval, tz, amount, day, hours }, k) => {
        const anchor = fromEpochDay(day);
        const period = periodContaining(anchor, scheduleOf(interval, "calendar", wallToInstant(anchor, tz), tz));
        const first = epochDay(period.first);
        const last = epochDay(period.last);
        const upgradeDay = first + (k % (last - first + 1));
        const subscribedAt = localInstant(first, 0, tz);
        const t = localInstant(upgradeDay, hours[0]!, tz);
        const after = (t + 1000) as Instant;
        // An upgrade in the period's last second is billed at now + 1 s, in the next period, where
        // the old period cut at the termination is empty (periods.md §8.1; docs/fees.md): not this law.
        if (upgradeDay === last && after >= localInstant(last + 1, 0, tz)) return;
        const schedule = scheduleOf(interval, "calendar", subscribedAt, tz);
        const base = { pay_in_advance: false, anniversary: false, invoices_count: 1, already_billed: false, started_in_past: false, started_before_previous_period: false };
        const old = subscriptionFee({
          plan: { code: "old", name: "Old", amount_cents: amount, pay_in_advance: false },
          billing: computeBillingPeriod({
            plan: { interval, pay_in_advance: false },
            subscription: { billing_time: "calendar", subscription_at: subscribedAt, started_at: subscribedAt, terminated_at: t, status: "terminated", next_subscription: { downgrade: false } },
            timezone: tz, billing_at: after, current_usage: true,
          }),
          schedule, timezone: tz, currency: "EUR", terminated_by_upgrade: true,
          facts: { ...base, terminated: true, upgraded: true, has_next_subscription: true, has_previous_subscription: false, previous_upgraded: false },
        })!;
        const fresh = subscriptionFee({
          plan: { code: "new", name: "New", amount_cents: amount, pay_in_advance: true },
          billing: computeBillingPeriod({
            plan: { interval, pay_in_advance: true },
            subscription: { billing_time: "calendar", subscription_at: subscribedAt, started_at: t, terminated_at: null, status: "active" },
            timezone: tz, billing_at: after,
          }),
          schedule, timezone: tz, currency: "EUR",
          facts: { ...base, pay_in_advance: true, terminated: false, upgraded: false, has_next_subscription: false, has_previous_subscription: true, previous_upgraded: true },
        })!;
        expect(old.computation.rule).toBe("terminated");
        expect(fresh.computation.rule).toBe("upgraded");
        expect(old.computation.days).toBe(upgradeDay - first);
        const b = coveredDays(fresh, tz);
        expect([b.first, b.last]).toEqual([upgradeDay, last]);
        const total = old.fee.amount_cents + fresh.fee.amount_cents;
        expect(total - amount <= 1n && amount - total <= 1n).toBe(true);
      }),
    );
  });

  it("charge fees: amount_cents = round_half_up(precise) and never negative", () => {
    const amount = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 12 }))
      .map(([digits, scale]) => dec(digits).div(dec(10n ** BigInt(scale))));
    fc.assert(
      fc.property(amount, fc.constantFrom(...CURRENCIES), fc.boolean(), (a, currency, prorated) => {
        const fee = chargeFeeAmounts({
          result: { units: dec(3), amount: a, unit_amount: a.div(dec(3)) },
          aggregation: { events_count: 3 },
          currency,
          charge: { prorated },
        });
        expect(fee.amount_cents >= 0n).toBe(true);
        expect(fee.amount_cents).toBe(toScaledBigInt(round(fee.precise_amount_cents, 0, "half_up"), 0));
        expect(fee.unit_amount_cents >= 0n).toBe(true);
      }),
    );
  });

  it("subscription fees: amount_cents = round_half_up(precise) and never negative", () => {
    fc.assert(
      fc.property(scenario, ({ interval, tz, amount, day, cutSeeds, hours }) => {
        const anchor = fromEpochDay(day);
        const period = periodContaining(anchor, scheduleOf(interval, "calendar", wallToInstant(anchor, tz), tz));
        const first = epochDay(period.first);
        const last = epochDay(period.last);
        const cuts = [...new Set(cutSeeds.map((s) => (s % (last - first)) + 1))].sort((a, b) => a - b);
        for (const f of chainFees(interval, tz, amount, first, last, cuts, hours)) {
          expect(f.fee.amount_cents >= 0n).toBe(true);
          expect(f.fee.amount_cents).toBe(toScaledBigInt(round(f.fee.precise_amount_cents, 0, "half_up"), 0));
        }
      }),
    );
  });
});
