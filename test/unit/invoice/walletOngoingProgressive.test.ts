/**
 * Wallet ongoing balance and progressive billing (invoice.md §11.5).
 *
 * §11.5 nets per fee key:
 *   + current-usage fees of active subscriptions: amount + taxes
 *   + fees of draft invoices (total ≠ 0):        amount + taxes − precise_coupons
 *   − fees of progressive invoices of the period: sub_total_excl + taxes
 * and §1.1: a draft's fees' `precise_coupons_amount_cents` "hold only progressive-billing shares".
 *
 * Setup: VAT 10 % (organization), grace period 3 days, integration progressive_billing; monthly
 * plan 10.00 EUR in arrears, 1 €/unit, usage threshold 20.00; wallet of 1000 credits (rate 1).
 * 2024-03-30: 25 units → progressive invoice C1-001 (2500 + 250 tax = 2750, paid by the wallet:
 * balance 100000 → 97250).
 *
 * (1) [covered by review2/ongoingProgressive.test.ts] 2024-03-31 fetch_wallet: current usage 2500 + 250 = 2750, minus the period's progressive
 *     invoice (2500 − 0 + 250) = 0 → ongoing_usage_balance_cents 0, ongoing_balance_cents 97250.
 *     Actual: 2750 / 94500 — the progressive fees are never subtracted
 *     (src/simulator/walletBalances.ts `refreshOngoing` → src/simulator/wallets.ts passes
 *     `progressive_billing_fees: []`).
 * (2) 2024-04-02, 3 units in April, fetch_wallet: the March draft C1-002 holds the subscription fee
 *     1000 (+100 tax) and the charge fee 2500 whose precise_coupons is the 2500 progressive share
 *     (+0 tax) → 1100; April usage 300 + 30 → ongoing usage 1430, ongoing balance 95820.
 *     Actual: 3930 / 93320 — the draft fees are passed without their precise_coupons
 *     (src/simulator/walletBalances.ts `refreshOngoing`, the `drafts` mapping).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Wallet { balance_cents: number; ongoing_usage_balance_cents: number; ongoing_balance_cents: number }

const run = (): { responses: Obj[]; invoices: { invoice_type: string; status: string; total_amount_cents: number; prepaid_credit_amount_cents: number }[] } => simulate({
  organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"], invoice_grace_period: 3, premium_integrations: ["progressive_billing"] },
  taxes: [{ code: "vat", name: "VAT", rate: "10" }],
  billable_metrics: [{ code: "bm", name: "bm", aggregation_type: "sum_agg", field_name: "v" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", usage_thresholds: [{ amount_cents: 2000 }],
    charges: [{ billable_metric_code: "bm", charge_model: "standard", properties: { amount: "1" } }] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", granted_credits: "1000", code: "w" } },
    { at: "2024-03-30T00:00:00Z", op: "create_event", body: { transaction_id: "a", code: "bm", external_subscription_id: "s1", properties: { v: 25 } } },
    { at: "2024-03-31T00:00:00Z", op: "fetch_wallet", body: { external_customer_id: "c1" } },
    { at: "2024-04-02T00:00:00Z", op: "create_event", body: { transaction_id: "b", code: "bm", external_subscription_id: "s1", properties: { v: 3 } } },
    { at: "2024-04-02T00:00:00Z", op: "fetch_wallet", body: { external_customer_id: "c1" } },
  ],
}) as never;

const wallet = (r: { responses: Obj[] }, i: number): number[] => {
  const w = r.responses[i]!["wallet"] as Wallet;
  return [w.balance_cents, w.ongoing_usage_balance_cents, w.ongoing_balance_cents];
};

describe("review2: ongoing balance with progressive billing", () => {
  it("control: the progressive invoice (2750) is paid by the wallet, the March draft totals 1100", () => {
    const r = run();
    expect(r.invoices.map((i) => [i.invoice_type, i.status, i.prepaid_credit_amount_cents, i.total_amount_cents]))
      .toEqual([["progressive_billing", "finalized", 2750, 0], ["subscription", "draft", 0, 1100]]);
  });

  // (1) is the same defect as review2/ongoingProgressive.test.ts (written concurrently); not repeated here.

  // Expected [97250, 1430, 95820]; actual [97250, 3930, 93320].
  it("a draft's fees count net of their progressive-billing share", () => {
    expect(wallet(run(), 6)).toEqual([97250, 1430, 95820]);
  });
});
