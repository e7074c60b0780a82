/**
 * Rows of getlago/lago-api spec/scenarios/golden/matrix/b08_credit_notes.yml (figures only),
 * translated by ./golden-helpers.ts: manual credit notes (full / partial × credit / refund /
 * offset × plain / coupon / tax / prepaid credit), termination notes of a 3000 monthly plan in
 * advance ended on 15 April, and progressive-billing excess notes (latest_agg, threshold 5000).
 * 48 rows checked, 47 agree (a sample below), 1 disagrees (it.fails, MISMATCH comment).
 */
import { describe, it } from "vitest";
import { expectRow, type Row } from "./golden-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const TAX = (code: string) => [{ code, name: "VAT", rate: 20 }];
const WALLET = (credits: string) => [{ name: "granted", rate_amount: "1", currency: "EUR", granted_credits: credits }];
const coupon = (k: string, amount: number, metric?: string) => [{
  name: `b08 ${k} coupon`, code: `b08_${k}_coupon`, coupon_type: "fixed_amount", frequency: "once", amount_cents: amount, amount_currency: "EUR", expiration: "no_expiration",
  ...(metric ? { applies_to: { billable_metric_codes: [metric] } } : {}),
}];

/** Manual rows: monthly arrears plan, one sum charge at 1.00, billed on 1 April, note on 2 April. */
function manual(id: string, k: string, o: { plan: number; units: number; state: string; refund?: boolean; partial?: boolean; reason?: string; cn: Json; expect: Json }): Row {
  const metric = `b08_${k}`;
  const setup: Json = {
    metrics: [{ code: metric, aggregation_type: "sum_agg", field_name: "amount" }],
    plan: { code: `golden_b08_${k}`, interval: "monthly", amount_cents: o.plan },
    charges: [{ billable_metric_code: metric, charge_model: "standard", properties: { amount: "1" } }],
    customer: { external_id: `golden_b08_${k}_cust`, currency: "EUR" },
    subscription: { external_id: `golden_b08_${k}_sub`, billing_time: "calendar" },
  };
  if (o.refund) setup.organization = { premium_integrations: ["manual_payments"] };
  if (o.state === "with-tax") setup.taxes = TAX(`b08_${k}_vat`);
  if (o.state === "with-coupon") setup.coupons = coupon(k.replace(/_/g, " "), 3000, o.partial ? metric : undefined).map((c) => ({ ...c, code: `b08_${k}_coupon`, name: `b08 ${k} coupon` }));
  if (o.state === "with-prepaid-credit") setup.wallets = WALLET("50");
  const timeline: Json[] = [
    { at: "2024-03-01T00:00:00Z", do: "create_subscription" },
    { at: "2024-03-05T10:00:00Z", do: "ingest_events", events: [{ code: metric, properties: { amount: o.units } }] },
    { at: "2024-04-01T01:00:00Z", do: "perform_billing" },
  ];
  if (o.refund) timeline.push({ at: "2024-04-01T12:00:00Z", do: "pay_invoice", invoice_type: "subscription" });
  timeline.push({ at: "2024-04-02T10:00:00Z", do: "create_credit_note", credit_note: o.cn });
  return { id, setup, timeline, expect: o.expect };
}

const fees2 = (tax = false) => [
  { fee_type: "subscription", amount_cents: 5000, taxes_amount_cents: tax ? 1000 : 0, ...(tax ? { taxes_rate: 20 } : {}) },
  { fee_type: "charge", amount_cents: 10000, taxes_amount_cents: tax ? 2000 : 0, ...(tax ? { taxes_rate: 20 } : {}) },
];
const items2 = [{ fee_type: "subscription", amount_cents: 5000 }, { fee_type: "charge", amount_cents: 10000 }];
const half = [{ fee_type: "charge", amount_cents: 5000 }];

