/**
 * Taxes on the simulator's invoices: §5.1 precedence (charge → plan → customer → organization,
 * first non-empty wins, no merging), per-fee taxes (§2) and the invoice's one rounding of the
 * sum (§5.3), so Σ fee taxes can differ from the invoice's taxes.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; amount_cents: number; taxes_amount_cents: number; taxes_rate: number; total_amount_cents: number; applied_taxes: { tax_code: string; amount_cents: number }[] }
interface Invoice {
  fees_amount_cents: number; sub_total_excluding_taxes_amount_cents: number; taxes_amount_cents: number;
  sub_total_including_taxes_amount_cents: number; total_amount_cents: number; fees: Fee[];
  applied_taxes: { tax_code: string; amount_cents: number; fees_amount_cents: number }[];
}

const taxes = [
  { code: "org10", name: "Org", rate: "10" }, { code: "cust20", name: "Customer", rate: "20" },
  { code: "plan5", name: "Plan", rate: "5" }, { code: "ch50", name: "Charge", rate: "50" },
  { code: "low", name: "Low", rate: "5.5" }, { code: "odd", name: "Odd", rate: "19.6" },
];
interface Setup { org?: string[] | undefined; customer?: string[] | undefined; plan?: string[] | undefined; charge?: string[] | undefined }
/** Plan of 10.00 (full March) + 1 call at 2.00, billed 1 April. */
function invoiceWith(s: Setup): Invoice {
  const codes = (x: string[] | undefined): Obj => (x === undefined ? {} : { tax_codes: x });
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", ...codes(s.org) },
    taxes,
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", ...codes(s.plan),
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2" }, ...codes(s.charge) }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", ...codes(s.customer) } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
      { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1" } },
    ],
    until: "2024-04-01T00:00:00Z",
  });
  expect(r.invoices).toHaveLength(1);
  return r.invoices[0] as Invoice;
}
const feeTaxes = (i: Invoice) => i.fees.map((f) => [f.item.type, f.applied_taxes.map((t) => t.tax_code), f.taxes_amount_cents]);

describe("simulate invoicing: which taxes a fee gets (§5.1)", () => {
  const all = { org: ["org10"], customer: ["cust20"], plan: ["plan5"], charge: ["ch50"] };

  it("charge taxes beat the plan's; the subscription fee takes the plan's", () => {
    const i = invoiceWith(all);
    expect(feeTaxes(i)).toEqual([["subscription", ["plan5"], 50], ["charge", ["ch50"], 100]]);
    expect([i.taxes_amount_cents, i.total_amount_cents]).toEqual([150, 1350]);
    expect(i.applied_taxes.map((t) => [t.tax_code, t.amount_cents, t.fees_amount_cents]).sort())
      .toEqual([["ch50", 100, 200], ["plan5", 50, 1000]]);
  });

  it("plan taxes beat the customer's when the charge has none", () => {
    const i = invoiceWith({ ...all, charge: undefined });
    expect(feeTaxes(i)).toEqual([["subscription", ["plan5"], 50], ["charge", ["plan5"], 10]]);
    expect(i.taxes_amount_cents).toBe(60);
  });

  it("customer taxes beat the organization's when neither charge nor plan has any", () => {
    const i = invoiceWith({ org: ["org10"], customer: ["cust20"] });
    expect(feeTaxes(i)).toEqual([["subscription", ["cust20"], 200], ["charge", ["cust20"], 40]]);
    expect([i.taxes_amount_cents, i.sub_total_including_taxes_amount_cents]).toEqual([240, 1440]);
  });

  it("falls back to the organization's taxes, and to none at all", () => {
    expect(feeTaxes(invoiceWith({ org: ["org10"] }))).toEqual([["subscription", ["org10"], 100], ["charge", ["org10"], 20]]);
    const none = invoiceWith({});
    expect(feeTaxes(none)).toEqual([["subscription", [], 0], ["charge", [], 0]]);
    expect([none.taxes_amount_cents, none.total_amount_cents, none.applied_taxes]).toEqual([0, 1200, []]);
  });

  it("never merges: a charge with its own tax ignores the customer's and the organization's", () => {
    const i = invoiceWith({ org: ["org10"], customer: ["cust20"], charge: ["ch50"] });
    expect(feeTaxes(i)).toEqual([["subscription", ["cust20"], 200], ["charge", ["ch50"], 100]]);
  });
});

