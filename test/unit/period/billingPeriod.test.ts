/**
 * computeBillingPeriod on the worked examples of periods.md §1, §2.4-§2.7, §2.9.
 */
import { describe, expect, it } from "vitest";
import type { Period } from "../../../src/core/instant.js";
import { ValidationError } from "../../../src/core/issue.js";
import { computeBillingPeriod } from "../../../src/period/billingPeriod.js";
import type { BillingPeriodInput, Interval, PeriodPlan, PeriodSubscription } from "../../../src/period/types.js";
import { at, fmt, iso } from "./_helpers.js";

interface Case {
  readonly plan?: Partial<PeriodPlan>;
  readonly sub?: Partial<Omit<PeriodSubscription, "subscription_at" | "started_at" | "terminated_at">> & {
    readonly subscription_at?: string;
    readonly started_at?: string | null;
    readonly terminated_at?: string | null;
  };
  readonly tz?: string;
  readonly billing_at: string;
  readonly current_usage?: boolean;
}

function run(c: Case, interval: Interval = "monthly") {
  const s = c.sub ?? {};
  const input: BillingPeriodInput = {
    plan: { interval, pay_in_advance: false, ...c.plan },
    subscription: {
      billing_time: s.billing_time ?? "calendar",
      status: s.status ?? (s.terminated_at ? "terminated" : "active"),
      subscription_at: at(s.subscription_at ?? "2021-02-02T00:00:00Z"),
      started_at: s.started_at === null ? null : at(s.started_at ?? s.subscription_at ?? "2021-02-02T00:00:00Z"),
      terminated_at: s.terminated_at ? at(s.terminated_at) : null,
      ...(s.next_subscription !== undefined ? { next_subscription: s.next_subscription } : {}),
    },
    timezone: c.tz ?? "UTC",
    billing_at: at(c.billing_at),
    current_usage: c.current_usage ?? false,
  };
  return computeBillingPeriod(input);
}
/** A half-open period as "start → end" (end exclusive). */
const show = (p: Period | null): string => (p === null ? "null" : `${iso(p.start)} → ${iso(p.end)}`);

