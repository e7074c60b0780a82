/**
 * Ports of getlago/lago-api spec/scenarios/invoices/preview_spec.rb cases without a visible vector
 * ("mix of matching and non-matching fees" has one). The spec is :premium with integration `preview`.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const org = { timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [], document_locale: "en", premium_integrations: ["preview"] };
const sim = (input: Json): Json => simulate({ organization: org, billable_metrics: [], plans: [], add_ons: [], coupons: [], taxes: [], ...input } as never) as Json;

describe("invoices/preview_spec.rb", () => {
  it("when charge has a spending minimum: preview of an existing subscription uses the full March for the true-up", () => {
    // Sum metric, standard 1 €/unit, min 2337.00; 16.25 units on 2026-03-02; 23 % tax.
    // Lago creates the subscription and event with factories; here through the API at 2026-03-01.
    const out = sim({
      billable_metrics: [{ code: "sum_bm", name: "sum_bm", aggregation_type: "sum_agg", field_name: "value", recurring: false }],
      plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: false, trial_period: 0, bill_charges_monthly: null,
        charges: [{ billable_metric_code: "sum_bm", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "1" }, min_amount_cents: 233700 }] }],
      taxes: [{ code: "vat23", name: "VAT", rate: "23", applied_to_organization: true }],
      steps: [
        { at: "2026-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR" } },
        { at: "2026-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", billing_time: "calendar", subscription_at: "2026-03-01T00:00:00Z", ending_at: "2026-03-31T00:00:00Z" } },
        { at: "2026-03-02T10:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "sum_bm", external_subscription_id: "s1", properties: { value: 16.25 } } },
        { at: "2026-03-03T12:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
        { at: "2026-03-03T12:00:00Z", op: "preview_invoice", body: { customer: { external_id: "c1" }, subscriptions: { external_ids: ["s1"] } } },
      ],
      until: "2026-03-03T13:00:00Z",
    });
    expect(out.responses[4].invoice).toMatchObject({ fees_amount_cents: 233700, taxes_amount_cents: 53751, total_amount_cents: 287451 });
  });

  it("when wallet has allowed_fee_types [charge] and the preview has only a subscription fee: no prepaid credit", () => {
    const out = sim({
      plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 2000, amount_currency: "EUR", pay_in_advance: false, trial_period: 0, bill_charges_monthly: null, charges: [] }],
      steps: [
        { at: "2026-03-01T12:00:00Z", op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR" } },
        { at: "2026-03-01T12:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", name: "W", granted_credits: "5", invoice_requires_successful_payment: false, applies_to: { fee_types: ["charge"] } } },
        { at: "2026-03-01T12:00:00Z", op: "preview_invoice", body: { customer: { external_id: "c1" }, plan_code: "p", billing_time: "calendar" } },
      ],
      until: "2026-03-01T12:01:00Z",
    });
    expect(out.responses[2].invoice).toMatchObject({ fees_amount_cents: 2000, prepaid_credit_amount_cents: 0, total_amount_cents: 2000 });
  });
});
