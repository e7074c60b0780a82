/**
 * Ports of getlago/lago-api spec/scenarios/wallets/customer_wallets_balance_refresh_spec.rb
 * ("Use wallet's credits and recalculate balances"; current version with three wallets, plus the
 * two-wallet example of the earlier version, commit 564b7fa2).
 *
 * The spec builds its records with factories and calls Customers::RefreshWalletsService; here the
 * same state is reached through the contract: wallets of 10 credits (rate 1, priority 50, created
 * in order wallet, wallet2, wallet3) restricted by `applies_to.billable_metric_codes`, a monthly
 * plan in arrears (factory: 1.00 EUR) subscribed before the events, and the refreshed balances
 * read with fetch_wallet (invoice.md §11.5).
 *
 * Skipped: "when there is a progressive billing invoice" (both versions) and "when there is a draft
 * invoice": they hand-craft invoices whose fees (100 cents on a 5.00-per-unit count charge, with
 * 10 cents of coupons and taxes on a tax-free charge) no sequence of contract operations can produce.
 */
import { describe, expect, it } from "vitest";
import { run, plan, type Step } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const T0 = "2024-03-01T00:00:00Z";
const NOW = "2024-03-10T12:00:00Z";
const metrics = ["bm1", "bm2", "bm3"].map((code) => ({ code, name: code, aggregation_type: "count_agg", recurring: false }));
const charge = (code: string, amount: string, extra: Json = {}) => ({
  billable_metric_code: code, charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount }, ...extra,
});
const wallet = (name: string, codes?: string[]): Step => ({
  at: T0, op: "create_wallet",
  body: {
    external_customer_id: "cust_1", name, rate_amount: "1", currency: "EUR", granted_credits: "10", invoice_requires_successful_payment: false,
    ...(codes ? { applies_to: { billable_metric_codes: codes } } : {}),
  },
});
let n = 0;
const ev = (code: string): Step => ({ at: NOW, op: "create_event", body: { transaction_id: `wr${++n}`, code, external_subscription_id: "sub_1", properties: {} } });
const fetchWallet = (i: number): Step => ({ at: "2024-03-10T12:01:00Z", op: "fetch_wallet", body: { svc_id: { $ref: { wallet: i, field: "svc_id" } } } });

function scenario(opts: { wallets: Step[]; charges: Json[]; bm3Event: boolean }): Json[] {
  const steps: Step[] = [
    { at: T0, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR" } },
    { at: T0, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub_1", plan_code: "plan", billing_time: "calendar" } },
    ...opts.wallets,
    ev("bm1"), ev("bm1"), ev("bm1"), ev("bm2"),
    ...(opts.bm3Event ? [ev("bm3")] : []),
    ...opts.wallets.map((_, i) => fetchWallet(i)),
  ];
  const out = run({ plans: [plan("plan", { amount_cents: 100, charges: opts.charges })], metrics, steps, until: "2024-03-10T12:02:00Z" });
  for (const r of out.responses) expect(r?.error).toBeUndefined();
  return out.responses.slice(steps.length - opts.wallets.length).map((r: Json) => r.wallet);
}

const ongoing = (w: Json) => ({
  ongoing_usage: w.ongoing_usage_balance_cents, credits_usage: Number(w.credits_ongoing_usage_balance),
  ongoing: w.ongoing_balance_cents, credits: Number(w.credits_ongoing_balance),
});
const o = (ongoing_usage: number, credits_usage: number, ongoing: number, credits: number) => ({ ongoing_usage, credits_usage, ongoing, credits });

const threeWallets = () => [wallet("wallet", ["bm1"]), wallet("wallet2", ["bm2"]), wallet("wallet 3")];
const baseCharges = [charge("bm1", "10"), charge("bm2", "5")];

describe("wallets/customer_wallets_balance_refresh_spec.rb / with multiple wallets with restrictions", () => {
  it("returns all active wallets", () => {
    const ws = scenario({ wallets: threeWallets(), charges: baseCharges, bm3Event: true });
    expect(ws).toHaveLength(3);
    for (const w of ws) expect(w.status).toBe("active");
  });

  // bm1 30.00 → 10 on wallet (bm1 only), 20 overflow on wallet3 (catch-all); bm2 5.00 → wallet2.
  it("updates the correct ongoing balances for each wallet", () => {
    const [w1, w2, w3] = scenario({ wallets: threeWallets(), charges: baseCharges, bm3Event: true });
    expect(ongoing(w1)).toEqual(o(1000, 10, 0, 0));
    expect(ongoing(w2)).toEqual(o(500, 5, 500, 5));
    expect(ongoing(w3)).toEqual(o(2000, 20, -1000, -10));
  });

  // bm3's charge is pay in advance and not invoiceable (9999 per unit): already billed, nets to 0.
  it("when there is paid in advance charges / updates the correct ongoing balances for each wallet", () => {
    const charges = [...baseCharges, charge("bm3", "9999", { pay_in_advance: true, invoiceable: false })];
    const [w1, w2, w3] = scenario({ wallets: threeWallets(), charges, bm3Event: true });
    expect(ongoing(w1)).toEqual(o(1000, 10, 0, 0));
    expect(ongoing(w2)).toEqual(o(500, 5, 500, 5));
    expect(ongoing(w3)).toEqual(o(2000, 20, -1000, -10));
  });

  // Earlier version (two wallets, no catch-all): wallet is the last wallet eligible for bm1 and
  // absorbs all of it (1000 − 3000 = −2000); wallet2 1000 − 500 = 500.
  it("(earlier version, two wallets) updates the correct ongoing balances for each wallet", () => {
    const [w1, w2] = scenario({ wallets: [wallet("wallet", ["bm1"]), wallet("wallet2", ["bm2"])], charges: baseCharges, bm3Event: false });
    expect(ongoing(w1)).toEqual(o(3000, 30, -2000, -20));
    expect(ongoing(w2)).toEqual(o(500, 5, 500, 5));
  });
});
