/**
 * Rows of Lago's golden billing suite, getlago/lago-api spec/scenarios/golden/matrix/b02_boundaries.yml (40 rows, all agree)
 * (figures only), run through `simulate` (translation and comparison: golden-lifecycle-helpers.ts).
 * Agreeing rows: a sample. Disagreeing rows: `it.fails` after a `// MISMATCH` note.
 */
import { describe, it } from "vitest";
import { expectGolden, type GoldenRow } from "./golden-lifecycle-helpers.js";

type Inv = [amount: number, from: string, to: string];
const D = (d: string) => (d.length === 10 ? `${d}T00:00:00Z` : d);
const E = (d: string) => (d.length === 10 ? `${d}T23:59:59Z` : d);
/** One row of the B2 grid: a 100_000¢ arrears plan, no charges; `tl` = [at, verb]; `invs` = the expected invoices. */
function grid(id: string, trial: number, tl: [string, string][], invs: Inv[]): GoldenRow {
  const [, interval, billing_time, phase] = id.split("/");
  const fee = ([amount, from, to]: Inv) => ({ fee_type: "subscription", amount_cents: amount, from_date: D(from), to_date: E(to) });
  const terminated = phase === "terminated-mid-period";
  const full = (i: Inv) => ({
    invoice_type: "subscription", ...(terminated ? {} : { status: "finalized" }), currency: "EUR",
    fees_amount_cents: i[0], taxes_amount_cents: 0, total_amount_cents: i[0], fees_count: 1, fees: [fee(i)],
  });
  const invoice = invs.length === 1 ? full(invs[0]!) : [
    { select: { index: 0 }, invoice_type: "subscription", fees_amount_cents: invs[0]![0], total_amount_cents: invs[0]![0], fees_count: 1, fees: [fee(invs[0]!)] },
    { select: "last", ...full(invs[1]!) },
  ];
  return {
    id,
    setup: {
      plan: { code: "p", interval, amount_cents: 100000, pay_in_advance: false, ...(trial ? { trial_period: trial } : {}) },
      customer: { external_id: "cust", currency: "EUR" },
      subscription: { external_id: "sub", billing_time },
    },
    timeline: tl.map(([at, d]) => ({ at: at.length === 10 ? `${at}T10:00:00Z` : at, do: d })),
    expect: { invoices: invs.length, invoice },
  };
}
const C = "create_subscription", B = "perform_billing", T = "terminate_subscription";

