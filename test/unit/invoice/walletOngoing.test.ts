/**
 * invoice.md §11.5 ongoing balances: the wallet vectors' figures and the allocation rules.
 */
import { describe, expect, it } from "vitest";
import { dec, toDecimalString } from "../../../src/core/decimal.js";
import { type OngoingFee, type OngoingUsageInput, refreshOngoingBalances } from "../../../src/invoice/wallet/walletOngoing.js";
import type { RecurringTransactionRule } from "../../../src/invoice/wallet/walletTypes.js";
import { T0, funded, wallet } from "./walletFixtures.js";

const fee = (fee_type: string, amount: number, o: Partial<OngoingFee> = {}): OngoingFee => ({
  fee_type, metric_code: null, currency: "EUR", amount_cents: BigInt(amount), taxes_amount_cents: 0n, ...o,
});
const usage = (o: Partial<OngoingUsageInput>): OngoingUsageInput => ({
  current_usage_fees: [], draft_invoice_fees: [], progressive_billing_fees: [], pay_in_advance_fees: [], ...o,
});
const view = (w: { ongoing_usage_balance_cents: bigint; ongoing_balance_cents: bigint; credits_ongoing_balance: ReturnType<typeof dec> }) =>
  [w.ongoing_usage_balance_cents, w.ongoing_balance_cents, toDecimalString(w.credits_ongoing_balance)];

describe("vector wallets/balance/plain-plan-usage-charge", () => {
  const acc = funded(wallet(), "10");
  it("no usage: ongoing = balance", () => {
    expect(view(refreshOngoingBalances([acc], usage({}), T0).accounts[0]!.wallet)).toEqual([0n, 1000n, "10"]);
  });
  it("usage 500 → ongoing usage 500, ongoing 500 (5 credits)", () => {
    const r = refreshOngoingBalances([acc], usage({ current_usage_fees: [fee("charge", 500, { metric_code: "total_sum" })] }), T0);
    expect(view(r.accounts[0]!.wallet)).toEqual([500n, 500n, "5"]);
    expect(toDecimalString(r.accounts[0]!.wallet.credits_ongoing_usage_balance)).toBe("5");
  });
  it("a draft invoice (100 + 500) and new usage 300 → 900 used, 100 left", () => {
    const drafts = [fee("subscription", 100), fee("charge", 500, { metric_code: "total_sum" })];
    const r = refreshOngoingBalances([acc], usage({ draft_invoice_fees: drafts, current_usage_fees: [fee("charge", 300, { metric_code: "total_sum" })] }), T0);
    expect(view(r.accounts[0]!.wallet)).toEqual([900n, 100n, "1"]);
  });
});

describe("vector wallets/balance/each-wallet-one-metric", () => {
  it("each metric's usage goes to its own wallet; every ongoing balance is 0", () => {
    const ms = ["storage", "seats", "api", "sms"];
    const accounts = ms.map((m, i) => funded(wallet({ priority: i + 1, billable_metric_codes: [m] }), String(10 * (i + 1))));
    const fees = ms.map((m, i) => fee("charge", 1000 * (i + 1), { metric_code: m }));
    const r = refreshOngoingBalances(accounts, usage({ current_usage_fees: fees }), T0);
    expect(r.accounts.map((a) => view(a.wallet))).toEqual([[1000n, 0n, "0"], [2000n, 0n, "0"], [3000n, 0n, "0"], [4000n, 0n, "0"]]);
    expect(r.depleted).toHaveLength(4);
  });
});

describe("allocation rules", () => {
  it("a wallet takes up to its balance; the last eligible one absorbs the rest and goes negative", () => {
    const a = funded(wallet({ priority: 1 }), "3");
    const b = funded(wallet({ priority: 2 }), "1");
    const r = refreshOngoingBalances([a, b], usage({ current_usage_fees: [fee("subscription", 500, { taxes_amount_cents: 100n })] }), T0);
    expect(r.accounts.map((x) => view(x.wallet))).toEqual([[300n, 0n, "0"], [300n, -200n, "-2"]]);
  });

  it("a wallet with an active threshold rule absorbs everything", () => {
    const rule = { trigger: "threshold", status: "active", expiration_at: null } as unknown as RecurringTransactionRule;
    const a = funded(wallet({ priority: 1, recurring_transaction_rules: [rule] }), "3");
    const b = funded(wallet({ priority: 2 }), "10");
    const r = refreshOngoingBalances([a, b], usage({ current_usage_fees: [fee("subscription", 500)] }), T0);
    expect(r.accounts.map((x) => x.wallet.ongoing_usage_balance_cents)).toEqual([500n, 0n]);
  });

  it("billed amounts net out: progressive invoices and paid-in-advance fees lower the pool and the budget", () => {
    const acc = funded(wallet(), "100");
    const r = refreshOngoingBalances([acc], usage({
      current_usage_fees: [fee("charge", 1000, { metric_code: "a" }), fee("charge", 400, { metric_code: "b" })],
      progressive_billing_fees: [fee("charge", 600, { metric_code: "a", precise_coupons_amount_cents: dec("100") })],
      pay_in_advance_fees: [fee("charge", 700, { metric_code: "b" })],
    }), T0);
    // a: 1000 − 500 = 500; b: 400 − 700 = −300 → budget 200.
    expect(r.accounts[0]!.wallet.ongoing_usage_balance_cents).toBe(200n);
  });

  it("restricted wallets only cover their keys; other currencies and terminated wallets are left alone", () => {
    const charge = funded(wallet({ allowed_fee_types: ["charge"] }), "10");
    const usd = funded(wallet({ currency: "USD" }), "10");
    const r = refreshOngoingBalances([charge, usd], usage({ current_usage_fees: [fee("subscription", 500)] }), T0);
    expect(r.accounts.map((x) => x.wallet.ongoing_usage_balance_cents)).toEqual([0n, 0n]);
    expect(r.accounts[0]!.wallet.ongoing_balance_cents).toBe(1000n);
  });

  it("fractions of the draft coupons truncate into the integer column; depleted flips back when positive", () => {
    const acc = funded(wallet({ depleted_ongoing_balance: true }), "10");
    const r = refreshOngoingBalances([acc], usage({ draft_invoice_fees: [fee("subscription", 300, { precise_coupons_amount_cents: dec("0.5") })] }), T0);
    expect(r.accounts[0]!.wallet.ongoing_usage_balance_cents).toBe(299n);
    expect(r.accounts[0]!.wallet.depleted_ongoing_balance).toBe(false);
    expect(r.depleted).toEqual([]);
  });
});

describe("vector events_targeting_wallets/pricing-group-keys-and-target-wallet", () => {
  it("targeted usage goes only to the named wallet (12500 and 10000)", () => {
    const w1 = funded(wallet({ code: "wallet_1" }), "200");
    const w2 = funded(wallet({ code: "wallet_2" }), "250");
    const fees = [
      fee("charge", 5000, { metric_code: "value_sum", target_wallet_code: "wallet_1" }),
      fee("charge", 7500, { metric_code: "value_sum", target_wallet_code: "wallet_1" }),
      fee("charge", 10000, { metric_code: "value_sum", target_wallet_code: "wallet_2" }),
    ];
    const r = refreshOngoingBalances([w1, w2], usage({ current_usage_fees: fees }), T0);
    expect(r.accounts.map((a) => a.wallet.ongoing_usage_balance_cents)).toEqual([12500n, 10000n]);
  });
});
