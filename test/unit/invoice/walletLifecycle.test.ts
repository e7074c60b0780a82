/**
 * invoice.md §16 (void re-credit), §9 (expiry at the next hh:45) and the API shapes.
 */
import { describe, expect, it } from "vitest";
import { toDecimalString } from "../../../src/core/decimal.js";
import { applyPrepaidCredits } from "../../../src/invoice/wallet/walletPrepaidCredits.js";
import { walletExpiryInstant } from "../../../src/invoice/wallet/walletExpiry.js";
import { walletJson, walletTransactionJson } from "../../../src/invoice/wallet/walletJson.js";
import { recreditVoidedInvoice } from "../../../src/invoice/wallet/walletVoidInvoice.js";
import { voidWalletCents, voidWalletCredits } from "../../../src/invoice/wallet/walletVoid.js";
import { dueIntervalTopUps, dueThresholdTopUp } from "../../../src/invoice/wallet/walletRecurring.js";
import { walletBuckets } from "../../../src/invoice/wallet/walletBuckets.js";
import { terminateWallet } from "../../../src/invoice/wallet/walletUpdate.js";
import { T0, at, d, funded, wallet, wfee } from "./walletFixtures.js";

const paidInvoice = (traceable = false) => {
  const acc = funded(wallet({ rate_amount: d("0.5"), traceable }), "100");
  const r = applyPrepaidCredits({ svc_invoice_id: "inv_9", currency: "EUR", total_amount_cents: 1234n, fees: [wfee("subscription", 1234)], accounts: [acc], at: T0 });
  return r.accounts[0]!;
};

describe("§16 re-credit of a voided invoice", () => {
  it("one granted inbound of the outbound's credits, naming the invoice; consumed counters go back", () => {
    const acc = paidInvoice();
    expect([acc.wallet.balance_cents, toDecimalString(acc.wallet.consumed_credits)]).toEqual([3766n, "24.68"]);
    const r = recreditVoidedInvoice(acc, "inv_9", at("2024-03-10T00:00:00Z"));
    expect(r.transactions.map((t) => [t.transaction_status, t.status, toDecimalString(t.credit_amount), t.amount_cents, t.svc_voided_invoice_id])).toEqual([
      ["granted", "settled", "24.68", 1234n, "inv_9"],
    ]);
    expect([r.account.wallet.balance_cents, toDecimalString(r.account.wallet.consumed_credits), r.account.wallet.consumed_amount_cents]).toEqual([5000n, "0", 0n]);
    expect(recreditVoidedInvoice(r.account, "inv_9", T0).transactions).toEqual([]);
  });

  it("nothing for a terminated wallet or another invoice", () => {
    const acc = paidInvoice();
    expect(recreditVoidedInvoice({ ...acc, wallet: terminateWallet(acc.wallet, T0) }, "inv_9", T0).transactions).toEqual([]);
    expect(recreditVoidedInvoice(acc, "inv_other", T0).transactions).toEqual([]);
  });
});

describe("expiry", () => {
  it("the first hh:45:00 at or after expiration_at truncated to the second", () => {
    const exp = (iso: string | null) => walletExpiryInstant(wallet({ expiration_at: iso === null ? null : at(iso) }));
    expect(exp(null)).toBeNull();
    expect(exp("2024-03-05T10:20:00Z")).toBe(at("2024-03-05T10:45:00Z"));
    expect(exp("2024-03-05T10:45:00.900Z")).toBe(at("2024-03-05T10:45:00Z"));
    expect(exp("2024-03-05T10:45:01Z")).toBe(at("2024-03-05T11:45:00Z"));
  });
});

describe("API shapes", () => {
  it("wallet: decimals as strings, cents as numbers, applies_to", () => {
    const acc = paidInvoice(true);
    const j = walletJson(acc.wallet);
    expect(j).toMatchObject({ status: "active", rate_amount: "0.5", credits_balance: "75.32", balance_cents: 3766, consumed_amount_cents: 1234, applies_to: { fee_types: [], billable_metric_codes: [] }, created_at: "2024-03-01T00:00:00Z", expiration_at: null });
  });

  it("transactions: remaining credit amount from the remaining cents; null when untraced", () => {
    const acc = paidInvoice(true);
    const [inbound, outbound] = acc.transactions.map((t) => walletTransactionJson(t, acc.wallet));
    expect(inbound).toMatchObject({ transaction_type: "inbound", amount: "50", credit_amount: "100", remaining_amount_cents: 3766, remaining_credit_amount: "75.32" });
    expect(outbound).toMatchObject({ transaction_type: "outbound", amount: "12.34", credit_amount: "24.68", remaining_amount_cents: null, remaining_credit_amount: null, settled_at: "2024-03-01T00:00:00Z" });
  });
});