const rows: GoldenRow[] = [
  {
    id: "b02/monthly/anniversary/first-full-period/jan31-into-leap-february",
    setup: { plan: { code: "p", interval: "monthly", amount_cents: 2900, pay_in_advance: false }, customer: { external_id: "cust", currency: "EUR", timezone: "UTC" }, subscription: { external_id: "sub", billing_time: "anniversary" } },
    timeline: [{ at: "2024-01-31T01:00:00Z", do: C }, { at: "2024-02-29T02:00:00Z", do: B }],
    expect: { invoices: 1, invoice: { invoice_type: "subscription", status: "finalized", currency: "EUR", fees_amount_cents: 2900, taxes_amount_cents: 0, total_amount_cents: 2900, fees_count: 1,
      fees: [{ fee_type: "subscription", amount_cents: 2900, from_date: "2024-01-31T00:00:00Z", to_date: "2024-02-28T23:59:59Z" }] } },
  },
  grid("b02/weekly/calendar/first-partial-period", 0, [["2024-03-06", C], ["2024-03-11T01:00:00Z", B]], [[71429, "2024-03-06", "2024-03-10"]]),
  grid("b02/weekly/calendar/first-full-period", 0, [["2024-03-04", C], ["2024-03-11T01:00:00Z", B]], [[100000, "2024-03-04", "2024-03-10"]]),
  grid("b02/weekly/calendar/full-period", 0, [["2024-03-06", C], ["2024-03-11T01:00:00Z", B], ["2024-03-18T01:00:00Z", B]], [[71429, "2024-03-06", "2024-03-10"], [100000, "2024-03-11", "2024-03-17"]]),
  grid("b02/weekly/calendar/terminated-mid-period", 0, [["2024-03-04", C], ["2024-03-07", T]], [[57143, "2024-03-04", "2024-03-07T10:00:00Z"]]),
  grid("b02/weekly/anniversary/first-partial-period", 3, [["2024-03-06T00:00:00Z", C], ["2024-03-13T01:00:00Z", B]], [[57143, "2024-03-06", "2024-03-12"]]),
  grid("b02/weekly/anniversary/first-full-period", 0, [["2024-03-06", C], ["2024-03-13T01:00:00Z", B]], [[100000, "2024-03-06", "2024-03-12"]]),
  grid("b02/weekly/anniversary/full-period", 0, [["2024-03-06", C], ["2024-03-13T01:00:00Z", B], ["2024-03-20T01:00:00Z", B]], [[100000, "2024-03-06", "2024-03-12"], [100000, "2024-03-13", "2024-03-19"]]),
  grid("b02/weekly/anniversary/terminated-mid-period", 0, [["2024-03-06", C], ["2024-03-09", T]], [[57143, "2024-03-06", "2024-03-09T10:00:00Z"]]),
  grid("b02/monthly/calendar/first-partial-period", 0, [["2024-03-16", C], ["2024-04-01T01:00:00Z", B]], [[51613, "2024-03-16", "2024-03-31"]]),
  grid("b02/monthly/calendar/first-full-period", 0, [["2024-03-01", C], ["2024-04-01T01:00:00Z", B]], [[100000, "2024-03-01", "2024-03-31"]]),
  grid("b02/monthly/calendar/full-period", 0, [["2024-03-16", C], ["2024-04-01T01:00:00Z", B], ["2024-05-01T01:00:00Z", B]], [[51613, "2024-03-16", "2024-03-31"], [100000, "2024-04-01", "2024-04-30"]]),
  grid("b02/monthly/calendar/terminated-mid-period", 0, [["2024-03-01", C], ["2024-03-16", T]], [[51613, "2024-03-01", "2024-03-16T10:00:00Z"]]),
  grid("b02/monthly/anniversary/first-partial-period", 10, [["2024-03-15T00:00:00Z", C], ["2024-04-15T01:00:00Z", B]], [[67742, "2024-03-15", "2024-04-14"]]),
  grid("b02/monthly/anniversary/full-period", 0, [["2024-01-31", C], ["2024-02-29T01:00:00Z", B], ["2024-03-31T01:00:00Z", B]], [[100000, "2024-01-31", "2024-02-28"], [100000, "2024-02-29", "2024-03-30"]]),
  grid("b02/monthly/anniversary/terminated-mid-period", 0, [["2024-01-31", C], ["2024-02-15", T]], [[55172, "2024-01-31", "2024-02-15T10:00:00Z"]]),
  grid("b02/quarterly/calendar/first-partial-period", 0, [["2024-02-15", C], ["2024-04-01T01:00:00Z", B]], [[50549, "2024-02-15", "2024-03-31"]]),
  grid("b02/quarterly/calendar/first-full-period", 0, [["2024-01-01", C], ["2024-04-01T01:00:00Z", B]], [[100000, "2024-01-01", "2024-03-31"]]),
  grid("b02/quarterly/calendar/full-period", 0, [["2024-02-15", C], ["2024-04-01T01:00:00Z", B], ["2024-07-01T01:00:00Z", B]], [[50549, "2024-02-15", "2024-03-31"], [100000, "2024-04-01", "2024-06-30"]]),
  grid("b02/quarterly/calendar/terminated-mid-period", 0, [["2024-01-01", C], ["2024-02-15", T]], [[50549, "2024-01-01", "2024-02-15T10:00:00Z"]]),
  grid("b02/quarterly/anniversary/first-partial-period", 20, [["2024-02-15T00:00:00Z", C], ["2024-05-15T01:00:00Z", B]], [[77778, "2024-02-15", "2024-05-14"]]),
  grid("b02/quarterly/anniversary/first-full-period", 0, [["2024-02-15", C], ["2024-05-15T01:00:00Z", B]], [[100000, "2024-02-15", "2024-05-14"]]),
  grid("b02/quarterly/anniversary/full-period", 0, [["2024-01-31", C], ["2024-04-30T01:00:00Z", B], ["2024-07-31T01:00:00Z", B]], [[100000, "2024-01-31", "2024-04-29"], [100000, "2024-04-30", "2024-07-30"]]),
  grid("b02/quarterly/anniversary/terminated-mid-period", 0, [["2024-01-31", C], ["2024-03-15", T]], [[50000, "2024-01-31", "2024-03-15T10:00:00Z"]]),
  grid("b02/semiannual/calendar/first-partial-period", 0, [["2024-02-15", C], ["2024-07-01T01:00:00Z", B]], [[75275, "2024-02-15", "2024-06-30"]]),
  grid("b02/semiannual/calendar/first-full-period", 0, [["2024-01-01", C], ["2024-07-01T01:00:00Z", B]], [[100000, "2024-01-01", "2024-06-30"]]),
  grid("b02/semiannual/calendar/full-period", 0, [["2024-02-15", C], ["2024-07-01T01:00:00Z", B], ["2025-01-01T01:00:00Z", B]], [[75275, "2024-02-15", "2024-06-30"], [100000, "2024-07-01", "2024-12-31"]]),
  grid("b02/semiannual/calendar/terminated-mid-period", 0, [["2024-01-01", C], ["2024-02-15", T]], [[25275, "2024-01-01", "2024-02-15T10:00:00Z"]]),
  grid("b02/semiannual/anniversary/first-partial-period", 20, [["2024-02-15T00:00:00Z", C], ["2024-08-15T01:00:00Z", B]], [[89011, "2024-02-15", "2024-08-14"]]),
  grid("b02/semiannual/anniversary/first-full-period", 0, [["2024-02-15", C], ["2024-08-15T01:00:00Z", B]], [[100000, "2024-02-15", "2024-08-14"]]),
  grid("b02/semiannual/anniversary/full-period", 0, [["2024-03-31", C], ["2024-09-30T01:00:00Z", B], ["2025-03-31T01:00:00Z", B]], [[100000, "2024-03-31", "2024-09-29"], [100000, "2024-09-30", "2025-03-30"]]),
  grid("b02/semiannual/anniversary/terminated-mid-period", 0, [["2024-03-31", C], ["2024-06-15", T]], [[42077, "2024-03-31", "2024-06-15T10:00:00Z"]]),
  grid("b02/yearly/calendar/first-partial-period", 0, [["2024-03-16", C], ["2025-01-01T01:00:00Z", B]], [[79508, "2024-03-16", "2024-12-31"]]),
  grid("b02/yearly/calendar/first-full-period", 0, [["2024-01-01", C], ["2025-01-01T01:00:00Z", B]], [[100000, "2024-01-01", "2024-12-31"]]),
  grid("b02/yearly/calendar/full-period", 0, [["2024-03-16", C], ["2025-01-01T01:00:00Z", B], ["2026-01-01T01:00:00Z", B]], [[79508, "2024-03-16", "2024-12-31"], [100000, "2025-01-01", "2025-12-31"]]),
  grid("b02/yearly/calendar/terminated-mid-period", 0, [["2024-01-01", C], ["2024-03-16", T]], [[20765, "2024-01-01", "2024-03-16T10:00:00Z"]]),
  grid("b02/yearly/anniversary/first-partial-period", 30, [["2024-03-01T00:00:00Z", C], ["2025-03-01T01:00:00Z", B]], [[91781, "2024-03-01", "2025-02-28"]]),
  grid("b02/yearly/anniversary/first-full-period", 0, [["2024-03-01", C], ["2025-03-01T01:00:00Z", B]], [[100000, "2024-03-01", "2025-02-28"]]),
  grid("b02/yearly/anniversary/full-period", 0, [["2024-02-29", C], ["2025-02-28T01:00:00Z", B], ["2026-02-28T01:00:00Z", B]], [[100000, "2024-02-29", "2025-02-27"], [100000, "2025-02-28", "2026-02-27"]]),
  grid("b02/yearly/anniversary/terminated-mid-period", 0, [["2024-03-01", C], ["2024-06-15", T]], [[29315, "2024-03-01", "2024-06-15T10:00:00Z"]]),
];


