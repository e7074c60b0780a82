/**
 * Ports of getlago/lago-api spec/scenarios/wallets/balance_spec.rb cases that have no visible
 * conformance vector (figures only). Balances are read with `fetch_wallet` a minute after the
 * events (Lago reads them after its usage update / recalculate_wallet_balances jobs). The billing
 * entity's grace period (10 days) and its 10 % tax are folded into the organization.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Wallet = {
  balance_cents: number; credits_balance: string; ongoing_balance_cents: number; credits_ongoing_balance: string;
  ongoing_usage_balance_cents: number; credits_ongoing_usage_balance: string;
};
type Out = {
  responses: Array<{ wallet?: Wallet }>;
  invoices: Array<{ invoice_type: string; status: string; total_amount_cents: number; sub_total_including_taxes_amount_cents: number; fees: Array<{ precise_coupons_amount_cents: string }> }>;
  wallet_transactions: Array<{ transaction_type: string; transaction_status: string; status: string; amount: string; credit_amount: string; metadata?: unknown }>;
};
const run = (input: unknown) => simulate(input as never) as unknown as Out;

const org = (tax: boolean) => ({
  timezone: "UTC", invoice_grace_period: 10, default_currency: "EUR", tax_codes: tax ? ["vat"] : [], document_locale: "en",
  premium_integrations: ["progressive_billing"],
});
const taxes = [{ code: "vat", name: "VAT", rate: "10.0", applied_to_organization: true }];
const metric = (code: string) => ({ code, name: code, aggregation_type: "sum_agg", recurring: false, field_name: "total" });
const charge = (code: string, amount: string, pay_in_advance = false) => ({
  billable_metric_code: code, charge_model: "standard", pay_in_advance, invoiceable: true, prorated: false, properties: { amount },
});
const plan = (code: string, amount_cents: number, charges: unknown[], usage_thresholds?: unknown[]) => ({
  code, name: code, interval: "monthly", amount_cents, amount_currency: "EUR", pay_in_advance: false, trial_period: 0, charges,
  ...(usage_thresholds ? { usage_thresholds } : {}),
});
const customer = (at: string) => ({ at, op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR" } });
const subscribe = (at: string, id: string, plan_code: string) => ({
  at, op: "create_subscription", body: { external_customer_id: "c1", external_id: id, plan_code, billing_time: "calendar" },
});
const wallet = (at: string, extra: Record<string, unknown> = {}) => ({
  at, op: "create_wallet",
  body: { external_customer_id: "c1", rate_amount: "1", name: "Wallet1", currency: "EUR", granted_credits: "10", invoice_requires_successful_payment: false, ...extra },
});
const fetchWallet = (at: string, i?: number) => ({
  at, op: "fetch_wallet", body: i === undefined ? { external_customer_id: "c1" } : { svc_id: { $ref: { wallet: i, field: "svc_id" } } },
});
let n = 0;
const usage = (at: string, sub: string, total: number, code = "m") => ({
  at, op: "create_event", body: { transaction_id: `t${++n}`, code, external_subscription_id: sub, properties: { total } },
});

/** The balances of the wallet read by step `i`, in the spec's units. */
function balances(out: Out, i: number) {
  const w = out.responses[i]!.wallet!;
  return {
    balance: w.balance_cents, credits: Number(w.credits_balance),
    ongoing: w.ongoing_balance_cents, ongoingCredits: Number(w.credits_ongoing_balance),
    usage: w.ongoing_usage_balance_cents, usageCredits: Number(w.credits_ongoing_usage_balance),
  };
}
const b = (balance: number, credits: number, ongoing: number, ongoingCredits: number, usage: number, usageCredits: number) =>
  ({ balance, credits, ongoing, ongoingCredits, usage, usageCredits });

