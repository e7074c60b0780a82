/**
 * Ports of getlago/lago-api
 *   - spec/scenarios/invoices/invoicing_with_prepaid_credits_spec.rb (current version: 100 granted
 *     credits, a void of 2.28 credits, then a second applicable event; the visible vector
 *     scenario__wallets__prepaid_credits__limited-to-billable-metrics ports an older version with
 *     39 granted credits and no void);
 *   - spec/scenarios/invoices/negative_total_with_prepaid_credits_spec.rb, the case without a
 *     visible vector ("with identical fees having fractional precise amounts"; the "mixed zero and
 *     non-zero" case has one).
 * Organization and customer: factory defaults (EUR, no organization tax). Wallet balances are read
 * with fetch_wallet at the spec's reload points. Fee precise figures: Lago asserts
 * precise_amount_cents / taxes_precise_amount_cents (model, in cents); the serializer's
 * precise_amount / taxes_precise_amount are those figures divided by 100 (EUR).
 */
import { describe, expect, it } from "vitest";
import { run, plan, expectMatch, type Step } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const customer = (at: string): Step => ({ at, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR" } });
const fetchWallet = (at: string): Step => ({ at, op: "fetch_wallet", body: { external_customer_id: "cust_1" } });
let n = 0;
const ev = (at: string, code: string, properties: Json = {}): Step => ({
  at, op: "create_event", body: { transaction_id: `pc${++n}`, code, external_customer_id: "cust_1", external_subscription_id: "sub_1", properties },
});

describe("invoices/invoicing_with_prepaid_credits_spec.rb", () => {
  it("with limitations / invoices a customer with prepaid credits", () => {
    const T = "2024-06-10T12:00:00Z";
    const metrics = [
      { code: "count_1", name: "count_1", aggregation_type: "count_agg", recurring: false },
      { code: "count_2", name: "count_2", aggregation_type: "count_agg", recurring: false },
      { code: "other", name: "other", aggregation_type: "sum_agg", recurring: false, field_name: "item_id" }, // :sum_billable_metric
    ];
    const charge = (code: string, amount: string, tax = true) => ({
      billable_metric_code: code, charge_model: "standard", pay_in_advance: true, invoiceable: true, prorated: false,
      properties: { amount }, ...(tax ? { tax_codes: ["tax_24"] } : {}),
    });
    const steps: Step[] = [
      customer(T),
      { at: T, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub_1", plan_code: "plan" } },
      {
        at: "2024-06-10T12:01:00Z", op: "create_wallet",
        body: {
          external_customer_id: "cust_1", rate_amount: "1", currency: "EUR", granted_credits: "100", invoice_requires_successful_payment: false,
          applies_to: { billable_metric_codes: ["count_1", "count_2"] },
        },
      },
      ev("2024-06-10T12:02:00Z", "other", { item_id: "1" }), // 3: non-applicable metric
      ev("2024-06-10T12:03:00Z", "count_1"), // 4: applicable metric
      fetchWallet("2024-06-10T12:03:00Z"), // 5
      { at: "2024-06-10T12:04:00Z", op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, voided_credits: "2.28" } }, // 6
      fetchWallet("2024-06-10T12:04:00Z"), // 7
      ev("2024-06-10T12:05:00Z", "count_2"), // 8
    ];
    const out = run({
      plans: [plan("plan", { charges: [charge("count_1", "14.29"), charge("count_2", "14.27"), charge("other", "10", false)] })],
      metrics, steps, until: "2024-06-10T12:06:00Z",
      taxes: [{ code: "tax_24", name: "Tax", rate: "24", applied_to_organization: false }],
    });
    const at = (i: number) => out.invoices[i];
    // granted credits create no invoice; each event creates one pay-in-advance invoice
    expect(out.invoices).toHaveLength(3);
    // non-applicable billable metric
    expect(at(0).prepaid_credit_amount_cents).toBe(0);
    // applicable billable metric: 14.29 + 24 % = 17.72
    expectMatch(at(1), { total_amount_cents: 0, sub_total_including_taxes_amount_cents: 1772, prepaid_credit_amount_cents: 1772 });
    expectMatch(out.responses[5].wallet, { credits_balance: "82.28", balance_cents: 8228 });
    expect(out.responses[6].error).toBeUndefined();
    expect(out.responses[7].wallet.balance_cents).toBe(8000);
    // the last event "does not raise"
    expect(out.responses[8]?.error).toBeUndefined();
  });
});

describe("invoices/negative_total_with_prepaid_credits_spec.rb / Prepaid credits capping with fractional fee amounts", () => {
  it("with identical fees having fractional precise amounts / caps prepaid credits at invoice total of 11", () => {
    const T = "2025-01-01T00:00:00Z";
    const codes = Array.from({ length: 8 }, (_, i) => `metric_${i + 1}`);
    const metrics = codes.map((code) => ({ code, name: code, aggregation_type: "count_agg", recurring: false }));
    const charges = codes.map((code) => ({
      billable_metric_code: code, charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false,
      properties: { amount: "0.014" }, tax_codes: ["tax_40"],
    }));
    const steps: Step[] = [
      customer(T),
      { at: T, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub_1", plan_code: "plan", billing_time: "anniversary" } },
      { at: T, op: "create_wallet", body: { external_customer_id: "cust_1", rate_amount: "1", currency: "EUR", granted_credits: "100", invoice_requires_successful_payment: false } },
      ...codes.map((code) => ev(T, code)),
      fetchWallet("2025-02-01T00:00:00Z"),
    ];
    const out = run({
      plans: [plan("plan", { charges })], metrics, steps, until: "2025-02-01T00:00:00Z",
      taxes: [{ code: "tax_40", name: "Tax 40", rate: "40", applied_to_organization: false }],
    });
    const subs = out.invoices.filter((i: Json) => i.invoice_type === "subscription");
    expect(subs).toHaveLength(1);
    expectMatch(subs[0], {
      fees__count_where: [
        { match: { item: { type: "charge" } }, count: 8 },
        {
          match: { item: { type: "charge" }, amount_cents: 1, precise_amount: "0.014", taxes_amount_cents: 0, taxes_precise_amount: "0.0056" },
          count: 8,
        },
      ],
      fees_amount_cents: 8,
      taxes_amount_cents: 3,
      sub_total_including_taxes_amount_cents: 11,
      prepaid_credit_amount_cents: 11,
      total_amount_cents: 0,
    });
    expect(out.responses[steps.length - 1].wallet.balance_cents).toBe(9989);
  });
});
