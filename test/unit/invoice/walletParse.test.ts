/**
 * The `create_wallet`, `update_wallet`, `create_wallet_transaction` and `terminate_wallet`
 * steps (invoice.md §11.1, §11.3, §11.6 rules' shape).
 */
import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { type Result, toErrorDetails, unwrap } from "../../../src/core/issue.js";
import { type CreateWalletContext, parseCreateWallet } from "../../../src/invoice/wallet/walletCreate.js";
import { parseCreateWalletTransaction } from "../../../src/invoice/wallet/walletTransactionCreate.js";
import { parseUpdateWallet, terminateWallet } from "../../../src/invoice/wallet/walletUpdate.js";
import { T0, at, wallet } from "./walletFixtures.js";

const ctx = (over: Partial<CreateWalletContext> = {}): CreateWalletContext => ({
  at: T0,
  customer: { svc_id: "cus_1", external_id: "c1", currency: "EUR" },
  customer_wallets: [],
  wallet_index: 0,
  metric_codes: new Set(["count_1", "count_2"]),
  ...over,
});
const details = <T>(r: Result<T>) => (r.ok ? {} : toErrorDetails(r.issues));
const body = { external_customer_id: "c1", rate_amount: "1", currency: "EUR" };

describe("parseCreateWallet", () => {
  it("vector limited-to-billable-metrics: granted 39.00 → balance 3900, one settled granted inbound", () => {
    const r = unwrap(parseCreateWallet({ ...body, granted_credits: "39.00", invoice_requires_successful_payment: false, applies_to: { billable_metric_codes: ["count_1", "count_2"] } }, ctx()));
    expect(r.account.wallet).toMatchObject({ status: "active", balance_cents: 3900n, priority: 50, code: "default", billable_metric_codes: ["count_1", "count_2"], traceable: true, created_at: T0 });
    expect(toDecimalString(r.account.wallet.credits_balance)).toBe("39");
    expect(r.transactions.map((t) => [t.transaction_status, t.status, t.source, t.remaining_amount_cents])).toEqual([["granted", "settled", "manual", 3900n]]);
    expect(r.credit_invoices).toEqual([]);
  });

  it("paid and granted at creation: the purchase first (pending, one credit invoice), then the grant", () => {
    const r = unwrap(parseCreateWallet({ ...body, name: "My Wallet!", paid_credits: "20", granted_credits: "10", transaction_name: "Welcome" }, ctx()));
    expect(r.transactions.map((t) => [t.transaction_status, t.status, t.name])).toEqual([["purchased", "pending", "Welcome"], ["granted", "settled", "Welcome"]]);
    expect(r.account.wallet.balance_cents).toBe(1000n);
    expect(r.credit_invoices.map((c) => c.amount_cents)).toEqual([2000n]);
    expect(r.account.wallet.code).toBe("my_wallet");
  });

  it("a generated code an active wallet has takes the call's Unix seconds (the reference's rule); the id follows wallet_index", () => {
    const taken = [wallet({ code: "default" })];
    const r = unwrap(parseCreateWallet(body, ctx({ customer_wallets: taken })));
    expect(r.account.wallet.code).toBe(`default_${Math.floor(ctx().at / 1000)}`);
    expect(unwrap(parseCreateWallet(body, ctx())).account.wallet.code).toBe("default");
    expect(unwrap(parseCreateWallet(body, ctx())).account.wallet.svc_id).toBe(r.account.wallet.svc_id);
    expect(unwrap(parseCreateWallet(body, ctx({ wallet_index: 1 }))).account.wallet.svc_id).not.toBe(r.account.wallet.svc_id);
  });

  it("names every bad field with the service's codes", () => {
    const r = parseCreateWallet(
      {
        rate_amount: "0", currency: "USD", paid_credits: "-1", granted_credits: "abc", expiration_at: "2024-02-01T00:00:00Z", priority: 51,
        paid_top_up_min_amount_cents: 500, paid_top_up_max_amount_cents: 100, applies_to: { billable_metric_codes: ["nope"] }, code: "gold",
      },
      ctx({ customer_wallets: [wallet({ code: "gold" })] }),
    );
    expect(details(r)).toEqual({
      rate_amount: ["value_is_out_of_range"],
      currency: ["currencies_does_not_match"],
      paid_credits: ["invalid_paid_credits", "invalid_amount"],
      granted_credits: ["invalid_granted_credits", "invalid_amount"],
      expiration_at: ["invalid_date"],
      priority: ["value_is_invalid"],
      paid_top_up_max_amount_cents: ["must_be_greater_than_or_equal_min"],
      applies_to: ["invalid_limitations"],
      code: ["value_already_exist"],
    });
  });

  it("missing customer, rate and currency", () => {
    expect(details(parseCreateWallet({}, ctx({ customer: null })))).toEqual({
      customer: ["customer_not_found"], rate_amount: ["value_is_mandatory"], currency: ["value_is_mandatory"],
    });
  });

  it("recurring rules: at most one, each well formed", () => {
    const rule = { trigger: "threshold", threshold_credits: "5", paid_credits: "10" };
    expect(details(parseCreateWallet({ ...body, recurring_transaction_rules: [rule, rule] }, ctx()))).toEqual({ recurring_transaction_rules: ["invalid_number_of_recurring_rules"] });
    for (const bad of [{ trigger: "interval" }, { trigger: "threshold" }, { trigger: "daily" }, { trigger: "interval", interval: "monthly", method: "target" }, { ...rule, method: "target", target_ongoing_balance: "4" }]) {
      expect(details(parseCreateWallet({ ...body, recurring_transaction_rules: [bad] }, ctx()))).toEqual({ recurring_transaction_rules: ["invalid_recurring_rule"] });
    }
    const ok = unwrap(parseCreateWallet({ ...body, recurring_transaction_rules: [{ ...rule, paid_credits: "10.123456" }] }, ctx()));
    expect(ok.account.wallet.recurring_transaction_rules[0]).toMatchObject({ trigger: "threshold", method: "fixed", status: "active", created_at: T0 });
    expect(toDecimalString(ok.account.wallet.recurring_transaction_rules[0]!.paid_credits)).toBe("10.12345");
  });

  it("a customer without currency takes the wallet's; the top-up's own refusals refuse the creation", () => {
    expect(unwrap(parseCreateWallet({ ...body, currency: "USD" }, ctx({ customer: { svc_id: "c", external_id: "c1", currency: null } }))).account.wallet.currency).toBe("USD");
    expect(details(parseCreateWallet({ ...body, paid_credits: "1", paid_top_up_min_amount_cents: 500 }, ctx()))).toEqual({ paid_credits: ["amount_below_minimum"] });
  });
});