describe("wallets/balance_spec.rb", () => {
  it("with pay in advance charges and taxes", () => {
    const out = run({
      organization: org(true), taxes, billable_metrics: [metric("m")], add_ons: [], coupons: [],
      plans: [plan("p", 100, [charge("m", "1", true)])],
      steps: [
        customer("2022-11-30T00:00:00Z"), wallet("2022-11-30T00:00:00Z", { granted_credits: "100" }), fetchWallet("2022-11-30T00:00:00Z"),
        subscribe("2022-12-01T00:00:00Z", "s1", "p"),
        usage("2022-12-06T00:00:00Z", "s1", 50), fetchWallet("2022-12-06T00:01:00Z"), // step 5
        fetchWallet("2023-01-01T00:01:00Z"), // step 6
      ],
      until: "2023-01-01T00:02:00Z",
    });
    expect(balances(out, 2)).toEqual(b(10000, 100, 10000, 100, 0, 0));
    // the pay-in-advance invoice (50 + 10 % = 55) is paid by the wallet at once
    expect(balances(out, 5)).toEqual(b(4500, 45, 4500, 45, 0, 0));
    // the subscription invoice (1.00 + tax) is a draft: only the ongoing balance moves
    expect(balances(out, 6)).toEqual(b(4500, 45, 4390, 43.9, 110, 1.1));
    expect(out.invoices).toHaveLength(2);
    expect(out.wallet_transactions).toHaveLength(2);
  });

  it("'normal' plan, pay-in-advance plan and a recurring usage threshold (three subscriptions, rate 10)", () => {
    const out = run({
      organization: org(true), taxes, billable_metrics: [metric("m")], add_ons: [], coupons: [],
      plans: [
        plan("p1", 0, [charge("m", "1")]),
        plan("p2", 0, [charge("m", "2", true)]),
        plan("p3", 0, [charge("m", "10")], [{ threshold_display_name: "r", amount_cents: 20000, recurring: true }]),
      ],
      steps: [
        customer("2022-11-30T00:00:00Z"),
        wallet("2022-11-30T00:00:00Z", { rate_amount: "10", granted_credits: "100", transaction_metadata: [{ key: "transaction_id", value: "123" }] }),
        fetchWallet("2022-11-30T00:00:00Z"), // 2
        subscribe("2022-12-01T00:00:00Z", "s1", "p1"), subscribe("2022-12-01T00:00:00Z", "s2", "p2"), subscribe("2022-12-01T00:00:00Z", "s3", "p3"),
        usage("2022-12-05T00:00:00Z", "s1", 10), usage("2022-12-05T00:00:05Z", "s2", 10), usage("2022-12-05T00:00:10Z", "s3", 10),
        fetchWallet("2022-12-05T00:01:00Z"), // 9
        usage("2022-12-10T00:00:00Z", "s1", 10), usage("2022-12-10T00:00:05Z", "s2", 10), usage("2022-12-10T00:00:10Z", "s3", 10),
        fetchWallet("2022-12-10T00:01:00Z"), // 13
        usage("2022-12-15T00:00:00Z", "s3", 20),
        fetchWallet("2022-12-15T00:01:00Z"), // 15
      ],
      until: "2022-12-15T00:02:00Z",
    });
    expect(balances(out, 2)).toEqual(b(100000, 100, 100000, 100, 0, 0));
    expect(out.wallet_transactions[0]).toMatchObject({
      transaction_type: "inbound", transaction_status: "granted", status: "settled", metadata: [{ key: "transaction_id", value: "123" }],
    });
    expect(Number(out.wallet_transactions[0]!.amount)).toBe(1000);
    expect(Number(out.wallet_transactions[0]!.credit_amount)).toBe(100);
    // 978 − 11 − 110 = 857
    expect(balances(out, 9)).toEqual(b(97800, 97.8, 85700, 85.7, 12100, 12.1));
    // 978 − 22 − 220 = 736; ongoing 736 − 22 = 714
    expect(balances(out, 13)).toEqual(b(73600, 73.6, 71400, 71.4, 2200, 2.2));
    // 736 − 220 = 516; ongoing 516 − 22 = 494
    expect(balances(out, 15)).toEqual(b(51600, 51.6, 49400, 49.4, 2200, 2.2));
    expect(out.invoices.map((i) => [i.total_amount_cents, i.sub_total_including_taxes_amount_cents])).toEqual([
      [0, 2200], [0, 2200], [0, 22000], [0, 22000],
    ]);
    expect(out.wallet_transactions.slice(1).map((t) => [t.transaction_status, Number(t.amount), Number(t.credit_amount)])).toEqual([
      ["invoiced", 22, 2.2], ["invoiced", 22, 2.2], ["invoiced", 220, 22], ["invoiced", 220, 22],
    ]);
  });

  it("with multiple usage thresholds (200, 500, recurring 200) and a draft at the end of the month", () => {
    const out = run({
      organization: org(true), taxes, billable_metrics: [metric("m")], add_ons: [], coupons: [],
      plans: [plan("p", 0, [charge("m", "10")], [
        { threshold_display_name: "a", amount_cents: 20000, recurring: false },
        { threshold_display_name: "b", amount_cents: 50000, recurring: false },
        { threshold_display_name: "r", amount_cents: 20000, recurring: true },
      ])],
      steps: [
        customer("2022-11-30T00:00:00Z"), wallet("2022-11-30T00:00:00Z", { rate_amount: "10", granted_credits: "100" }),
        subscribe("2022-12-01T00:00:00Z", "s1", "p"),
        usage("2022-12-06T00:00:00Z", "s1", 10), fetchWallet("2022-12-06T00:01:00Z"), // 4
        usage("2022-12-11T00:00:00Z", "s1", 10), fetchWallet("2022-12-11T00:01:00Z"), // 6
        usage("2022-12-16T00:00:00Z", "s1", 30), fetchWallet("2022-12-16T00:01:00Z"), // 8
        usage("2022-12-21T00:00:00Z", "s1", 20), fetchWallet("2022-12-21T00:01:00Z"), // 10
        usage("2022-12-26T00:00:00Z", "s1", 1),
        fetchWallet("2023-01-01T00:01:00Z"), // 12
      ],
      until: "2023-01-01T00:02:00Z",
    });
    expect(balances(out, 4)).toEqual(b(100000, 100, 89000, 89, 11000, 11));
    expect(balances(out, 6)).toEqual(b(78000, 78, 78000, 78, 0, 0));
    expect(balances(out, 8)).toEqual(b(45000, 45, 45000, 45, 0, 0));
    expect(balances(out, 10)).toEqual(b(23000, 23, 23000, 23, 0, 0));
    expect(balances(out, 12)).toEqual(b(23000, 23, 21900, 21.9, 1100, 1.1));
    expect(out.invoices.slice(0, 3).map((i) => i.sub_total_including_taxes_amount_cents)).toEqual([22000, 33000, 22000]);
    const drafts = out.invoices.filter((i) => i.status === "draft");
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.total_amount_cents).not.toBe(0);
    expect(drafts[0]!.fees.some((f) => Number(f.precise_coupons_amount_cents) !== 0)).toBe(true);
  });
});

