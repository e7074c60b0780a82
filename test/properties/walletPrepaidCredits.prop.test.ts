/**
 * Laws of prepaid credits (invoice.md §9): wallets never go below 0, never pay more than
 * the invoice, money moves exactly from balances to the invoice, restricted wallets only
 * pay what they may, and traced consumption adds up.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZERO, dec, fromScaledBigInt } from "../../src/core/decimal.js";
import { applyPrepaidCredits } from "../../src/invoice/wallet/walletPrepaidCredits.js";
import type { PrepaidCreditFee } from "../../src/invoice/wallet/walletBuckets.js";
import type { WalletAccount } from "../../src/invoice/wallet/walletTypes.js";
import { T0, funded, wallet, wfee } from "../unit/invoice/walletFixtures.js";

const METRICS = ["a", "b", "c"];

const feeArb: fc.Arbitrary<PrepaidCreditFee> = fc
  .record({
    type: fc.constantFrom("subscription" as const, "charge" as const, "commitment" as const),
    metric: fc.constantFrom(...METRICS),
    amount: fc.integer({ min: 0, max: 50_000 }),
    couponShare: fc.integer({ min: 0, max: 100 }),
    cnShare: fc.integer({ min: 0, max: 120 }),
    tax: fc.bigInt({ min: 0n, max: 10_000_000n }),
  })
  .map(({ type, metric, amount, couponShare, cnShare, tax }) => {
    const coupons = fromScaledBigInt(BigInt(amount) * BigInt(couponShare) * 1000n / 100n, 3);
    const cn = fromScaledBigInt(BigInt(amount) * BigInt(cnShare) * 1000n / 100n, 3);
    return wfee(type, amount, {
      ...(type === "charge" ? { metric } : {}),
      coupons: coupons.toString(),
      creditNotes: cn.toString(),
      taxesPrecise: fromScaledBigInt(tax, 4).toString(),
    });
  });

const walletArb: fc.Arbitrary<WalletAccount> = fc
  .record({
    credits: fc.integer({ min: 0, max: 100_000 }),
    rate: fc.constantFrom("1", "0.5", "2", "0.01", "3"),
    priority: fc.integer({ min: 1, max: 50 }),
    restriction: fc.constantFrom("none", "charge", "subscription", "metric_a", "metric_b"),
    traceable: fc.boolean(),
    paidShare: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ credits, rate, priority, restriction, traceable, paidShare }) => {
    const w = wallet({
      rate_amount: dec(rate),
      priority,
      traceable,
      allowed_fee_types: restriction === "charge" || restriction === "subscription" ? [restriction] : [],
      billable_metric_codes: restriction.startsWith("metric_") ? [restriction.slice(7)] : [],
    });
    const paid = Math.floor((credits * paidShare) / 100);
    return funded(w, String(credits - paid), String(paid));
  });

const inputArb = fc.record({
  fees: fc.array(feeArb, { maxLength: 8 }),
  accounts: fc.array(walletArb, { maxLength: 5 }),
  extra: fc.integer({ min: -5, max: 5 }),
});

const capsTotal = (fees: readonly PrepaidCreditFee[]): bigint => {
  let s = ZERO;
  for (const f of fees) {
    const rem = dec(f.fee.amount_cents).minus(f.fee.precise_coupons_amount_cents);
    const cap = rem.plus(f.taxes_precise_amount_cents ?? ZERO).minus(f.fee.precise_credit_notes_amount_cents);
    if (!rem.eq(ZERO) && cap.gt(ZERO)) s = s.plus(cap);
  }
  return BigInt(s.round(0, 0).toFixed());
};

describe("prepaid credits laws", () => {
  it("balances stay ≥ 0; 0 ≤ paid ≤ total; each wallet loses exactly its transaction", () => {
    fc.assert(
      fc.property(inputArb, ({ fees, accounts, extra }) => {
        const total = capsTotal(fees) + BigInt(extra);
        const r = applyPrepaidCredits({ svc_invoice_id: "i", currency: "EUR", total_amount_cents: total, fees, accounts, at: T0 });
        expect(r.prepaid_credit_amount_cents).toBeGreaterThanOrEqual(0n);
        if (total > 0n) expect(r.prepaid_credit_amount_cents).toBeLessThanOrEqual(total);
        else expect(r.prepaid_credit_amount_cents).toBe(0n);
        expect(r.total_amount_cents).toBe(total - r.prepaid_credit_amount_cents);
        let sum = 0n;
        r.accounts.forEach((a, i) => {
          const before = accounts[i]!.wallet.balance_cents;
          expect(a.wallet.balance_cents).toBeGreaterThanOrEqual(0n);
          const out = a.transactions.slice(accounts[i]!.transactions.length);
          expect(out.length).toBeLessThanOrEqual(1);
          const taken = out.reduce((s, t) => s + t.amount_cents, 0n);
          expect(before - a.wallet.balance_cents).toBe(taken);
          expect(a.wallet.consumed_amount_cents).toBe(taken);
          for (const t of out) expect(t.amount_cents).toBeGreaterThan(0n);
          sum += taken;
        });
        expect(sum).toBe(r.prepaid_credit_amount_cents);
      }),
      { numRuns: 300 },
    );
  });

  it("a wallet restricted to a metric with no fee of it pays nothing", () => {
    fc.assert(
      fc.property(fc.array(feeArb, { maxLength: 6 }), (fees) => {
        const others = fees.filter((f) => f.fee.metric_code !== "c");
        const acc = funded(wallet({ billable_metric_codes: ["c"] }), "1000");
        const r = applyPrepaidCredits({ svc_invoice_id: "i", currency: "EUR", total_amount_cents: capsTotal(others) + 1n, fees: others, accounts: [acc], at: T0 });
        expect(r.prepaid_credit_amount_cents).toBe(0n);
      }),
    );
  });

  it("one unrestricted wallet with enough balance pays a whole invoice whose caps add up to its total", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 2_000 })), { minLength: 1, maxLength: 6 }), (xs) => {
        const fees = xs.map(([amount, tax], i) => wfee("charge", amount, { metric: `m${i}`, taxesPrecise: String(tax) }));
        const total = xs.reduce((s, [a, t]) => s + BigInt(a + t), 0n);
        const r = applyPrepaidCredits({ svc_invoice_id: "i", currency: "EUR", total_amount_cents: total, fees, accounts: [funded(wallet(), "1000000")], at: T0 });
        expect(r.prepaid_credit_amount_cents).toBe(total);
        expect(r.total_amount_cents).toBe(0n);
      }),
    );
  });

  it("traced consumption: granted + purchased = paid when every wallet is traceable", () => {
    fc.assert(
      fc.property(inputArb, ({ fees, accounts, extra }) => {
        const traced = accounts.map((a) => funded(wallet({ ...a.wallet, traceable: true, balance_cents: 0n, credits_balance: ZERO }), a.wallet.credits_balance.toString()));
        const total = capsTotal(fees) + BigInt(extra);
        const r = applyPrepaidCredits({ svc_invoice_id: "i", currency: "EUR", total_amount_cents: total, fees, accounts: traced, at: T0 });
        const g = r.prepaid_granted_credit_amount_cents ?? 0n;
        const p = r.prepaid_purchased_credit_amount_cents ?? 0n;
        expect(g + p).toBe(traced.length === 0 ? 0n : r.prepaid_credit_amount_cents);
        for (const a of r.accounts) {
          const remaining = a.transactions.reduce((s, t) => s + (t.remaining_amount_cents ?? 0n), 0n);
          expect(remaining).toBe(a.wallet.balance_cents);
        }
      }),
      { numRuns: 200 },
    );
  });
});