/** Termination rows: 3000 monthly in advance from 1 April, terminated 15 April (invoice skipped). */
function term(type: "credit" | "refund" | "offset", state: string, expect: Json): Row {
  const k = `tm_${type === "credit" ? "cr" : type === "refund" ? "rf" : "of"}_${{ plain: "pl", "with-coupon": "cp", "with-tax": "tx", "with-prepaid-credit": "wa" }[state]}`;
  const setup: Json = {
    plan: { code: `golden_b08_${k}`, interval: "monthly", amount_cents: 3000, pay_in_advance: true },
    customer: { external_id: `golden_b08_${k}_cust`, currency: "EUR" },
    subscription: { external_id: `golden_b08_${k}_sub`, billing_time: "calendar", on_termination_credit_note: type },
  };
  if (type === "refund") setup.organization = { premium_integrations: ["manual_payments"] };
  if (state === "with-tax") setup.taxes = TAX(`b08_${k}_vat`);
  if (state === "with-coupon") setup.coupons = coupon(k.replace(/_/g, " "), 1000).map((c) => ({ ...c, code: `b08_${k}_coupon` }));
  if (state === "with-prepaid-credit") setup.wallets = WALLET("5");
  const timeline: Json[] = [{ at: "2024-04-01T00:00:00Z", do: "create_subscription" }];
  if (type === "refund") timeline.push({ at: "2024-04-01T12:00:00Z", do: "pay_invoice", invoice_type: "subscription" });
  timeline.push({ at: "2024-04-15T10:00:00Z", do: "terminate_subscription", params: { on_termination_invoice: "skip" } });
  return { id: `b08/from-termination/${type}/${state}`, setup, timeline, expect };
}

/** Progressive-billing excess rows: latest_agg, threshold 5000, 100 then 20 units in March. */
function pb(type: "credit" | "refund" | "offset", state: string, expect: Json): Row {
  const k = `pb_${type === "credit" ? "cr" : type === "refund" ? "rf" : "of"}_${{ plain: "pl", "with-coupon": "cp", "with-tax": "tx", "with-prepaid-credit": "wa" }[state]}`;
  const metric = `b08_${k}`;
  const setup: Json = {
    organization: { premium_integrations: type === "refund" ? ["progressive_billing", "manual_payments"] : ["progressive_billing"] },
    metrics: [{ code: metric, aggregation_type: "latest_agg", field_name: "amount" }],
    plan: { code: `golden_b08_${k}`, interval: "monthly", amount_cents: 0, usage_thresholds: [{ amount_cents: 5000 }] },
    charges: [{ billable_metric_code: metric, charge_model: "standard", properties: { amount: "1" } }],
    customer: { external_id: `golden_b08_${k}_cust`, currency: "EUR" },
    subscription: { external_id: `golden_b08_${k}_sub`, billing_time: "calendar" },
  };
  if (state === "with-tax") setup.taxes = TAX(`b08_${k}_vat`);
  if (state === "with-coupon") setup.coupons = coupon(k.replace(/_/g, " "), 3000).map((c) => ({ ...c, code: `b08_${k}_coupon` }));
  if (state === "with-prepaid-credit") setup.wallets = WALLET("50");
  const timeline: Json[] = [
    { at: "2024-03-01T00:00:00Z", do: "create_subscription" },
    { at: "2024-03-05T10:00:00Z", do: "ingest_events", events: [{ code: metric, properties: { amount: 100 } }] },
    { at: "2024-03-05T11:00:00Z", do: "perform_usage_update" },
  ];
  if (type === "refund") timeline.push({ at: "2024-03-06T10:00:00Z", do: "pay_invoice", invoice_type: "progressive_billing" });
  timeline.push(
    { at: "2024-03-15T10:00:00Z", do: "ingest_events", events: [{ code: metric, properties: { amount: 20 } }] },
    { at: "2024-03-15T11:00:00Z", do: "perform_usage_update" },
    { at: "2024-04-01T01:00:00Z", do: "perform_billing" },
  );
  return { id: `b08/from-progressive-billing-excess/${type}/${state}`, setup, timeline, expect };
}