describe("subscription-fee period and charges window (§2.4, §2.5)", () => {
  it("monthly calendar in advance: the fee for March, the usage of February", () => {
    const r = run({ plan: { pay_in_advance: true }, billing_at: "2022-03-01T00:00:00Z" });
    expect(show(r.period)).toBe("2022-03-01T00:00:00Z → 2022-04-01T00:00:00Z");
    expect(show(r.charges_period)).toBe("2022-02-01T00:00:00Z → 2022-03-01T00:00:00Z");
    expect(show(r.fixed_charges_period)).toBe(show(r.charges_period));
    expect([fmt(r.from_date), fmt(r.to_date), r.duration_in_days]).toEqual(["2022-03-01", "2022-03-31", 31]);
  });

  it("the same plan in arrears bills February for both", () => {
    const r = run({ billing_at: "2022-03-01T00:00:00Z" });
    expect(show(r.period)).toBe("2022-02-01T00:00:00Z → 2022-03-01T00:00:00Z");
    expect(show(r.charges_period)).toBe(show(r.period));
    expect(r.charges_duration_in_days).toBe(28);
  });

  it("reads the billing date in the customer's zone: midnight UTC is still February in New York (§1)", () => {
    const r = run({ billing_at: "2022-03-01T00:00:00Z", tz: "America/New_York" });
    expect(fmt(r.billing_date)).toBe("2022-02-28");
    expect(show(r.period)).toBe("2022-01-01T05:00:00Z → 2022-02-01T05:00:00Z");
  });

  it("reads the anchor in the customer's zone: 2021-02-02T00:00Z is Monday Feb 1 in New York (§1)", () => {
    const r = run({ sub: { billing_time: "anniversary" }, billing_at: "2022-03-07T00:00:00Z", tz: "America/New_York" }, "weekly");
    expect(iso(r.previous_beginning_of_period)).toBe("2022-02-21T05:00:00Z");
  });

  it("moves boundaries with DST: calendar quarters in New York start at 05:00Z in winter, 04:00Z in summer", () => {
    const r = run({ billing_at: "2022-04-01T12:00:00Z", tz: "America/New_York" }, "quarterly");
    expect(show(r.period)).toBe("2022-01-01T05:00:00Z → 2022-04-01T04:00:00Z");
  });

  it("clamps from to the start of the day of started_at, to and charges to the exact instants", () => {
    const r = run({ sub: { started_at: "2022-02-07T10:30:00Z" }, billing_at: "2022-03-01T00:00:00Z" });
    expect(show(r.period)).toBe("2022-02-07T00:00:00Z → 2022-03-01T00:00:00Z");
    expect(show(r.charges_period)).toBe("2022-02-07T10:30:00Z → 2022-03-01T00:00:00Z");
  });

  it("an arrears plan terminated on the run bills the running period up to the termination", () => {
    const r = run({ sub: { terminated_at: "2022-03-20T10:00:00Z" }, billing_at: "2022-03-20T10:00:00Z" });
    expect(show(r.period)).toBe("2022-03-01T00:00:00Z → 2022-03-20T10:00:01Z");
    expect(show(r.charges_period)).toBe("2022-03-01T00:00:00Z → 2022-03-20T10:00:01Z");
  });

  it("a termination after billing_at does not count for the fee period (§2.1)", () => {
    // The previous yearly period (2020-02-02 … 2021-02-01) lies before the start: both ends clamp to it (§2.7 quirk).
    const r = run({ sub: { billing_time: "anniversary", terminated_at: "2022-02-01T00:00:00Z" }, billing_at: "2022-01-03T00:00:00Z" }, "yearly");
    expect(show(r.period)).toBe("2021-02-02T00:00:00Z → 2021-02-02T00:00:01Z");
    // …while the charges window is clamped by status alone
    const adv = run({ plan: { pay_in_advance: true }, sub: { billing_time: "anniversary", terminated_at: "2022-02-01T00:00:00Z" }, billing_at: "2022-01-03T00:00:00Z", current_usage: true }, "yearly");
    expect(show(adv.period)).toBe("2021-02-02T00:00:00Z → 2022-02-02T00:00:00Z");
    expect(show(adv.charges_period)).toBe("2021-02-02T00:00:00Z → 2022-02-01T00:00:01Z");
  });

  it("a scheduled downgrade bills the previous period of an arrears plan (§8.2)", () => {
    const sub = { terminated_at: "2022-04-01T00:00:00Z", next_subscription: { downgrade: true } } as const;
    const r = run({ sub, billing_at: "2022-04-01T00:00:00Z" });
    expect(show(r.period)).toBe("2022-03-01T00:00:00Z → 2022-04-01T00:00:00Z");
  });

  it("a pending subscription (started_at null) has no boundaries but still durations", () => {
    const r = run({ sub: { started_at: null, status: "pending" }, billing_at: "2022-03-01T00:00:00Z" });
    expect([r.period, r.charges_period, r.fixed_charges_period]).toEqual([null, null, null]);
    expect(r.charges_duration_in_days).toBe(28);
    expect(iso(r.next_end_of_period)).toBe("2022-04-01T00:00:00Z");
  });
});

