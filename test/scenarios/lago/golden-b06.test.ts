/**
 * Rows of getlago/lago-api spec/scenarios/golden/matrix/b06_wallets.yml (figures only),
 * translated by ./golden-helpers.ts: granted / purchased (pending or paid) wallet credits on a
 * monthly calendar plan billed on 1 April, fee-type and metric limitations, priorities, rounding
 * of rate 0.6665, a total clamped at 0, and the ongoing balance read mid-period. The first 38 rows
 * of the file were translated (through b06/paid/none/negative-total; all agree); a sample is kept
 * here.
 */
import { describe, it } from "vitest";
import { expectRow, type Row } from "./golden-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function w(id: string, k: string, o: { plan?: number; metrics?: string[]; wallets: Json[]; events: Json[]; pay?: boolean; coupons?: Json[]; last?: Json; expect: Json }): Row {
  const metrics = o.metrics ?? [`b06_${k}_sum`];
  const setup: Json = {
    metrics: metrics.map((code) => ({ code, aggregation_type: "sum_agg", field_name: "amount" })),
    plan: { code: `golden_b06_${k}`, interval: "monthly", amount_cents: o.plan ?? 0 },
    charges: metrics.map((m) => ({ billable_metric_code: m, charge_model: "standard", properties: { amount: "1" } })),
    customer: { external_id: `golden_b06_${k}_cust`, currency: "EUR" },
    subscription: { external_id: `golden_b06_${k}_sub`, billing_time: "calendar" },
    wallets: o.wallets,
  };
  if (o.pay) setup.organization = { premium_integrations: ["manual_payments"] };
  if (o.coupons) setup.coupons = o.coupons;
  const timeline: Json[] = [{ at: "2024-03-01T00:00:00Z", do: "create_subscription" }];
  if (o.pay) timeline.push({ at: "2024-03-02T00:00:00Z", do: "pay_invoice", invoice_type: "credit" });
  timeline.push({ at: "2024-03-05T10:00:00Z", do: "ingest_events", events: o.events });
  timeline.push(o.last ?? { at: "2024-04-01T01:00:00Z", do: "perform_billing" });
  return { id, setup, timeline, expect: o.expect };
}
const ev = (code: string, ...amounts: number[]) => amounts.map((amount) => ({ code, properties: { amount } }));

