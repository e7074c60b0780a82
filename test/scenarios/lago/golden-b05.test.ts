/**
 * Rows of getlago/lago-api spec/scenarios/golden/matrix/b05_progressive_billing.yml (figures only),
 * translated by ./golden-helpers.ts: fixed, recurring and mixed usage thresholds on a monthly
 * calendar plan at 0 with a standard 1.00 charge, crossed once, exactly or several times in the
 * period, then settled by the period invoice (progressive credit), by an automatic credit note for
 * an excess (latest_agg usage falling back), or by a mid-period termination. All 27 rows were
 * checked: 24 agree (a sample is kept), 3 disagree — rows the suite itself pins red (Lago
 * fails them too; ratecard matches Lago), kept as it.fails.
 */
import { describe, it } from "vitest";
import { expectRow, type Row } from "./golden-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A monthly calendar plan at 0 with a standard 1.00 charge on one metric (`sum_agg`, or `latest_agg`
 * when `latest`), the given usage thresholds (`"r4000"` = recurring), events of `amount` ingested at
 * 10:00 on the given days with a usage check at 11:00; billed on 1 April (March rows) or terminated
 * on 16 April at 10:00 (April rows, `term`).
 */
function p(id: string, k: string, o: { latest?: boolean; th: (number | string)[]; ev: [string, number][]; term?: boolean; expect: Json }): Row {
  const metric = `b05_${k}_${o.latest ? "latest" : "sum"}`;
  const month = o.term ? "04" : "03";
  const setup: Json = {
    organization: { premium_integrations: ["progressive_billing"] },
    metrics: [{ code: metric, aggregation_type: o.latest ? "latest_agg" : "sum_agg", field_name: "amount" }],
    plan: {
      code: `golden_b05_${k}`,
      interval: "monthly",
      amount_cents: 0,
      usage_thresholds: o.th.map((t) => (typeof t === "string" ? { amount_cents: Number(t.slice(1)), recurring: true } : { amount_cents: t })),
    },
    charges: [{ billable_metric_code: metric, charge_model: "standard", properties: { amount: "1" } }],
    customer: { external_id: `golden_b05_${k}_cust`, currency: "EUR" },
    subscription: { external_id: `golden_b05_${k}_sub`, billing_time: "calendar" },
  };
  const timeline: Json[] = [{ at: `2024-${month}-01T00:00:00Z`, do: "create_subscription" }];
  for (const [day, amount] of o.ev) {
    timeline.push({ at: `2024-${month}-${day}T10:00:00Z`, do: "ingest_events", events: [{ code: metric, properties: { amount } }] });
    timeline.push({ at: `2024-${month}-${day}T11:00:00Z`, do: "perform_usage_update" });
  }
  timeline.push(o.term ? { at: "2024-04-16T10:00:00Z", do: "terminate_subscription" } : { at: "2024-04-01T01:00:00Z", do: "perform_billing" });
  return { id, setup, timeline, expect: o.expect };
}
const PB = (index: number | undefined, fields: Json) => ({ select: index === undefined ? { invoice_type: "progressive_billing" } : { invoice_type: "progressive_billing", index }, ...fields });
const SUB = (fields: Json) => ({ select: { invoice_type: "subscription" }, ...fields });
/** The period invoice fully credited by the progressive invoices. */
const SETTLED = (fees: number, extra: Json = {}) =>
  SUB({ fees_amount_cents: fees, progressive_billing_credit_amount_cents: fees, ...extra, sub_total_excluding_taxes_amount_cents: 0, taxes_amount_cents: 0, total_amount_cents: 0 });
/** The available credit note refunding an excess of progressive billing. */
const CN = (amount: number, extra: Json = {}) => ({
  select: { credit_status: "available" }, credit_status: "available", ...extra,
  credit_amount_cents: amount, balance_amount_cents: amount, total_amount_cents: amount, taxes_amount_cents: 0, items_count: 1,
});
const pb = (f: number, c: number, t: number, s?: number) => ({
  fees_amount_cents: f, progressive_billing_credit_amount_cents: c, ...(s === undefined ? {} : { sub_total_excluding_taxes_amount_cents: s }), total_amount_cents: t,
});

