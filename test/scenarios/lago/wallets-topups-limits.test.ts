/**
 * Ports of getlago/lago-api spec/scenarios/wallets/{topup_with_rounding,topup_with_open_invoices,
 * topup_rule_with_limits,balance_with_limitations}_spec.rb (figures only). A payment through a
 * payment provider (Stripe in the specs) is replaced by `update_invoice` with the payment status
 * the provider would report.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Tx = { status: string; transaction_status: string; amount: string; credit_amount: string; settled_at: string | null; metadata?: unknown; invoice_requires_successful_payment?: boolean };
type Out = {
  responses: Array<{ wallet?: { credits_balance: string; balance_cents: number; ongoing_balance_cents: number; ongoing_usage_balance_cents: number }; wallet_transactions?: Tx[] }>;
  invoices: Array<{ invoice_type: string; status: string; payment_status: string; total_amount_cents: number; prepaid_credit_amount_cents: number }>;
  wallet_transactions: Tx[];
};
const run = (input: unknown) => simulate(input as never) as unknown as Out;

const org = (grace = 0) => ({
  timezone: "UTC", invoice_grace_period: grace, default_currency: "EUR", tax_codes: [], document_locale: "en",
  premium_integrations: ["progressive_billing"],
});
const customer = (at: string) => ({ at, op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR" } });
const wallet = (at: string, extra: Record<string, unknown> = {}) => ({
  at, op: "create_wallet",
  body: { external_customer_id: "c1", rate_amount: "1", name: "Wallet1", currency: "EUR", invoice_requires_successful_payment: false, ...extra },
});
const topUp = (at: string, body: Record<string, unknown>) => ({
  at, op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, ...body },
});
const pay = (at: string, payment_status: string) => ({
  at, op: "update_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } }, payment_status },
});
const fetchWallet = (at: string) => ({ at, op: "fetch_wallet", body: { external_customer_id: "c1" } });
const empty = { billable_metrics: [], plans: [], add_ons: [], coupons: [], taxes: [] };
const T0 = "2025-01-01T00:00:00Z";

describe("wallets/topup_with_rounding_spec.rb", () => {
  it("rounds the amount of paid credits (17.9699999… → 17.97)", () => {
    const out = run({
      organization: org(), ...empty,
      steps: [
        customer(T0), wallet(T0),
        topUp(T0, { paid_credits: "17.9699999999999988631316", invoice_requires_successful_payment: false, metadata: [{ key: "transaction_id", value: "123" }] }),
        pay("2025-01-01T00:10:00Z", "succeeded"),
        fetchWallet("2025-01-01T00:11:00Z"),
      ],
      until: "2025-01-01T00:12:00Z",
    });
    const wt = out.responses[2]!.wallet_transactions![0]!;
    expect(wt).toMatchObject({ status: "pending", transaction_status: "purchased", invoice_requires_successful_payment: false, metadata: [{ key: "transaction_id", value: "123" }] });
    expect([Number(wt.credit_amount), Number(wt.amount)]).toEqual([17.97, 17.97]);
    const credit = out.invoices.filter((i) => i.invoice_type === "credit");
    expect(credit).toHaveLength(1);
    expect(credit[0]!.total_amount_cents).toBe(1797);
    expect(out.wallet_transactions[0]!.status).toBe("settled");
    expect(out.wallet_transactions[0]!.settled_at).not.toBeNull();
    expect(Number(out.responses[4]!.wallet!.credits_balance)).toBe(17.97);
  });

  // Fails by design: this reference spec keeps the floored request as a granted transaction's
  // credit_amount; invoice.md §11.2 decides: granted credits go through their money value as paid
  // ones do (17.97), only voided credits keep the floored request.
  // test/unit/invoice/walletGrantedCredits.test.ts asserts the rule.
  it.fails("does not round granted credits (credit_amount 17.96999, amount 17.97)", () => {
    const out = run({
      organization: org(), ...empty,
      steps: [
        customer(T0), wallet(T0),
        topUp(T0, { granted_credits: "17.9699999999999988631316", invoice_requires_successful_payment: false }),
        fetchWallet("2025-01-01T00:01:00Z"),
      ],
      until: "2025-01-01T00:02:00Z",
    });
    const wt = out.responses[2]!.wallet_transactions![0]!;
    expect(wt).toMatchObject({ status: "settled", transaction_status: "granted", invoice_requires_successful_payment: false });
    expect([Number(wt.credit_amount), Number(wt.amount)]).toEqual([17.96999, 17.97]);
    expect(Number(out.responses[3]!.wallet!.credits_balance)).toBe(17.96999);
  });
});

describe("wallets/topup_with_open_invoices_spec.rb", () => {
  const steps = (status: string) => [
    customer(T0), wallet(T0, { granted_credits: "10" }),
    topUp(T0, { paid_credits: "15", invoice_requires_successful_payment: true }),
    pay("2025-01-01T00:10:00Z", status),
    fetchWallet("2025-01-01T00:11:00Z"),
  ];

  it("a top-up requiring successful payment: open credit invoice, settled and credited once paid", () => {
    const open = run({ organization: org(), ...empty, steps: steps("succeeded").slice(0, 3), until: "2025-01-01T00:01:00Z" });
    expect(open.responses[2]!.wallet_transactions![0]).toMatchObject({ status: "pending", transaction_status: "purchased", invoice_requires_successful_payment: true });
    expect(open.invoices).toHaveLength(1);
    expect(open.invoices[0]).toMatchObject({ invoice_type: "credit", status: "open", payment_status: "pending", total_amount_cents: 1500 });

    const paid = run({ organization: org(), ...empty, steps: steps("succeeded"), until: "2025-01-01T00:12:00Z" });
    expect(paid.invoices[0]).toMatchObject({ status: "finalized", payment_status: "succeeded" });
    const wt = paid.wallet_transactions.find((t) => t.transaction_status === "purchased")!;
    expect(wt.status).toBe("settled");
    expect(wt.settled_at).not.toBeNull();
    expect(Number(paid.responses[4]!.wallet!.credits_balance)).toBe(25);
  });

  it("payment failure: the invoice stays open, the transaction fails, the balance is unchanged", () => {
    const out = run({ organization: org(), ...empty, steps: steps("failed"), until: "2025-01-01T00:12:00Z" });
    expect(out.invoices[0]).toMatchObject({ status: "open", payment_status: "failed" });
    const wt = out.wallet_transactions.find((t) => t.transaction_status === "purchased")!;
    expect(wt.status).toBe("failed");
    expect(wt.settled_at).toBeNull();
    expect(Number(out.responses[4]!.wallet!.credits_balance)).toBe(10);
  });
});

describe("wallets/topup_rule_with_limits_spec.rb", () => {
  it("a threshold rule ignoring paid top-up limits tops up 10 credits below the 100.00 minimum", () => {
    const out = run({
      organization: org(), billable_metrics: [], add_ons: [], coupons: [], taxes: [],
      plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 600, amount_currency: "EUR", pay_in_advance: true, trial_period: 0, charges: [] }],
      steps: [
        customer("2025-08-01T00:00:00Z"),
        wallet("2025-08-01T00:00:00Z", {
          granted_credits: "10", paid_top_up_min_amount_cents: 10000,
          recurring_transaction_rules: [{ trigger: "threshold", paid_credits: "10", method: "fixed", threshold_credits: "5", ignore_paid_top_up_limits: true }],
        }),
        { at: "2025-09-01T22:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", billing_time: "calendar" } },
        pay("2025-09-01T22:01:00Z", "succeeded"), // the top-up's credit invoice, paid by the provider
        fetchWallet("2025-09-01T22:02:00Z"),
      ],
      until: "2025-09-01T22:03:00Z",
    });
    const subscriptionInvoices = out.invoices.filter((i) => i.invoice_type === "subscription");
    expect(subscriptionInvoices).toHaveLength(1);
    expect(subscriptionInvoices[0]!.prepaid_credit_amount_cents).toBe(600);
    expect(Number(out.responses[4]!.wallet!.credits_balance)).toBe(14);
  });
});

describe("wallets/balance_with_limitations_spec.rb", () => {
  // Plan 1.00 monthly in arrears; m1 at 1.00 (field total), m2 at 2.00 (field count); grace period 10 days.
  function limited(applies_to: Record<string, unknown>, withM2: boolean) {
    const ev = (at: string, id: string, code: string, field: string, v: number) => ({
      at, op: "create_event", body: { transaction_id: id, code, external_subscription_id: "s1", properties: { [field]: v } },
    });
    const steps = [
      customer("2022-11-30T00:00:00Z"),
      wallet("2022-11-30T00:00:00Z", { name: "Limited Wallet", granted_credits: "100", applies_to }),
      fetchWallet("2022-11-30T00:01:00Z"),
      { at: "2022-12-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", billing_time: "calendar" } },
      ev("2022-12-06T00:00:00Z", "a", "m1", "total", 5),
      ...(withM2 ? [ev("2022-12-06T00:00:05Z", "b", "m2", "count", 10)] : []),
      fetchWallet("2022-12-06T00:01:00Z"),
      fetchWallet("2023-01-01T00:01:00Z"),
      ev("2023-01-06T00:00:00Z", "c", "m1", "total", 3),
      ...(withM2 ? [ev("2023-01-06T00:00:05Z", "d", "m2", "count", 7)] : []),
      fetchWallet("2023-01-06T00:01:00Z"),
    ];
    const out = run({
      organization: org(10), add_ons: [], coupons: [], taxes: [],
      billable_metrics: [
        { code: "m1", name: "m1", aggregation_type: "sum_agg", recurring: false, field_name: "total" },
        { code: "m2", name: "m2", aggregation_type: "sum_agg", recurring: false, field_name: "count" },
      ],
      plans: [{
        code: "p", name: "p", interval: "monthly", amount_cents: 100, amount_currency: "EUR", pay_in_advance: false, trial_period: 0,
        charges: [
          { billable_metric_code: "m1", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "1" } },
          { billable_metric_code: "m2", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "2" } },
        ],
      }],
      steps,
      until: "2023-01-06T00:02:00Z",
    });
    const reads = steps.flatMap((s, i) => (s.op === "fetch_wallet" ? [out.responses[i]!.wallet!] : []));
    return { out, reads: reads.map((w) => [w.ongoing_usage_balance_cents, w.ongoing_balance_cents]), first: reads[0]! };
  }

  it("limited to one billable metric: only its usage and draft fees count", () => {
    const { out, reads, first } = limited({ billable_metric_codes: ["m1"] }, true);
    expect([first.balance_cents, Number(first.credits_balance)]).toEqual([10_000, 100]);
    expect(reads).toEqual([[0, 10_000], [500, 9500], [500, 9500], [800, 9200]]);
    expect(out.invoices).toHaveLength(1);
    expect(out.invoices[0]).toMatchObject({ status: "draft", total_amount_cents: 2600 });
  });

  // MISMATCH. Spec: at 2022-12-06 the wallet limited to subscription fees still counts the 5.00 of
  // charge usage (ongoing usage 500, ongoing 9500 — the spec notes "current usage calculation doesn't
  // filter by fee type yet"); later reads (draft: subscription fee only → 100 / 9900) agree.
  // ratecard: [0, 10000] at 2022-12-06. ratecard applies semantics/invoice.md §11.5 ("allocate … with
  // the same eligibility rule as 9") to current-usage keys too, as does Lago's current
  // allocate_ongoing_usage_by_wallets_service.rb; the spec itself flags its figure as a known gap.
  // Where: src/invoice/wallet/walletOngoing.ts (eligibility of current-usage keys).
  it.fails("limited to subscription fees: current usage still counts, draft counts the subscription fee only", () => {
    const { out, reads } = limited({ fee_types: ["subscription"] }, false);
    expect(out.invoices[0]).toMatchObject({ status: "draft", total_amount_cents: 600 });
    expect(reads.slice(0, 3)).toEqual([[0, 10_000], [500, 9500], [100, 9900]]);
  });
});