const pbFee = (tax = false) => [{ fee_type: "charge", amount_cents: 10000, taxes_amount_cents: tax ? 2000 : 0, ...(tax ? { taxes_rate: 20 } : {}) }];
const tmFee = (tax = false) => [{ fee_type: "subscription", amount_cents: 3000, taxes_amount_cents: tax ? 600 : 0, ...(tax ? { taxes_rate: 20 } : {}) }];
const OC = { select: { reason: "order_cancellation" } };
const AV = { select: { credit_status: "available" } };

const rows: Record<string, Row> = Object.fromEntries(
  [  manual("b08/manual-full/credit/with-tax", "tax_sum", { plan: 0, units: 30, state: "with-tax",
    cn: { reason: "other", credit_amount_cents: 3600, refund_amount_cents: 0, items: [{ fee_type: "charge", amount_cents: 3000 }] },
    expect: { credit_note: { sub_total_excluding_taxes_amount_cents: 3000, taxes_amount_cents: 600, taxes_rate: 20, credit_amount_cents: 3600, total_amount_cents: 3600, balance_amount_cents: 3600, items_count: 1 } } }),
  manual("b08/manual-full/credit/with-coupon", "mf_cr_cp", { plan: 5000, units: 100, state: "with-coupon",
    cn: { reason: "other", credit_amount_cents: 12000, refund_amount_cents: 0, items: items2 },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, coupons_amount_cents: 3000, sub_total_excluding_taxes_amount_cents: 12000, taxes_amount_cents: 0, total_amount_cents: 12000, fees_count: 2, fees: fees2() },
      credit_note: { credit_status: "available", sub_total_excluding_taxes_amount_cents: 12000, coupons_adjustment_amount_cents: 3000, taxes_amount_cents: 0, credit_amount_cents: 12000, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 12000, balance_amount_cents: 12000, items_count: 2 },
    } }),
  manual("b08/manual-full/refund/with-prepaid-credit", "mf_rf_wa", { plan: 5000, units: 100, state: "with-prepaid-credit", refund: true,
    cn: { reason: "other", credit_amount_cents: 0, refund_amount_cents: 10000, items: [{ fee_type: "charge", amount_cents: 10000 }] },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, prepaid_credit_amount_cents: 5000, sub_total_excluding_taxes_amount_cents: 15000, taxes_amount_cents: 0, total_amount_cents: 10000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 2, fees: fees2() },
      credit_note: { refund_status: "pending", sub_total_excluding_taxes_amount_cents: 10000, taxes_amount_cents: 0, credit_amount_cents: 0, refund_amount_cents: 10000, offset_amount_cents: 0, total_amount_cents: 10000, balance_amount_cents: 0, items_count: 1 },
      wallet: { balance_cents: 0 },
    } }),
  manual("b08/manual-full/offset/plain", "mf_of_pl", { plan: 5000, units: 100, state: "plain",
    cn: { reason: "other", offset_amount_cents: 15000, credit_amount_cents: 0, refund_amount_cents: 0, items: items2 },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, taxes_amount_cents: 0, total_amount_cents: 15000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 2, fees: fees2() },
      credit_note: { sub_total_excluding_taxes_amount_cents: 15000, taxes_amount_cents: 0, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 15000, total_amount_cents: 15000, balance_amount_cents: 0, items_count: 2 },
    } }),
  manual("b08/manual-full/offset/with-coupon", "mf_of_cp", { plan: 5000, units: 100, state: "with-coupon",
    cn: { reason: "other", offset_amount_cents: 12000, credit_amount_cents: 0, refund_amount_cents: 0, items: items2 },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, coupons_amount_cents: 3000, sub_total_excluding_taxes_amount_cents: 12000, total_amount_cents: 12000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 2, fees: fees2() },
      credit_note: { sub_total_excluding_taxes_amount_cents: 12000, coupons_adjustment_amount_cents: 3000, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 12000, total_amount_cents: 12000, balance_amount_cents: 0, items_count: 2 },
    } }),
  manual("b08/manual-full/offset/with-tax", "mf_of_tx", { plan: 5000, units: 100, state: "with-tax",
    cn: { reason: "other", offset_amount_cents: 18000, credit_amount_cents: 0, refund_amount_cents: 0, items: items2 },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, sub_total_excluding_taxes_amount_cents: 15000, taxes_amount_cents: 3000, total_amount_cents: 18000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 2, fees: fees2(true) },
      credit_note: { sub_total_excluding_taxes_amount_cents: 15000, taxes_amount_cents: 3000, taxes_rate: 20, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 18000, total_amount_cents: 18000, balance_amount_cents: 0, items_count: 2 },
    } }),
  manual("b08/manual-full/offset/with-prepaid-credit", "mf_of_wa", { plan: 5000, units: 100, state: "with-prepaid-credit",
    cn: { reason: "other", offset_amount_cents: 10000, credit_amount_cents: 0, refund_amount_cents: 0, items: [{ fee_type: "charge", amount_cents: 10000 }] },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, prepaid_credit_amount_cents: 5000, sub_total_excluding_taxes_amount_cents: 15000, total_amount_cents: 10000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 2, fees: fees2() },
      credit_note: { sub_total_excluding_taxes_amount_cents: 10000, taxes_amount_cents: 0, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 10000, total_amount_cents: 10000, balance_amount_cents: 0, items_count: 1 },
      wallet: { balance_cents: 0 },
    } }),
  manual("b08/manual-partial/credit/with-coupon", "mp_cr_cp", { plan: 5000, units: 100, state: "with-coupon", partial: true,
    cn: { reason: "product_unsatisfactory", credit_amount_cents: 3500, refund_amount_cents: 0, items: half },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, coupons_amount_cents: 3000, sub_total_excluding_taxes_amount_cents: 12000, taxes_amount_cents: 0, total_amount_cents: 12000, fees_count: 2, fees: fees2() },
      credit_note: { credit_status: "available", reason: "product_unsatisfactory", sub_total_excluding_taxes_amount_cents: 3500, coupons_adjustment_amount_cents: 1500, taxes_amount_cents: 0, credit_amount_cents: 3500, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 3500, balance_amount_cents: 3500, items_count: 1 },
    } }),
  manual("b08/manual-partial/refund/with-tax", "mp_rf_tx", { plan: 5000, units: 100, state: "with-tax", partial: true, refund: true,
    cn: { reason: "other", credit_amount_cents: 0, refund_amount_cents: 6000, items: half },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, sub_total_excluding_taxes_amount_cents: 15000, taxes_amount_cents: 3000, total_amount_cents: 18000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 2, fees: fees2(true) },
      credit_note: { refund_status: "pending", sub_total_excluding_taxes_amount_cents: 5000, taxes_amount_cents: 1000, taxes_rate: 20, credit_amount_cents: 0, refund_amount_cents: 6000, offset_amount_cents: 0, total_amount_cents: 6000, balance_amount_cents: 0, items_count: 1 },
    } }),
  manual("b08/manual-partial/offset/with-coupon", "mp_of_cp", { plan: 5000, units: 100, state: "with-coupon", partial: true,
    cn: { reason: "other", offset_amount_cents: 3500, credit_amount_cents: 0, refund_amount_cents: 0, items: half },
    expect: {
      invoices: 1,
      invoice: { fees_amount_cents: 15000, coupons_amount_cents: 3000, sub_total_excluding_taxes_amount_cents: 12000, total_amount_cents: 12000, total_due_amount_cents: 8500, payment_status: "pending", fees_count: 2, fees: fees2() },
      credit_note: { sub_total_excluding_taxes_amount_cents: 3500, coupons_adjustment_amount_cents: 1500, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 3500, total_amount_cents: 3500, balance_amount_cents: 0, items_count: 1 },
    } }),
  term("credit", "with-tax", {
    invoice: { select: { index: 0 }, fees_amount_cents: 3000, sub_total_excluding_taxes_amount_cents: 3000, taxes_amount_cents: 600, total_amount_cents: 3600, total_due_amount_cents: 3600, payment_status: "pending", fees_count: 1, fees: tmFee(true) },
    credit_note: { ...OC, credit_status: "available", sub_total_excluding_taxes_amount_cents: 1500, taxes_amount_cents: 300, taxes_rate: 20, credit_amount_cents: 1800, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 1800, balance_amount_cents: 1800, items_count: 1 },
  }),
  term("refund", "with-prepaid-credit", {
    invoice: { select: { index: 0 }, fees_amount_cents: 3000, prepaid_credit_amount_cents: 500, sub_total_excluding_taxes_amount_cents: 3000, total_amount_cents: 2500, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 1, fees: tmFee() },
    credit_note: { ...OC, refund_status: "pending", sub_total_excluding_taxes_amount_cents: 1500, taxes_amount_cents: 0, credit_amount_cents: 500, refund_amount_cents: 1000, offset_amount_cents: 0, total_amount_cents: 1500, balance_amount_cents: 500, items_count: 1 },
  }),
  term("offset", "with-coupon", {
    invoice: { select: { index: 0 }, fees_amount_cents: 3000, coupons_amount_cents: 1000, sub_total_excluding_taxes_amount_cents: 2000, total_amount_cents: 2000, total_due_amount_cents: 1000, payment_status: "pending", fees_count: 1, fees: tmFee() },
    credit_note: { ...OC, sub_total_excluding_taxes_amount_cents: 1000, coupons_adjustment_amount_cents: 500, credit_amount_cents: 0, refund_amount_cents: 0, offset_amount_cents: 1000, total_amount_cents: 1000, balance_amount_cents: 0, items_count: 1 },
  }),
  pb("credit", "with-coupon", {
    invoices: 2,
    invoice: [
      { select: { invoice_type: "progressive_billing" }, fees_amount_cents: 10000, coupons_amount_cents: 3000, sub_total_excluding_taxes_amount_cents: 7000, total_amount_cents: 7000, total_due_amount_cents: 7000, fees_count: 1, fees: pbFee() },
      { select: { invoice_type: "subscription" }, fees_amount_cents: 2000, coupons_amount_cents: 0, progressive_billing_credit_amount_cents: 2000, credit_notes_amount_cents: 0, total_amount_cents: 0 },
    ],
    credit_note: { ...AV, sub_total_excluding_taxes_amount_cents: 3500, coupons_adjustment_amount_cents: 1500, taxes_amount_cents: 0, credit_amount_cents: 3500, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 3500, balance_amount_cents: 3500, items_count: 1 },
  }),
  pb("credit", "with-tax", {
    invoices: 2,
    invoice: [
      { select: { invoice_type: "progressive_billing" }, fees_amount_cents: 10000, sub_total_excluding_taxes_amount_cents: 10000, taxes_amount_cents: 2000, total_amount_cents: 12000, total_due_amount_cents: 12000, fees_count: 1, fees: pbFee(true) },
      { select: { invoice_type: "subscription" }, fees_amount_cents: 2000, progressive_billing_credit_amount_cents: 2000, sub_total_excluding_taxes_amount_cents: 0, taxes_amount_cents: 0, total_amount_cents: 0, fees_count: 1, fees: [{ fee_type: "charge", amount_cents: 2000, taxes_amount_cents: 0 }] },
    ],
    credit_note: { ...AV, sub_total_excluding_taxes_amount_cents: 8000, coupons_adjustment_amount_cents: 0, taxes_amount_cents: 1600, taxes_rate: 20, credit_amount_cents: 9600, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 9600, balance_amount_cents: 9600, items_count: 1 },
  }),
  pb("refund", "with-tax", {
    invoices: 2,
    invoice: { select: { invoice_type: "progressive_billing" }, fees_amount_cents: 10000, taxes_amount_cents: 2000, total_amount_cents: 12000, total_due_amount_cents: 0, payment_status: "succeeded", fees_count: 1, fees: pbFee(true) },
    credit_note: { ...AV, sub_total_excluding_taxes_amount_cents: 8000, taxes_amount_cents: 1600, taxes_rate: 20, credit_amount_cents: 9600, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 9600, balance_amount_cents: 9600, items_count: 1 },
  }),
  pb("offset", "with-prepaid-credit", {
    invoices: 2,
    invoice: { select: { invoice_type: "progressive_billing" }, fees_amount_cents: 10000, prepaid_credit_amount_cents: 5000, total_amount_cents: 5000, total_due_amount_cents: 5000, payment_status: "pending", fees_count: 1, fees: pbFee() },
    credit_note: { ...AV, sub_total_excluding_taxes_amount_cents: 8000, taxes_amount_cents: 0, credit_amount_cents: 8000, refund_amount_cents: 0, offset_amount_cents: 0, total_amount_cents: 8000, balance_amount_cents: 8000, items_count: 1 },
    wallet: { balance_cents: 0 },
  })
  ].map((r) => [r.id, r]),
);

