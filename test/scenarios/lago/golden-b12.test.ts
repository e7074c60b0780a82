/**
 * Rows of Lago's golden billing suite, getlago/lago-api spec/scenarios/golden/matrix/b12_commitments.yml (20 rows, all agree)
 * (figures only), run through `simulate` (translation and comparison: golden-lifecycle-helpers.ts).
 * Agreeing rows: a sample. Disagreeing rows: `it.fails` after a `// MISMATCH` note.
 */
import { describe, it } from "vitest";
import { expectGolden, type GoldenRow } from "./golden-lifecycle-helpers.js";

const D = (d: string) => (d.length === 10 ? `${d}T00:00:00Z` : d);
const E = (d: string) => (d.length === 10 ? `${d}T23:59:59Z` : d);
const ev = (at: string, amount = 10) => ({ at: `${at}T10:00:00Z`, do: "ingest_events", events: [{ code: "m", properties: { amount } }] });
/** In-arrears grid row: plan 2_000, 1.00/unit, floor 10_000; three events of 10 units; one invoice on `bill`. */
function arrears(id: string, start: string, events: string[], bill: string, from: string, to: string): GoldenRow {
  const [, , billing_time, interval] = id.split("/");
  const f = { from_date: D(from), to_date: E(to) };
  return {
    id,
    setup: {
      metrics: [{ code: "m", aggregation_type: "sum_agg", field_name: "amount" }],
      plan: { code: "p", interval, amount_cents: 2000, minimum_commitment: { amount_cents: 10000 } },
      charges: [{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" } }],
      customer: { external_id: "cust", currency: "EUR" },
      subscription: { external_id: "sub", billing_time },
    },
    timeline: [{ at: D(start), do: "create_subscription" }, ...events.map((e) => ev(e)), { at: `${bill}T01:00:00Z`, do: "perform_billing" }],
    expect: { invoices: 1, invoice: { fees_amount_cents: 10000, coupons_amount_cents: 0, taxes_amount_cents: 0, total_amount_cents: 10000, fees_count: 3, fees: [
      { fee_type: "subscription", amount_cents: 2000, ...f }, { fee_type: "charge", amount_cents: 3000, units: "30", ...f }, { fee_type: "commitment", amount_cents: 5000, ...f }] } },
  };
}

/** In-advance grid row: invoice 0 = period 1 in advance; invoice 1 = period 2 in advance + period 1's usage and true-up. */
function advance(id: string, start: string, events: string[], bill: string, p1: [string, string], p2: [string, string]): GoldenRow {
  const r = arrears(id, start, events, bill, p1[0], p1[1]);
  r.setup.plan.pay_in_advance = true;
  const f1 = { from_date: D(p1[0]), to_date: E(p1[1]) };
  r.expect = { invoices: 2, invoice: [
    { select: { index: 0 }, fees_amount_cents: 2000, total_amount_cents: 2000, fees_count: 1, fees: [{ fee_type: "subscription", amount_cents: 2000, ...f1 }] },
    { select: { index: 1 }, fees_amount_cents: 10000, coupons_amount_cents: 0, taxes_amount_cents: 0, total_amount_cents: 10000, fees_count: 3, fees: [
      { fee_type: "subscription", amount_cents: 2000, from_date: D(p2[0]), to_date: E(p2[1]) }, { fee_type: "charge", amount_cents: 3000, units: "30", ...f1 }, { fee_type: "commitment", amount_cents: 5000, ...f1 }] }] };
  return r;
}

const rows: GoldenRow[] = [
  { id: "b12/in-arrears/calendar/monthly",
    setup: { taxes: [{ code: "vat", name: "VAT", rate: 20 }], metrics: [{ code: "m", aggregation_type: "sum_agg", field_name: "amount" }],
      plan: { code: "p", interval: "monthly", amount_cents: 2000, minimum_commitment: { amount_cents: 10000 } },
      charges: [{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" } }],
      customer: { external_id: "cust", currency: "EUR" }, subscription: { external_id: "sub", billing_time: "calendar" },
      coupons: [{ name: "b12 coupon", code: "c", coupon_type: "fixed_amount", frequency: "once", amount_cents: 2000, amount_currency: "EUR", expiration: "no_expiration" }] },
    timeline: [{ at: "2024-03-01T00:00:00Z", do: "create_subscription" }, ev("2024-03-05", 30), { at: "2024-04-01T01:00:00Z", do: "perform_billing" }],
    expect: { invoices: 1, invoice: { fees_amount_cents: 10000, coupons_amount_cents: 2000, sub_total_excluding_taxes_amount_cents: 8000, taxes_amount_cents: 1600, total_amount_cents: 9600, fees_count: 3,
      fees: [{ fee_type: "subscription", amount_cents: 2000, taxes_amount_cents: 320 }, { fee_type: "charge", amount_cents: 3000, taxes_amount_cents: 480 }, { fee_type: "commitment", amount_cents: 5000, taxes_amount_cents: 800 }] } } },
  arrears("b12/in-arrears/calendar/weekly", "2024-03-04", ["2024-03-05", "2024-03-07", "2024-03-09"], "2024-03-11", "2024-03-04", "2024-03-10"),
  arrears("b12/in-arrears/calendar/quarterly", "2024-01-01", ["2024-01-15", "2024-02-15", "2024-03-15"], "2024-04-01", "2024-01-01", "2024-03-31"),
  arrears("b12/in-arrears/calendar/semiannual", "2024-01-01", ["2024-01-15", "2024-03-15", "2024-06-15"], "2024-07-01", "2024-01-01", "2024-06-30"),
  arrears("b12/in-arrears/calendar/yearly", "2024-01-01", ["2024-02-15", "2024-07-15", "2024-11-15"], "2025-01-01", "2024-01-01", "2024-12-31"),
  arrears("b12/in-arrears/anniversary/weekly", "2024-03-06", ["2024-03-07", "2024-03-09", "2024-03-11"], "2024-03-13", "2024-03-06", "2024-03-12"),
  arrears("b12/in-arrears/anniversary/monthly", "2024-03-10", ["2024-03-15", "2024-03-25", "2024-04-05"], "2024-04-10", "2024-03-10", "2024-04-09"),
  arrears("b12/in-arrears/anniversary/quarterly", "2024-02-10", ["2024-02-20", "2024-03-20", "2024-04-20"], "2024-05-10", "2024-02-10", "2024-05-09"),
  arrears("b12/in-arrears/anniversary/semiannual", "2024-02-10", ["2024-03-20", "2024-05-20", "2024-07-20"], "2024-08-10", "2024-02-10", "2024-08-09"),
  arrears("b12/in-arrears/anniversary/yearly", "2024-02-10", ["2024-04-20", "2024-09-20", "2025-01-20"], "2025-02-10", "2024-02-10", "2025-02-09"),
  advance("b12/in-advance/calendar/weekly", "2024-03-04", ["2024-03-05", "2024-03-07", "2024-03-09"], "2024-03-11", ["2024-03-04", "2024-03-10"], ["2024-03-11", "2024-03-17"]),
  advance("b12/in-advance/calendar/monthly", "2024-03-01", ["2024-03-05", "2024-03-15", "2024-03-25"], "2024-04-01", ["2024-03-01", "2024-03-31"], ["2024-04-01", "2024-04-30"]),
  advance("b12/in-advance/calendar/quarterly", "2024-01-01", ["2024-01-15", "2024-02-15", "2024-03-15"], "2024-04-01", ["2024-01-01", "2024-03-31"], ["2024-04-01", "2024-06-30"]),
  advance("b12/in-advance/calendar/semiannual", "2024-01-01", ["2024-01-15", "2024-03-15", "2024-06-15"], "2024-07-01", ["2024-01-01", "2024-06-30"], ["2024-07-01", "2024-12-31"]),
  advance("b12/in-advance/calendar/yearly", "2024-01-01", ["2024-02-15", "2024-07-15", "2024-11-15"], "2025-01-01", ["2024-01-01", "2024-12-31"], ["2025-01-01", "2025-12-31"]),
  advance("b12/in-advance/anniversary/weekly", "2024-03-06", ["2024-03-07", "2024-03-09", "2024-03-11"], "2024-03-13", ["2024-03-06", "2024-03-12"], ["2024-03-13", "2024-03-19"]),
  advance("b12/in-advance/anniversary/monthly", "2024-03-10", ["2024-03-15", "2024-03-25", "2024-04-05"], "2024-04-10", ["2024-03-10", "2024-04-09"], ["2024-04-10", "2024-05-09"]),
  advance("b12/in-advance/anniversary/quarterly", "2024-02-10", ["2024-02-20", "2024-03-20", "2024-04-20"], "2024-05-10", ["2024-02-10", "2024-05-09"], ["2024-05-10", "2024-08-09"]),
  advance("b12/in-advance/anniversary/semiannual", "2024-02-10", ["2024-03-20", "2024-05-20", "2024-07-20"], "2024-08-10", ["2024-02-10", "2024-08-09"], ["2024-08-10", "2025-02-09"]),
  advance("b12/in-advance/anniversary/yearly", "2024-02-10", ["2024-04-20", "2024-09-20", "2025-01-20"], "2025-02-10", ["2024-02-10", "2025-02-09"], ["2025-02-10", "2026-02-09"]),
];


const row = (id: string): GoldenRow => rows.find((r) => r.id === id) ?? (() => { throw new Error(`no row ${id}`); })();

describe("golden b12: b12_commitments.yml (20 rows, all agree)", () => {
  it("b12/in-arrears/calendar/monthly", () => expectGolden(row("b12/in-arrears/calendar/monthly")));
  it("b12/in-arrears/calendar/yearly", () => expectGolden(row("b12/in-arrears/calendar/yearly")));
  it("b12/in-arrears/anniversary/yearly", () => expectGolden(row("b12/in-arrears/anniversary/yearly")));
  it("b12/in-advance/calendar/weekly", () => expectGolden(row("b12/in-advance/calendar/weekly")));
  it("b12/in-advance/anniversary/semiannual", () => expectGolden(row("b12/in-advance/anniversary/semiannual")));
});