/**
 * "multiple wallets": plan 1.00 monthly with four 1.00 sum charges (Storage, Seats, API, SMS); four
 * wallets W1..W4 of 10/20/30/40 credits, priorities 1..4; usage 10/20/30/40 on 2022-12-06.
 *
 * The stored spec version lets each wallet, in priority order, take the whole ongoing usage of every
 * key it is eligible for that no earlier wallet took, with no cap at its balance (W1 storage + seats =
 * 30 → −20). invoice.md §11.5 decides otherwise, as the reference's current mainline
 * (wallets/balance/allocate_ongoing_usage_by_wallets_service.rb) does: keys largest first, each wallet
 * in priority order takes at most its balance, the last eligible wallet absorbs the remainder. These
 * ports assert the documented allocation; the spec's figures are kept in comments.
 */
describe("wallets/balance_spec.rb multiple wallets", () => {
  const codes = ["storage", "seats", "api", "sms"];
  function fourWallets(applies_to: (i: number) => Record<string, unknown> | null, thresholds?: unknown[]) {
    const base = plan("p", 100, codes.map((c) => charge(c, "1")), thresholds);
    return (events: unknown[]) => run({
      organization: org(false), taxes: [], billable_metrics: codes.map(metric), plans: [base], add_ons: [], coupons: [],
      steps: [
        customer("2022-12-01T00:00:00Z"),
        ...[0, 1, 2, 3].map((i) => wallet("2022-12-01T00:00:00Z", {
          name: `W${i + 1}`, granted_credits: String((i + 1) * 10), priority: i + 1, ...(applies_to(i) ? { applies_to: applies_to(i) } : {}),
        })),
        subscribe("2022-12-02T00:00:00Z", "s1", "p"),
        ...events,
        ...[0, 1, 2, 3].map((i) => fetchWallet("2022-12-06T00:01:00Z", i)),
      ],
      until: "2022-12-06T00:02:00Z",
    });
  }
  const at = (s: number) => `2022-12-06T00:00:${String(s).padStart(2, "0")}Z`;
  const plainEvents = codes.map((c, i) => usage(at(i * 5), "s1", (i + 1) * 10, c));
  const walletsOf = (out: Out) => [0, 1, 2, 3].map((i) => balances(out, out.responses.length - 4 + i));
  const twoMetrics = (i: number) => ({ billable_metric_codes: [codes[i], codes[(i + 1) % 4]] });
  // Keys largest first: SMS 40 → W3 (api, sms) takes its 30, W4 (sms, storage) the last 10; API 30 → W2
  // (seats, api) 20, W3 (last eligible) absorbs 10; seats 20 → W1 (storage, seats) 10, W2 absorbs 10;
  // storage 10 → W1 is spent, W4 absorbs it. (Stored spec: W1 30, W2 30, W3 40, W4 0, uncapped.)
  const expectedTwoMetrics = [
    b(1000, 10, 0, 0, 1000, 10),
    b(2000, 20, -1000, -10, 3000, 30),
    b(3000, 30, -1000, -10, 4000, 40),
    b(4000, 40, 2000, 20, 2000, 20),
  ];

  it("each wallet limited to 2 billable metrics: usage applied once per metric by priority", () => {
    expect(walletsOf(fourWallets(twoMetrics)(plainEvents))).toEqual(expectedTwoMetrics);
  });

  // Same figures with two events per metric carrying an extra `filter` property (7+3, 17+3, 27+3, 37+3).
  it("each wallet limited to 2 billable metrics, events with a filter property", () => {
    const events = [[7, 3], [17, 3], [27, 3], [37, 3]].flatMap(([x, y], i) => [
      { ...usage(at(i * 10), "s1", x!, codes[i]), body: { transaction_id: `f${i}a`, code: codes[i], external_subscription_id: "s1", properties: { total: x, filter: "filter_01" } } },
      { ...usage(at(i * 10 + 5), "s1", y!, codes[i]), body: { transaction_id: `f${i}b`, code: codes[i], external_subscription_id: "s1", properties: { total: y, filter: "filter_02" } } },
    ]);
    expect(walletsOf(fourWallets(twoMetrics)(events))).toEqual(expectedTwoMetrics);
  });

  // The charge wallets take the 100.00 of charges in priority order, each up to its balance, the last
  // absorbing the rest: W2 20, W3 30, W4 50 (−10). (Stored spec: W2 takes all 100, W3 and W4 nothing.)
  it("wallets limited to fee types: the charge wallets share the charges in priority order", () => {
    const out = fourWallets((i) => ({ fee_types: [i === 0 ? "subscription" : "charge"] }))(plainEvents);
    expect(walletsOf(out)).toEqual([
      b(1000, 10, 1000, 10, 0, 0),
      b(2000, 20, 0, 0, 2000, 20),
      b(3000, 30, 0, 0, 3000, 30),
      b(4000, 40, -1000, -10, 5000, 50),
    ]);
  });

  // Threshold 10.00: the progressive invoice (10.00) empties W1; the remaining 90.00 of usage goes to
  // W2, W3, W4 up to their balances (W1 has none left). (Stored spec: all 90.00 on W1, −90.)
  it("wallets without limitations: the usage left after the progressive invoice goes to the next wallets", () => {
    const out = fourWallets(() => null, [{ threshold_display_name: "t", amount_cents: 1000, recurring: false }])(plainEvents);
    expect(walletsOf(out)).toEqual([
      b(0, 0, 0, 0, 0, 0),
      b(2000, 20, 0, 0, 2000, 20),
      b(3000, 30, 0, 0, 3000, 30),
      b(4000, 40, 0, 0, 4000, 40),
    ]);
  });
});
