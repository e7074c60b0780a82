/**
 * Rows of getlago/lago-api spec/scenarios/golden/matrix/b06_wallets.yml (figures only),
 * translated by ./golden-helpers.ts: granted / purchased (pending or paid) wallet credits on a
 * monthly calendar plan billed on 1 April, fee-type and metric limitations, priorities, rounding
 * of rate 0.6665, a total clamped at 0, and the ongoing balance read mid-period. Only the first 12
 * rows of the file were translated (all 12 agree); a sample is kept here.
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
