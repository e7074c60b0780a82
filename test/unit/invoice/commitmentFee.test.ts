/**
 * invoice.md §6 minimum commitment: the [spec] figures, worked example C, and the 13
 * commitment scenario vectors' figures from fees computed by hand from their charges.
 */
import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, type Period, parseInstant } from "../../../src/core/instant.js";
import { ValidationError } from "../../../src/core/issue.js";
import { type CommitmentFeeInput, commitmentFee, proratedCommitmentCents } from "../../../src/invoice/commitment/commitmentFee.js";
import { commitmentPeriod } from "../../../src/invoice/commitment/commitmentPeriod.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import { type BillingTime, type Interval, scheduleOf } from "../../../src/period/index.js";

const at = (s: string): Instant => {
  const t = parseInstant(s);
  if (t === undefined) throw new Error(`bad instant ${s}`);
  return t;
};
const SUB = "sub_1";
let n = 0;
/** A fee of SUB over the inclusive window [from, to]. */
function fee(type: InvoiceFee["fee_type"], cents: number, from: string, to: string, extra: Partial<InvoiceFee> = {}): InvoiceFee {
  n += 1;
  return {
    svc_id: `fee_${n}`, fee_type: type, svc_subscription_id: SUB, plan_code: "p", metric_code: null, svc_charge_id: type === "charge" ? `ch_${n}` : null,
    amount_cents: BigInt(cents), precise_amount_cents: dec(cents), units: dec(1), precise_coupons_amount_cents: dec(0),
    precise_credit_notes_amount_cents: dec(0), taxes: [], from_date: at(from), to_date: at(to), pay_in_advance: false, ...extra,
  };
}
const period = (interval: Interval, time: BillingTime, anchor: string, inside: string, tz = "UTC"): Period =>
  commitmentPeriod(at(inside), scheduleOf(interval, time, at(anchor), tz), tz);

function input(p: Period, fees: InvoiceFee[], extra: Partial<CommitmentFeeInput> = {}): CommitmentFeeInput {
  return {
    commitment: { amount_cents: 1_000_000n, invoice_display_name: "Minimum commitment", taxes: [] },
    subscription_id: SUB, plan_code: "p", currency: "EUR", timezone: "UTC", commitment_period: p, billed_span: p, fees, ...extra,
  };
}
const cents = (i: CommitmentFeeInput): bigint | undefined => commitmentFee(i)?.amount_cents;

describe("commitmentPeriod", () => {
  it("is the whole plan-interval period, a year for yearly plans", () => {
    expect(period("quarterly", "calendar", "2024-03-12T10:00:00Z", "2024-03-12T10:00:00Z")).toEqual({ start: at("2024-01-01"), end: at("2024-04-01") });
    expect(period("yearly", "anniversary", "2024-03-05T10:00:00Z", "2024-08-01T00:00:00Z")).toEqual({ start: at("2024-03-05"), end: at("2025-03-05") });
    expect(period("weekly", "calendar", "2023-02-01T00:00:00Z", "2023-02-01T00:00:00Z")).toEqual({ start: at("2023-01-30"), end: at("2023-02-06") });
  });
  it("follows the customer's zone", () => {
    const p = period("monthly", "calendar", "2024-03-05T10:00:00Z", "2024-03-10T00:00:00Z", "America/New_York");
    expect(p).toEqual({ start: at("2024-03-01T05:00:00Z"), end: at("2024-04-01T04:00:00Z") });
  });
});

describe("proratedCommitmentCents (§6 coefficient, a double)", () => {
  it("example C: 100000 × 10/31 → 32258; [spec] 1 000 000 × 2/29 → 68966", () => {
    expect(proratedCommitmentCents(100_000n, 10, 31)).toBe(32_258n);
    expect(proratedCommitmentCents(1_000_000n, 2, 29)).toBe(68_966n);
  });
  it("a full period gives the amount; half up on a tie", () => {
    expect(proratedCommitmentCents(1_000_001n, 31, 31)).toBe(1_000_001n);
    expect(proratedCommitmentCents(1n, 1, 2)).toBe(1n);
    expect(proratedCommitmentCents(3n, 1, 2)).toBe(2n);
  });
});

