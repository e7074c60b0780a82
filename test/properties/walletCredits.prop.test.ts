/**
 * Laws of wallet credits (invoice.md §11.2–§11.5): credits ⇄ cents round trips, a grant
 * voided in full leaves nothing, ongoing allocations never exceed what non-absorbing
 * wallets hold.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CurrencyCode } from "../../src/core/currency.js";
import { ZERO, dec, fromScaledBigInt } from "../../src/core/decimal.js";
import { unwrap } from "../../src/core/issue.js";
import { subunitToUnit } from "../../src/core/money.js";
import { centsToCredits, creditsToMoney } from "../../src/invoice/wallet/walletCredit.js";
import { type OngoingFee, refreshOngoingBalances } from "../../src/invoice/wallet/walletOngoing.js";
import { walletTopUp } from "../../src/invoice/wallet/walletTopUp.js";
import { T0, funded, wallet } from "../unit/invoice/walletFixtures.js";

const currencyArb = fc.constantFrom<CurrencyCode>("EUR", "JPY", "CLF", "USD");
/** Rates from 0.001 to 10 with up to 3 decimals. */
const rateArb = fc.integer({ min: 1, max: 10_000 }).map((n) => fromScaledBigInt(BigInt(n), 3));
const centsArb = fc.bigInt({ min: 0n, max: 10n ** 12n });
const creditsArb = fc.bigInt({ min: 0n, max: 10n ** 14n }).map((n) => fromScaledBigInt(n, 5));

describe("credits ⇄ cents", () => {
  it("cents → credits → cents gives the cents back (rate ≤ 10)", () => {
    fc.assert(
      fc.property(centsArb, rateArb, currencyArb, (cents, rate, cur) => {
        const c = centsToCredits(cents, rate, cur);
        expect(creditsToMoney(c.credit_amount, rate, cur, false).amount_cents).toBe(cents);
        expect(c.amount.times(subunitToUnit(cur)).eq(dec(cents))).toBe(true);
      }),
    );
  });

  it("a purchase counts whole minor units: its credits convert back to the same amount", () => {
    fc.assert(
      fc.property(creditsArb, rateArb, currencyArb, (credits, rate, cur) => {
        const v = creditsToMoney(credits, rate, cur, true);
        const again = creditsToMoney(v.credit_amount, rate, cur, true);
        expect(again.amount_cents).toBe(v.amount_cents);
        expect(v.amount.times(subunitToUnit(cur)).eq(dec(v.amount_cents))).toBe(true);
        // |amount − credits × rate| ≤ half a minor unit
        expect(v.amount.minus(credits.times(rate)).abs().times(subunitToUnit(cur)).lte(dec("0.5"))).toBe(true);
      }),
    );
  });

  it("a grant voided in full leaves a zero balance, and the void never exceeds it", () => {
    fc.assert(
      fc.property(creditsArb.filter((c) => c.gt(ZERO)), rateArb, currencyArb, (credits, rate, cur) => {
        const made = walletTopUp({ wallet: wallet({ rate_amount: rate, currency: cur }), transactions: [] }, { paid_credits: null, granted_credits: credits, voided_credits: null }, T0);
        if (!made.ok) {
          // only a grant worth less than half a minor unit is refused
          expect(made.issues.map((i) => i.code)).toEqual(["amount_rounds_to_zero"]);
          return;
        }
        const start = made.value;
        const w = start.account.wallet;
        const r = unwrap(walletTopUp(start.account, { paid_credits: null, granted_credits: null, voided_credits: w.credits_balance }, T0));
        expect(r.account.wallet.balance_cents).toBe(0n);
        expect(r.account.wallet.credits_balance.eq(ZERO)).toBe(true);
      }),
    );
  });
});

describe("ongoing balance", () => {
  const feeArb = fc.record({
    type: fc.constantFrom("subscription", "charge"),
    metric: fc.constantFrom("a", "b"),
    amount: fc.integer({ min: 0, max: 10_000 }),
    tax: fc.integer({ min: 0, max: 2_000 }),
  }).map((f): OngoingFee => ({ fee_type: f.type, metric_code: f.type === "charge" ? f.metric : null, currency: "EUR", amount_cents: BigInt(f.amount), taxes_amount_cents: BigInt(f.tax) }));

  it("unrestricted wallets share exactly the usage; only the last one may go negative", () => {
    fc.assert(
      fc.property(fc.array(feeArb, { maxLength: 6 }), fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 4 }), (fees, credits) => {
        const accounts = credits.map((c, i) => funded(wallet({ priority: i + 1 }), String(c)));
        const r = refreshOngoingBalances(accounts, { current_usage_fees: fees, draft_invoice_fees: [], progressive_billing_fees: [], pay_in_advance_fees: [] }, T0);
        const used = r.accounts.reduce((s, a) => s + a.wallet.ongoing_usage_balance_cents, 0n);
        expect(used).toBe(fees.reduce((s, f) => s + f.amount_cents + f.taxes_amount_cents, 0n));
        r.accounts.forEach((a, i) => {
          expect(a.wallet.ongoing_usage_balance_cents).toBeGreaterThanOrEqual(0n);
          expect(a.wallet.ongoing_balance_cents).toBe(a.wallet.balance_cents - a.wallet.ongoing_usage_balance_cents);
          if (i < r.accounts.length - 1) expect(a.wallet.ongoing_balance_cents).toBeGreaterThanOrEqual(0n);
          expect(a.wallet.depleted_ongoing_balance).toBe(a.wallet.ongoing_balance_cents <= 0n);
        });
      }),
    );
  });
});
