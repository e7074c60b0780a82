/**
 * Usage thresholds exist only with the organization's `progressive_billing` integration (the
 * reference creates none without it, invoice.md §12): a catalog plan's, an `update_plan`'s and a
 * subscription's `plan_overrides` thresholds are then not applied, each named in a warning.
 */
import { describe, expect, it } from "vitest";
import { customer, event, type Obj, plan, run, subscribe, updatePlan } from "./updatesFixtures.js";

const thresholds = [{ amount_cents: 100, threshold_display_name: "1 EUR" }];
const readPlan = (at: string): Obj => ({ at, op: "update_plan", body: { code: "basic" } });
// Three calls at 0.50 each (the fixtures' standard charge) pass 1.00 on 03-07.
const usage = [event("2024-03-07T00:00:00Z", "t1"), event("2024-03-07T00:00:00Z", "t2"), event("2024-03-07T00:00:00Z", "t3")];

describe("simulate: usage thresholds and the progressive_billing integration", () => {
  it("a catalog plan's thresholds are listed and bill progressively with the integration", () => {
    const r = run([readPlan("2024-03-01T00:00:00Z"), customer(), subscribe(), ...usage], { plans: [plan("basic", { usage_thresholds: thresholds })], integrations: ["progressive_billing"] });
    expect(((r.responses[0] as { plan: { usage_thresholds: unknown[] } }).plan.usage_thresholds).length).toBe(1);
    expect(r.invoices.map((i) => i.invoice_type)).toContain("progressive_billing");
    expect(r.warnings.filter((w) => w.message.includes("usage_thresholds"))).toEqual([]);
  });

  it("without it, a catalog plan has none, bills none, and a warning names them", () => {
    const r = run([readPlan("2024-03-01T00:00:00Z"), customer(), subscribe(), ...usage], { plans: [plan("basic", { usage_thresholds: thresholds })] });
    expect((r.responses[0] as { plan: { usage_thresholds: unknown[] } }).plan.usage_thresholds).toEqual([]);
    expect(r.invoices.map((i) => i.invoice_type)).toEqual(["subscription"]);
    expect(r.warnings.map((w) => w.message)).toContain(
      "catalog plans.0.usage_thresholds ignored: without the organization's progressive_billing integration a plan has no usage thresholds");
  });

  it("without it, update_plan and plan_overrides apply the step's other fields and warn about the thresholds", () => {
    const r = run([
      customer(), updatePlan("2024-03-01T00:00:00Z", { name: "Renamed", usage_thresholds: thresholds }),
      subscribe({ plan_overrides: { usage_thresholds: thresholds, amount_cents: 2000 } }), ...usage,
    ]);
    const answer = r.responses[1] as { plan: { name: string; usage_thresholds: unknown[] } };
    expect([answer.plan.name, answer.plan.usage_thresholds]).toEqual(["Renamed", []]);
    expect(r.invoices.map((i) => [i.invoice_type, i.fees_amount_cents])).toEqual([["subscription", 2150]]);
    expect(r.warnings.filter((w) => w.message.includes("progressive_billing integration")).map((w) => w.step)).toEqual([1, 2]);
  });
});

describe("simulate: a subscription's own usage thresholds and progressive_billing_disabled (invoice.md §12.1)", () => {
  const planWith = [plan("basic", { usage_thresholds: thresholds })];
  it("its own non-empty set wins over the plan's", () => {
    const r = run([customer(), subscribe({ usage_thresholds: [{ amount_cents: 1000, threshold_display_name: "10 EUR" }] }), ...usage], { plans: planWith, integrations: ["progressive_billing"] });
    // 1.50 of usage passes the plan's 1.00 but not the subscription's 10.00.
    expect(r.invoices.map((i) => i.invoice_type)).toEqual(["subscription"]);
  });

  it("progressive_billing_disabled turns progressive billing off, and the Subscription says so", () => {
    const r = run([customer(), subscribe({ progressive_billing_disabled: true }), ...usage], { plans: planWith, integrations: ["progressive_billing"] });
    expect(r.invoices.map((i) => i.invoice_type)).toEqual(["subscription"]);
    expect((r.responses[1] as { subscription: Obj }).subscription["progressive_billing_disabled"]).toBe(true);
  });

  it("both top-level and plan_overrides thresholds are incompatible_params; refused, nothing created", () => {
    const r = run([customer(), subscribe({ usage_thresholds: thresholds, plan_overrides: { usage_thresholds: thresholds } })], { plans: planWith, integrations: ["progressive_billing"] });
    expect(r.responses[1]).toEqual({ error: { code: "validation_errors", error_details: { usage_thresholds: ["incompatible_params"], "plan_overrides.usage_thresholds": ["incompatible_params"] } } });
    expect(r.subscriptions).toEqual([]);
  });
});
