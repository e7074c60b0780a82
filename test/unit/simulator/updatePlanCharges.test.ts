/**
 * `update_plan` with a `charges` list that leaves a charge out.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; amount_cents: number }
interface Result { responses: Obj[]; invoices: { fees: Fee[] }[]; warnings: unknown[] }

/** Plan p: charge cc (calls, 3.00) and cb (b, 2.00); one event of each in March; update_plan on 10 March. */
function run(charges: Obj[]): Result {
  return simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }, { code: "b", name: "B", aggregation_type: "count_agg" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [
      { code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "3" } },
      { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "2" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-02T00:00:00Z", op: "create_events", body: { events: [
        { transaction_id: "t1", code: "calls", external_subscription_id: "s1" }, { transaction_id: "t2", code: "b", external_subscription_id: "s1" }] } },
      { at: "2024-03-10T00:00:00Z", op: "update_plan", body: { code: "p", charges } },
    ],
    until: "2024-04-02T00:00:00Z",
  }) as unknown as Result;
}

const chargeFees = (r: Result): [string, number][] =>
  r.invoices[0]!.fees.filter((f) => f.item.type === "charge").map((f) => [f.item.code, f.amount_cents]);

describe("review2: update_plan charges list", () => {
  it("control: both charges listed with new prices → 700 and 500", () => {
    const r = run([
      { code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "7" } },
      { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "5" } }]);
    expect(chargeFees(r)).toEqual([["calls", 700], ["b", 500]]);
  });

  // contract.md "update_plan takes the plan body": the plan's `charges` is the plan's list (the
  // reference's plan update deletes the charges the list leaves out); the quality bar forbids
  // ignoring data silently. Expected: cb gone from the plan (no b fee), or the step refused /
  // warned about. Actual: cb is still billed 200 with no warning and the step answers {plan} —
  // src/simulator/planOverrides.ts patchCharges() (line ~111) patches listed charges and keeps the rest.
  it("a charge left out of the list is removed, or the step says it is not", () => {
    const r = run([{ code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "7" } }]);
    const told = r.warnings.length > 0 || "error" in r.responses[3]!;
    expect(told || !chargeFees(r).some(([code]) => code === "b")).toBe(true);
  });
});

describe("update_plan: the charges list is the plan's whole list", () => {
  it("a charge left out is removed: only the listed one is billed at the period end", () => {
    const r = run([{ code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "7" } }]);
    expect(chargeFees(r)).toEqual([["calls", 700]]);
    expect(r.warnings).toEqual([]);
  });
  it("an entry naming no charge of the plan adds one", () => {
    const r = run([
      { code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "3" } },
      { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "2" } },
      { code: "cb2", billable_metric_code: "b", charge_model: "package", properties: { amount: "10", package_size: 100, free_units: 0 } }]);
    expect(chargeFees(r)).toEqual([["calls", 300], ["b", 200], ["b", 1000]]);
  });
  it("a new charge with bad properties refuses the step, changing nothing", () => {
    const r = run([
      { code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "3" } },
      { code: "cx", billable_metric_code: "nope", charge_model: "standard", properties: { amount: "1" } }]);
    expect(r.responses[3]).toHaveProperty("error");
    expect(chargeFees(r)).toEqual([["calls", 300], ["b", 200]]);
  });
});

describe("update_plan: a charge's model", () => {
  it("changes with its new properties", () => {
    const r = run([
      { code: "cc", billable_metric_code: "calls", charge_model: "graduated", properties: { graduated_ranges: [
        { from_value: 0, to_value: null, per_unit_amount: "4", flat_amount: "1" }] } },
      { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "2" } }]);
    expect(chargeFees(r)).toEqual([["calls", 500], ["b", 200]]);
  });
  it("is refused without them (value_is_mandatory), changing nothing", () => {
    const r = run([
      { code: "cc", billable_metric_code: "calls", charge_model: "graduated" },
      { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "2" } }]);
    expect(r.responses[3]).toEqual({ error: { code: "validation_errors", error_details: { "charges.0.properties": ["value_is_mandatory"] } } });
    expect(chargeFees(r)).toEqual([["calls", 300], ["b", 200]]);
  });
});

describe("update_plan charges: a charge's minimum amount", () => {
  it("refuses a min_amount_cents that is not a non-negative integer, changing nothing", () => {
    for (const bad of [1.5, -1, "100"]) {
      const r = run([
        { code: "cc", billable_metric_code: "calls", charge_model: "standard", properties: { amount: "3" }, min_amount_cents: bad },
        { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "2" } }]);
      expect(r.responses[3]).toMatchObject({ error: { code: "validation_errors" } });
      expect(chargeFees(r)).toEqual([["calls", 300], ["b", 200]]);
    }
  });
});
