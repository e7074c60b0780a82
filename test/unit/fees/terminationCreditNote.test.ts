import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { terminationCreditNote, terminationCreditNoteDue, type TerminationCreditNoteInput } from "../../../src/fees/terminationCreditNote.js";

const at = (s: string) => parseInstant(s) as Instant;
const octoberUtc = { from_datetime: at("2022-10-01T00:00:00Z"), next_end_of_period: at("2022-10-31T23:59:59Z"), duration_in_days: 31 };
const base: TerminationCreditNoteInput = {
  terminated_at: at("2022-10-15T10:00:00Z"),
  timezone: "UTC",
  period: octoberUtc,
  plan_amount_cents: 3100n,
  fee: { amount_cents: 3100n, precise_amount_cents: dec("3100"), tax_rates: [dec("20")] },
  option: "credit",
};

describe("terminationCreditNote (periods.md §9)", () => {
  it("monthly calendar 3 100 cents, tax 20 %, terminated Oct 15 10:00 → 16 days × 100 = 1 600 + 320 = 1 920", () => {
    const cn = terminationCreditNote(base);
    expect(cn).toMatchObject({ remaining_days: 16, item_amount_cents: 1600n, taxes_amount_cents: 320n, total_amount_cents: 1920n, credit_amount_cents: 1920n, refund_amount_cents: 0n, offset_amount_cents: 0n, reason: "order_cancellation" });
  });

  it("plan_amount_cents 6 200 in the fee details → 16 × 200 = 3 200 + 640 = 3 840", () => {
    const cn = terminationCreditNote({ ...base, fee: { ...base.fee, amount_cents: 6200n, precise_amount_cents: dec("6200"), plan_amount_cents: 6200n } });
    expect([cn?.item_amount_cents, cn?.total_amount_cents]).toEqual([3200n, 3840n]);
  });

  it.each([
    ["UTC", "2022-10-15T10:00:00Z", octoberUtc],
    ["America/New_York", "2022-10-15T14:00:00Z", { from_datetime: at("2022-10-01T04:00:00Z"), next_end_of_period: at("2022-11-01T03:59:59Z"), duration_in_days: 31 }],
    ["Asia/Tokyo", "2022-10-15T01:00:00Z", { from_datetime: at("2022-09-30T15:00:00Z"), next_end_of_period: at("2022-10-31T14:59:59Z"), duration_in_days: 31 }],
  ])("the remaining-day count is the same in every zone (%s)", (tz, t, period) => {
    expect(terminationCreditNote({ ...base, timezone: tz, terminated_at: at(t), period })?.remaining_days).toBe(16);
  });

  it("upgrade: the upgrade day is credited too (17 days)", () => {
    expect(terminationCreditNote({ ...base, upgrade: true })?.item_amount_cents).toBe(1700n);
  });

  it("capped at the fee, minus what was already credited", () => {
    const cn = terminationCreditNote({ ...base, fee: { ...base.fee, amount_cents: 1000n, precise_amount_cents: dec("1000"), credited_amount_cents: 300n } });
    expect(cn?.item_amount_cents).toBe(700n);
  });

  it("trial ending after the termination: only days after the trial are credited", () => {
    // trial ends 2022-10-20 → credited Oct 20 … Oct 31 = 12 days
    const trialEnd = Math.floor(Date.UTC(2022, 9, 20) / 86_400_000);
    expect(terminationCreditNote({ ...base, trial_end_epoch_day: trialEnd })?.remaining_days).toBe(12);
  });

  it("terminated on the last day of the period → nothing to credit", () => {
    expect(terminationCreditNote({ ...base, terminated_at: at("2022-10-31T10:00:00Z") })).toBeUndefined();
  });

  it("rounding spec: 200.00 + 25 %, terminated on day 1 of a 30-day period → 19 333.33333, total 24 167 corrected to 24 166", () => {
    const cn = terminationCreditNote({
      ...base,
      terminated_at: at("2022-04-10T12:00:00Z"),
      period: { from_datetime: at("2022-04-10T00:00:00Z"), next_end_of_period: at("2022-05-09T23:59:59Z"), duration_in_days: 30 },
      plan_amount_cents: 20000n,
      fee: { amount_cents: 20000n, precise_amount_cents: dec("20000"), tax_rates: [dec("25")] },
    });
    expect(cn?.item_precise_amount_cents.toString()).toBe("19333.33333");
    expect([cn?.taxes_amount_cents, cn?.sub_total_excluding_taxes_amount_cents, cn?.total_amount_cents, cn?.credit_amount_cents]).toEqual([4833n, 19333n, 24166n, 24166n]);
  });

  describe("refund / offset split (terminate_manually_spec: 100.00 + 20 %, started Feb 8, terminated Feb 21)", () => {
    const feb: TerminationCreditNoteInput = {
      terminated_at: at("2022-02-21T10:00:00Z"),
      timezone: "UTC",
      period: { from_datetime: at("2022-02-08T00:00:00Z"), next_end_of_period: at("2022-02-28T23:59:59Z"), duration_in_days: 28 },
      plan_amount_cents: 10000n,
      fee: { amount_cents: 7500n, precise_amount_cents: dec("7500"), taxes_precise_amount_cents: dec("1500"), tax_rates: [dec("20")] },
      option: "refund",
      invoice: { sub_total_including_taxes_amount_cents: 9000n, total_paid_amount_cents: 7500n },
    };
    it("refund: T = 3 000; used 14 days = 6 000; paid 7 500 → refund 1 500, credit 1 500", () => {
      expect(terminationCreditNote(feb)).toMatchObject({ remaining_days: 7, total_amount_cents: 3000n, refund_amount_cents: 1500n, credit_amount_cents: 1500n, offset_amount_cents: 0n });
    });
    it("offset: same refund, the rest offset", () => {
      expect(terminationCreditNote({ ...feb, option: "offset" })).toMatchObject({ total_amount_cents: 3000n, refund_amount_cents: 1500n, credit_amount_cents: 0n, offset_amount_cents: 1500n });
    });
    it("refund on an unpaid invoice → all credited", () => {
      expect(terminationCreditNote({ ...feb, invoice: { sub_total_including_taxes_amount_cents: 9000n, total_paid_amount_cents: 0n } })).toMatchObject({ refund_amount_cents: 0n, credit_amount_cents: 3000n });
    });
    it("fully paid → refund capped at the note's total", () => {
      expect(terminationCreditNote({ ...feb, invoice: { sub_total_including_taxes_amount_cents: 9000n, total_paid_amount_cents: 9000n } })).toMatchObject({ refund_amount_cents: 3000n, credit_amount_cents: 0n });
    });
  });
});

describe("terminationCreditNoteDue", () => {
  const due = { plan_pay_in_advance: true, option: "credit", last_fee_amount_cents: 3100n, last_fee_invoice_voided: false, period_invoice_exists: true } as const;
  it.each([
    ["all conditions hold", {}, true],
    ["arrears plan", { plan_pay_in_advance: false }, false],
    ["skip", { option: "skip" }, false],
    ["no subscription fee yet", { last_fee_amount_cents: undefined }, false],
    ["last fee 0 (billed in a trial)", { last_fee_amount_cents: 0n }, false],
    ["voided invoice", { last_fee_invoice_voided: true }, false],
    ["period not billed in advance", { period_invoice_exists: false }, false],
  ] as const)("%s → %s", (_name, extra, expected) => {
    expect(terminationCreditNoteDue({ ...due, ...extra })).toBe(expected);
  });
});
