/**
 * `update_plan` with `fixed_charges` (contract "Simulation details", periods.md §7.1): the list
 * replaces the plan's; units changes reach the subscriptions without units of their own, now
 * (`apply_units_immediately`: the delta billed on its own invoice) or from the next period.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; units: string; amount_cents: number }
interface Invoice { created_at: string; fees: Fee[]; billing_periods: { invoicing_reason: string }[] }

const FC = (code: string, units: number, amount: string, extra: Obj = {}): Obj =>
  ({ add_on_code: code, charge_model: "standard", units, properties: { amount }, pay_in_advance: true, prorated: false, ...extra });

function run(update: Obj, opts: { overrides?: Obj; until?: string } = {}) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }, { code: "desk", name: "Desk", amount_cents: 100, amount_currency: "EUR" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: true, fixed_charges: [FC("seats", 10, "10")] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", ...(opts.overrides ? { plan_overrides: opts.overrides } : {}) } },
      { at: "2024-03-10T00:00:00Z", op: "update_plan", body: { code: "p", ...update } },
    ],
    until: opts.until ?? "2024-04-01T01:00:00Z",
  });
  return { invoices: r.invoices as Invoice[], responses: r.responses as Obj[], warnings: r.warnings };
}
const fixed = (inv: Invoice): [string, string, number][] => inv.fees.filter((f) => f.item.type === "fixed_charge").map((f) => [f.item.code, String(Number(f.units)), f.amount_cents]);

describe("update_plan fixed_charges", () => {
  it("raised units applied now bill the extra units on their own invoice, and the next period in full", () => {
    const { invoices, warnings } = run({ fixed_charges: [{ code: "seats", units: 12, apply_units_immediately: true }] });
    expect(invoices.map((i) => [i.created_at, fixed(i)])).toEqual([
      ["2024-03-01T00:00:00Z", [["seats", "10", 10_000]]],
      ["2024-03-10T00:00:00Z", [["seats", "2", 2_000]]],
      ["2024-04-01T00:00:00Z", [["seats", "12", 12_000]]],
    ]);
    expect(warnings).toEqual([]);
  });

  it("without apply_units_immediately the new units start with the next period; a subscription's own units are not reached", () => {
    const later = run({ fixed_charges: [{ code: "seats", units: 12 }] });
    expect(later.invoices.map(fixed)).toEqual([[["seats", "10", 10_000]], [["seats", "12", 12_000]]]);
    const own = run({ fixed_charges: [{ code: "seats", units: 12, apply_units_immediately: true }] }, { overrides: { fixed_charges: [{ code: "seats", units: 3 }] } });
    expect(own.invoices.map(fixed)).toEqual([[["seats", "3", 3_000]], [["seats", "3", 3_000]]]);
  });

  it("an added fixed charge bills from its start (not back to the subscription's), a left-out one is removed", () => {
    const r = run({ fixed_charges: [FC("desk", 2, "5", { apply_units_immediately: true })] });
    expect(r.invoices.map((i) => [i.created_at, fixed(i)])).toEqual([
      ["2024-03-01T00:00:00Z", [["seats", "10", 10_000]]],
      ["2024-03-10T00:00:00Z", [["desk", "2", 1_000]]],
      ["2024-04-01T00:00:00Z", [["desk", "2", 1_000]]],
    ]);
  });

  it("a bad entry refuses the step, changing nothing", () => {
    const r = run({ fixed_charges: [{ code: "seats", units: -1 }, { code: "nope", units: 1 }] });
    expect(r.responses[2]).toEqual({ error: { code: "validation_errors", error_details: { "fixed_charges.0.units": ["invalid_value"], "fixed_charges.1.code": ["invalid_value"] } } });
    expect(r.invoices.map(fixed)).toEqual([[["seats", "10", 10_000]], [["seats", "10", 10_000]]]);
  });
});