describe("parseUpdateWallet / terminateWallet", () => {
  const w = wallet({ code: "main", priority: 50 });
  const uctx = { at: T0, metric_codes: new Set(["m"]), customer_wallets: [w, wallet({ code: "other" })] };

  it("changes only the fields sent", () => {
    const u = unwrap(parseUpdateWallet({ priority: 3, applies_to: { fee_types: ["charge"] }, name: "N" }, w, uctx));
    expect(u).toMatchObject({ priority: 3, allowed_fee_types: ["charge"], name: "N", code: "main", rate_amount: w.rate_amount });
  });

  it("refuses bad fields and a terminated wallet", () => {
    expect(details(parseUpdateWallet({ code: "other", priority: 0, expiration_at: "2020-01-01", applies_to: { fee_types: ["tips"] } }, w, uctx))).toEqual({
      code: ["value_already_exist"], priority: ["value_is_invalid"], expiration_at: ["invalid_date"], allowed_fee_types: ["invalid_fee_types"],
    });
    expect(details(parseUpdateWallet({}, terminateWallet(w, T0), uctx))).toEqual({ wallet_id: ["wallet_is_terminated"] });
  });

  it("terminating stamps the instant and ends the rules; twice changes nothing", () => {
    const t = terminateWallet(w, at("2024-04-01T00:00:00Z"));
    expect(t).toMatchObject({ status: "terminated", terminated_at: at("2024-04-01T00:00:00Z") });
    expect(terminateWallet(t, T0)).toBe(t);
  });
});

describe("parseCreateWalletTransaction", () => {
  it("unknown wallet, bad amounts", () => {
    expect(details(parseCreateWalletTransaction({ paid_credits: "x", voided_credits: "-2" }, null, T0))).toEqual({
      wallet_id: ["wallet_not_found"], paid_credits: ["invalid_paid_credits", "invalid_amount"], voided_credits: ["invalid_voided_credits", "invalid_amount"],
    });
  });

  it("a grant with a name, metadata and priority", () => {
    const r = unwrap(parseCreateWalletTransaction({ granted_credits: "5", name: "Gift", priority: 3, metadata: [{ key: "k", value: "v" }] }, { wallet: wallet(), transactions: [] }, T0));
    expect(r.transactions[0]).toMatchObject({ name: "Gift", priority: 3, metadata: [{ key: "k", value: "v" }], source: "manual" });
    expect(r.account.wallet.balance_cents).toBe(500n);
  });
});
