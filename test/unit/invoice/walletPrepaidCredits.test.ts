/**
 * invoice.md §9: prepaid credits on an invoice — the [spec] cases, the edge cases and
 * the wallet parts of worked examples A and C (§18).
 */
import { describe, expect, it } from "vitest";
import { dec as d2, toDecimalString } from "../../../src/core/decimal.js";
import { type PrepaidCreditsInput, applyPrepaidCredits } from "../../../src/invoice/wallet/walletPrepaidCredits.js";
import type { WalletAccount } from "../../../src/invoice/wallet/walletTypes.js";
import { terminateWallet } from "../../../src/invoice/wallet/walletUpdate.js";
import { T0, funded, wallet, wfee } from "./walletFixtures.js";

const run = (total: number, fees: PrepaidCreditsInput["fees"], accounts: WalletAccount[], currency: PrepaidCreditsInput["currency"] = "EUR") =>
  applyPrepaidCredits({ svc_invoice_id: "inv_1", currency, total_amount_cents: BigInt(total), fees, accounts, at: T0 });

const takenBy = (r: ReturnType<typeof run>) => r.accounts.map((a) => a.wallet.consumed_amount_cents);

describe("[spec] allocate_prepaid_credits_by_wallets_service_spec", () => {
  it("six wallets of 10.00, three with priority 49: 1000/1000/1000/1000/550/600", () => {
    const mk = (priority: number, over: Parameters<typeof wallet>[0] = {}) => funded(wallet({ priority, ...over }), "10");
    const accounts = [
      mk(49), mk(49, { allowed_fee_types: ["charge"] }), mk(49, { allowed_fee_types: ["subscription"] }),
      mk(50), mk(50, { allowed_fee_types: ["charge"] }), mk(50, { allowed_fee_types: ["subscription"] }),
    ];
    const fees = [wfee("subscription", 3500, { taxesPrecise: "100" }), wfee("charge", 1500, { metric: "m", taxesPrecise: "50" })];
    const r = run(5150, fees, accounts);
    expect(takenBy(r)).toEqual([1000n, 1000n, 1000n, 1000n, 550n, 600n]);
    expect(r.prepaid_credit_amount_cents).toBe(5150n);
    expect(r.total_amount_cents).toBe(0n);
    expect(r.transactions.map((t) => t.amount_cents)).toEqual([1000n, 1000n, 1000n, 1000n, 550n, 600n]);
  });

  it("invoice of 100 with a priority-49 wallet and a default one: only the priority wallet pays", () => {
    const normal = funded(wallet(), "10");
    const first = funded(wallet({ priority: 49 }), "10");
    const r = run(100, [wfee("subscription", 100)], [normal, first]);
    expect(takenBy(r)).toEqual([0n, 100n]);
    expect(r.transactions).toHaveLength(1);
    expect(r.accounts[0]).toBe(normal);
  });

  it("bm limitations: the subscription-only wallet takes 66 and the M-only wallet 44", () => {
    const p = (over: Parameters<typeof wallet>[0] = {}, priority = 49) => funded(wallet({ priority, ...over }), "10");
    const accounts = [
      p({ allowed_fee_types: ["subscription"] }), p({ billable_metric_codes: ["M"] }), p({ allowed_fee_types: ["charge"] }), p(),
      p({ allowed_fee_types: ["subscription"] }, 50), p({}, 50),
    ];
    const fees = [wfee("subscription", 60, { taxesPrecise: "6" }), wfee("charge", 40, { metric: "M", taxesPrecise: "4" })];
    const r = run(110, fees, accounts);
    expect(takenBy(r)).toEqual([66n, 44n, 0n, 0n, 0n, 0n]);
  });

  it("a wallet limited to the fee processed last still takes its 66 (caps are per bucket)", () => {
    const fees = Array.from({ length: 10 }, (_, i) => wfee("charge", 60, { metric: `m${i}`, taxesPrecise: "8.456" }));
    const r = run(680, fees, [funded(wallet({ billable_metric_codes: ["m9"] }), "0.66")]);
    expect(r.prepaid_credit_amount_cents).toBe(66n);
    expect(r.total_amount_cents).toBe(614n);
  });
});

describe("[spec] negative_total_with_prepaid_credits: zero and non-zero fees", () => {
  it("zero fees are skipped; the 0.2 gap goes to the largest bucket → 3 paid, balance 9997", () => {
    const zeros = Array.from({ length: 6 }, (_, i) => wfee("charge", 0, { metric: `s${i}`, taxesPrecise: "0.16" }));
    const ones = [wfee("charge", 1, { metric: "l1", taxesPrecise: "0.4" }), wfee("charge", 1, { metric: "l2", taxesPrecise: "0.4" })];
    const r = run(3, [...zeros, ...ones], [funded(wallet(), "100")]);
    expect(r.prepaid_credit_amount_cents).toBe(3n);
    expect(r.accounts[0]!.wallet.balance_cents).toBe(9997n);
  });
});

