/**
 * invoice.md §6 on the 13 scenario vectors `scenario/commitments/minimum/*`: the fees each
 * vector bills (computed by hand from its charges, standard 1 €/unit), the commitment
 * period, the billed span → the vector's commitment fee. Fees of other periods are given
 * too, to show they are left out.
 */
import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, type Period, parseInstant } from "../../../src/core/instant.js";
import { commitmentFee } from "../../../src/invoice/commitment/commitmentFee.js";
import { commitmentPeriod } from "../../../src/invoice/commitment/commitmentPeriod.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";
import { type BillingTime, type Interval, scheduleOf } from "../../../src/period/index.js";

const at = (s: string): Instant => {
  const t = parseInstant(s);
  if (t === undefined) throw new Error(`bad instant ${s}`);
  return t;
};
let n = 0;
/** A fee of sub_1 over the local days [from, to] (inclusive, UTC). */
function fee(type: InvoiceFee["fee_type"], cents: number, from: string, to: string, coupons = 0): InvoiceFee {
  n += 1;
  return {
    svc_id: `fee_${n}`, fee_type: type, svc_subscription_id: "sub_1", plan_code: "p", metric_code: null, svc_charge_id: type === "charge" ? `ch_${n}` : null,
    amount_cents: BigInt(cents), precise_amount_cents: dec(cents), units: dec(1), precise_coupons_amount_cents: dec(coupons),
    precise_credit_notes_amount_cents: dec(0), taxes: [], from_date: at(from), to_date: at(`${to}T23:59:59Z`), pay_in_advance: false,
  };
}
const sub = (c: number, from: string, to: string): InvoiceFee => fee("subscription", c, from, to);
const ch = (c: number, from: string, to: string): InvoiceFee => fee("charge", c, from, to);

interface Case {
  readonly interval: Interval;
  readonly time: BillingTime;
  readonly anchor: string;
  /** An instant of the reconciled period. */
  readonly inside: string;
  /** Billed span start / exclusive end when not the whole period. */
  readonly span?: readonly [string, string];
  readonly fees: readonly InvoiceFee[];
  readonly expected: bigint;
}

function run(c: Case): bigint | undefined {
  const p: Period = commitmentPeriod(at(c.inside), scheduleOf(c.interval, c.time, at(c.anchor), "UTC"), "UTC");
  const span = c.span === undefined ? p : { start: at(c.span[0]), end: at(c.span[1]) };
  return commitmentFee({
    commitment: { amount_cents: 1_000_000n, invoice_display_name: "Minimum commitment", taxes: [] },
    subscription_id: "sub_1", plan_code: "p", currency: "EUR", timezone: "UTC", commitment_period: p, billed_span: span, fees: c.fees,
  })?.amount_cents;
}

