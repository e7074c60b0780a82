/**
 * Ported from getlago/lago-api spec/scenarios/fixed_charges/plan_update_preserves_subscription_overrides_spec.rb
 * and no_op_units_update_emits_no_event_spec.rb (figures only). Plans 0.00 monthly in advance,
 * calendar; one pay-in-advance, not prorated standard fixed charge of 10.00 per unit ("fc").
 * (pay_in_advance_units_change / subscription_units_override / refresh_draft_keeps_pay_in_advance_fee
 * are covered by test/unit/simulator/fixedChargesUnits.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { customer, plan, run, subscribe } from "./subs-helpers.js";

const addOns = [{ code: "add_on", name: "add_on", amount_cents: 1000, amount_currency: "EUR" }];
const planWith = (units: number) =>
  plan("p", { amount_cents: 0, pay_in_advance: true, fixed_charges: [{ code: "fc", add_on_code: "add_on", charge_model: "standard", units, properties: { amount: "10" }, prorated: false, pay_in_advance: true }] });
const fixedFees = (inv: any) => inv.fees.filter((f: any) => f.item.type === "fixed_charge").map((f: any) => [Number(f.units), f.amount_cents]);
const invoicesOf = (out: any, ext: string) => out.invoices.filter((i: any) => (i.billing_periods ?? []).some((b: any) => b.external_subscription_id === ext));

describe("plan_update_preserves_subscription_overrides_spec.rb", () => {
  const start = "2024-03-01T00:00:00Z";
  const sim = (until: string) =>
    run({
      plans: [planWith(10)], addOns,
      steps: [
        customer(start, "UTC", "EUR", "cust-a"),
        customer(start, "UTC", "EUR", "cust-b"),
        subscribe(start, "p", { external_customer_id: "cust-a", external_id: "sub_a" }),
        subscribe(start, "p", { external_customer_id: "cust-b", external_id: "sub_b", plan_overrides: { fixed_charges: [{ code: "fc", units: 15 }] } }),
        { at: "2024-03-06T00:00:00Z", op: "update_plan", body: { code: "p", fixed_charges: [{ code: "fc", units: 7, apply_units_immediately: true, properties: { amount: "10" } }] } },
      ],
      until,
    });

  it("initial invoices: sub A 10 units (100.00), sub B 15 units (150.00)", () => {
    const out = sim("2024-03-01T00:01:00Z");
    expect(invoicesOf(out, "sub_a").map(fixedFees)).toEqual([[[10, 10_000]]]);
    expect(invoicesOf(out, "sub_b").map(fixedFees)).toEqual([[[15, 15_000]]]);
  });

  // Both cases below use `update_plan` with `fixed_charges` (contract.md "Simulation details";
  // periods.md §7.1: the change reaches every active subscription of the plan except one holding its
  // own units override): sub A gets an event at 7 units and a zero-amount in_advance_charge invoice
  // (paid 10, new 7 → no refund), sub B nothing; on 04-01 sub A bills 7 units (70.00), sub B 15 (150.00).
  it("plan-level update to 7 units now: sub A gets a zero-amount invoice, sub B nothing", () => {
    const out = sim("2024-03-06T00:01:00Z");
    const a = invoicesOf(out, "sub_a");
    expect(a.length).toBe(2);
    expect(a[1].fees.filter((f: any) => f.item.type === "fixed_charge").map((f: any) => f.amount_cents)).toEqual([0]);
    expect(invoicesOf(out, "sub_b").length).toBe(1);
  });

  it("next billing segment (04-01): sub A bills 7 units (70.00), sub B keeps 15 (150.00)", () => {
    const out = sim("2024-04-01T00:10:00Z");
    const a = invoicesOf(out, "sub_a");
    const b = invoicesOf(out, "sub_b");
    expect(fixedFees(a[a.length - 1])).toEqual([[7, 7_000]]);
    expect(fixedFees(b[b.length - 1])).toEqual([[15, 15_000]]);
  });
});

describe("no_op_units_update_emits_no_event_spec.rb: bills only the change that was applied immediately", () => {
  // Plan fixed charge at 0 units; the subscription overrides it to 10 (plan_overrides), then:
  // +1 h 15 later, +2 h 10 now (a repeat of the units in force), +3 h 15 later (a repeat of the pending change).
  const start = "2024-03-01T00:00:00Z";
  const upd = (hours: number, units: number, now: boolean) => ({
    at: new Date(Date.parse(start) + hours * 3600e3).toISOString(),
    op: "update_subscription_fixed_charge",
    body: { external_subscription_id: "sub_1", code: "fc", units, apply_units_immediately: now },
  });
  const sim = () =>
    run({
      plans: [planWith(0)], addOns,
      steps: [customer(start), subscribe(start, "p", { plan_overrides: { fixed_charges: [{ code: "fc", units: 10 }] } }), upd(1, 15, false), upd(2, 10, true), upd(3, 15, false)],
      until: "2024-03-01T04:00:00Z",
    });

  it("the starting invoice bills the 10 overridden units (100.00)", () => {
    const out = sim();
    expect(fixedFees(out.invoices[0])).toEqual([[10, 10_000]]);
  });

  // MISMATCH (version conflict, not a bug). The spec (newer Lago) emits no fixed-charge event for an
  // update that repeats the units already effective at its timestamp, so "10 now" at +2 h schedules
  // nothing and the subscription has only its starting invoice (1). periods.md §7.1 says the
  // opposite for the version the docs follow: "A units-override write always emits an event, even
  // when the units are unchanged" (refresh_draft_keeps_pay_in_advance_fee_spec.rb leaves a zero-unit
  // fee on a second invoice), so ratecard issues a second, zero-amount in_advance_charge invoice.
  it.fails("only the subscription's own pay-in-advance invoice (the repeats bill nothing)", () => {
    expect(sim().invoices.length).toBe(1);
  });
});