describe("voids in minor units (credit note refunding a credit invoice)", () => {
  it("voids the named inbound first on a traceable wallet", () => {
    const base = funded(wallet({ traceable: true }), "10", "30");
    const purchase = base.transactions.find((t) => t.transaction_status === "purchased")!;
    const r = voidWalletCents(base, 2000n, T0, { svc_inbound_transaction_id: purchase.svc_id, svc_credit_note_id: "cn_1" });
    expect(r.transaction).toMatchObject({ transaction_status: "voided", transaction_type: "outbound", amount_cents: 2000n, svc_credit_note_id: "cn_1" });
    expect(r.account.transactions.map((t) => t.remaining_amount_cents)).toEqual([1000n, 1000n, null]);
    expect(r.account.wallet.balance_cents).toBe(2000n);
  });

  it("zero voids nothing; credits are floored", () => {
    const base = funded(wallet(), "10");
    expect(voidWalletCredits(base, d("0.000001"), T0).transaction).toBeNull();
    expect(toDecimalString(voidWalletCredits(base, d("1.123456"), T0).transaction!.credit_amount)).toBe("1.12345");
  });
});

describe("due top-ups", () => {
  const thresholdRule = {
    svc_id: "r", trigger: "threshold", method: "fixed", interval: null, threshold_credits: d("5"), paid_credits: d("0"), granted_credits: d("10"),
    target_ongoing_balance: null, grants_target_top_up: false, started_at: null, created_at: T0, expiration_at: null, status: "active",
    invoice_requires_successful_payment: false, ignore_paid_top_up_limits: false, transaction_name: null, transaction_metadata: [],
  } as const;

  it("a threshold rule fires once the ongoing balance is at or below it; not after it expired", () => {
    const acc = funded(wallet({ recurring_transaction_rules: [thresholdRule] }), "10");
    const low = { ...acc, wallet: { ...acc.wallet, credits_ongoing_balance: d("5") } };
    expect(dueThresholdTopUp({ ...acc, wallet: { ...acc.wallet, credits_ongoing_balance: d("5.00001") } }, T0)).toBeNull();
    expect(dueThresholdTopUp(low, T0)).toMatchObject({ source: "threshold" });
    expect(toDecimalString(dueThresholdTopUp(low, T0)!.granted_credits!)).toBe("10");
    const expired = { ...low, wallet: { ...low.wallet, recurring_transaction_rules: [{ ...thresholdRule, expiration_at: T0 }] } };
    expect(dueThresholdTopUp(expired, T0)).toBeNull();
  });

  it("interval rules on their anniversary day", () => {
    const rule = { ...thresholdRule, trigger: "interval" as const, interval: "monthly" as const, threshold_credits: null };
    const acc = funded(wallet({ recurring_transaction_rules: [rule] }), "10");
    expect(dueIntervalTopUps(acc, at("2024-04-01T08:00:00Z")).map((r) => r.source)).toEqual(["interval"]);
    expect(dueIntervalTopUps(acc, at("2024-04-02T08:00:00Z"))).toEqual([]);
    expect(dueIntervalTopUps(acc, T0)).toEqual([]);
  });
});

describe("bucket taxes computed from the fee's taxes when not given", () => {
  it("a 20 % tax on a 1000 fee makes a 1200 bucket", () => {
    const f = wfee("subscription", 1000);
    const taxed = { fee: { ...f.fee, taxes: [{ svc_id: "t", code: "vat", name: "VAT", rate: d("20") }] } };
    expect(walletBuckets([taxed], 1200n).map((b) => toDecimalString(b.amount))).toEqual(["1200"]);
  });
});
