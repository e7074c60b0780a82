/**
 * The billing period a fixed-charge invoice records (periods.md §7.1 "Billing period recorded on
 * the invoice"): one per subscription however many fixed charges it bills, from the period
 * calculator in normal mode at the invoice's timestamp (`started_at + 1 s` at the start).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Invoice { created_at: string; fees: unknown[]; billing_periods: Obj[] }

function run(advance: boolean, steps: Obj[] = []): Invoice[] {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }, { code: "desk", name: "Desk", amount_cents: 100, amount_currency: "EUR" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: advance, fixed_charges: [
      { add_on_code: "seats", charge_model: "standard", units: 1, properties: { amount: "10" }, pay_in_advance: true },
      { add_on_code: "desk", charge_model: "standard", units: 2, properties: { amount: "5" }, pay_in_advance: true }] }],
    steps: [
      { at: "2024-05-07T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-05-07T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ...steps,
    ],
    until: "2024-05-20T00:00:00Z",
  });
  return r.invoices as unknown as Invoice[];
}
const bounds = (p: Obj) => ["subscription_from_datetime", "subscription_to_datetime", "charges_from_datetime", "charges_to_datetime",
  "fixed_charges_from_datetime", "fixed_charges_to_datetime"].map((k) => p[k]);

describe("billing periods of fixed-charge invoices", () => {
  it("an arrears plan started mid-period: one period for two fees, every boundary at started_at (the section's example)", () => {
    const [inv] = run(false);
    expect(inv!.fees).toHaveLength(2);
    expect(inv!.billing_periods).toHaveLength(1);
    expect(bounds(inv!.billing_periods[0]!)).toEqual(Array(6).fill("2024-05-07T00:00:00Z"));
    expect(inv!.billing_periods[0]).toMatchObject({ invoicing_reason: "in_advance_charge" });
  });

  it("a units change of an advance plan: the current period, charges of the previous one clamped at started_at", () => {
    const invoices = run(true, [{ at: "2024-05-10T00:00:00Z", op: "update_plan", body: { code: "p", fixed_charges: [
      { code: "seats", units: 3, apply_units_immediately: true }, { code: "desk", units: 5, apply_units_immediately: true }] } }]);
    const change = invoices.find((i) => i.created_at === "2024-05-10T00:00:00Z")!;
    expect(change.fees).toHaveLength(2);
    expect(change.billing_periods.map(bounds)).toEqual([[
      "2024-05-07T00:00:00Z", "2024-05-31T23:59:59Z", "2024-05-07T00:00:00Z", "2024-05-07T00:00:00Z", "2024-05-07T00:00:00Z", "2024-05-07T00:00:00Z",
    ]]);
  });
});
