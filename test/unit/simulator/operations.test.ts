/**
 * Operations refuse by returning a value before they change anything (docs/simulator.md,
 * "How an operation refuses"): the refusals that used to be thrown from helpers, and the
 * cases a throw left half-done or crashed.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
    charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] }],
};
const at = "2024-03-01T00:00:00Z";
const setup = [
  { at, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
];
const run = (steps: Obj[]) => simulate({ ...base, steps: [...setup, ...steps], until: "2024-03-10T00:00:00Z" });
const error = (out: { readonly responses: readonly unknown[] }, i: number): Obj => (out.responses[setup.length + i] as Obj)["error"] as Obj;

describe("operations refuse with a value", () => {
  it("a preview naming no subscription and no plan is refused (plan_not_found: an empty list is a new subscription's preview), not a crash", () => {
    const out = run([{ at, op: "preview_invoice", body: { customer: { external_id: "c1" }, subscriptions: { external_ids: [] } } }]);
    expect(error(out, 0)).toEqual({ code: "plan_not_found" });
  });

  it("an unresolvable $ref refuses the step, naming where it is", () => {
    const out = run([{ at, op: "finalize_invoice", body: { invoice_id: { $ref: { invoice: 5, field: "svc_id" } } } }]);
    expect(error(out, 0)).toEqual({ code: "validation_errors", error_details: { invoice_id: ["invalid_value"] } });
  });

  it("a subscription refused for its overrides creates no customer", () => {
    const out = run([
      { at, op: "create_subscription", body: { external_customer_id: "new", external_id: "s2", plan_code: "p", plan_overrides: { amount_currency: "USD" } } },
      { at, op: "apply_coupon", body: { external_customer_id: "new", coupon_code: "none" } },
    ]);
    expect(error(out, 0)).toEqual({ code: "validation_errors", error_details: { "plan_overrides.amount_currency": ["currencies_does_not_match"] } });
    expect(error(out, 1)).toEqual({ code: "customer_not_found" });
  });

  it("usage options: a bad group is named before a charge option that is not text", () => {
    const out = run([{ at, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1", filter_by_group: "{not json", charge_code: 5 } }]);
    expect(error(out, 0)).toEqual({ code: "validation_errors", error_details: { filter_by_group: ["invalid_value"] } });
    const out2 = run([{ at, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1", charge_code: 5 } }]);
    expect(error(out2, 0)).toEqual({ code: "validation_errors", error_details: { charge_code: ["invalid_value"] } });
  });
});