const row = (id: string): GoldenRow => rows.find((r) => r.id === id) ?? (() => { throw new Error(`no row ${id}`); })();

describe("golden b02: b02_boundaries.yml (40 rows, all agree)", () => {
  it("b02/monthly/anniversary/first-full-period/jan31-into-leap-february", () => expectGolden(row("b02/monthly/anniversary/first-full-period/jan31-into-leap-february")));
  it("b02/weekly/calendar/first-partial-period", () => expectGolden(row("b02/weekly/calendar/first-partial-period")));
  it("b02/weekly/anniversary/first-partial-period", () => expectGolden(row("b02/weekly/anniversary/first-partial-period")));
  it("b02/monthly/anniversary/full-period", () => expectGolden(row("b02/monthly/anniversary/full-period")));
  it("b02/monthly/anniversary/terminated-mid-period", () => expectGolden(row("b02/monthly/anniversary/terminated-mid-period")));
  it("b02/quarterly/anniversary/full-period", () => expectGolden(row("b02/quarterly/anniversary/full-period")));
  it("b02/quarterly/anniversary/terminated-mid-period", () => expectGolden(row("b02/quarterly/anniversary/terminated-mid-period")));
  it("b02/semiannual/anniversary/terminated-mid-period", () => expectGolden(row("b02/semiannual/anniversary/terminated-mid-period")));
  it("b02/yearly/calendar/first-partial-period", () => expectGolden(row("b02/yearly/calendar/first-partial-period")));
  it("b02/yearly/anniversary/full-period", () => expectGolden(row("b02/yearly/anniversary/full-period")));
  it("b02/yearly/anniversary/first-partial-period", () => expectGolden(row("b02/yearly/anniversary/first-partial-period")));
});
