/**
 * Ports of getlago/lago-api spec/scenarios/invoices/progressive_billing_spec.rb cases that have no
 * visible conformance vector (figures only). Plan: monthly 31.00 in arrears, calendar; one standard
 * charge 0.0002 per unit of a sum metric; usage threshold 200.00 (not recurring).
 * The spec's invoice counts at each instant are checked through the issued sequence (issuing dates).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Invoice = {
  invoice_type: string; issuing_date: string; status: string;
  total_amount_cents: number; fees_amount_cents: number; progressive_billing_credit_amount_cents: number;
};
const run = (input: unknown) => simulate(input as never) as unknown as { invoices: Invoice[] };
const brief = (i: Invoice) => ({
  type: i.invoice_type, date: i.issuing_date, total: i.total_amount_cents, fees: i.fees_amount_cents,
  credit: i.progressive_billing_credit_amount_cents,
});

function scenario(steps: unknown[], until: string, grace?: number) {
  return {
    organization: {
      timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [], document_locale: "en",
      premium_integrations: ["progressive_billing"],
    },
    billable_metrics: [{ code: "m", name: "m", aggregation_type: "sum_agg", recurring: false, field_name: "total" }],
    plans: [
      {
        code: "plan", name: "plan", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: false, trial_period: 0,
        charges: [{ billable_metric_code: "m", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "0.0002" } }],
        usage_thresholds: [{ threshold_display_name: "t0", recurring: false, amount_cents: 20000 }],
      },
      { code: "upgrade", name: "upgrade", interval: "monthly", amount_cents: 62000, amount_currency: "EUR", pay_in_advance: false, trial_period: 0, charges: [] },
    ],
    add_ons: [], coupons: [], taxes: [],
    steps: [
      {
        at: "2022-12-01T00:00:00Z", op: "create_customer",
        body: { external_id: "c1", name: "c1", currency: "EUR", ...(grace === undefined ? {} : { billing_configuration: { invoice_grace_period: grace } }) },
      },
      { at: "2022-12-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "plan", billing_time: "calendar" } },
      ...steps,
    ],
    until,
  };
}
let n = 0;
const usage = (at: string, total: number) => ({
  at, op: "create_event", body: { transaction_id: `t${++n}`, code: "m", external_subscription_id: "s1", properties: { total } },
});

describe("invoices/progressive_billing_spec.rb", () => {
  it("mid-month progressive invoice, then the final invoice at the end of the month", () => {
    const out = run(scenario([usage("2022-12-06T00:00:00Z", 1_000_000), usage("2022-12-16T00:00:00Z", 1_000_000)], "2023-01-01T01:00:00Z"));
    expect(out.invoices.map(brief)).toEqual([
      { type: "progressive_billing", date: "2022-12-06", total: 20000, fees: 20000, credit: 0 },
      { type: "subscription", date: "2023-01-01", total: 3100 + 20000, fees: 3100 + 40000, credit: 20000 },
    ]);
  });

  it("with a grace period of 2 days: the end-of-month invoice is a draft, unchanged by a refresh", () => {
    const refresh = { at: "2023-01-01T00:30:00Z", op: "refresh_invoice", body: { invoice_id: { $ref: { invoice: -1, field: "svc_id" } } } };
    const out = run(scenario([usage("2022-12-06T00:00:00Z", 1_000_000), usage("2022-12-16T00:00:00Z", 1_000_000), refresh], "2023-01-01T01:00:00Z", 2));
    expect(out.invoices).toHaveLength(2);
    expect(out.invoices[0]!.total_amount_cents).toBe(20000);
    const recurring = out.invoices[1]!;
    expect(recurring.status).toBe("draft");
    expect(brief(recurring)).toMatchObject({ total: 3100 + 20000, fees: 3100 + 40000, credit: 20000 });
  });

  it("mid-month progressive invoice, then termination before the end of the month", () => {
    const out = run(scenario([
      usage("2022-12-16T00:00:00Z", 1_000_000),
      { at: "2022-12-18T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } },
    ], "2022-12-18T01:00:00Z"));
    expect(out.invoices.map(brief)).toEqual([
      { type: "progressive_billing", date: "2022-12-16", total: 20000, fees: 20000, credit: 0 },
      { type: "subscription", date: "2022-12-18", total: 1800, fees: 21800, credit: 20000 },
    ]);
  });

  it("mid-month progressive invoice, then an upgrade before the end of the month", () => {
    const out = run(scenario([
      usage("2022-12-16T00:00:00Z", 1_000_000),
      { at: "2022-12-18T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "upgrade", billing_time: "calendar" } },
    ], "2022-12-18T01:00:00Z"));
    expect(out.invoices.map(brief)).toEqual([
      { type: "progressive_billing", date: "2022-12-16", total: 20000, fees: 20000, credit: 0 },
      { type: "subscription", date: "2022-12-18", total: 1700, fees: 21700, credit: 20000 },
    ]);
  });

  it("a non-recurring threshold bills progressively only once (lifetime usage)", () => {
    const out = run(scenario([
      usage("2022-12-16T00:00:00Z", 1_000_000), usage("2023-01-16T00:00:00Z", 2_000_000), usage("2023-02-16T00:00:00Z", 3_000_000),
    ], "2023-03-01T01:00:00Z"));
    expect(out.invoices.map((i) => [i.issuing_date, i.total_amount_cents])).toEqual([
      ["2022-12-16", 20000],
      ["2023-01-01", 3100],
      ["2023-02-01", 43100],
      ["2023-03-01", 63100],
    ]);
    expect(out.invoices[1]!.fees_amount_cents).toBe(3100 + 20000);
  });
});