describe("commitmentFee: [spec] and worked example C", () => {
  it("[spec] in arrears calendar monthly, started 2024-02-28: 68966 − (690 + 3 × 1000) = 65276, then 989000", () => {
    const feb = period("monthly", "calendar", "2024-02-28T10:00:00Z", "2024-02-28T10:00:00Z");
    const fees = [
      fee("subscription", 690, "2024-02-28T00:00:00Z", "2024-02-29T23:59:59Z"),
      fee("charge", 1000, "2024-02-28T00:00:00Z", "2024-02-29T23:59:59Z"),
      fee("charge", 1000, "2024-02-28T00:00:00Z", "2024-02-29T23:59:59Z", { pay_in_advance: true }),
      fee("charge", 1000, "2024-02-28T00:00:00Z", "2024-02-29T23:59:59Z", { pay_in_advance: true }),
      fee("charge", 1000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z", { pay_in_advance: true }),
    ];
    const f = commitmentFee(input(feb, fees, { billed_span: { start: at("2024-02-28"), end: feb.end } }));
    expect(f?.commitment_amount_cents).toBe(68_966n);
    expect(f?.used_amount_cents).toBe(3_690n);
    expect(f?.amount_cents).toBe(65_276n);
  });

  // KWD is not among the contract's currencies: the cents figures do not depend on it, and
  // the unit amount is checked with CLF (exponent 4) instead of KWD's 14.126.
  it("example C: fee 14126, precise 14125.58064516129, units 1, taxed COM5", () => {
    const mar = period("monthly", "calendar", "2024-03-22T00:00:00Z", "2024-03-22T00:00:00Z");
    const com5 = { svc_id: "t", code: "COM5", name: "COM5", rate: dec(5) };
    const fees = [
      fee("subscription", 9677, "2024-03-22T00:00:00Z", "2024-03-31T23:59:59Z", { precise_amount_cents: dec("9677.41935483871") }),
      fee("charge", 5125, "2024-03-22T00:00:00Z", "2024-03-31T23:59:59Z"),
      fee("charge", 3330, "2024-03-22T00:00:00Z", "2024-03-31T23:59:59Z"),
    ];
    const f = commitmentFee(input(mar, fees, {
      currency: "CLF", commitment: { amount_cents: 100_000n, taxes: [com5] }, billed_span: { start: at("2024-03-22"), end: mar.end },
    }));
    expect(f).toMatchObject({ fee_type: "commitment", amount_cents: 14_126n, unit_amount_cents: 14_126n, commitment_amount_cents: 32_258n, used_amount_cents: 18_132n });
    expect(f?.precise_amount_cents.toFixed()).toBe("14125.58064516129");
    expect(f?.precise_unit_amount.toFixed()).toBe("1.4126");
    expect(f?.units.toFixed()).toBe("1");
    expect(f?.taxes).toEqual([com5]);
    expect(f?.invoice_display_name).toBeNull();
  });
});

describe("commitmentFee: when there is none, and what does not count", () => {
  const mar = period("monthly", "calendar", "2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z");
  const full = fee("subscription", 10000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z");

  it("no commitment, a zero amount, or fees reaching it → no fee", () => {
    expect(commitmentFee(input(mar, [full], { commitment: null }))).toBeUndefined();
    expect(commitmentFee(input(mar, [full], { commitment: { amount_cents: 0n, taxes: [] } }))).toBeUndefined();
    expect(commitmentFee(input(mar, [full], { commitment: { amount_cents: 10000n, taxes: [] } }))).toBeUndefined();
    expect(cents(input(mar, [full], { commitment: { amount_cents: 10001n, taxes: [] } }))).toBe(1n);
  });

  it("ignores other subscriptions, add-on / credit / commitment fees and fees without a window", () => {
    const others = [
      fee("charge", 5000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z", { svc_subscription_id: "sub_2" }),
      fee("add_on", 5000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"),
      fee("credit", 5000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"),
      fee("commitment", 5000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"),
      { ...fee("charge", 5000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"), from_date: null, to_date: null },
      fee("fixed_charge", 3000, "2024-03-01T00:00:00Z", "2024-03-31T23:59:59Z"),
    ];
    expect(cents(input(mar, [full, ...others]))).toBe(1_000_000n - 13_000n);
  });

  it("a fee straddling the period's edge does not count", () => {
    const straddle = fee("charge", 5000, "2024-02-15T00:00:00Z", "2024-03-14T23:59:59Z");
    expect(cents(input(mar, [straddle]))).toBe(1_000_000n);
  });

  it("an empty billed span gives no fee; a span longer than the period counts as the period", () => {
    expect(cents(input(mar, [], { billed_span: { start: mar.end, end: mar.end } }))).toBeUndefined();
    expect(cents(input(mar, [], { billed_span: { start: at("2024-02-01"), end: mar.end } }))).toBe(1_000_000n);
  });

  it("the precise amount is the commitment minus the counted fees' precise amounts; the id is stable", () => {
    const f = commitmentFee(input(mar, [{ ...full, precise_amount_cents: dec("9999.6") }]));
    expect(f?.precise_amount_cents.toFixed()).toBe("990000.4");
    expect(f?.svc_id).toBe(commitmentFee(input(mar, [full]))?.svc_id);
    expect(f).toMatchObject({ from_date: mar.start, to_date: mar.end - 1000, svc_subscription_id: SUB, plan_code: "p", invoice_display_name: "Minimum commitment" });
  });

  it("refuses a negative or oversized amount and an empty period, naming the fields", () => {
    const err = (i: CommitmentFeeInput): unknown => {
      try {
        commitmentFee(i);
      } catch (e) {
        return e instanceof ValidationError ? e.error_details : e;
      }
      return undefined;
    };
    expect(err(input({ start: mar.end, end: mar.end }, [], { commitment: { amount_cents: -1n, taxes: [] } }))).toEqual({
      "commitment.amount_cents": ["invalid_value"], commitment_period: ["invalid_value"],
    });
    expect(err(input(mar, [], { commitment: { amount_cents: 2n ** 60n, taxes: [] } }))).toEqual({ "commitment.amount_cents": ["invalid_value"] });
    expect(err(input(mar, [], { timezone: "Mars/Base" }))).toEqual({ timezone: ["invalid_timezone"] });
  });
});
