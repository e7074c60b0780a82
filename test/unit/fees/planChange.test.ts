import { describe, expect, it } from "vitest";
import type { Instant } from "../../../src/core/instant.js";
import { parseInstant } from "../../../src/core/instant.js";
import { classifyPlanChange, planChangeEffects, yearlyAmountCents, type PlanPrice } from "../../../src/fees/planChange.js";
import type { PlanInterval } from "../../../src/fees/types.js";

const plan = (interval: PlanInterval, amount: bigint, pay_in_advance = false, id?: string): PlanPrice =>
  id === undefined ? { interval, amount_cents: amount, pay_in_advance } : { id, interval, amount_cents: amount, pay_in_advance };
const at = (s: string) => parseInstant(s) as Instant;

describe("yearlyAmountCents (periods.md §8)", () => {
  it.each([
    ["weekly", 100n, 5200n],
    ["monthly", 100n, 1200n],
    ["quarterly", 100n, 400n],
    ["semiannual", 100n, 200n],
    ["yearly", 100n, 100n],
  ] as const)("%s %s → %s", (interval, amount, yearly) => {
    expect(yearlyAmountCents({ interval, amount_cents: amount })).toBe(yearly);
  });
});

describe("classifyPlanChange", () => {
  it.each([
    ["monthly 1000 → yearly 12000 (equal yearly amounts)", plan("monthly", 1000n), plan("yearly", 12000n), "upgrade"],
    ["monthly 1000 → yearly 11999", plan("monthly", 1000n), plan("yearly", 11999n), "downgrade"],
    ["weekly 100 (5200/yr) → monthly 500 (6000/yr)", plan("weekly", 100n), plan("monthly", 500n), "upgrade"],
    ["weekly 100 (5200/yr) → monthly 400 (4800/yr)", plan("weekly", 100n), plan("monthly", 400n), "downgrade"],
    ["quarterly 3000 → monthly 1000 (equal)", plan("quarterly", 3000n), plan("monthly", 1000n), "upgrade"],
    ["same plan id", plan("monthly", 1000n, false, "p1"), plan("monthly", 2000n, false, "p1"), "none"],
  ] as const)("%s → %s", (_name, from, to, kind) => {
    expect(classifyPlanChange(from, to)).toBe(kind);
  });
});

describe("planChangeEffects (§8.1, §8.2)", () => {
  const now = at("2022-03-15T10:00:00Z");

  it("upgrade from an in-advance plan: old terminated now, credit note, new fee on the invoice at now + 1 s", () => {
    const e = planChangeEffects({ from: plan("monthly", 1000n, true), to: plan("monthly", 2000n, true), at: now });
    expect(e).toEqual({
      kind: "upgrade", old_terminated_at: now, new_status: "active", invoice_at: at("2022-03-15T10:00:01Z"),
      old_credit_note: true, old_fee: "none", new_fee: "upgraded_amount",
    });
  });

  it("upgrade from arrears to arrears: the old plan's days up to the upgrade day − 1, no new fee yet", () => {
    const e = planChangeEffects({ from: plan("monthly", 1000n), to: plan("monthly", 2000n), at: now });
    expect([e.old_credit_note, e.old_fee, e.new_fee]).toEqual([false, "terminated_minus_upgrade_day", "none"]);
  });

  it("upgrade into a plan in trial bills no new fee", () => {
    const e = planChangeEffects({ from: plan("monthly", 1000n), to: plan("monthly", 2000n, true), at: now, new_plan_in_trial: true });
    expect(e.new_fee).toBe("none");
  });

  it("downgrade: new subscription pending, switch at the next billing run, no credit note", () => {
    const e = planChangeEffects({ from: plan("monthly", 2000n), to: plan("monthly", 1000n, true), at: now });
    expect(e).toEqual({
      kind: "downgrade", old_terminated_at: "next_billing_run", new_status: "pending", invoice_at: "next_billing_run",
      old_credit_note: false, old_fee: "last_period", new_fee: "first_period",
    });
    const adv = planChangeEffects({ from: plan("monthly", 2000n, true), to: plan("monthly", 1000n), at: now });
    expect([adv.old_fee, adv.new_fee, adv.old_credit_note]).toEqual(["none", "none", false]);
  });

  it("a pending subscription just has its plan replaced", () => {
    const e = planChangeEffects({ from: plan("monthly", 1000n), to: plan("monthly", 2000n), at: now, pending: true });
    expect([e.old_terminated_at, e.new_status, e.invoice_at]).toEqual([null, null, null]);
  });
});
