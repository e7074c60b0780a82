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
import * as G from "./golden-wallet-helpers.js";

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

// ---- rows 39 onwards (from b06/paid/none/ongoing-balance), translated with
// ./golden-wallet-helpers.ts; every expressible row agrees with ratecard, a sample is kept here.
// Not expressible (skipped):
// * the `interval-rule` rows billed on 1 April: the row runs the interval top-up job (00:30) BEFORE
//   the billing job (01:00) on the day both are due. Ratecard bills at the boundary (00:00) and tops
//   interval rules up at 00:55 (docs/simulator.md, Wallets), the order of Lago's own clock
//   (bill_customers *:10, top_up_wallet_interval_credits *:55), so the period invoice is built
//   before the grant (observed: prepaid 0, the whole grant left in the wallet). The rows' figures
//   follow the harness's job order, not a rule ratecard breaks.
// * b06/interval-rule/none/ongoing-balance asserts `invoices: 0` because its timeline never bills;
//   ratecard's clock always bills the 1 April boundary (a zero March invoice), so the count is left
//   out below and the wallet figures are asserted.
// Not yet translated: b06/interval-rule/fee-types/multi-wallet-priority to the end of the file.
const rows3: Row[] = [
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
    return [
      R("b06/paid/none/ongoing-balance", S("paid_ob", 0, [["b06_paid_ob", "0.5"]], [W("thin grant", "b06_paid_ob_w", "1", { paid_credits: "20", granted_credits: "12" })]),
        [START, EV(ev3("b06_paid_ob")), ...REFRESH6],
        { invoices: 1, usage: { amount_cents: 3000, taxes_amount_cents: 0, total_amount_cents: 3000, charges_usage: [{ billable_metric_code: "b06_paid_ob", units: "60", amount_cents: 3000 }] },
          wallet: { code: "b06_paid_ob_w", balance_cents: 1200, ongoing_usage_balance_cents: 3000, ongoing_balance_cents: -1800 } }),
      R("b06/paid/fee-types/full-cover", S("paid_ft", 5000, [["b06_paid_ft", "0.5"]], [W("charges only", "b06_paid_ft_w", "1", { paid_credits: "20", granted_credits: "100", ...ft("charge") })],
          { taxes: [{ code: "b06_paid_ft_tax", name: "standard", rate: 20, applied_to_organization: true }] }),
        [START, EV(ev3("b06_paid_ft")), BILL],
        { invoices: 2, invoice: [CRED({ fees_amount_cents: 2000, taxes_amount_cents: 0, total_amount_cents: 2000 }),
          SUB({ fees_amount_cents: 8000, sub_total_excluding_taxes_amount_cents: 8000, taxes_amount_cents: 1600, sub_total_including_taxes_amount_cents: 9600, prepaid_credit_amount_cents: 3600, prepaid_granted_credit_amount_cents: 3600, total_amount_cents: 6000, payment_status: "pending",
            fees: [F("subscription", "golden_b06_paid_ft", 5000, "1", { taxes_amount_cents: 1000 }), F("charge", "b06_paid_ft", 3000, "60", { taxes_amount_cents: 600 })] })],
          wallet: { code: "b06_paid_ft_w", balance_cents: 6400 } }),
      R("b06/paid/billable-metrics/rounding", S("paid_bmr", 0, [["b06_paid_bmr_m_in", "0.01"], ["b06_paid_bmr_m_out", "0.5"]], [W("one metric only, awkward rate", "b06_paid_bmr_w", "0.33", { paid_credits: "3.5", granted_credits: "3.5", ...bm("b06_paid_bmr_m_in") })]),
        [START, EV([...ev3("b06_paid_bmr_m_in"), ["b06_paid_bmr_m_out", 10], ["b06_paid_bmr_m_out", 40], ["b06_paid_bmr_m_out", 30]]), BILL],
        { invoices: 2, invoice: [CRED({ fees_amount_cents: 116, total_amount_cents: 116, payment_status: "pending", fees: [F("credit", undefined, 116, "3.51515")] }),
          SUB({ fees_amount_cents: 4060, prepaid_credit_amount_cents: 60, prepaid_granted_credit_amount_cents: 60, total_amount_cents: 4000,
            fees: [F("subscription", "golden_b06_paid_bmr", 0, "1"), F("charge", "b06_paid_bmr_m_in", 60, "60"), F("charge", "b06_paid_bmr_m_out", 4000, "80")] })],
          wallet: { code: "b06_paid_bmr_w", balance_cents: 56 } }),
      R("b06/hns/granted/target-wallet-code/partial-cover", S("hns_tw", 0, [["b06_hns_tw", "1", { accepts_target_wallet: true }]], [W("alpha", "b06_hns_tw_alpha", "1", { granted_credits: "10" }), W("beta", "b06_hns_tw_beta", "1", { granted_credits: "100" })],
          { organization: { premium_integrations: ["events_targeting_wallets"] } }),
        [START, EV([["b06_hns_tw", 30, { target_wallet_code: "b06_hns_tw_alpha" }], ["b06_hns_tw", 20, { target_wallet_code: "b06_hns_tw_beta" }]]), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_count: 3, fees_amount_cents: 5000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 3000, total_amount_cents: 2000 } }),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const evS = (m: string): Json[][] => [[m, 2], [m, 6], [m, 4]];
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
  const PAYC = (at: string) => ({ at, do: "pay_invoice", invoice_type: "credit" });
  const MP = { organization: { premium_integrations: ["manual_payments"] } };
  const tgt = (target: string, grants?: boolean, x: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "0", method: "target", target_ongoing_balance: target, ...(grants ? { grants_target_top_up: true } : {}) }], ...x });
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
    return [
      rw(R("b06/target-method/none/full-cover", S("tgt_fc", 0, [["b06_tgt_fc_sum", "1"]], [W("target top-up", "b06_tgt_fc_w", "1", tgt("20"))], MP),
        [START, EV(ev3("b06_tgt_fc_sum")), RF("2024-03-06T00:00:00Z"), PAYC("2024-03-07T00:00:00Z"), BILL],
        { invoices: 2, invoice: [CRED({ fees_amount_cents: 8000, taxes_amount_cents: 0, total_amount_cents: 8000 }),
          SUB({ fees_amount_cents: 6000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_purchased_credit_amount_cents: 6000, total_amount_cents: 0, payment_status: "succeeded" })],
          wallet: { code: "b06_tgt_fc_w", balance_cents: 2000 } })),
      rw(R("b06/target-method/none/multi-wallet-priority", S("tgt_mwp", 0, [["b06_tgt_mwp_sum", "1"]], [W("target wallet, low priority", "b06_tgt_mwp_target", "1", tgt("10", true, { priority: 20 })), W("purchased wallet, high priority", "b06_tgt_mwp_paid", "1", { priority: 1, paid_credits: "20" })], MP),
        [START, PAYC("2024-03-02T00:00:00Z"), EV(ev3("b06_tgt_mwp_sum")), RF("2024-03-06T00:00:00Z"), BILL],
        { invoices: 2, invoice: SUB({ fees_amount_cents: 6000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 4000, prepaid_purchased_credit_amount_cents: 2000, total_amount_cents: 0 }),
          wallet: { code: "b06_tgt_mwp_target", balance_cents: 1000 } })),
      rw(R("b06/target-method/none/rounding", S("tgt_rnd", 0, [["b06_tgt_rnd_sum", "1"]], [W("target at a fractional rate", "b06_tgt_rnd_w", "0.3333", tgt("9.982", true))]),
        [START, EV(ev3("b06_tgt_rnd_sum")), RF("2024-03-06T00:00:00Z"), BILL],
        { invoices: 1, invoice: { fees_amount_cents: 6000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 6000, total_amount_cents: 0 }, wallet: { code: "b06_tgt_rnd_w", balance_cents: 333 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const evS = (m: string): Json[][] => [[m, 2], [m, 6], [m, 4]];
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
  const PAYC = (at: string) => ({ at, do: "pay_invoice", invoice_type: "credit" });
  const MP = { organization: { premium_integrations: ["manual_payments"] } };
  const tgt = (target: string, grants?: boolean, x: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "0", method: "target", target_ongoing_balance: target, ...(grants ? { grants_target_top_up: true } : {}) }], ...x });
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const FS = (code: string, amt: number) => [F("subscription", undefined, 5000, undefined, { taxes_amount_cents: 0 }), F("charge", code, amt, undefined, { taxes_amount_cents: 0 })];
    return [
      rw(R("b06/target-method/fee-types/rounding", S("tgt_ftr", 5000, [["b06_tgt_ftr_sum", "1"]], [W("charges only, fractional rate", "b06_tgt_ftr_w", "0.6667", tgt("5.0045", true, ft("charge")))]),
        [START, EV(ev3("b06_tgt_ftr_sum")), RF("2024-03-06T00:00:00Z"), BILL],
        { invoices: 1, invoice: { fees_amount_cents: 11000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 6000, total_amount_cents: 5000, fees: FS("b06_tgt_ftr_sum", 6000) },
          wallet: { code: "b06_tgt_ftr_w", balance_cents: 334 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const evS = (m: string): Json[][] => [[m, 2], [m, 6], [m, 4]];
  const evO = (m: string): Json[][] => [[m, 4], [m, 12], [m, 8]];
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
  const PAYC = (at: string) => ({ at, do: "pay_invoice", invoice_type: "credit" });
  const MP = { organization: { premium_integrations: ["manual_payments"] } };
  const tgt = (target: string, grants?: boolean, x: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "0", method: "target", target_ongoing_balance: target, ...(grants ? { grants_target_top_up: true } : {}) }], ...x });
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const two = (k: string): Json[][] => [[`b06_tgt_${k}_cov`, "1"], [`b06_tgt_${k}_oth`, "1"]];
  const F3 = (k: string, cov: number) => [F("subscription", undefined, 0), F("charge", `b06_tgt_${k}_cov`, cov, undefined, { taxes_amount_cents: 0 }), F("charge", `b06_tgt_${k}_oth`, 2400, undefined, { taxes_amount_cents: 0 })];
    return [
      rw(R("b06/target-method/billable-metrics/rounding", S("tgt_bmr", 0, two("bmr"), [W("one metric only, quarter rate", "b06_tgt_bmr_w", "0.4", tgt("12.5625", true, bm("b06_tgt_bmr_cov")))]),
        [START, EV([...ev3("b06_tgt_bmr_cov"), ...evO("b06_tgt_bmr_oth")]), RF("2024-03-06T00:00:00Z"), BILL],
        { invoices: 1, invoice: { fees_amount_cents: 8400, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 6000, total_amount_cents: 2400 }, wallet: { code: "b06_tgt_bmr_w", balance_cents: 503 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
  const PAYC = (at: string) => ({ at, do: "pay_invoice", invoice_type: "credit" });
  const MP = { organization: { premium_integrations: ["manual_payments"] } };
  const thr = (threshold: string, x: Json, y: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "threshold", method: "fixed", threshold_credits: threshold, ...x }], ...y });
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const RF10 = RF("2024-03-10T00:00:00Z");
    return [
      rw(R("b06/threshold-rule/none/partial-cover", S("thr_np", 0, [["b06_thr_np_sum", "1"]], [W("refilled too late", "b06_thr_np_w", "1", { granted_credits: "50", ...thr("20", { granted_credits: "40" }) })]),
        [START, EV(ev3("b06_thr_np_sum")), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_amount_cents: 6000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 5000, prepaid_granted_credit_amount_cents: 5000, total_amount_cents: 1000, payment_status: "pending" },
          wallet: { code: "b06_thr_np_w", balance_cents: 4000 } })),
      rw(R("b06/threshold-rule/none/multi-wallet-priority", S("thr_nm", 0, [["b06_thr_nm_sum", "1"]], [W("purchased pool", "b06_thr_nm_paid", "1", { paid_credits: "60", priority: 20 }), W("auto refilled pool", "b06_thr_nm_thr", "1", { granted_credits: "20", priority: 1, ...thr("10", { granted_credits: "60" }) })], MP),
        [START, PAYC("2024-03-02T00:00:00Z"), EV(ev3("b06_thr_nm_sum")), RF10, BILL],
        { invoices: 2, invoice: SUB({ fees_amount_cents: 6000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 6000, total_amount_cents: 0, payment_status: "succeeded" }),
          wallet: { code: "b06_thr_nm_thr", balance_cents: 2000 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
  const PAYC = (at: string) => ({ at, do: "pay_invoice", invoice_type: "credit" });
  const MP = { organization: { premium_integrations: ["manual_payments"] } };
  const thr = (threshold: string, x: Json, y: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "threshold", method: "fixed", threshold_credits: threshold, ...x }], ...y });
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const RF10 = RF("2024-03-10T00:00:00Z");
  const FS = (ch: number, units = "60") => [F("subscription", undefined, 5000), F("charge", undefined, ch, units)];
    return [
      rw(R("b06/threshold-rule/fee-types/ongoing-balance", S("thr_fo", 5000, [["b06_thr_fo_sum", "1"]], [W("subscription only, never armed", "b06_thr_fo_w", "1", { granted_credits: "50", ...ft("subscription"), ...thr("20", { granted_credits: "40" }) })]),
        [START, EV(ev3("b06_thr_fo_sum")), RF10],
        { invoices: 0, wallet: { code: "b06_thr_fo_w", balance_cents: 5000, ongoing_usage_balance_cents: 0, ongoing_balance_cents: 5000 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const evO = (m: string): Json[][] => [[m, 5], [m, 15], [m, 10]];
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
  const PAYC = (at: string) => ({ at, do: "pay_invoice", invoice_type: "credit" });
  const MP = { organization: { premium_integrations: ["manual_payments"] } };
  const TW = { organization: { premium_integrations: ["events_targeting_wallets"] } };
  const thr = (threshold: string, x: Json, y: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "threshold", method: "fixed", threshold_credits: threshold, ...x }], ...y });
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const RF10 = RF("2024-03-10T00:00:00Z");
  const two = (k: string, a = "1"): Json[][] => [[`b06_thr_${k}_cov`, a], [`b06_thr_${k}_oth`, a]];
  const evs = (k: string) => EV([...ev3(`b06_thr_${k}_cov`), ...evO(`b06_thr_${k}_oth`)]);
  const F3 = (k: string, cov: number, oth: number) => [F("subscription", undefined, 0), F("charge", `b06_thr_${k}_cov`, cov, "60"), F("charge", `b06_thr_${k}_oth`, oth, "30")];
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
    return [
      rw(R("b06/threshold-rule/billable-metrics/ongoing-balance", S("thr_bo", 0, two("bo"), [W("small metric only, mid period refill", "b06_thr_bo_w", "1", { granted_credits: "50", ...bm("b06_thr_bo_oth"), ...thr("30", { granted_credits: "40" }) })]),
        [START, evs("bo"), RF10],
        { invoices: 0, wallet: { code: "b06_thr_bo_w", balance_cents: 9000, ongoing_usage_balance_cents: 3000, ongoing_balance_cents: 6000 } })),
      R("b06/granted/target-wallet-code/rounding", S("twc_g_rn", 0, [["b06_twc_g_rn", "1", { accepts_target_wallet: true }]], [W("odd rate", "b06_twc_g_rn_a", "0.6665", { granted_credits: "50", priority: 1 }), W("rich neighbour", "b06_twc_g_rn_b", "1", { granted_credits: "100", priority: 20 })], TW),
        [START, EV([tw("b06_twc_g_rn", "b06_twc_g_rn_a", 10), tw("b06_twc_g_rn", "b06_twc_g_rn_a", 30), tw("b06_twc_g_rn", "b06_twc_g_rn_a", 20), tw("b06_twc_g_rn", "b06_twc_g_rn_b", 12), tw("b06_twc_g_rn", "b06_twc_g_rn_b", 8)]), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_count: 3, fees_amount_cents: 8000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 5333, prepaid_granted_credit_amount_cents: 5333, total_amount_cents: 2667 },
          wallet: { code: "b06_twc_g_rn_b", balance_cents: 8000 } }),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const TW = { organization: { premium_integrations: ["events_targeting_wallets"] } };
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
  /** events: [[walletSuffix, amount]] against metric b06_<k>, wallet b06_<k>_<suffix> */
  const TEV = (k: string, evs: [string, number][]) => EV(evs.map(([s, a]) => tw(`b06_${k}`, `b06_${k}_${s}`, a)));
  const CH = (k: string) => [[`b06_${k}`, "1", { accepts_target_wallet: true }]];
  const AB = (k: string): [string, number][] => [["a", 10], ["a", 30], ["a", 20], ["b", 25], ["b", 15]];
    return [
      R("b06/granted/target-wallet-code/negative-total", S("twc_g_nt", 0, CH("twc_g_nt"), [W("over funded", "b06_twc_g_nt_a", "1", { granted_credits: "100", priority: 1 }), W("empty target", "b06_twc_g_nt_b", "1", { priority: 20 })],
          { ...TW, coupons: [{ code: "b06_twc_g_nt_cpn", coupon_type: "fixed_amount", amount_cents: 2000, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" }] }),
        [START, TEV("twc_g_nt", [["a", 10], ["a", 15], ["a", 5], ["b", 12], ["b", 8]]), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_count: 3, fees_amount_cents: 5000, coupons_amount_cents: 2000, sub_total_excluding_taxes_amount_cents: 3000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 1800, prepaid_granted_credit_amount_cents: 1800, total_amount_cents: 1200 },
          wallet: { code: "b06_twc_g_nt_a", balance_cents: 8200 } }),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const TW = { organization: { premium_integrations: ["events_targeting_wallets"] } };
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
  const TEV = (k: string, evs: [string, number][]) => EV(evs.map(([s, a]) => tw(`b06_${k}`, `b06_${k}_${s}`, a)));
  const CH = (k: string) => [[`b06_${k}`, "1", { accepts_target_wallet: true }]];
  const AB: [string, number][] = [["a", 10], ["a", 30], ["a", 20], ["b", 25], ["b", 15]];
    return [
      rw(R("b06/paid/target-wallet-code/ongoing-balance", S("twc_p_ob", 0, CH("twc_p_ob"), [W("targeted mixed pools", "b06_twc_p_ob_a", "1", { granted_credits: "100", paid_credits: "40", priority: 1 }), W("other target", "b06_twc_p_ob_b", "1", { granted_credits: "100", priority: 20 })], TW),
        [START, TEV("twc_p_ob", AB), { at: "2024-03-10T00:00:00Z", do: "perform_wallet_refresh" }, { at: "2024-03-10T01:00:00Z", do: "fetch_current_usage" }],
        { invoices: 1, invoice: CRED({ total_amount_cents: 4000, payment_status: "pending" }), wallet: { code: "b06_twc_p_ob_a", balance_cents: 10000, ongoing_usage_balance_cents: 6000, ongoing_balance_cents: 4000 }, usage: { amount_cents: 10000, total_amount_cents: 10000 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const TWM = { organization: { premium_integrations: ["events_targeting_wallets", "manual_payments"] } };
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
  const TEV = (k: string, evs: [string, number][]) => EV(evs.map(([s, a]) => tw(`b06_${k}`, `b06_${k}_${s}`, a)));
  const CH = (k: string) => [[`b06_${k}`, "1", { accepts_target_wallet: true }]];
  const AB: [string, number][] = [["a", 10], ["a", 30], ["a", 20], ["b", 25], ["b", 15]];
  const PAYC = { at: "2024-03-02T00:00:00Z", do: "pay_invoice", invoice_type: "credit" };
    return [
      R("b06/paid-settled/target-wallet-code/multi-wallet-priority", S("twc_ps_mp", 0, CH("twc_ps_mp"), [W("untargeted first", "b06_twc_ps_mp_g", "1", { granted_credits: "100", priority: 1 }), W("targeted purchased last", "b06_twc_ps_mp_a", "1", { paid_credits: "100", priority: 20 }), W("targeted broke", "b06_twc_ps_mp_d", "1", { granted_credits: "5", priority: 30 })], TWM),
        [START, PAYC, TEV("twc_ps_mp", [["a", 5], ["a", 15], ["a", 10], ["d", 12], ["d", 8]]), BILL],
        { invoices: 2, invoice: [CRED({ total_amount_cents: 10000, payment_status: "succeeded" }),
          SUB({ fees_count: 3, fees_amount_cents: 5000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 3500, prepaid_purchased_credit_amount_cents: 3000, prepaid_granted_credit_amount_cents: 500, total_amount_cents: 1500 })],
          wallet: { code: "b06_twc_ps_mp_g", balance_cents: 10000 } }),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const TW = { organization: { premium_integrations: ["events_targeting_wallets"] } };
  const TWM = { organization: { premium_integrations: ["events_targeting_wallets", "manual_payments"] } };
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
  const TEVs = (k: string, evs: [string, number][]) => evs.map(([s, a]) => tw(`b06_${k}`, `b06_${k}_${s}`, a));
  const TEV = (k: string, evs: [string, number][]) => EV(TEVs(k, evs));
  const CH = (k: string) => [[`b06_${k}`, "1", { accepts_target_wallet: true }]];
  const AB: [string, number][] = [["a", 10], ["a", 30], ["a", 20], ["b", 25], ["b", 15]];
  const PAYC = { at: "2024-03-02T00:00:00Z", do: "pay_invoice", invoice_type: "credit" };
  const thr = (threshold: string, x: Json) => ({ recurring_transaction_rules: [{ trigger: "threshold", method: "fixed", threshold_credits: threshold, ...x }] });
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
    return [
      rw(R("b06/threshold-rule/target-wallet-code/partial-cover", S("twc_th_pc", 0, CH("twc_th_pc"), [W("targeted auto refilled", "b06_twc_th_pc_a", "1", { priority: 1, ...thr("0", { granted_credits: "20" }) }), W("rich neighbour", "b06_twc_th_pc_b", "1", { granted_credits: "100", priority: 20 })], TW),
        [START, E("2024-03-03T10:00:00Z", TEVs("twc_th_pc", [["a", 10]])), RF("2024-03-04T00:00:00Z"), TEV("twc_th_pc", [["a", 30], ["a", 20], ["b", 25], ["b", 15]]), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_count: 3, fees_amount_cents: 10000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 6000, prepaid_granted_credit_amount_cents: 6000, total_amount_cents: 4000 },
          wallet: { code: "b06_twc_th_pc_b", balance_cents: 6000 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const TW = { organization: { premium_integrations: ["events_targeting_wallets"] } };
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
  const TEVs = (k: string, evs: [string, number][]) => evs.map(([s, a]) => tw(`b06_${k}`, `b06_${k}_${s}`, a));
  const TEV = (k: string, evs: [string, number][]) => EV(TEVs(k, evs));
  const CH = (k: string) => [[`b06_${k}`, "1", { accepts_target_wallet: true }]];
  const AB: [string, number][] = [["a", 10], ["a", 30], ["a", 20], ["b", 25], ["b", 15]];
  const thr = (threshold: string, x: Json) => ({ recurring_transaction_rules: [{ trigger: "threshold", method: "fixed", threshold_credits: threshold, ...x }] });
  const tgt = (target: string) => ({ recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "0", method: "target", target_ongoing_balance: target, grants_target_top_up: true }] });
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
    return [
      rw(R("b06/target-method/target-wallet-code/multi-wallet-priority", S("twc_tm_mp", 0, CH("twc_tm_mp"), [W("untargeted first", "b06_twc_tm_mp_g", "1", { granted_credits: "100", priority: 1 }), W("targeted target top-up last", "b06_twc_tm_mp_a", "1", { priority: 20, ...tgt("70") }), W("targeted broke", "b06_twc_tm_mp_d", "1", { granted_credits: "5", priority: 30 })], TW),
        [START, TEV("twc_tm_mp", [["a", 5], ["a", 15], ["a", 10], ["d", 12], ["d", 8]]), RF("2024-03-10T00:00:00Z"), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_count: 3, fees_amount_cents: 5000, taxes_amount_cents: 0, prepaid_credit_amount_cents: 3500, prepaid_granted_credit_amount_cents: 3500, total_amount_cents: 1500 },
          wallet: { code: "b06_twc_tm_mp_g", balance_cents: 10000 } })),
    ];
  })(),
  ...(() => {
    const { BILL, CRED, E, EV, F, R, REFRESH6, S, START, SUB, W, bm, ft } = G;
  const ev3 = (m: string): Json[][] => [[m, 10], [m, 30], [m, 20]];
  const itv = (granted: string, x: Json = {}) => ({ recurring_transaction_rules: [{ trigger: "interval", interval: "monthly", method: "fixed", granted_credits: granted }], ...x });
  const ITV = { at: "2024-04-01T00:30:00Z", do: "perform_interval_wallet_top_ups" };
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const FS = [F("subscription", undefined, 5000), F("charge", undefined, 6000, "60")];
    return [
      rw(R("b06/interval-rule/none/ongoing-balance", S("itv_nob", 0, [["b06_itv_nob_sum", "1"]], [W("interval refilled, read mid period", "b06_itv_nob_w", "1", itv("50"))]),
        [START, ITV, E("2024-04-05T10:00:00Z", ev3("b06_itv_nob_sum")), { at: "2024-04-10T00:00:00Z", do: "perform_wallet_refresh" }],
        { wallet: { code: "b06_itv_nob_w", balance_cents: 5000, ongoing_usage_balance_cents: 6000, ongoing_balance_cents: -1000 } })),
    ];
  })(),
  ...(() => {
    const { BILL, E, EV, R, S, START, W } = G;
  const TW = { organization: { premium_integrations: ["events_targeting_wallets"] } };
  const rw = (r: Json) => ({ ...r, refreshWallets: true });
  const tw = (m: string, w: string, a: number) => [m, a, { target_wallet_code: w }];
  const TEVs = (k: string, evs: [string, number][]) => evs.map(([s, a]) => tw(`b06_${k}`, `b06_${k}_${s}`, a));
  const TEV = (k: string, evs: [string, number][]) => EV(TEVs(k, evs));
  const CH = (k: string, a = "1") => [[`b06_${k}`, a, { accepts_target_wallet: true }]];
  const tgt = (target: string) => ({ recurring_transaction_rules: [{ trigger: "threshold", threshold_credits: "0", method: "target", target_ongoing_balance: target, grants_target_top_up: true }] });
  const RF = (at: string) => ({ at, do: "perform_wallet_refresh" });
    return [
      rw(R("b06/target-method/target-wallet-code/rounding", S("twc_tm_rn", 0, CH("twc_tm_rn", "1.333"), [W("odd rate target top-up", "b06_twc_tm_rn_a", "0.6665", { priority: 1, ...tgt("50") }), W("rich neighbour", "b06_twc_tm_rn_b", "1", { granted_credits: "100", priority: 20 })], TW),
        [START, E("2024-03-03T10:00:00Z", TEVs("twc_tm_rn", [["a", 10], ["a", 25], ["a", 15]])), RF("2024-03-04T00:00:00Z"), TEV("twc_tm_rn", [["a", 10], ["a", 25], ["a", 15], ["b", 12], ["b", 8]]), BILL],
        { invoices: 1, invoice: { invoice_type: "subscription", fees_count: 3, fees_amount_cents: 15996, taxes_amount_cents: 0, prepaid_credit_amount_cents: 12664, prepaid_granted_credit_amount_cents: 12664, total_amount_cents: 3332 },
          wallet: { code: "b06_twc_tm_rn_b", balance_cents: 7334 } })),
    ];
  })(),
];
const byId3 = Object.fromEntries(rows3.map((r) => [r.id, r]));

describe("golden b06_wallets.yml (rows 39 onwards)", () => {
  it("b06/paid/none/ongoing-balance", () => expectRow(byId3["b06/paid/none/ongoing-balance"]!));
  it("b06/paid/fee-types/full-cover", () => expectRow(byId3["b06/paid/fee-types/full-cover"]!));
  it("b06/paid/billable-metrics/rounding", () => expectRow(byId3["b06/paid/billable-metrics/rounding"]!));
  it("b06/hns/granted/target-wallet-code/partial-cover", () => expectRow(byId3["b06/hns/granted/target-wallet-code/partial-cover"]!));
  // The golden file runs no wallet refresh between the events and the billing, so the reference's
  // threshold rule has not fired by then ("refilled too late"); invoice.md §11.6 ("When a threshold
  // rule is checked") has the simulator test the rule at the instant of every step that changes
  // usage, so the events of 5 March already top the wallet up and the April invoice is covered.
  // The semantics decide: these rows stay it.fails.
  it.fails("b06/target-method/none/full-cover", () => expectRow(byId3["b06/target-method/none/full-cover"]!));
  it("b06/target-method/none/multi-wallet-priority", () => expectRow(byId3["b06/target-method/none/multi-wallet-priority"]!));
  it("b06/target-method/none/rounding", () => expectRow(byId3["b06/target-method/none/rounding"]!));
  it("b06/target-method/fee-types/rounding", () => expectRow(byId3["b06/target-method/fee-types/rounding"]!));
  it("b06/target-method/billable-metrics/rounding", () => expectRow(byId3["b06/target-method/billable-metrics/rounding"]!));
  // Same as above (invoice.md §11.6: the rule is tested when the usage arrives).
  it.fails("b06/threshold-rule/none/partial-cover", () => expectRow(byId3["b06/threshold-rule/none/partial-cover"]!));
  it("b06/threshold-rule/none/multi-wallet-priority", () => expectRow(byId3["b06/threshold-rule/none/multi-wallet-priority"]!));
  it("b06/threshold-rule/fee-types/ongoing-balance", () => expectRow(byId3["b06/threshold-rule/fee-types/ongoing-balance"]!));
  it("b06/threshold-rule/billable-metrics/ongoing-balance", () => expectRow(byId3["b06/threshold-rule/billable-metrics/ongoing-balance"]!));
  it("b06/granted/target-wallet-code/rounding", () => expectRow(byId3["b06/granted/target-wallet-code/rounding"]!));
  it("b06/granted/target-wallet-code/negative-total", () => expectRow(byId3["b06/granted/target-wallet-code/negative-total"]!));
  it("b06/paid/target-wallet-code/ongoing-balance", () => expectRow(byId3["b06/paid/target-wallet-code/ongoing-balance"]!));
  it("b06/paid-settled/target-wallet-code/multi-wallet-priority", () => expectRow(byId3["b06/paid-settled/target-wallet-code/multi-wallet-priority"]!));
  // Same as above (invoice.md §11.6: the rule is tested when the usage arrives).
  it.fails("b06/threshold-rule/target-wallet-code/partial-cover", () => expectRow(byId3["b06/threshold-rule/target-wallet-code/partial-cover"]!));
  it("b06/target-method/target-wallet-code/multi-wallet-priority", () => expectRow(byId3["b06/target-method/target-wallet-code/multi-wallet-priority"]!));
  // Same as above (invoice.md §11.6: the rule is tested when the usage arrives).
  it.fails("b06/target-method/target-wallet-code/rounding", () => expectRow(byId3["b06/target-method/target-wallet-code/rounding"]!));
  it("b06/interval-rule/none/ongoing-balance", () => expectRow(byId3["b06/interval-rule/none/ongoing-balance"]!));
});
