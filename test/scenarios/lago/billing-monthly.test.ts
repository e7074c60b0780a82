/**
 * Ported from getlago/lago-api spec/scenarios/billing/billing_monthly_spec.rb
 * ("with calendar billing / work the whole year", first three months: Feb, Mar, Apr 2024).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe } from "./subs-helpers.js";

const metrics = [
  { code: "metered", name: "Metered in arrears", aggregation_type: "sum_agg", field_name: "total", recurring: false },
  { code: "recurring", name: "Recurring", aggregation_type: "sum_agg", field_name: "total", recurring: true },
];
const fixed = (code: string, prorated: boolean, pay_in_advance: boolean) => ({
  code, add_on_code: "add_on", charge_model: "standard", units: 10, properties: { amount: "200" }, prorated, pay_in_advance,
});
const plans = [
  plan("plan", {
    amount_cents: 5_000_000,
    charges: [
      { billable_metric_code: "metered", charge_model: "package", properties: { amount: "100", package_size: 10, free_units: 0 }, prorated: false, pay_in_advance: false, invoiceable: true },
      { billable_metric_code: "metered", charge_model: "package", properties: { amount: "1000", package_size: 10, free_units: 2 }, prorated: false, pay_in_advance: true, invoiceable: true },
      { billable_metric_code: "recurring", charge_model: "standard", properties: { amount: "5000" }, prorated: true, pay_in_advance: false, invoiceable: true },
      { billable_metric_code: "recurring", charge_model: "standard", properties: { amount: "50000" }, prorated: false, pay_in_advance: true, invoiceable: true },
    ],
    fixed_charges: [
      fixed("fc_arrears", false, false),
      fixed("fc_advance", false, true),
      fixed("fc_arrears_prorated", true, false),
      fixed("fc_advance_prorated", true, true),
    ],
  }),
];
const addOns = [{ code: "add_on", name: "add_on", amount_cents: 100, amount_currency: "EUR" }];
const SUB = "2024-02-04T00:00:00Z";
const sim = (until: string) =>
  run({
    metrics, plans, addOns,
    steps: [
      customer(SUB), subscribe(SUB, "plan"),
      event("2024-03-15T00:00:00Z", "metered", { total: 10 }), event("2024-03-15T00:00:00Z", "recurring", { total: 10 }),
    ],
    until,
  });
const amounts = (fees: any[], type: string) => fees.filter((f) => f.item.type === type).map((f) => f.amount_cents).sort((a, b) => a - b);

describe("billing_monthly_spec.rb: with calendar billing / work the whole year", () => {
  it("creation: one invoice with the two pay-in-advance fixed charges (one prorated 26/29)", () => {
    const out = sim("2024-02-28T00:00:00Z");
    expect(out.invoices.length).toBe(1);
    expect(out.invoices[0].fees.length).toBe(2);
    expect(amounts(out.invoices[0].fees, "fixed_charge")).toEqual([179_310, 200_000]);
  });

  it("1 March: prorated subscription fee and four fixed charges, no charge fee", () => {
    const out = sim("2024-03-01T00:10:00Z");
    expect(out.invoices.length).toBe(2);
    const inv = out.invoices[1];
    expect(amounts(inv.fees, "fixed_charge")).toEqual([179_310, 200_000, 200_000, 200_000]);
    expect(amounts(inv.fees, "charge")).toEqual([]);
    const subFee = Math.ceil((26 / 29) * 5_000_000);
    expect(amounts(inv.fees, "subscription")).toEqual([subFee]);
    expect(inv.total_amount_cents).toBe(subFee + 179_310 + 3 * 200_000);
    expectMatch(inv.billing_periods[0], {
      subscription_from_datetime: "2024-02-04T00:00:00Z", subscription_to_datetime: "2024-02-29T23:59:59Z",
      charges_from_datetime: "2024-02-04T00:00:00Z", charges_to_datetime: "2024-02-29T23:59:59Z",
      fixed_charges_from_datetime: "2024-02-04T00:00:00Z", fixed_charges_to_datetime: "2024-02-29T23:59:59Z",
    });
  });

  it("15 March events: one invoice per pay-in-advance charge", () => {
    const out = sim("2024-03-15T00:10:00Z");
    expect(out.invoices.length).toBe(4);
    expectMatch(out.invoices.slice(2), [
      { total_amount_cents: 100_000, fees: [{ item: { type: "charge", code: "metered" } }] },
      { total_amount_cents: 50_000_000, fees: [{ item: { type: "charge", code: "recurring" } }] },
    ]);
  });

  it("1 April: subscription, 4 fixed charges, 3 charges (metered arrears, prorated recurring 2 741 940, recurring advance)", () => {
    const out = sim("2024-04-01T00:10:00Z");
    expect(out.invoices.length).toBe(5);
    const inv = out.invoices[4];
    expect(amounts(inv.fees, "fixed_charge")).toEqual([200_000, 200_000, 200_000, 200_000]);
    expect(amounts(inv.fees, "charge")).toEqual([10_000, 2_741_940, 50_000_000]);
    expect(amounts(inv.fees, "subscription")).toEqual([5_000_000]);
    expect(inv.total_amount_cents).toBe(5_000_000 + 50_000_000 + 10_000 + 2_741_940 + 800_000);
    expectMatch(inv.billing_periods[0], {
      subscription_from_datetime: "2024-03-01T00:00:00Z", subscription_to_datetime: "2024-03-31T23:59:59Z",
      charges_from_datetime: "2024-03-01T00:00:00Z", charges_to_datetime: "2024-03-31T23:59:59Z",
      fixed_charges_from_datetime: "2024-03-01T00:00:00Z", fixed_charges_to_datetime: "2024-03-31T23:59:59Z",
    });
  });
});
