/**
 * invoice.md §11.2–§11.4: credits ⇄ money, the transactions of one top-up call, settling
 * or failing a purchase, voids, balance counters.
 */
import { describe, expect, it } from "vitest";
import { dec, toDecimalString } from "../../../src/core/decimal.js";
import { unwrap } from "../../../src/core/issue.js";
import { centsToCredits, creditsToMoney, floorCredits } from "../../../src/invoice/wallet/walletCredit.js";
import { failPurchase, settlePurchase } from "../../../src/invoice/wallet/walletPurchase.js";
import { type WalletTransactionRequest, walletTopUp } from "../../../src/invoice/wallet/walletTopUp.js";
import type { WalletAccount } from "../../../src/invoice/wallet/walletTypes.js";
import { T0, at, funded, wallet } from "./walletFixtures.js";

const s = toDecimalString;
const req = (o: Partial<Record<"paid" | "granted" | "voided", string>>, extra: Partial<WalletTransactionRequest> = {}): WalletTransactionRequest => ({
  paid_credits: o.paid === undefined ? null : dec(o.paid),
  granted_credits: o.granted === undefined ? null : dec(o.granted),
  voided_credits: o.voided === undefined ? null : dec(o.voided),
  ...extra,
});
const empty = (over: Parameters<typeof wallet>[0] = {}): WalletAccount => ({ wallet: wallet(over), transactions: [] });

describe("§11.2 credits ⇄ cents", () => {
  it("[spec] rate 0.001, 1034 credits → amount 1.03, 103 cents, credit_amount 1030", () => {
    const v = creditsToMoney(dec("1034"), dec("0.001"), "EUR");
    expect([s(v.amount), v.amount_cents, s(v.credit_amount)]).toEqual(["1.03", 103n, "1030"]);
  });

  it("[spec] paid_credits 17.96999999… → 17.97 credits and a credit invoice of 1797", () => {
    const r = unwrap(walletTopUp(empty(), req({ paid: "17.96999999999999" }), T0));
    expect(s(r.transactions[0]!.credit_amount)).toBe("17.97");
    expect(r.credit_invoices[0]!.amount_cents).toBe(1797n);
  });

  it("input credits are floored to 5 decimals", () => {
    expect(s(floorCredits(dec("14.28444999")))).toBe("14.28444");
  });

  it("granted and voided credits keep the credits asked for; purchases only whole cents", () => {
    const g = creditsToMoney(dec("10.005"), dec("1"), "EUR", false);
    expect([s(g.amount), g.amount_cents, s(g.credit_amount)]).toEqual(["10.01", 1001n, "10.005"]);
    const p = creditsToMoney(dec("10.005"), dec("1"), "EUR", true);
    expect(s(p.credit_amount)).toBe("10.01");
  });

  it("a non-terminating credit amount is kept at 5 decimals (rate 3, 1.00 € → 0.33333)", () => {
    expect(s(centsToCredits(100n, dec("3"), "EUR").credit_amount)).toBe("0.33333");
  });

  it("JPY has no decimals: 7 credits at rate 1.5 → 10.5 → 11 yen", () => {
    const v = creditsToMoney(dec("7"), dec("1.5"), "JPY", false);
    expect([s(v.amount), v.amount_cents]).toEqual(["11", 11n]);
  });

  it("from cents with a 4-decimal currency: 23684 CLF cents at rate 0.2 → 2.3684 CLF, 11.842 credits", () => {
    const v = centsToCredits(23684n, dec("0.2"), "CLF");
    expect([s(v.amount), s(v.credit_amount)]).toEqual(["2.3684", "11.842"]);
  });
});