const CASES: Record<string, Case> = {
  "in_advance/anniversary/quarterly/third-period": {
    interval: "quarterly", time: "anniversary", anchor: "2024-03-12T10:00:00Z", inside: "2024-06-12T00:00:00Z",
    fees: [
      ch(1500, "2024-03-12", "2024-06-11"), ch(3000, "2024-03-12", "2024-06-11"), ch(2500, "2024-03-12", "2024-06-11"),
      sub(10000, "2024-06-12", "2024-09-11"), ch(1500, "2024-06-12", "2024-09-11"), ch(0, "2024-06-12", "2024-09-11"),
      sub(10000, "2024-09-12", "2024-12-11"), ch(1500, "2024-09-12", "2024-12-11"),
    ],
    expected: 988_500n,
  },
  "in_advance/anniversary/yearly/last-period (charges monthly)": {
    interval: "yearly", time: "anniversary", anchor: "2024-03-05T10:00:00Z", inside: "2024-03-05T10:00:00Z",
    fees: [
      sub(10000, "2024-03-05", "2025-03-04"), ch(200, "2024-03-05", "2024-04-04"), ch(3000, "2024-03-05", "2024-04-04"),
      ch(100, "2024-03-05", "2024-04-04"), ch(5500, "2024-08-05", "2024-09-04"), ch(100, "2025-02-05", "2025-03-04"),
      sub(10000, "2025-03-05", "2026-03-04"),
    ],
    expected: 981_100n,
  },
  "in_advance_spec/monthly-anniversary-previous-period-not-reached": {
    interval: "monthly", time: "anniversary", anchor: "2023-02-04T00:00:00Z", inside: "2023-02-04T00:00:00Z",
    fees: [sub(100000, "2023-02-04", "2023-03-03"), sub(100000, "2023-03-04", "2023-04-03")],
    expected: 900_000n,
  },
  "in_advance_spec/weekly-calendar-terminated, invoice 1 (5 of 7 days)": {
    interval: "weekly", time: "calendar", anchor: "2023-02-01T00:00:00Z", inside: "2023-02-01T00:00:00Z", span: ["2023-02-01", "2023-02-06"],
    fees: [sub(71429, "2023-02-01", "2023-02-05"), sub(100000, "2023-02-06", "2023-02-12")],
    expected: 642_857n,
  },
  "in_advance_spec/weekly-calendar-terminated, invoice 2": {
    interval: "weekly", time: "calendar", anchor: "2023-02-01T00:00:00Z", inside: "2023-02-06T00:00:00Z",
    fees: [sub(71429, "2023-02-01", "2023-02-05"), sub(100000, "2023-02-06", "2023-02-12"), sub(100000, "2023-02-13", "2023-02-19")],
    expected: 900_000n,
  },
  "in_advance_spec/weekly-calendar-terminated, termination invoice (3 of 7 days)": {
    interval: "weekly", time: "calendar", anchor: "2023-02-01T00:00:00Z", inside: "2023-02-15T10:00:00Z", span: ["2023-02-13", "2023-02-15T10:00:01Z"],
    fees: [sub(100000, "2023-02-06", "2023-02-12"), sub(100000, "2023-02-13", "2023-02-19")],
    expected: 328_571n,
  },
  "in_arrears/anniversary/monthly/second-period": {
    interval: "monthly", time: "anniversary", anchor: "2024-02-28T10:00:00Z", inside: "2024-03-28T00:00:00Z",
    fees: [
      ch(1000, "2024-02-28", "2024-03-27"), ch(1000, "2024-02-28", "2024-03-27"), sub(10000, "2024-02-28", "2024-03-27"),
      ch(1000, "2024-03-28", "2024-04-27"), sub(10000, "2024-03-28", "2024-04-27"), ch(0, "2024-03-28", "2024-04-27"),
      ch(1000, "2024-04-28", "2024-05-27"),
    ],
    expected: 989_000n,
  },
  "in_arrears/anniversary/weekly/second-period": {
    interval: "weekly", time: "anniversary", anchor: "2024-03-12T10:00:00Z", inside: "2024-03-19T00:00:00Z",
    fees: [ch(1000, "2024-03-12", "2024-03-18"), sub(10000, "2024-03-12", "2024-03-18"), ch(1000, "2024-03-19", "2024-03-25"), sub(10000, "2024-03-19", "2024-03-25"), ch(1000, "2024-03-26", "2024-04-01")],
    expected: 989_000n,
  },
  "in_arrears/anniversary/yearly/last-period (charges monthly)": {
    interval: "yearly", time: "anniversary", anchor: "2024-03-01T10:00:00Z", inside: "2024-03-01T00:00:00Z",
    fees: [
      ch(200, "2024-03-01", "2024-03-31"), ch(3000, "2024-03-01", "2024-03-31"), ch(100, "2024-03-01", "2024-03-31"),
      ch(5500, "2024-08-01", "2024-08-31"), ch(100, "2025-02-01", "2025-02-28"), sub(10000, "2024-03-01", "2025-02-28"),
    ],
    expected: 981_100n,
  },
  "in_arrears/calendar/monthly/coupon-second-period (coupons do not change used)": {
    interval: "monthly", time: "calendar", anchor: "2024-02-28T10:00:00Z", inside: "2024-03-01T00:00:00Z",
    fees: [fee("charge", 1000, "2024-03-01", "2024-03-31", 1000), fee("subscription", 10000, "2024-03-01", "2024-03-31", 9000), ch(1000, "2024-04-01", "2024-04-30")],
    expected: 989_000n,
  },
  "in_arrears/calendar/quarterly/first-period (20 of 91 days)": {
    interval: "quarterly", time: "calendar", anchor: "2024-03-12T10:00:00Z", inside: "2024-03-12T10:00:00Z", span: ["2024-03-12", "2024-04-01"],
    fees: [ch(1000, "2024-03-12", "2024-03-31"), ch(1000, "2024-03-12", "2024-03-31"), ch(1000, "2024-03-12", "2024-03-31"), sub(2198, "2024-03-12", "2024-03-31"), ch(1000, "2024-04-01", "2024-06-30")],
    expected: 214_582n,
  },
  "in_arrears/calendar/weekly/second-period": {
    interval: "weekly", time: "calendar", anchor: "2024-03-12T10:00:00Z", inside: "2024-03-18T00:00:00Z",
    fees: [sub(7143, "2024-03-12", "2024-03-17"), ch(1000, "2024-03-12", "2024-03-17"), ch(1000, "2024-03-18", "2024-03-24"), sub(10000, "2024-03-18", "2024-03-24")],
    expected: 989_000n,
  },
  "in_arrears_spec/weekly-anniversary-not-reached": {
    interval: "weekly", time: "anniversary", anchor: "2023-02-01T00:00:00Z", inside: "2023-02-08T00:00:00Z",
    fees: [sub(100000, "2023-02-01", "2023-02-07"), sub(100000, "2023-02-08", "2023-02-14")],
    expected: 900_000n,
  },
  "in_arrears_spec/yearly-calendar-not-reached (334 of 365 days)": {
    interval: "yearly", time: "calendar", anchor: "2022-02-01T00:00:00Z", inside: "2022-02-01T00:00:00Z", span: ["2022-02-01", "2023-01-01"],
    fees: [sub(91507, "2022-02-01", "2022-12-31")],
    expected: 823_561n,
  },
  "on_termination/downgrade-june-1": {
    interval: "monthly", time: "calendar", anchor: "2024-03-01T00:00:00Z", inside: "2024-05-01T00:00:00Z", span: ["2024-05-01", "2024-06-01"],
    fees: [sub(10000, "2024-04-01", "2024-04-30"), sub(10000, "2024-05-01", "2024-05-31")],
    expected: 990_000n,
  },
};

describe("commitmentFee on the commitment vectors", () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, () => expect(run(c)).toBe(c.expected));
  }
});
