/**
 * `update_subscription` in `simulate`: name, ending_at, the anchor of a pending
 * subscription, plan_overrides (a child plan) and the refusals.
 */
import { describe, expect, it } from "vitest";
import { customer, event, fees, plan, run, subscribe, update } from "./updatesFixtures.js";

describe("simulate: update_subscription", () => {
  it("renames, and ends the subscription at a new ending_at with its final invoice", () => {
    const r = run([customer(), subscribe(), update("2024-03-10T00:00:00Z", { subscription: { name: "Main", ending_at: "2024-03-16T00:00:00Z" } })]);
    expect(r.responses[2]).toMatchObject({ subscription: { name: "Main", status: "active" } });
    expect(r.subscriptions[0]).toMatchObject({ name: "Main", status: "terminated", terminated_at: "2024-03-16T00:00:00Z" });
    // 16 of 31 days of 10.00 (the termination day counts), on the terminating invoice.
    expect(r.invoices.map((i) => [i.created_at, i.billing_periods[0]!.invoicing_reason, fees(i)[0]]))
      .toEqual([["2024-03-16T00:00:00Z", "subscription_terminating", ["subscription", 516, "vat"]]]);
    expect(r.warnings).toEqual([]);
  });

  it("clears an ending_at with null", () => {
    const r = run([customer(), subscribe({ ending_at: "2024-03-20T00:00:00Z" }), update("2024-03-10T00:00:00Z", { ending_at: null })]);
    expect(r.subscriptions[0]!.status).toBe("active");
    expect(r.invoices.map((i) => fees(i)[0])).toEqual([["subscription", 1000, "vat"]]);
  });

  it("moves a pending subscription's anchor: it starts at the new date", () => {
    const r = run([customer(), subscribe({ subscription_at: "2024-04-10T00:00:00Z" }, "2024-03-05T00:00:00Z"),
      update("2024-03-06T00:00:00Z", { subscription: { subscription_at: "2024-03-20T00:00:00Z" }, status: "pending" })]);
    expect(r.responses[2]).toMatchObject({ subscription: { status: "pending", subscription_at: "2024-03-20T00:00:00Z" } });
    expect(r.subscriptions[0]).toMatchObject({ status: "active", started_at: "2024-03-20T00:00:00Z" });
    // 12 of 31 days of March.
    expect(r.invoices.map((i) => fees(i)[0])).toEqual([["subscription", 387, "vat"]]);
  });

  it("a pending anchor moved to a date that has come starts the subscription now, at that date (periods.md §1.1)", () => {
    const r = run([customer(), subscribe({ subscription_at: "2024-04-10T00:00:00Z" }, "2024-03-05T00:00:00Z"),
      update("2024-03-06T00:00:00Z", { subscription_at: "2024-03-01T00:00:00Z" })]);
    expect(r.responses[2]).toMatchObject({ subscription: { status: "active", subscription_at: "2024-03-01T00:00:00Z", started_at: "2024-03-01T00:00:00Z" } });
  });

  it("does not move an active subscription's anchor", () => {
    const r = run([customer(), subscribe(), update("2024-03-06T00:00:00Z", { subscription_at: "2024-03-15T00:00:00Z" })]);
    expect(r.subscriptions[0]!.subscription_at).toBe("2024-03-01T00:00:00Z");
  });

  it("gives the subscription a child plan from then on: amount, taxes and charge properties", () => {
    const r = run([customer(), subscribe(), event("2024-03-05T00:00:00Z", "t1"),
      update("2024-03-10T00:00:00Z", { plan_overrides: { amount_cents: 2000, tax_codes: ["lux"], charges: [{ code: "calls", properties: { amount: "3" } }] } }),
      customer("c2", "2024-03-10T00:00:00Z"), { at: "2024-03-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c2", external_id: "s2", plan_code: "basic" } },
      event("2024-03-11T00:00:00Z", "t2", "s2")]);
    expect(r.responses[3]).toMatchObject({ subscription: { plan_code: "basic" } });
    const [mine, other] = r.invoices;
    expect(fees(mine)).toEqual([["subscription", 2000, "lux"], ["charge", 300, "lux"]]);
    // The catalog plan is unchanged for the other subscription (22 of 31 days).
    expect(fees(other)).toEqual([["subscription", 710, "vat"], ["charge", 50, "vat"]]);
  });

  it("keeps earlier overrides when overriding again", () => {
    const r = run([customer(), subscribe({ plan_overrides: { amount_cents: 2000 } }),
      update("2024-03-10T00:00:00Z", { plan_overrides: { tax_codes: ["lux"] } })]);
    expect(fees(r.invoices[0])[0]).toEqual(["subscription", 2000, "lux"]);
  });

  it("updates the active record, or the pending one with status pending", () => {
    const steps = [customer(), subscribe(), { ...subscribe({ plan_code: "small" }, "2024-03-05T00:00:00Z") }];
    const a = run([...steps, update("2024-03-06T00:00:00Z", { name: "A" })]);
    expect(a.subscriptions.map((s) => [s.plan_code, s.name])).toEqual([["basic", "A"], ["small", null]]);
    const p = run([...steps, update("2024-03-06T00:00:00Z", { name: "P", status: "pending" })]);
    expect(p.subscriptions.map((s) => [s.plan_code, s.name])).toEqual([["basic", null], ["small", "P"]]);
  });

  it("refuses an unknown subscription, and names every bad field; a refused step changes nothing", () => {
    const r = run([customer(), subscribe(),
      { at: "2024-03-06T00:00:00Z", op: "update_subscription", body: { external_id: "nope", name: "x" } },
      update("2024-03-06T00:00:00Z", { status: "gone", name: 3, ending_at: "soon" }),
      update("2024-03-06T00:00:00Z", { ending_at: "2024-03-05T00:00:00Z" }),
      update("2024-03-06T00:00:00Z", { plan_overrides: { amount_cents: -1, tax_codes: ["nope"], trial_period: -2, charges: [{ properties: { amount: "x" } }, { code: "zz" }] } }),
      { at: "2024-03-06T00:00:00Z", op: "update_subscription", body: {} }]);
    expect(r.responses.slice(2)).toEqual([
      { error: { code: "subscription_not_found" } },
      { error: { code: "validation_errors", error_details: { status: ["invalid_value"], name: ["invalid_value"], ending_at: ["invalid_date"] } } },
      { error: { code: "validation_errors", error_details: { ending_at: ["invalid_date"] } } },
      { error: { code: "validation_errors", error_details: {
        "plan_overrides.amount_cents": ["invalid_value"], "plan_overrides.trial_period": ["invalid_value"], "plan_overrides.tax_codes.0": ["invalid_value"],
        // An entry naming no charge of the plan (`zz`) is ignored with a warning, as the reference's override ignores it.
        "plan_overrides.charges.0.properties.amount": expect.any(Array),
      } } },
      { error: { code: "validation_errors", error_details: { external_id: ["value_is_mandatory"] } } },
    ]);
    expect(fees(r.invoices[0])[0]).toEqual(["subscription", 1000, "vat"]);
    expect(r.subscriptions[0]!.name).toBeNull();
  });

  it("applies the overrides it reads and names the others in a warning (entitlements are out of scope)", () => {
    const r = run([customer(), subscribe(), update("2024-03-06T00:00:00Z", { name: "x", plan_overrides: { amount_cents: 5, entitlements: [{}] } })]);
    expect(r.responses[2]).toMatchObject({ subscription: { name: "x", plan_amount_cents: 5 } });
    expect(r.warnings.map((w) => [w.step, (w as { code?: string }).code])).toEqual([[2, "ignored_field"]]);
    expect(r.warnings[0]!.message).toMatch(/plan_overrides\.entitlements/);
    expect(r.subscriptions[0]!.name).toBe("x");
    expect(fees(r.invoices[0])[0]).toEqual(["subscription", 5, "vat"]);
  });

  it("fixed-charge units in plan_overrides apply as update_subscription_fixed_charge would (periods.md §7.1)", () => {
    const seats = { add_on_code: "seats", charge_model: "standard", units: 10, properties: { amount: "10" }, pay_in_advance: true };
    const r = run([customer(), subscribe({ plan_code: "fc" }),
      update("2024-03-06T00:00:00Z", { plan_overrides: { fixed_charges: [{ code: "seats", units: 15, apply_units_immediately: true }] } })],
    { plans: [plan("fc", { amount_cents: 0, pay_in_advance: true, charges: [], fixed_charges: [seats] })], addOns: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }], until: "2024-03-31T00:00:00Z" });
    expect(r.invoices.map((i) => fees(i).filter((f) => f[0] === "fixed_charge").map((f) => f[1]))).toEqual([[10_000], [5_000]]);
  });
});
