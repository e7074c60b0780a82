/**
 * invoice.md §11.6 recurring transaction rules: the [spec] figures and the interval calendar.
 */
import { describe, expect, it } from "vitest";
import { type Decimal, ZERO, dec, toDecimalString } from "../../../src/core/decimal.js";
import { unwrap } from "../../../src/core/issue.js";
import { intervalDue, pendingPurchasedCredits, ruleTopUpCredits, ruleTopUpRequest, thresholdReached } from "../../../src/invoice/wallet/walletRecurring.js";
import { walletTopUp } from "../../../src/invoice/wallet/walletTopUp.js";
import type { RecurringTransactionRule } from "../../../src/invoice/wallet/walletTypes.js";
import { T0, at, funded, wallet } from "./walletFixtures.js";

const rule = (o: Partial<RecurringTransactionRule> = {}): RecurringTransactionRule => ({
  svc_id: "r", trigger: "threshold", method: "fixed", interval: null, threshold_credits: dec("10"), paid_credits: dec("50"), granted_credits: ZERO,
  target_ongoing_balance: null, grants_target_top_up: false, started_at: null, created_at: T0, expiration_at: null, status: "active",
  invoice_requires_successful_payment: false, ignore_paid_top_up_limits: false, transaction_name: null, transaction_metadata: [], ...o,
});
const paid = (r: RecurringTransactionRule, ongoing: string, pending = "0", w = wallet()): string =>
  toDecimalString(ruleTopUpCredits(r, w, dec(ongoing), dec(pending)).paid);

describe("[spec] fixed threshold rule scaled to the gap (threshold 10, paid 50)", () => {
  it("ongoing −429.8 → 450; −50 → 100; −100 → 150", () => {
    expect([paid(rule(), "-429.8"), paid(rule(), "-50"), paid(rule(), "-100")]).toEqual(["450", "100", "150"]);
  });
  it("pending 50 → 400; wallet max 100.00 → 100; ignoring limits → 450", () => {
    expect(paid(rule(), "-429.8", "50")).toBe("400");
    expect(paid(rule(), "-429.8", "0", wallet({ paid_top_up_max_amount_cents: 10000n }))).toBe("100");
    expect(paid(rule({ ignore_paid_top_up_limits: true }), "-429.8", "0", wallet({ paid_top_up_max_amount_cents: 10000n }))).toBe("450");
  });
  it("a gap below paid buys paid; granted credits count in the gap and are granted", () => {
    expect(paid(rule(), "5")).toBe("50");
    const r = ruleTopUpCredits(rule({ granted_credits: dec("100") }), wallet(), dec("-100"), ZERO);
    expect([toDecimalString(r.paid), toDecimalString(r.granted)]).toEqual(["50", "100"]);
  });
});

describe("[spec] target rules", () => {
  const target = (o: Partial<RecurringTransactionRule> = {}) => rule({ method: "target", target_ongoing_balance: dec("101"), ...o });
  it("target 101, ongoing 100, rate 0.5, min 25.00 → paid 50 credits", () => {
    expect(paid(target(), "100", "0", wallet({ rate_amount: dec("0.5"), paid_top_up_min_amount_cents: 2500n }))).toBe("50");
  });
  it("grants_target_top_up: the gap (1.0) is granted, nothing bought, no minimum", () => {
    const r = ruleTopUpCredits(target({ grants_target_top_up: true }), wallet({ paid_top_up_min_amount_cents: 2500n }), dec("100"), ZERO);
    expect([toDecimalString(r.paid), toDecimalString(r.granted)]).toEqual(["0", "1"]);
  });
  it("nothing once the target is reached", () => {
    expect(paid(target(), "101", "0", wallet({ paid_top_up_min_amount_cents: 2500n }))).toBe("0");
  });
});

describe("threshold trigger", () => {
  const t = (ongoing: string, pending: string): boolean => thresholdReached(rule(), dec(ongoing), dec(pending) as Decimal);
  it("fires at or below the threshold, pending purchases included", () => {
    expect([t("10", "0"), t("10.00001", "0"), t("5", "5"), t("5", "5.00001")]).toEqual([true, false, true, false]);
  });
  it("pending purchased credits and the request of a rule that fired", () => {
    const base = funded(wallet(), "10");
    const pending = unwrap(walletTopUp(base, { paid_credits: dec("7"), granted_credits: null, voided_credits: null }, T0)).account;
    expect(toDecimalString(pendingPurchasedCredits(pending))).toBe("7");
    const req = ruleTopUpRequest(rule({ transaction_name: "Auto" }), { ...pending, wallet: { ...pending.wallet, credits_ongoing_balance: dec("-100") } });
    expect(req).toMatchObject({ source: "threshold", name: "Auto", voided_credits: null });
    // gap = 10 − (−100) − 0 − 7 = 103 → 50 × (2 + 1)
    expect(toDecimalString(req.paid_credits!)).toBe("150");
  });
});

describe("interval calendar (UTC days)", () => {
  const w = wallet({ created_at: at("2024-01-31T10:00:00Z") });
  const monthly = rule({ created_at: w.created_at, trigger: "interval", interval: "monthly" });
  const due = (r: RecurringTransactionRule, iso: string) => intervalDue(r, w, at(iso));
  it("monthly on the anniversary day, clamped to the month's end, never on the creation day", () => {
    expect(["2024-01-31", "2024-02-28", "2024-02-29", "2024-03-30", "2024-03-31", "2024-04-30"].map((x) => due(monthly, `${x}T05:00:00Z`))).toEqual([false, false, true, false, true, true]);
  });
  it("weekly, quarterly, yearly; started_at moves the anchor", () => {
    expect(due(rule({ created_at: w.created_at, trigger: "interval", interval: "weekly" }), "2024-02-07T00:00:00Z")).toBe(true);
    expect(due(rule({ created_at: w.created_at, trigger: "interval", interval: "weekly" }), "2024-02-08T00:00:00Z")).toBe(false);
    expect(due(rule({ created_at: w.created_at, trigger: "interval", interval: "quarterly" }), "2024-04-30T00:00:00Z")).toBe(true);
    expect(due(rule({ created_at: w.created_at, trigger: "interval", interval: "quarterly" }), "2024-03-31T00:00:00Z")).toBe(false);
    expect(due(rule({ created_at: w.created_at, trigger: "interval", interval: "yearly" }), "2025-01-31T00:00:00Z")).toBe(true);
    expect(due(rule({ created_at: w.created_at, trigger: "interval", interval: "monthly", started_at: at("2024-02-10T00:00:00Z") }), "2024-03-10T00:00:00Z")).toBe(true);
  });
  it("never on or before the day the rule itself was created", () => {
    const late = rule({ trigger: "interval", interval: "monthly", created_at: at("2024-03-31T01:00:00Z") });
    expect([due(late, "2024-03-31T12:00:00Z"), due(late, "2024-04-30T12:00:00Z")]).toEqual([false, true]);
  });
});