const rows: Record<string, Row> = Object.fromEntries(
  [  w("b06/granted/none/rounding", "grt_rnd", { pay: true, wallets: [{ name: "mixed pools", code: "b06_grt_rnd_w", rate_amount: "0.6665", currency: "EUR", granted_credits: "10", paid_credits: "50" }], events: ev("b06_grt_rnd_sum", 10, 30, 20),
    expect: { invoices: 2, invoice: { select: { invoice_type: "subscription" }, fees_amount_cents: 6000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 4000, prepaid_granted_credit_amount_cents: 667, prepaid_purchased_credit_amount_cents: 3333, total_amount_cents: 2000 }, wallet: { code: "b06_grt_rnd_w", balance_cents: 0 } } }),
  w("b06/granted/none/negative-total", "grt_neg", { pay: true, coupons: [{ code: "b06_grt_neg_cpn", coupon_type: "fixed_amount", amount_cents: 2000, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" }],
    wallets: [{ name: "over-funded", code: "b06_grt_neg_w", rate_amount: "1", currency: "EUR", granted_credits: "20", paid_credits: "80" }], events: ev("b06_grt_neg_sum", 10, 30, 20),
    expect: { invoices: 2, invoice: { select: { invoice_type: "subscription" }, fees_amount_cents: 6000, coupons_amount_cents: 2000, sub_total_excluding_taxes_amount_cents: 4000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 4000, prepaid_granted_credit_amount_cents: 2000, prepaid_purchased_credit_amount_cents: 2000, total_amount_cents: 0, payment_status: "succeeded" }, wallet: { code: "b06_grt_neg_w", balance_cents: 6000 } } }),
  w("b06/granted/none/ongoing-balance", "grt_ong", { pay: true, wallets: [{ name: "mixed pools", code: "b06_grt_ong_w", rate_amount: "1", currency: "EUR", granted_credits: "20", paid_credits: "30" }], events: ev("b06_grt_ong_sum", 10, 30, 20),
    last: { at: "2024-03-10T00:00:00Z", do: "perform_wallet_refresh" },
    expect: { invoices: 1, wallet: { code: "b06_grt_ong_w", balance_cents: 5000, ongoing_usage_balance_cents: 6000, ongoing_balance_cents: -1000 } } }),
  w("b06/granted/fee-types/multi-wallet-priority", "grt_ftp", { plan: 5000, pay: true, wallets: [
      { name: "purchased pool", code: "b06_grt_ftp_paid", rate_amount: "1", currency: "EUR", paid_credits: "60", priority: 20, applies_to: { fee_types: ["charge"] } },
      { name: "granted pool", code: "b06_grt_ftp_granted", rate_amount: "1", currency: "EUR", granted_credits: "20", priority: 1, applies_to: { fee_types: ["charge"] } }], events: ev("b06_grt_ftp_sum", 10, 30, 20),
    expect: { invoices: 2, invoice: { select: { invoice_type: "subscription" }, fees_amount_cents: 11000, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 2000, prepaid_purchased_credit_amount_cents: 4000, total_amount_cents: 5000 }, wallet: { code: "b06_grt_ftp_granted", balance_cents: 0 } } })
  ].map((r) => [r.id, r]),
);

describe("golden b06_wallets.yml", () => {
  it("b06/granted/none/rounding", () => expectRow(rows["b06/granted/none/rounding"]!));
  it("b06/granted/none/negative-total", () => expectRow(rows["b06/granted/none/negative-total"]!));
  it("b06/granted/none/ongoing-balance", () => expectRow(rows["b06/granted/none/ongoing-balance"]!));
  it("b06/granted/fee-types/multi-wallet-priority", () => expectRow(rows["b06/granted/fee-types/multi-wallet-priority"]!));
});

// ---- rows 13-38 (paid-settled rows add an unpaid top-up on 6 March; paid rows price at 0.50 and
// never pay the credit invoice)

/** As `w`, plus `top`: an unpaid top-up of that many paid credits on 6 March. */
function w2(id: string, k: string, o: { amount?: string; plan?: number; metrics?: string[]; wallets: Json[]; events: Json[]; pay?: boolean; top?: string; coupons?: Json[]; last?: Json; expect: Json }): Row {
  const metrics = o.metrics ?? [`b06_${k}_sum`];
  const setup: Json = {
    metrics: metrics.map((code) => ({ code, aggregation_type: "sum_agg", field_name: "amount" })),
    plan: { code: `golden_b06_${k}`, interval: "monthly", amount_cents: o.plan ?? 0 },
    charges: metrics.map((m) => ({ billable_metric_code: m, charge_model: "standard", properties: { amount: o.amount ?? "1" } })),
    customer: { external_id: `golden_b06_${k}_cust`, currency: "EUR" },
    subscription: { external_id: `golden_b06_${k}_sub`, billing_time: "calendar" },
    wallets: o.wallets,
  };
  if (o.pay ?? true) setup.organization = { premium_integrations: ["manual_payments"] };
  if (o.coupons) setup.coupons = o.coupons;
  const timeline: Json[] = [{ at: "2024-03-01T00:00:00Z", do: "create_subscription" }];
  if (o.pay ?? true) timeline.push({ at: "2024-03-02T00:00:00Z", do: "pay_invoice", invoice_type: "credit" });
  timeline.push({ at: "2024-03-05T10:00:00Z", do: "ingest_events", events: o.events });
  if (o.top) timeline.push({ at: "2024-03-06T00:00:00Z", do: "top_up_wallet", params: { paid_credits: o.top } });
  timeline.push(o.last ?? { at: "2024-04-01T01:00:00Z", do: "perform_billing" });
  return { id, setup, timeline, expect: o.expect };
}
const W = (name: string, code: string, rate: string, x: Json) => ({ name, code, rate_amount: rate, currency: "EUR", ...x });
const REFRESH = { at: "2024-03-10T00:00:00Z", do: "perform_wallet_refresh" };
const SUB = (x: Json) => ({ select: { invoice_type: "subscription" }, ...x });
const FEES2 = [{ fee_type: "subscription", amount_cents: 5000 }, { fee_type: "charge", amount_cents: 6000, units: "60" }];
const FEES_AB = (k: string) => [{ fee_type: "subscription", amount_cents: 0 }, { fee_type: "charge", item_code: `b06_${k}_a`, amount_cents: 6000, units: "60" }, { fee_type: "charge", item_code: `b06_${k}_b`, amount_cents: 2000, units: "20" }];
const AB = (k: string) => [`b06_${k}_a`, `b06_${k}_b`];
const evAB = (k: string) => [...ev(`b06_${k}_a`, 10, 30, 20), ...ev(`b06_${k}_b`, 5, 10, 5)];
const bmA = (k: string) => ({ applies_to: { billable_metric_codes: [`b06_${k}_a`] } });
const ft = (t: string) => ({ applies_to: { fee_types: [t] } });

const rows2: Record<string, Row> = Object.fromEntries(
  [
  w2("b06/granted/fee-types/ongoing-balance", "grt_fto", { plan: 5000, wallets: [W("subscription only", "b06_grt_fto_w", "1", { granted_credits: "20", paid_credits: "30", ...ft("subscription") })], events: ev("b06_grt_fto_sum", 10, 30, 20), last: REFRESH,
    expect: { invoices: 1, wallet: { code: "b06_grt_fto_w", balance_cents: 5000, ongoing_usage_balance_cents: 0, ongoing_balance_cents: 5000 } } }),
  w2("b06/granted/billable-metrics/multi-wallet-priority", "grt_bmp", { metrics: AB("grt_bmp"), wallets: [
      W("purchased pool", "b06_grt_bmp_paid", "1", { paid_credits: "40", priority: 20, ...bmA("grt_bmp") }),
      W("granted pool", "b06_grt_bmp_granted", "1", { granted_credits: "30", priority: 1, ...bmA("grt_bmp") })], events: evAB("grt_bmp"),
    expect: { invoices: 2, invoice: SUB({ fees_amount_cents: 8000, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 3000, prepaid_purchased_credit_amount_cents: 3000, total_amount_cents: 2000 }), wallet: { code: "b06_grt_bmp_granted", balance_cents: 0 } } }),
  w2("b06/paid-settled/none/negative-total", "stl_neg", { coupons: [{ code: "b06_stl_neg_cpn", coupon_type: "fixed_amount", amount_cents: 2000, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" }],
    wallets: [W("purchased, over-funded", "b06_stl_neg_w", "1", { paid_credits: "100" })], events: ev("b06_stl_neg_sum", 10, 30, 20), top: "20",
    expect: { invoices: 3, invoice: SUB({ fees_amount_cents: 6000, coupons_amount_cents: 2000, sub_total_excluding_taxes_amount_cents: 4000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 4000, prepaid_purchased_credit_amount_cents: 4000, total_amount_cents: 0, payment_status: "succeeded" }), wallet: { code: "b06_stl_neg_w", balance_cents: 6000 } } }),
  w2("b06/paid-settled/fee-types/partial-cover", "stl_ftp", { plan: 5000, wallets: [W("charges only, small", "b06_stl_ftp_w", "1", { paid_credits: "20", ...ft("charge") })], events: ev("b06_stl_ftp_sum", 10, 30, 20), top: "100",
    expect: { invoices: 3, invoice: SUB({ fees_amount_cents: 11000, prepaid_credit_amount_cents: 2000, prepaid_purchased_credit_amount_cents: 2000, total_amount_cents: 9000, fees: FEES2 }), wallet: { code: "b06_stl_ftp_w", balance_cents: 0 } } }),
  w2("b06/paid-settled/billable-metrics/ongoing-balance", "stl_bmo", { metrics: AB("stl_bmo"), wallets: [W("metric a only", "b06_stl_bmo_w", "1", { paid_credits: "100", ...bmA("stl_bmo") })], events: evAB("stl_bmo"), top: "50", last: REFRESH,
    expect: { invoices: 2, wallet: { code: "b06_stl_bmo_w", balance_cents: 10000, ongoing_usage_balance_cents: 6000, ongoing_balance_cents: 4000 } } }),
  w2("b06/paid/none/multi-wallet-priority", "paid_prio", { pay: false, amount: "0.5", metrics: ["b06_paid_prio"], wallets: [
      W("second", "b06_paid_prio_second", "1", { paid_credits: "30", granted_credits: "40", priority: 20 }),
      W("first", "b06_paid_prio_first", "1", { paid_credits: "30", granted_credits: "12", priority: 1 })], events: ev("b06_paid_prio", 10, 30, 20),
    expect: { invoices: 3, invoice: SUB({ fees_amount_cents: 3000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 3000, prepaid_granted_credit_amount_cents: 3000, total_amount_cents: 0 }), wallet: { code: "b06_paid_prio_second", balance_cents: 2200 } } }),
  w2("b06/paid/none/rounding", "paid_rnd", { pay: false, amount: "0.5", metrics: ["b06_paid_rnd"], wallets: [W("awkward rate", "b06_paid_rnd_w", "0.33", { paid_credits: "3.5", granted_credits: "3.5" })], events: ev("b06_paid_rnd", 10, 30, 20),
    expect: { invoices: 2, invoice: [
      { select: { invoice_type: "credit" }, fees_amount_cents: 116, taxes_amount_cents: 0, total_amount_cents: 116, payment_status: "pending", fees: [{ fee_type: "credit", amount_cents: 116, units: "3.51515" }] },
      SUB({ fees_amount_cents: 3000, prepaid_credit_amount_cents: 116, prepaid_granted_credit_amount_cents: 116, total_amount_cents: 2884 })],
      wallet: { code: "b06_paid_rnd_w", balance_cents: 0 } } })
  ].map((r) => [r.id, r]),
);

describe("golden b06_wallets.yml (rows 13-38)", () => {
  it("b06/granted/fee-types/ongoing-balance", () => expectRow(rows2["b06/granted/fee-types/ongoing-balance"]!));
  it("b06/granted/billable-metrics/multi-wallet-priority", () => expectRow(rows2["b06/granted/billable-metrics/multi-wallet-priority"]!));
  it("b06/paid-settled/fee-types/partial-cover", () => expectRow(rows2["b06/paid-settled/fee-types/partial-cover"]!));
  it("b06/paid-settled/none/negative-total", () => expectRow(rows2["b06/paid-settled/none/negative-total"]!));
  it("b06/paid-settled/billable-metrics/ongoing-balance", () => expectRow(rows2["b06/paid-settled/billable-metrics/ongoing-balance"]!));
  it("b06/paid/none/rounding", () => expectRow(rows2["b06/paid/none/rounding"]!));
  it("b06/paid/none/multi-wallet-priority", () => expectRow(rows2["b06/paid/none/multi-wallet-priority"]!));
});