describe("simulate invoicing: fee taxes vs invoice taxes (§2, §5.3)", () => {
  it("rounds each fee's tax on its own but the invoice's once on the sum: 3 × rha(0.5) = 3 ≠ rha(1.5) = 2", () => {
    const metric = (code: string) => ({ code, name: code, aggregation_type: "count_agg" });
    const charge = (code: string) => ({ billable_metric_code: code, charge_model: "standard", properties: { amount: "0.05" } });
    const ev = (tx: string, code: string) => ({ at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: tx, code, external_subscription_id: "s1" } });
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["org10"] },
      taxes,
      billable_metrics: [metric("a"), metric("b")],
      plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 5, amount_currency: "EUR", charges: [charge("a"), charge("b")] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
        ev("t1", "a"), ev("t2", "b"),
      ],
      until: "2024-04-01T00:00:00Z",
    });
    const i = r.invoices[0] as Invoice;
    expect(i.fees.map((f) => [f.amount_cents, f.taxes_amount_cents, f.total_amount_cents, f.taxes_rate])).toEqual([[5, 1, 6, 10], [5, 1, 6, 10], [5, 1, 6, 10]]);
    expect(i.fees.reduce((a, f) => a + f.taxes_amount_cents, 0)).toBe(3);
    expect([i.fees_amount_cents, i.taxes_amount_cents, i.total_amount_cents]).toEqual([15, 2, 17]);
    expect(i.applied_taxes.map((t) => [t.tax_code, t.amount_cents, t.fees_amount_cents])).toEqual([["org10", 2, 15]]);
  });

  it("taxes each fee on its amount less its share of the coupons; the fee total keeps the coupon (§2, §4.3)", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["org10"] },
      taxes,
      billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
      plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
        charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2" } }] }],
      coupons: [{ code: "c6", name: "c6", coupon_type: "fixed_amount", frequency: "once", amount_cents: 600, amount_currency: "EUR", expiration: "no_expiration" }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
        { at: "2024-03-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "c6" } },
        { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1" } },
      ],
      until: "2024-04-01T00:00:00Z",
    });
    type CouponFee = Fee & { precise_coupons_amount_cents: string; sub_total_excluding_taxes_amount_cents: number };
    const i = r.invoices[0] as Omit<Invoice, "fees"> & { coupons_amount_cents: number; fees: CouponFee[] };
    // 600 spread pro rata 1000 : 200 → 500 and 100; remainders 500 and 100 taxed at 10 %.
    expect(i.fees.map((f) => [Number(f.precise_coupons_amount_cents), f.sub_total_excluding_taxes_amount_cents, f.taxes_amount_cents, f.total_amount_cents]))
      .toEqual([[500, 500, 50, 1050], [100, 100, 10, 210]]);
    expect([i.fees_amount_cents, i.coupons_amount_cents, i.sub_total_excluding_taxes_amount_cents, i.taxes_amount_cents, i.total_amount_cents])
      .toEqual([1200, 600, 600, 60, 660]);
  });

  it("rounds each applied tax on its own and the fee's taxes once on their sum: 8 + 29 ≠ rha(8.25 + 29.4) = 38", () => {
    // 150 × 5.5 % = 8.25 → 8; 150 × 19.6 % = 29.4 → 29; the fee's taxes round 37.65 once → 38.
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" }, taxes, billable_metrics: [],
      plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 150, amount_currency: "EUR", tax_codes: ["low", "odd"], charges: [] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
      ],
      until: "2024-04-01T00:00:00Z",
    });
    const inv = r.invoices[0] as Invoice;
    expect(inv.fees.map((f) => [f.amount_cents, f.applied_taxes.map((t) => t.amount_cents), f.taxes_amount_cents, f.taxes_rate])).toEqual([[150, [8, 29], 38, 25.1]]);
    expect([inv.taxes_amount_cents, inv.total_amount_cents, inv.applied_taxes.map((t) => t.amount_cents)]).toEqual([38, 188, [8, 29]]);
  });
});