const list: Row[] = [
  // credited-on-final
  p("b05/fixed/single/credited-on-final", "fixed", { th: [2000], ev: [["05", 30]],
    expect: { invoices: 2, invoice: { select: { invoice_type: "subscription" }, invoice_type: "subscription", fees_amount_cents: 3000, progressive_billing_credit_amount_cents: 3000, total_amount_cents: 0 } } }),
  p("b05/fixed/exact-hit/credited-on-final", "exact", { th: [3000], ev: [["05", 30]],
    expect: { invoices: 2, invoice: { select: { invoice_type: "subscription" }, fees_amount_cents: 3000, progressive_billing_credit_amount_cents: 3000, total_amount_cents: 0 } } }),
  p("b05/recurring/single/credited-on-final", "recurring", { th: ["r2000"], ev: [["05", 30]],
    expect: { invoices: 2, invoice: { select: { invoice_type: "subscription" }, fees_amount_cents: 3000, progressive_billing_credit_amount_cents: 3000, total_amount_cents: 0 } } }),
  p("b05/fixed/single/terminated-mid-period", "term", { term: true, th: [5000], ev: [["05", 100]],
    expect: { invoices: 2, invoice: [PB(undefined, { fees_amount_cents: 10000, total_amount_cents: 10000 }), SUB({ fees_amount_cents: 10000, progressive_billing_credit_amount_cents: 10000, total_amount_cents: 0 })] } }),
  p("b05/fixed/multiple-in-period/credited-on-final", "fmf", { th: [2000, 5000], ev: [["05", 30], ["12", 50]],
    expect: { invoices: 3, invoice: [PB(0, pb(3000, 0, 3000, 3000)), PB(1, pb(8000, 3000, 5000, 5000)), SETTLED(8000, { coupons_amount_cents: 0 })] } }),
  p("b05/recurring/multiple-in-period/credited-on-final", "rmf", { th: ["r2000"], ev: [["05", 30], ["12", 30]],
    expect: { invoices: 3, invoice: [PB(0, pb(3000, 0, 3000, 3000)), PB(1, pb(6000, 3000, 3000, 3000)), SETTLED(6000, { coupons_amount_cents: 0 })] } }),
  p("b05/recurring/exact-hit/credited-on-final", "ref", { th: ["r3000"], ev: [["05", 30]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(3000, 0, 3000, 3000)), SETTLED(3000, { coupons_amount_cents: 0 })] } }),
  p("b05/multiple/single/credited-on-final", "msf", { th: [2000, 5000, "r4000"], ev: [["05", 60]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(6000, 0, 6000, 6000)), SETTLED(6000, { coupons_amount_cents: 0 })] } }),
  p("b05/multiple/multiple-in-period/credited-on-final", "mmf", { th: [2000, 5000, "r4000"], ev: [["05", 30], ["12", 40], ["20", 50]],
    expect: { invoices: 4, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(7000, 3000, 4000, 4000)), PB(2, pb(12000, 7000, 5000, 5000)), SETTLED(12000, { coupons_amount_cents: 0 })] } }),
  p("b05/multiple/exact-hit/credited-on-final", "mef", { th: [2000, 5000, "r4000"], ev: [["05", 20]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(2000, 0, 2000, 2000)), SETTLED(2000, { coupons_amount_cents: 0 })] } }),
  // excess-to-credit-note
  p("b05/fixed/single/excess-to-credit-note", "fse", { latest: true, th: [5000], ev: [["05", 100], ["15", 20]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(10000, 0, 10000, 10000)), SETTLED(2000, { credit_notes_amount_cents: 0, coupons_amount_cents: 0 })],
      credit_note: CN(8000, { reason: "other", refund_amount_cents: 0 }) } }),
  p("b05/fixed/multiple-in-period/excess-to-credit-note", "fme", { latest: true, th: [2000, 5000], ev: [["05", 30], ["12", 80], ["20", 10]],
    expect: { invoices: 3, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(8000, 3000, 5000, 5000)), SETTLED(1000, { credit_notes_amount_cents: 0 })], credit_note: CN(7000) } }),
  p("b05/fixed/exact-hit/excess-to-credit-note", "fxe", { latest: true, th: [3000], ev: [["05", 30], ["15", 5]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(3000, 0, 3000)), SETTLED(500, { credit_notes_amount_cents: 0 })], credit_note: CN(2500) } }),
  p("b05/recurring/single/excess-to-credit-note", "rse", { latest: true, th: ["r5000"], ev: [["05", 100], ["15", 20]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(10000, 0, 10000)), SETTLED(2000, { credit_notes_amount_cents: 0 })], credit_note: CN(8000) } }),
  p("b05/recurring/multiple-in-period/excess-to-credit-note", "rme", { latest: true, th: ["r2000"], ev: [["05", 30], ["12", 60], ["20", 10]],
    expect: { invoices: 3, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(6000, 3000, 3000, 3000)), SETTLED(1000, { credit_notes_amount_cents: 0 })], credit_note: CN(5000) } }),
  p("b05/recurring/exact-hit/excess-to-credit-note", "rxe", { latest: true, th: ["r3000"], ev: [["05", 30], ["15", 8]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(3000, 0, 3000)), SETTLED(800, { credit_notes_amount_cents: 0 })], credit_note: CN(2200) } }),
  p("b05/multiple/single/excess-to-credit-note", "mse", { latest: true, th: [2000, 5000, "r4000"], ev: [["05", 60], ["15", 15]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(6000, 0, 6000)), SETTLED(1500, { credit_notes_amount_cents: 0 })], credit_note: CN(4500) } }),
  p("b05/multiple/multiple-in-period/excess-to-credit-note", "mme", { latest: true, th: [2000, 5000, "r4000"], ev: [["05", 30], ["12", 70], ["18", 120], ["25", 20]],
    expect: { invoices: 4, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(7000, 3000, 4000)), PB(2, pb(12000, 7000, 5000, 5000)), SETTLED(2000, { credit_notes_amount_cents: 0 })], credit_note: CN(10000) } }),
  p("b05/multiple/exact-hit/excess-to-credit-note", "mxe", { latest: true, th: [2000, 5000, "r4000"], ev: [["05", 20], ["15", 4]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(2000, 0, 2000)), SETTLED(400, { credit_notes_amount_cents: 0 })], credit_note: CN(1600) } }),
  // terminated-mid-period
  p("b05/fixed/multiple-in-period/terminated-mid-period", "fmt", { term: true, th: [2000, 5000], ev: [["05", 30], ["10", 50]],
    expect: { invoices: 3, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(8000, 3000, 5000, 5000)), SETTLED(8000, { coupons_amount_cents: 0 })] } }),
  p("b05/fixed/exact-hit/terminated-mid-period", "fxt", { term: true, th: [3000], ev: [["05", 30]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(3000, 0, 3000, 3000)), SETTLED(3000, { coupons_amount_cents: 0 })] } }),
  p("b05/recurring/single/terminated-mid-period", "rst", { term: true, th: ["r5000"], ev: [["05", 100]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(10000, 0, 10000, 10000)), SETTLED(10000, { coupons_amount_cents: 0 })] } }),
  p("b05/recurring/multiple-in-period/terminated-mid-period", "rmt", { term: true, th: ["r2000"], ev: [["05", 30], ["10", 30]],
    expect: { invoices: 3, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(6000, 3000, 3000, 3000)), SETTLED(6000, { coupons_amount_cents: 0 })] } }),
  p("b05/recurring/exact-hit/terminated-mid-period", "rxt", { term: true, th: ["r3000"], ev: [["05", 30]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(3000, 0, 3000, 3000)), SETTLED(3000, { coupons_amount_cents: 0 })] } }),
  p("b05/multiple/single/terminated-mid-period", "mst", { term: true, th: [2000, 5000, "r4000"], ev: [["05", 60]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(6000, 0, 6000, 6000)), SETTLED(6000, { coupons_amount_cents: 0 })] } }),
  p("b05/multiple/multiple-in-period/terminated-mid-period", "mmt", { term: true, th: [2000, 5000, "r4000"], ev: [["05", 30], ["09", 40], ["13", 50]],
    expect: { invoices: 4, invoice: [PB(0, pb(3000, 0, 3000)), PB(1, pb(7000, 3000, 4000)), PB(2, pb(12000, 7000, 5000, 5000)), SETTLED(12000, { coupons_amount_cents: 0 })] } }),
  p("b05/multiple/exact-hit/terminated-mid-period", "mxt", { term: true, th: [2000, 5000, "r4000"], ev: [["05", 20]],
    expect: { invoices: 2, invoice: [PB(undefined, pb(2000, 0, 2000, 2000)), SETTLED(2000, { coupons_amount_cents: 0 })] } }),
];

