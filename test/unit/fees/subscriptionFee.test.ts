import { describe, expect, it } from "vitest";
import type { PlanFeeFacts } from "../../../src/period/index.js";
import { subscriptionFee, trialEnd } from "../../../src/fees/subscriptionFee.js";
import { NO_FACTS, type Run, at, run } from "./_helpers.js";

const plan = (pay_in_advance: boolean, amount = 100n) => ({ code: "basic", name: "Basic", amount_cents: amount, pay_in_advance });

function fee(r: Run, facts: Partial<PlanFeeFacts> = {}, extra: { trial_days?: number; terminated_by_upgrade?: boolean; plan_amount_cents?: bigint } = {}) {
  const { billing, schedule, timezone } = run(r);
  const trial = extra.trial_days === undefined ? null : trialEnd(at(r.started_at ?? r.subscription_at), extra.trial_days);
  const result = subscriptionFee({
    plan: plan(r.pay_in_advance === true),
    billing, schedule, timezone, currency: "EUR",
    facts: { ...NO_FACTS, pay_in_advance: r.pay_in_advance === true, anniversary: r.billing_time === "anniversary", ...facts },
    ...(extra.terminated_by_upgrade === undefined ? {} : { terminated_by_upgrade: extra.terminated_by_upgrade }),
    ...(extra.plan_amount_cents === undefined ? {} : { plan_amount_cents: extra.plan_amount_cents }),
    trial_end: trial?.trial_end ?? null,
  });
  if (result === undefined) throw new Error("pending");
  return result;
}

describe("subscriptionFee — worked examples of periods.md §4 (amount 100 cents)", () => {
  it.each([
    ["weekly calendar in advance, started Wed 2022-06-22 → 5/7", "2022-06-22T00:00:00Z", 71n, 5],
    ["weekly calendar in advance, started Mon 2022-06-20 → full week", "2022-06-20T00:00:00Z", 100n, 7],
  ])("%s", (_name, started, cents, days) => {
    const f = fee({ interval: "weekly", pay_in_advance: true, subscription_at: started, billing_at: started });
    expect([f.fee.amount_cents, f.computation.days, f.computation.rule]).toEqual([cents, days, "first_period"]);
    expect(f.fee.to_date).toBe(at("2022-06-26T23:59:59Z"));
  });

  it("weekly calendar in arrears started Wed 2022-06-22, billed Mon 2022-06-27 → 71", () => {
    const f = fee({ interval: "weekly", subscription_at: "2022-06-22T09:00:00Z", billing_at: "2022-06-27T00:00:00Z" });
    expect([f.fee.amount_cents, f.fee.from_date, f.fee.to_date]).toEqual([71n, at("2022-06-22T00:00:00Z"), at("2022-06-26T23:59:59Z")]);
  });

  it("monthly calendar in arrears terminated 2022-03-20T10:00Z (rule 1): Mar 1 → Mar 20 10:00 = 20 days → 65", () => {
    const t = "2022-03-20T10:00:00Z";
    const f = fee({ interval: "monthly", subscription_at: "2022-02-01T00:00:00Z", terminated_at: t, billing_at: t }, { terminated: true });
    expect([f.computation.rule, f.computation.days, f.fee.amount_cents]).toEqual(["terminated", 20, 65n]);
    expect([f.fee.from_date, f.fee.to_date]).toEqual([at("2022-03-01T00:00:00Z"), at(t)]);
  });

  it("weekly calendar terminated Wed 2022-03-16 (Mon → Wed) → 3/7 → 43", () => {
    const t = "2022-03-16T15:00:00Z";
    const f = fee({ interval: "weekly", subscription_at: "2022-03-01T00:00:00Z", terminated_at: t, billing_at: t }, { terminated: true });
    expect([f.computation.days, f.fee.amount_cents]).toEqual([3, 43n]);
  });

  it("upgraded-into subscription started 2022-03-15: Mar 15 → Mar 31 = 17 × 100/31 → 55", () => {
    const f = fee(
      { interval: "monthly", pay_in_advance: true, subscription_at: "2022-01-10T00:00:00Z", started_at: "2022-03-15T10:00:00Z", billing_at: "2022-03-15T10:00:01Z" },
      { has_previous_subscription: true, previous_upgraded: true, invoices_count: 1 },
    );
    expect([f.computation.rule, f.computation.days, f.fee.amount_cents, f.fee.from_date]).toEqual(["upgraded", 17, 55n, at("2022-03-15T00:00:00Z")]);
  });

  it("arrears subscription terminated by an upgrade after 20 days: (20 − 1) × 100/31 → 61", () => {
    const t = "2022-03-20T10:00:00Z";
    const f = fee(
      { interval: "monthly", subscription_at: "2022-02-01T00:00:00Z", terminated_at: t, billing_at: "2022-03-20T10:00:01Z", current_usage: true, next_subscription: { downgrade: false } },
      { terminated: true, upgraded: true, has_next_subscription: true },
      { terminated_by_upgrade: true },
    );
    expect([f.computation.rule, f.computation.days, f.fee.amount_cents]).toEqual(["terminated", 19, 61n]);
  });

  it("full amount (rule 3b): a fee already exists → plan amount, whatever the days", () => {
    const f = fee({ interval: "monthly", pay_in_advance: true, subscription_at: "2024-03-15T10:00:00Z", billing_at: "2024-04-01T00:00:00Z" }, { already_billed: true });
    expect([f.computation.rule, f.fee.amount_cents, f.fee.from_date, f.fee.to_date]).toEqual(["full", 100n, at("2024-04-01T00:00:00Z"), at("2024-04-30T23:59:59Z")]);
  });

  it("fields: units 1, unit_amount_cents = amount_cents, plan_amount_cents, item", () => {
    const f = fee({ interval: "monthly", pay_in_advance: true, subscription_at: "2024-03-15T10:00:00Z", billing_at: "2024-03-15T10:00:00Z" }, {}, { plan_amount_cents: 6200n });
    expect(f.fee.units.toString()).toBe("1");
    expect(f.fee.amount_cents).toBe(3400n); // 17 × 6 200 / 31
    expect(f.fee.unit_amount_cents).toBe(3400n);
    expect(f.fee.precise_unit_amount.toString()).toBe("34");
    expect(f.fee.amount_details).toEqual({ plan_amount_cents: 6200n });
    expect(f.fee.item).toMatchObject({ type: "subscription", code: "basic", name: "Basic" });
  });
});