describe("§11.3 one call: purchase, then grant, then void", () => {
  it("a purchase is pending, credits nothing and asks for an untaxed credit invoice", () => {
    const r = unwrap(walletTopUp(empty({ rate_amount: dec("2") }), req({ paid: "10" }), T0));
    expect(r.transactions[0]).toMatchObject({ status: "pending", transaction_type: "inbound", transaction_status: "purchased", settled_at: null, remaining_amount_cents: null });
    expect(r.account.wallet.balance_cents).toBe(0n);
    expect(r.credit_invoices).toEqual([
      expect.objectContaining({ amount_cents: 2000n, currency: "EUR", svc_wallet_transaction_id: r.transactions[0]!.svc_id, invoice_requires_successful_payment: false }),
    ]);
    expect(s(r.credit_invoices[0]!.units)).toBe("10");
    expect(s(r.credit_invoices[0]!.unit_amount_cents)).toBe("200");
  });

  it("settling the purchase credits the wallet at payment time; a traceable inbound gets its remaining amount", () => {
    const r = unwrap(walletTopUp(empty({ traceable: true }), req({ paid: "10" }), T0));
    const paidAt = at("2024-03-05T00:00:00Z");
    const a = settlePurchase(r.account, r.transactions[0]!.svc_id, paidAt);
    expect(a.wallet.balance_cents).toBe(1000n);
    expect(s(a.wallet.credits_balance)).toBe("10");
    expect(a.transactions[0]).toMatchObject({ status: "settled", settled_at: paidAt, remaining_amount_cents: 1000n });
    expect(settlePurchase(a, r.transactions[0]!.svc_id, paidAt)).toBe(a);
  });

  it("a failed payment fails the purchase and credits nothing", () => {
    const r = unwrap(walletTopUp(empty(), req({ paid: "10" }), T0));
    const a = failPurchase(r.account, r.transactions[0]!.svc_id, at("2024-03-02T00:00:00Z"));
    expect(a.transactions[0]!.status).toBe("failed");
    expect(a.wallet.balance_cents).toBe(0n);
  });

  it("a grant is settled at once; order purchased → granted → voided; zero amounts create nothing", () => {
    const start = funded(wallet(), "5");
    const r = unwrap(walletTopUp(start, req({ paid: "1", granted: "2", voided: "3" }), T0));
    expect(r.transactions.map((t) => t.transaction_status)).toEqual(["purchased", "granted", "voided"]);
    expect(r.transactions.map((t) => t.status)).toEqual(["pending", "settled", "settled"]);
    expect(r.account.wallet.balance_cents).toBe(400n);
    expect(unwrap(walletTopUp(start, req({ paid: "0", granted: "0.000001" }), T0)).transactions).toEqual([]);
  });

  it("purchase flag: the call's value when it gives one, otherwise the wallet's (§11.3)", () => {
    const forced = unwrap(walletTopUp(empty(), req({ paid: "1" }, { invoice_requires_successful_payment: true }), T0));
    const declined = unwrap(walletTopUp(empty({ invoice_requires_successful_payment: true }), req({ paid: "1" }, { invoice_requires_successful_payment: false }), T0));
    const inherited = unwrap(walletTopUp(empty({ invoice_requires_successful_payment: true }), req({ paid: "1" }), T0));
    expect([forced, declined, inherited].map((r) => r.transactions[0]!.invoice_requires_successful_payment)).toEqual([true, false, true]);
  });

  it("ids are deterministic and distinct along the ledger", () => {
    const a = unwrap(walletTopUp(empty(), req({ granted: "1" }), T0));
    const b = unwrap(walletTopUp(a.account, req({ granted: "1" }), T0));
    expect(b.transactions[0]!.svc_id).not.toBe(a.transactions[0]!.svc_id);
    expect(unwrap(walletTopUp({ wallet: a.account.wallet, transactions: [] }, req({ granted: "1" }), T0)).transactions[0]!.svc_id).toBe(a.transactions[0]!.svc_id);
  });
});