describe("worked example A (EUR, two wallets, not traceable)", () => {
  const fees = [
    wfee("subscription", 10000, { coupons: "1858.73606", creditNotes: "1457.44388", taxesPrecise: "814.126394" }),
    wfee("charge", 500, { metric: "bm1", coupons: "133.64312", creditNotes: "65.64519", taxesPrecise: "36.585688" }),
    wfee("charge", 2010, { metric: "bm2", coupons: "373.60595", creditNotes: "319.53683", taxesPrecise: "327.27881" }),
    wfee("charge", 990, { metric: "bm2", coupons: "184.01487", creditNotes: "157.37410", taxesPrecise: "161.197026" }),
  ];
  const w1 = funded(wallet({ priority: 1, allowed_fee_types: ["charge"] }), "30");
  const w2 = funded(wallet({ rate_amount: d2("0.5") }), "2000");
  const r = run(10289, fees, [w1, w2]);

  it("W1 takes 2791 (27.91 credits), W2 7498 (149.96 credits); total 0", () => {
    expect(r.transactions.map((t) => [t.amount_cents, toDecimalString(t.amount), toDecimalString(t.credit_amount)])).toEqual([
      [2791n, "27.91", "27.91"],
      [7498n, "74.98", "149.96"],
    ]);
    expect(r.prepaid_credit_amount_cents).toBe(10289n);
    expect(r.total_amount_cents).toBe(0n);
  });

  it("balances 209 and 92502; the split stays null (not traceable)", () => {
    expect(r.accounts.map((a) => a.wallet.balance_cents)).toEqual([209n, 92502n]);
    expect(r.accounts.map((a) => toDecimalString(a.wallet.credits_balance))).toEqual(["2.09", "1850.04"]);
    expect(r.prepaid_granted_credit_amount_cents).toBeNull();
    expect(r.prepaid_purchased_credit_amount_cents).toBeNull();
  });

  it("outbound transactions are settled, invoiced, linked to the invoice, without remaining amounts", () => {
    for (const t of r.transactions) {
      expect(t).toMatchObject({ transaction_type: "outbound", transaction_status: "invoiced", status: "settled", svc_invoice_id: "inv_1", remaining_amount_cents: null });
    }
  });
});

// KWD is not in the specification's currency list: CLF (S = 10^4) with the rates ÷ 10 keeps every
// minor-unit and credit figure of the example (16 credits × 0.025 = 0.4 CLF = 4000 cents).
describe("worked example C (traceable wallets, reconciliation gap)", () => {
  const fees = [
    wfee("subscription", 9677, { creditNotes: "2495.01177", taxesPrecise: "1451.6129032258065" }),
    wfee("charge", 5125, { metric: "bm4", creditNotes: "1321.37653", taxesPrecise: "768.75" }),
    wfee("charge", 3330, { metric: "bm5", creditNotes: "858.64813", taxesPrecise: "499.5" }),
    wfee("commitment", 14126, { creditNotes: "3325.18776", taxesPrecise: "706.2790322580645" }),
  ];
  const wa = funded(wallet({ currency: "CLF", priority: 10, billable_metric_codes: ["bm4"], rate_amount: d2("0.025"), traceable: true }), "8", "8");
  const wb = funded(wallet({ currency: "CLF", rate_amount: d2("0.2"), traceable: true }), "10", "15");
  const r = run(27684, fees, [wa, wb], "CLF");

  it("the accounts start as the example says", () => {
    expect([wa.wallet.balance_cents, wb.wallet.balance_cents]).toEqual([4000n, 50000n]);
  });

  it("WA takes 4000 (16 credits), WB 23684 (11.842 credits)", () => {
    expect(r.transactions.map((t) => [t.amount_cents, toDecimalString(t.credit_amount)])).toEqual([
      [4000n, "16"],
      [23684n, "11.842"],
    ]);
    expect(r.prepaid_credit_amount_cents).toBe(27684n);
  });

  it("granted 22000, purchased 5684; WB keeps 26316 (13.158 credits)", () => {
    expect(r.prepaid_granted_credit_amount_cents).toBe(22000n);
    expect(r.prepaid_purchased_credit_amount_cents).toBe(5684n);
    expect(r.accounts[1]!.wallet.balance_cents).toBe(26316n);
    expect(toDecimalString(r.accounts[1]!.wallet.credits_balance)).toBe("13.158");
    const remaining = r.accounts[1]!.transactions.filter((t) => t.transaction_type === "inbound").map((t) => t.remaining_amount_cents);
    expect(remaining).toEqual([26316n, 0n]);
  });
});

