import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type BillingPeriodInput, computeBillingPeriod, scheduleOf } from "../../../src/period/index.js";
import { finalInvoiceContent, periodAdvanceInvoiceExists, terminationBillingPeriod } from "../../../src/fees/termination.js";
import { terminationCreditNoteFromPeriod } from "../../../src/fees/terminationCreditNoteFor.js";
import { at } from "./_helpers.js";

function terminated(t: string, opts: { pay_in_advance?: boolean; started?: string; tz?: string } = {}): BillingPeriodInput {
  return {
    plan: { interval: "monthly", pay_in_advance: opts.pay_in_advance === true },
    subscription: {
      billing_time: "calendar", subscription_at: at(opts.started ?? "2022-01-01T00:00:00Z"), started_at: at(opts.started ?? "2022-01-01T00:00:00Z"),
      terminated_at: at(t), status: "terminated",
    },
    timezone: opts.tz ?? "UTC",
    billing_at: at(t),
  };
}
const schedule = (tz = "UTC", started = "2022-01-01T00:00:00Z") => scheduleOf("monthly", "calendar", at(started), tz);

describe("finalInvoiceContent (periods.md §9)", () => {
  it("arrears plan: fee up to the termination, usage charges, arrears fixed charges", () => {
    expect(finalInvoiceContent(false)).toEqual({ subscription_fee: true, usage_charges: true, arrears_fixed_charges: true, advance_fixed_charges: false });
  });
  it("advance plan: no subscription fee (already paid)", () => {
    expect(finalInvoiceContent(true)?.subscription_fee).toBe(false);
  });
  it("on_termination_invoice skip → no invoice", () => {
    expect(finalInvoiceContent(false, "skip")).toBeNull();
  });
});

describe("terminationBillingPeriod (TerminatedDatesService, §5)", () => {
  it("terminated 2022-03-01 10:00, February never billed → the February period", () => {
    const bp = terminationBillingPeriod({ period: terminated("2022-03-01T10:00:00Z"), schedule: schedule(), previous_period_billed: false });
    expect(bp.period).toEqual({ start: at("2022-02-01T00:00:00Z"), end: at("2022-03-01T00:00:00Z") });
    expect(bp.charges_period).toEqual({ start: at("2022-02-01T00:00:00Z"), end: at("2022-03-01T00:00:00Z") });
  });
  it("February billed → the running period Mar 1 → 10:00", () => {
    const bp = terminationBillingPeriod({ period: terminated("2022-03-01T10:00:00Z"), schedule: schedule(), previous_period_billed: true });
    expect(bp.period).toEqual({ start: at("2022-03-01T00:00:00Z"), end: at("2022-03-01T10:00:01Z") });
  });
  it("more than one day after the period end → the running period", () => {
    const bp = terminationBillingPeriod({ period: terminated("2022-03-02T10:00:00Z"), schedule: schedule(), previous_period_billed: false });
    expect(bp.period).toEqual({ start: at("2022-03-01T00:00:00Z"), end: at("2022-03-02T10:00:01Z") });
  });
});

describe("periodAdvanceInvoiceExists (§9)", () => {
  const started = "2022-09-15T00:00:00Z";
  const input = terminated("2022-10-15T10:00:00Z", { pay_in_advance: true, started });
  it("P = Oct 1 ≥ started_at: yes only with the boundaries of the Oct 1 run", () => {
    const oct1 = computeBillingPeriod({ ...input, subscription: { ...input.subscription, status: "active", terminated_at: null }, billing_at: at("2022-10-01T00:00:00Z") });
    expect(oct1.period).toEqual({ start: at("2022-10-01T00:00:00Z"), end: at("2022-11-01T00:00:00Z") });
    const s = schedule("UTC", started);
    expect(periodAdvanceInvoiceExists({ period: input, schedule: s }, [{ period: oct1.period, charges_period: oct1.charges_period }])).toBe(true);
    expect(periodAdvanceInvoiceExists({ period: input, schedule: s }, [])).toBe(false);
    expect(periodAdvanceInvoiceExists({ period: input, schedule: s }, [{ period: oct1.period, charges_period: null }])).toBe(false);
  });
  it("terminated in the first period (P < started_at): billed at creation → yes", () => {
    const first = terminated("2022-09-20T10:00:00Z", { pay_in_advance: true, started });
    expect(periodAdvanceInvoiceExists({ period: first, schedule: schedule("UTC", started) }, [])).toBe(true);
  });
});

describe("terminationCreditNoteFromPeriod (§9 worked examples)", () => {
  const fee = { amount_cents: 3100n, precise_amount_cents: dec("3100"), tax_rates: [dec("20")] };
  it.each([
    ["UTC", "2022-10-15T10:00:00Z"],
    ["America/New_York", "2022-10-15T14:00:00Z"],
    ["Asia/Tokyo", "2022-10-15T01:00:00Z"],
  ])("monthly calendar in advance 3 100, tax 20 %%, terminated Oct 15 (%s) → 16 days, 1 920", (tz, t) => {
    const { billing_at: _b, ...p } = terminated(t, { pay_in_advance: true, started: "2022-09-01T12:00:00Z", tz });
    const cn = terminationCreditNoteFromPeriod({ period_input: p, plan_amount_cents: 3100n, fee, option: "credit" });
    expect([cn?.remaining_days, cn?.item_amount_cents, cn?.total_amount_cents]).toEqual([16, 1600n, 1920n]);
  });
  it("plan_amount_cents 6 200 on the fee → 3 840", () => {
    const { billing_at: _b, ...p } = terminated("2022-10-15T10:00:00Z", { pay_in_advance: true, started: "2022-09-01T00:00:00Z" });
    const cn = terminationCreditNoteFromPeriod({ period_input: p, plan_amount_cents: 3100n, fee: { ...fee, amount_cents: 6200n, plan_amount_cents: 6200n }, option: "credit" });
    expect(cn?.total_amount_cents).toBe(3840n);
  });
  it("upgrade at 2022-10-15 10:00: the upgrade day is credited too → 17 days", () => {
    const { billing_at: _b, ...p } = terminated("2022-10-15T10:00:00Z", { pay_in_advance: true, started: "2022-09-01T00:00:00Z" });
    const cn = terminationCreditNoteFromPeriod({ period_input: p, plan_amount_cents: 3100n, fee, option: "credit", upgrade: true });
    expect([cn?.remaining_days, cn?.total_amount_cents]).toEqual([17, 2040n]);
  });
});