describe("voids (vector voiding_wallet_credits/void-credits)", () => {
  it("voiding 14.28444999 of 100 granted: 14.28 € / 14.28444 credits; balance 8572, credits 85.71556", () => {
    const r = unwrap(walletTopUp(funded(wallet(), "100"), req({ voided: "14.28444999" }), T0));
    expect(r.transactions.map((t) => [t.status, t.transaction_status, t.transaction_type, s(t.amount), s(t.credit_amount)])).toEqual([
      ["settled", "voided", "outbound", "14.28", "14.28444"],
    ]);
    expect(r.account.wallet.balance_cents).toBe(8572n);
    expect(s(r.account.wallet.credits_balance)).toBe("85.71556");
    expect(s(r.account.wallet.consumed_credits)).toBe("14.28444");
  });

  it("a traceable void lowers the inbound remainders", () => {
    const r = unwrap(walletTopUp(funded(wallet({ traceable: true }), "10"), req({ voided: "4" }), T0));
    expect(r.account.transactions[0]!.remaining_amount_cents).toBe(600n);
  });
});

describe("refusals", () => {
  const codes = (r: ReturnType<typeof walletTopUp>) => (r.ok ? [] : r.issues.map((i) => `${i.path.join(".")}:${i.code}`));

  it("paid top-up limits, unless ignored", () => {
    const w = empty({ paid_top_up_min_amount_cents: 500n, paid_top_up_max_amount_cents: 1000n });
    expect(codes(walletTopUp(w, req({ paid: "4.99" }), T0))).toEqual(["paid_credits:amount_below_minimum"]);
    expect(codes(walletTopUp(w, req({ paid: "10.01" }), T0))).toEqual(["paid_credits:amount_above_maximum"]);
    expect(codes(walletTopUp(w, req({ paid: "10" }), T0))).toEqual([]);
    expect(codes(walletTopUp(w, req({ paid: "20" }, { ignore_paid_top_up_limits: true }), T0))).toEqual([]);
  });

  it("[spec] rate 0.01, 0.4 credits rounds to 0 cents → amount_rounds_to_zero", () => {
    expect(codes(walletTopUp(empty({ rate_amount: dec("0.01") }), req({ paid: "0.4" }), T0))).toEqual(["paid_credits:amount_rounds_to_zero"]);
    expect(codes(walletTopUp(empty({ rate_amount: dec("0.01") }), req({ granted: "0.4" }), T0))).toEqual(["granted_credits:amount_rounds_to_zero"]);
  });

  it("voiding more than the credits balance; a terminated wallet", () => {
    expect(codes(walletTopUp(funded(wallet(), "1"), req({ voided: "1.000001" }), T0))).toEqual(["voided_credits:insufficient_credits"]);
    expect(codes(walletTopUp(empty({ status: "terminated" }), req({ granted: "1" }), T0))).toEqual(["wallet_id:wallet_is_terminated"]);
  });
});

describe("§11.3 a void of one grant (voided_transaction_id, traceable wallets)", () => {
  const twoGrants = (): WalletAccount => {
    const first = funded(wallet({ traceable: true }), "10");
    return unwrap(walletTopUp(first, req({ granted: "20" }), T0)).account;
  };

  it("takes from the named grant only: its whole remainder without voided_credits, else the credits asked", () => {
    const acc = twoGrants();
    const [a, b] = acc.transactions;
    const whole = unwrap(walletTopUp(acc, req({}, { voided_transaction_id: b!.svc_id }), T0));
    expect(whole.transactions.map((t) => [t.transaction_status, t.amount_cents])).toEqual([["voided", 2000n]]);
    expect(whole.account.transactions.slice(0, 2).map((t) => t.remaining_amount_cents)).toEqual([1000n, 0n]);
    const part = unwrap(walletTopUp(acc, req({ voided: "4" }, { voided_transaction_id: a!.svc_id }), T0));
    expect(part.account.transactions.slice(0, 2).map((t) => t.remaining_amount_cents)).toEqual([600n, 2000n]);
    expect(s(part.account.wallet.credits_balance)).toBe("26");
  });

  it("refuses more than is left of the grant (amount_cents: exceeds_remaining_transaction_amount), changing nothing", () => {
    const acc = twoGrants();
    const r = walletTopUp(acc, req({ voided: "11" }, { voided_transaction_id: acc.transactions[0]!.svc_id }), T0);
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["exceeds_remaining_transaction_amount", ["amount_cents"]]]);
  });
});