describe("edges", () => {
  it("nothing when the total is 0 or less", () => {
    const acc = funded(wallet(), "10");
    const r = run(0, [wfee("subscription", 100)], [acc]);
    expect(r.prepaid_credit_amount_cents).toBe(0n);
    expect(r.accounts[0]).toBe(acc);
    expect(r.transactions).toEqual([]);
  });

  it("terminated, empty and other-currency wallets are skipped", () => {
    const accounts = [
      ((a) => ({ ...a, wallet: terminateWallet(a.wallet, T0) }))(funded(wallet(), "10")),
      funded(wallet({ currency: "USD" }), "10"),
      { wallet: wallet(), transactions: [] },
      funded(wallet(), "10"),
    ];
    const r = run(100, [wfee("subscription", 100)], accounts);
    expect(takenBy(r)).toEqual([0n, 0n, 0n, 100n]);
  });

  it("each wallet rounds on its own, the last is capped at the integer total left (60.5 + 39.5 → 61 + 39)", () => {
    const fees = [wfee("subscription", 60, { taxesPrecise: "0.5" }), wfee("charge", 40, { metric: "m", creditNotes: "0.5" })];
    const accounts = [funded(wallet({ allowed_fee_types: ["subscription"] }), "10"), funded(wallet({ allowed_fee_types: ["charge"] }), "10")];
    const r = run(100, fees, accounts);
    expect(takenBy(r)).toEqual([61n, 39n]);
    expect(r.total_amount_cents).toBe(0n);
  });

  it("a fully discounted fee or one covered by credit notes takes nothing, whatever its tax", () => {
    const fees = [
      wfee("charge", 100, { metric: "a", coupons: "100", taxesPrecise: "20" }),
      wfee("charge", 100, { metric: "b", creditNotes: "120", taxesPrecise: "20" }),
      wfee("subscription", 50),
    ];
    const r = run(50, fees, [funded(wallet({ billable_metric_codes: ["a", "b"] }), "10"), funded(wallet(), "10")]);
    expect(takenBy(r)).toEqual([0n, 50n]);
  });

  it("a bucket targeted at a wallet code is paid only by that wallet", () => {
    const fees = [wfee("charge", 100, { metric: "m", target: "gold" }), wfee("charge", 100, { metric: "m" })];
    const gold = funded(wallet({ code: "gold", priority: 50 }), "10");
    const first = funded(wallet({ code: "silver", priority: 1 }), "10");
    const r = run(200, fees, [gold, first]);
    expect(takenBy(r)).toEqual([100n, 100n]);
  });

  it("a wallet never pays more than its balance", () => {
    const r = run(500, [wfee("subscription", 500)], [funded(wallet(), "1.23")]);
    expect(r.prepaid_credit_amount_cents).toBe(123n);
    expect(r.accounts[0]!.wallet.balance_cents).toBe(0n);
    expect(r.total_amount_cents).toBe(377n);
  });
});


describe("vector events_targeting_wallets/pricing-group-keys-and-target-wallet (invoice)", () => {
  it("wallet_1 pays its two targeted fees (125 €), wallet_2 its own (100 €); balances 7500 and 15000", () => {
    const w1 = funded(wallet({ code: "wallet_1" }), "200");
    const w2 = funded(wallet({ code: "wallet_2" }), "250");
    const fees = [
      wfee("charge", 5000, { metric: "value_sum", target: "wallet_1" }),
      wfee("charge", 7500, { metric: "value_sum", target: "wallet_1" }),
      wfee("charge", 10000, { metric: "value_sum", target: "wallet_2" }),
    ];
    const r = run(22500, fees, [w1, w2]);
    expect(r.transactions.map((t) => toDecimalString(t.amount))).toEqual(["125", "100"]);
    expect(r.accounts.map((a) => a.wallet.balance_cents)).toEqual([7500n, 15000n]);
  });
});

describe("once per invoice", () => {
  it("a second allocation on the same invoice takes nothing", () => {
    const first = run(100, [wfee("subscription", 100)], [funded(wallet(), "10")]);
    const again = run(100, [wfee("subscription", 100)], [...first.accounts]);
    expect(again.prepaid_credit_amount_cents).toBe(0n);
    expect(again.accounts[0]).toBe(first.accounts[0]);
  });
});