describe("semiannual and yearly plans billed monthly (§2.7)", () => {
  const yearly = (o: Omit<Case, "plan"> & { plan?: Partial<PeriodPlan> }) =>
    run({ ...o, plan: { bill_charges_monthly: true, ...o.plan }, sub: { subscription_at: "2020-02-02T00:00:00Z", ...o.sub } }, "yearly");

  it("January run: the year's fee, December's usage, the year's fixed charges", () => {
    const r = yearly({ billing_at: "2023-01-01T00:00:00Z" });
    expect(show(r.period)).toBe("2022-01-01T00:00:00Z → 2023-01-01T00:00:00Z");
    expect(show(r.charges_period)).toBe("2022-12-01T00:00:00Z → 2023-01-01T00:00:00Z");
    expect(show(r.fixed_charges_period)).toBe(show(r.period));
  });

  it("February run: January's usage, no fixed charges", () => {
    const r = yearly({ billing_at: "2023-02-01T00:00:00Z" });
    expect(show(r.charges_period)).toBe("2023-01-01T00:00:00Z → 2023-02-01T00:00:00Z");
    expect(r.fixed_charges_period).toBeNull();
    expect([r.charges_duration_in_days, r.fixed_charges_duration_in_days]).toEqual([31, 365]);
  });

  it("only fixed charges monthly: no usage window outside the first month, unless current usage", () => {
    const plan = { bill_charges_monthly: false, bill_fixed_charges_monthly: true };
    expect(yearly({ plan, billing_at: "2023-02-01T00:00:00Z" }).charges_period).toBeNull();
    expect(show(yearly({ plan, billing_at: "2023-02-01T00:00:00Z", current_usage: true }).charges_period)).toBe(
      "2023-01-01T00:00:00Z → 2024-01-01T00:00:00Z",
    );
  });

  it.each([
    ["2022-03-05T10:00:00Z", "2022-03-05T10:00:00Z", "UTC", "2022-02-01T00:00:00Z → 2022-03-01T00:00:00Z", 28],
    ["2022-03-05T00:00:00Z", "2022-03-05T00:00:00Z", "UTC", "2022-03-01T00:00:00Z → 2022-03-05T00:00:01Z", 31],
    ["2022-03-05T00:00:00Z", "2022-03-07T00:00:00Z", "UTC", "2022-03-01T00:00:00Z → 2022-03-05T00:00:01Z", 31],
    ["2022-03-02T00:00:00Z", "2022-03-02T00:00:00Z", "America/Los_Angeles", "2022-02-01T08:00:00Z → 2022-03-01T08:00:00Z", 28],
  ])("quirk: terminated %s, billed %s (%s) → monthly charges %s", (term, billingAt, tz, want, days) => {
    const r = run(
      { plan: { bill_charges_monthly: true }, sub: { terminated_at: term }, billing_at: billingAt, tz },
      "yearly",
    );
    expect(show(r.charges_period)).toBe(want);
    expect(r.charges_duration_in_days).toBe(days);
    if (billingAt === term && tz === "UTC") expect(iso(r.period!.end)).toBe(iso((Date.parse(term) + 1000) as never));
  });
});

describe("next and previous boundaries (§2.9)", () => {
  it("returns the end of the period containing the billing date and the start of the previous one", () => {
    const r = run({ sub: { billing_time: "anniversary" }, billing_at: "2022-03-07T00:00:00Z" });
    expect(iso(r.next_end_of_period)).toBe("2022-04-02T00:00:00Z");
    expect(iso(r.previous_beginning_of_period)).toBe("2022-02-02T00:00:00Z");
  });
  it("in current-usage mode the previous beginning is the current period's start", () => {
    const r = run({ sub: { billing_time: "anniversary" }, billing_at: "2022-03-07T04:20:00Z", current_usage: true }, "quarterly");
    expect(iso(r.previous_beginning_of_period)).toBe("2022-02-02T00:00:00Z");
    expect(show(r.period)).toBe("2022-02-02T00:00:00Z → 2022-05-02T00:00:00Z");
  });
});

describe("typed input checks", () => {
  it("refuses an unknown zone with a ValidationError", () => {
    expect(() => run({ billing_at: "2022-03-01T00:00:00Z", tz: "Mars/Olympus" })).toThrow(ValidationError);
  });
});

describe("a zone that repeats midnight (St. John's fell back at 00:01 until 2011)", () => {
  // 2005-10-30 00:01 NDT became 23:01 NST on the 29th: local 00:00–00:01 on the 30th was
  // shown twice. The 30th starts at its later midnight (03:30Z), so days still tile time
  // and the minute shown twice belongs to the 29th.
  const sub = (t: string): PeriodSubscription => ({ billing_time: "anniversary", subscription_at: at(t), started_at: at(t), terminated_at: null, status: "active" });
  it.each(["2005-10-30T02:30:00Z", "2005-10-30T02:30:30Z", "2005-10-30T02:31:00Z", "2005-10-30T03:29:59Z"])("puts %s in the period ending on the 29th", (t) => {
    const r = computeBillingPeriod({ plan: { interval: "monthly", pay_in_advance: false }, subscription: sub("1996-01-30T03:30:00Z"), timezone: "America/St_Johns", billing_at: at(t), current_usage: true });
    expect([iso(r.period!.start), iso(r.period!.end)]).toEqual(["2005-09-30T02:30:00Z", "2005-10-30T03:30:00Z"]);
  });
});