describe("golden b08_credit_notes.yml", () => {
  it("b08/manual-full/credit/with-tax", () => expectRow(rows["b08/manual-full/credit/with-tax"]!));
  it("b08/manual-full/credit/with-coupon", () => expectRow(rows["b08/manual-full/credit/with-coupon"]!));
  it("b08/manual-full/refund/with-prepaid-credit", () => expectRow(rows["b08/manual-full/refund/with-prepaid-credit"]!));
  // An offset note covering the whole amount due settles the invoice: payment_status "succeeded"
  // (invoice.md §1.1 Payments, the create_payment rule; src/simulator/invoiceNotes.ts settleByOffsets).
  it("b08/manual-full/offset/plain", () => expectRow(rows["b08/manual-full/offset/plain"]!));
  it("b08/manual-full/offset/with-coupon", () => expectRow(rows["b08/manual-full/offset/with-coupon"]!));
  it("b08/manual-full/offset/with-tax", () => expectRow(rows["b08/manual-full/offset/with-tax"]!));
  it("b08/manual-full/offset/with-prepaid-credit", () => expectRow(rows["b08/manual-full/offset/with-prepaid-credit"]!));
  it("b08/manual-partial/credit/with-coupon", () => expectRow(rows["b08/manual-partial/credit/with-coupon"]!));
  it("b08/manual-partial/refund/with-tax", () => expectRow(rows["b08/manual-partial/refund/with-tax"]!));
  it("b08/manual-partial/offset/with-coupon", () => expectRow(rows["b08/manual-partial/offset/with-coupon"]!));
  it("b08/from-termination/credit/with-tax", () => expectRow(rows["b08/from-termination/credit/with-tax"]!));
  it("b08/from-termination/refund/with-prepaid-credit", () => expectRow(rows["b08/from-termination/refund/with-prepaid-credit"]!));
  it("b08/from-termination/offset/with-coupon", () => expectRow(rows["b08/from-termination/offset/with-coupon"]!));
  it("b08/from-progressive-billing-excess/credit/with-coupon", () => expectRow(rows["b08/from-progressive-billing-excess/credit/with-coupon"]!));
  // MISMATCH — expected (row): the period (subscription) invoice has fees_count 1, only the 2000
  // charge fee (taxes 0); actual (ratecard): 2 fees, the same charge fee plus a subscription fee of 0
  // (plan amount_cents 0). All amounts agree (fees 2000, progressive credit 2000, total 0, note 9600).
  // Diagnosis: whether a 0-amount subscription fee is stored. Docs silent (periods.md §4 always
  // creates one subscription fee per subscription per invoice). The golden suite contradicts itself
  // here: b06_wallets.yml's header says a free plan STILL produces a 0 subscription fee on every
  // invoice, which is what ratecard does. Classification: version conflict (doubtful row, no money).
  // Likely src: src/simulator/billing.ts (subscription fee of a run).
  it.fails("b08/from-progressive-billing-excess/credit/with-tax", () => expectRow(rows["b08/from-progressive-billing-excess/credit/with-tax"]!));
  it("b08/from-progressive-billing-excess/refund/with-tax", () => expectRow(rows["b08/from-progressive-billing-excess/refund/with-tax"]!));
  it("b08/from-progressive-billing-excess/offset/with-prepaid-credit", () => expectRow(rows["b08/from-progressive-billing-excess/offset/with-prepaid-credit"]!));
});