const rows: Record<string, Row> = Object.fromEntries(list.map((r) => [r.id, r]));

describe("golden b05_progressive_billing.yml", () => {
  it("b05/fixed/single/terminated-mid-period", () => expectRow(rows["b05/fixed/single/terminated-mid-period"]!));
  it("b05/recurring/multiple-in-period/credited-on-final", () => expectRow(rows["b05/recurring/multiple-in-period/credited-on-final"]!));
  it("b05/multiple/single/credited-on-final", () => expectRow(rows["b05/multiple/single/credited-on-final"]!));
  it("b05/multiple/multiple-in-period/credited-on-final", () => expectRow(rows["b05/multiple/multiple-in-period/credited-on-final"]!));
  it("b05/fixed/single/excess-to-credit-note", () => expectRow(rows["b05/fixed/single/excess-to-credit-note"]!));
  // NOT A RATECARD MISMATCH: the golden suite pins these three rows RED (its FINDINGS.md F01: Lago
  // itself issues 4375 / 2500 / 4167 and the rows assert what it should do). ratecard gives Lago's
  // figures, as invoice.md §10.6 says; the rows stay it.fails so that a change of either shows.
  // MISMATCH: the automatic credit note for the excess on the LAST progressive invoice (8000 of
  // fees, of which 3000 were credited from the first progressive invoice) is expected at 7000
  // (credit/balance/total); ratecard issues 4375 = 7000 - 3000 x 7000/8000. Diagnosis: ratecard
  // deducts a "coupons adjustment" that includes the progressive credit spread onto the fee
  // (precise_coupons_amount_cents), so the refund shrinks by the share of the earlier progressive
  // credit; the 2026 reference refunds the excess itself (8000 collected, 7000 back, 1000 kept =
  // the period's usage). Docs: invoice.md §10.6 (credit = round(excess - coupons_adjustment + taxes))
  // with §10.4 (adjustment counts progressive_billing_credit_amount) and §3 (the spread) state the
  // contrary. Classification: version conflict. Likely src: src/simulator/invoiceCredits.ts
  // (excessCreditNote) / src/invoice/creditNote/creditNoteCreditable.ts.
  it.fails("b05/fixed/multiple-in-period/excess-to-credit-note", () => expectRow(rows["b05/fixed/multiple-in-period/excess-to-credit-note"]!));
  // MISMATCH: excess credit note on the second progressive invoice (fees 6000, 3000 credited from
  // the first): expected 5000 (credit/balance/total), ratecard 2500 = 5000 - 3000 x 5000/6000. Same
  // diagnosis as b05/fixed/multiple-in-period/excess-to-credit-note: the progressive credit spread
  // onto the fee is deducted as a coupons adjustment. Docs: invoice.md §10.6 + §10.4 + §3 state the
  // contrary. Classification: version conflict. Likely src: src/simulator/invoiceCredits.ts
  // (excessCreditNote).
  it.fails("b05/recurring/multiple-in-period/excess-to-credit-note", () => expectRow(rows["b05/recurring/multiple-in-period/excess-to-credit-note"]!));
  it("b05/recurring/exact-hit/excess-to-credit-note", () => expectRow(rows["b05/recurring/exact-hit/excess-to-credit-note"]!));
  // MISMATCH: excess credit note on the third progressive invoice (fees 12000, 7000 credited from
  // the second): expected 10000 (credit/balance/total), ratecard 4167 = 10000 - 7000 x 10000/12000.
  // Same diagnosis as b05/fixed/multiple-in-period/excess-to-credit-note. Docs: invoice.md §10.6 +
  // §10.4 + §3 state the contrary. Classification: version conflict. Likely src:
  // src/simulator/invoiceCredits.ts (excessCreditNote).
  it.fails("b05/multiple/multiple-in-period/excess-to-credit-note", () => expectRow(rows["b05/multiple/multiple-in-period/excess-to-credit-note"]!));
  it("b05/multiple/multiple-in-period/terminated-mid-period", () => expectRow(rows["b05/multiple/multiple-in-period/terminated-mid-period"]!));
});
