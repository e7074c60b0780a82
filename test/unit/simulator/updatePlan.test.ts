/**
 * `update_plan` in `simulate`: the catalog plan changed from the step's instant on; the
 * subscriptions with their own overrides keep them; `cascade_updates` for charges.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customer, event, fees, type Obj, plan, run, subscribe, updatePlan } from "./updatesFixtures.js";

const second = (overrides?: Obj): Obj[] => [customer("c2"),
  { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c2", external_id: "s2", plan_code: "basic", ...(overrides ? { plan_overrides: overrides } : {}) } }];

describe("simulate: update_plan", () => {
  it("later billing runs see the new amount, name, taxes and charge properties, and it answers the plan", () => {
    const r = run([customer(), subscribe(), event("2024-03-05T00:00:00Z", "t1"),
      updatePlan("2024-03-10T00:00:00Z", { amount_cents: 3000, name: "Basic 2", invoice_display_name: "Pro", tax_codes: ["lux"], charges: [{ code: "calls", properties: { amount: "4" } }] })]);
    expect(r.responses[3]).toMatchObject({ plan: { code: "basic", name: "Basic 2", invoice_display_name: "Pro", amount_cents: 3000, taxes: [{ code: "lux" }] } });
    expect(fees(r.invoices[0])).toEqual([["subscription", 3000, "lux"], ["charge", 400, "lux"]]);
    expect(r.invoices[0]!.fees[0]).toMatchObject({ item: { name: "Basic 2", invoice_display_name: "Pro" } });
    expect(r.warnings).toEqual([]);
  });

  it("leaves invoices already issued as they were", () => {
    const r = run([customer(), subscribe(), updatePlan("2024-04-10T00:00:00Z", { amount_cents: 3000 })], { until: "2024-05-01T00:00:00Z" });
    expect(r.invoices.map((i) => fees(i)[0]![1])).toEqual([1000, 3000]);
  });

  it("a subscription with its own overrides keeps them", () => {
    const r = run([customer(), subscribe({ plan_overrides: { amount_cents: 2000 } }), ...second(), updatePlan("2024-03-10T00:00:00Z", { amount_cents: 3000 })]);
    expect(r.invoices.map((i) => fees(i)[0]![1])).toEqual([2000, 3000]);
  });

  it("cascade_updates brings a charge change to child plans whose charge is still the parent's", () => {
    const steps = (cascade: boolean): Obj[] => [customer(), subscribe({ plan_overrides: { amount_cents: 2000 } }),
      ...second({ charges: [{ code: "calls", properties: { amount: "1" } }] }),
      event("2024-03-05T00:00:00Z", "t1"), event("2024-03-05T00:00:00Z", "t2", "s2"),
      updatePlan("2024-03-10T00:00:00Z", { charges: [{ code: "calls", properties: { amount: "4" } }], ...(cascade ? { cascade_updates: true } : {}) })];
    const charges = (r: ReturnType<typeof run>): number[] => r.invoices.map((i) => fees(i)[1]![1]);
    expect(charges(run(steps(true)))).toEqual([400, 100]);
    expect(charges(run(steps(false)))).toEqual([50, 100]);
  });

  it("its usage_thresholds start progressive billing", () => {
    const r = run([customer(), subscribe(), event("2024-03-05T00:00:00Z", "t1"), event("2024-03-05T00:00:00Z", "t2"),
      updatePlan("2024-03-06T00:00:00Z", { usage_thresholds: [{ amount_cents: 60, threshold_display_name: "T" }] }), event("2024-03-07T00:00:00Z", "t3")],
    { integrations: ["progressive_billing"], until: "2024-03-20T00:00:00Z" });
    expect(r.invoices.map((i) => [i.created_at, i.invoice_type, i.fees_amount_cents])).toEqual([["2024-03-06T00:00:00Z", "progressive_billing", 100]]);
  });

  it("a trial_period added to a plan paid in advance moves the bill of a subscription still waiting for its trial", () => {
    const r = run([customer(), subscribe({ plan_code: "adv", plan_overrides: { trial_period: 10 } }), subscribe({ plan_code: "adv", external_id: "s9" }),
      { at: "2024-03-05T00:00:00Z", op: "update_plan", body: { code: "adv", trial_period: 20 } }], { until: "2024-03-31T00:00:00Z" });
    // s1 keeps its own 10-day trial; s9 billed at its start (no trial then) is not billed again.
    expect(r.invoices.map((i) => [i.created_at, fees(i)[0]![1]])).toEqual([["2024-03-01T00:00:00Z", 1000], ["2024-03-11T00:00:00Z", 677]]);
  });

  it("refuses an unknown plan and names every bad field; a refused step changes nothing", () => {
    const r = run([customer(), subscribe(),
      { at: "2024-03-06T00:00:00Z", op: "update_plan", body: { code: "nope", amount_cents: 1 } },
      { at: "2024-03-06T00:00:00Z", op: "update_plan", body: { amount_cents: 1 } },
      updatePlan("2024-03-06T00:00:00Z", { amount_cents: "x", name: "", usage_thresholds: [{ amount_cents: 10, recurring: true }, { amount_cents: 20, recurring: true }, { amount_cents: 0 }],
        minimum_commitment: { amount_cents: 100, tax_codes: ["zz"] } })], { integrations: ["progressive_billing"] });
    expect(r.responses.slice(2)).toEqual([
      { error: { code: "plan_not_found" } },
      { error: { code: "validation_errors", error_details: { code: ["value_is_mandatory"] } } },
      { error: { code: "validation_errors", error_details: {
        amount_cents: ["invalid_value"], name: ["value_is_mandatory"], "usage_thresholds.1.recurring": ["invalid_value"],
        "usage_thresholds.2.amount_cents": ["value_is_out_of_range"], "minimum_commitment.tax_codes.0": ["invalid_value"],
      } } },
    ]);
    expect(fees(r.invoices[0])[0]).toEqual(["subscription", 1000, "vat"]);
  });

  it("keeps the interval of a plan that subscriptions use, with a warning, and applies the rest; naming the same interval says nothing", () => {
    const r = run([customer(), subscribe(), updatePlan("2024-03-06T00:00:00Z", { interval: "yearly", amount_cents: 5 }),
      updatePlan("2024-03-06T00:00:00Z", { fixed_charges: "none" }), updatePlan("2024-03-06T00:00:00Z", { interval: "monthly", amount_cents: 1500 })]);
    expect(r.responses[2]).toMatchObject({ plan: { interval: "monthly", amount_cents: 5 } });
    expect(r.responses[3]).toEqual({ error: { code: "validation_errors", error_details: { fixed_charges: ["invalid_value"] } } });
    expect(r.warnings.map((w) => [w.step, (w as { code?: string }).code])).toEqual([[2, "ignored_field"]]);
    expect(r.warnings[0]!.message).toMatch(/interval unchanged/);
    expect(fees(r.invoices[0])[0]).toEqual(["subscription", 1500, "vat"]);
  });

  it("changes the interval, currency and bill_charges_monthly of a plan no subscription uses yet", () => {
    const r = run([customer("c1", "2024-02-20T00:00:00Z"), updatePlan("2024-02-20T00:00:00Z", { interval: "yearly", amount_currency: "USD", bill_charges_monthly: true }),
      subscribe({}, "2024-03-01T00:00:00Z"), event("2024-03-05T00:00:00Z", "t1")], { until: "2024-04-01T00:00:00Z" });
    expect(r.responses[1]).toMatchObject({ plan: { interval: "yearly", amount_currency: "USD", bill_charges_monthly: true } });
    expect(r.warnings).toEqual([]);
    // Yearly in arrears with charges billed monthly: the 2024-04-01 run bills March's calls only, in USD.
    expect(r.invoices).toHaveLength(1);
    expect(r.invoices[0]).toMatchObject({ currency: "USD" });
    expect(fees(r.invoices[0])).toEqual([["charge", 50, "vat"]]);
  });

  it("refuses an unknown interval or currency, and names a key it does not read in a warning", () => {
    const r = run([customer("c1", "2024-02-20T00:00:00Z"), updatePlan("2024-02-20T00:00:00Z", { interval: "daily" }), updatePlan("2024-02-20T00:00:00Z", { amount_currency: "EURO" }),
      updatePlan("2024-02-20T00:00:00Z", { amount_cents: 1200, colour: "blue" })]);
    expect(r.responses.slice(1, 3)).toEqual([
      { error: { code: "validation_errors", error_details: { interval: ["value_is_invalid"] } } },
      { error: { code: "validation_errors", error_details: { amount_currency: ["invalid_value"] } } },
    ]);
    expect(r.responses[3]).toMatchObject({ plan: { amount_cents: 1200 } });
    expect(r.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/"colour" is not a plan field/)]);
  });

  it("a run bills the amount in force at its instant, whatever the updates before it", () => {
    fc.assert(fc.property(fc.array(fc.record({ day: fc.integer({ min: 2, max: 28 }), amount: fc.integer({ min: 0, max: 1_000_000 }) }), { maxLength: 4 }), (ups) => {
      const sorted = [...ups].sort((a, b) => a.day - b.day);
      const steps = sorted.map((u) => updatePlan(`2024-03-${String(u.day).padStart(2, "0")}T00:00:00Z`, { amount_cents: u.amount }));
      const r = run([customer(), subscribe(), ...steps]);
      expect(fees(r.invoices[0])[0]![1]).toBe(sorted.at(-1)?.amount ?? 1000);
    }), { numRuns: 25 });
  });
});

describe("simulate: update_plan amounts and pending downgrades", () => {
  // s1 on basic (10.00) asks on 03-10 to move to small (5.00): a downgrade pending until 1 April.
  const downgrade = { at: "2024-03-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "small" } };
  const statuses = (r: ReturnType<typeof run>) => r.subscriptions.map((s) => [s.plan_code, s.status]);

  it("a current plan now cheaper than the pending one cancels the downgrade", () => {
    const r = run([customer(), subscribe(), downgrade, updatePlan("2024-03-20T00:00:00Z", { amount_cents: 400 })], { until: "2024-04-02T00:00:00Z" });
    expect(statuses(r)).toEqual([["basic", "active"], ["small", "canceled"]]);
  });

  it("a pending plan now at least as dear as the current one is an upgrade, made at once (the reference's plan update)", () => {
    const r = run([customer(), subscribe(), downgrade, updatePlan("2024-03-20T00:00:00Z", { code: "small", amount_cents: 1500 })], { until: "2024-04-02T00:00:00Z" });
    // The pending record is canceled and a new one on the dearer plan starts now; the old one ends now.
    expect(statuses(r)).toEqual([["basic", "terminated"], ["small", "canceled"], ["small", "active"]]);
    expect(r.subscriptions.find((s) => s["status"] === "active")!["started_at"]).toBe("2024-03-20T00:00:00Z");
  });

  it("an amount that keeps it a downgrade leaves it pending, and it happens on 1 April", () => {
    const r = run([customer(), subscribe(), downgrade, updatePlan("2024-03-20T00:00:00Z", { amount_cents: 900 })], { until: "2024-04-02T00:00:00Z" });
    expect(statuses(r)).toEqual([["basic", "terminated"], ["small", "active"]]);
  });
});

describe("simulate: update_plan and drafts", () => {
  it("rebuilds the drafts of the plan's subscriptions at once", () => {
    const graceCustomer = { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", billing_configuration: { invoice_grace_period: 5 } } };
    const before = run([graceCustomer, subscribe()], { until: "2024-04-03T00:00:00Z" });
    const after = run([graceCustomer, subscribe(), updatePlan("2024-04-02T00:00:00Z", { amount_cents: 3000 })], { until: "2024-04-03T00:00:00Z" });
    expect([before.invoices[0]!.status, fees(before.invoices[0])[0]![1]]).toEqual(["draft", 1000]);
    expect([after.invoices[0]!.status, fees(after.invoices[0])[0]![1]]).toEqual(["draft", 3000]);
  });

  it("a charge given without a code gets the metric's code suffixed past the plan's (calls_2, then calls_4 after calls_3)", () => {
    const add = { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } };
    const read = (code: string): Obj => ({ at: "2024-03-01T00:00:00Z", op: "update_plan", body: { code } });
    const r = run([read("twice"), read("after3")], {
      plans: [plan("twice", { charges: [add, add] }), plan("after3", { charges: [{ ...add, code: "calls_3" }, add, add] })],
    });
    const codes = (i: number): unknown[] => ((r.responses[i] as { plan: { charges: Obj[] } }).plan.charges).map((c) => c["code"]);
    expect(codes(0)).toEqual(["calls", "calls_2"]);
    expect(codes(1)).toEqual(["calls_3", "calls", "calls_4"]);
  });
});