describe("§5 walkthrough (monthly calendar, UTC, 100 cents, started 2024-03-15 10:00)", () => {
  const sub = { interval: "monthly", subscription_at: "2024-03-15T10:00:00Z" } as const;
  it.each([
    ["in advance, starting invoice 2024-03-15", { ...sub, pay_in_advance: true, billing_at: "2024-03-15T10:00:00Z" }, {}, 55n, "2024-03-15T00:00:00Z", "2024-03-31T23:59:59Z"],
    ["in advance, periodic 2024-04-01 (a fee exists)", { ...sub, pay_in_advance: true, billing_at: "2024-04-01T00:00:00Z" }, { already_billed: true }, 100n, "2024-04-01T00:00:00Z", "2024-04-30T23:59:59Z"],
    ["in arrears, periodic 2024-04-01", { ...sub, billing_at: "2024-04-01T00:00:00Z" }, {}, 55n, "2024-03-15T00:00:00Z", "2024-03-31T23:59:59Z"],
    ["in arrears, periodic 2024-05-01", { ...sub, billing_at: "2024-05-01T00:00:00Z" }, { already_billed: true }, 100n, "2024-04-01T00:00:00Z", "2024-04-30T23:59:59Z"],
  ] as const)("%s → %s", (_name, r, facts, cents, from, to) => {
    const f = fee(r, facts);
    expect([f.fee.amount_cents, f.fee.from_date, f.fee.to_date]).toEqual([cents, at(from), at(to)]);
  });
});

describe("trials (periods.md §6, 100 cents)", () => {
  it.each([
    ["monthly started 2022-01-01 00:01, trial 3 d → 28/31", "monthly", "2022-01-01T00:01:00Z", "2022-02-01T00:00:00Z", 3, 90n],
    ["monthly started 2022-01-01 00:01, trial 45 d → 0", "monthly", "2022-01-01T00:01:00Z", "2022-02-01T00:00:00Z", 45, 0n],
    ["weekly from Mon 2022-06-20, trial 3 d → Thu–Sun", "weekly", "2022-06-20T00:00:00Z", "2022-06-27T00:00:00Z", 3, 57n],
    ["weekly from Wed 2022-06-22, trial 3 d → Sat–Sun", "weekly", "2022-06-22T00:00:00Z", "2022-06-27T00:00:00Z", 3, 29n],
  ] as const)("%s → %s", (_name, interval, started, billing, days, cents) => {
    const f = fee({ interval, subscription_at: started, billing_at: billing }, {}, { trial_days: days });
    expect(f.fee.amount_cents).toBe(cents);
  });

  it("trialEnd: fractional days; no trial for 0 days", () => {
    expect(trialEnd(at("2022-01-01T00:00:00Z"), 1.5)?.trial_end).toBe(at("2022-01-02T12:00:00Z"));
    expect(trialEnd(at("2022-01-01T00:00:00Z"), 0)).toBeNull();
  });
});
