/**
 * Current-usage query options (invoice.md §13.1.7).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;

/** Two charges (a: 10 €/unit, b: 1.33 €/event); 4 units of a and 1 event of b in March. */
function usage(options: Obj): Obj {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "a", name: "A", aggregation_type: "sum_agg", field_name: "v" }, { code: "b", name: "B", aggregation_type: "count_agg" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges: [
      { code: "ca", billable_metric_code: "a", charge_model: "standard", properties: { amount: "10" } },
      { code: "cb", billable_metric_code: "b", charge_model: "standard", properties: { amount: "1.33" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-10T00:00:00Z", op: "create_events", body: { events: [
        { transaction_id: "t1", code: "a", external_subscription_id: "s1", properties: { v: 4 } },
        { transaction_id: "t2", code: "b", external_subscription_id: "s1" }] } },
      { at: "2024-03-20T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1", ...options } },
    ],
  }) as unknown as { responses: Obj[] };
  return r.responses[3]!;
}

describe("review2: a charge option that is not a string", () => {
  it("control: filter_by_charge_code \"zz\" (no such charge) is refused with charge_not_found", () => {
    expect(usage({ filter_by_charge_code: "zz" })).toEqual({ error: { code: "charge_not_found" } });
  });

  // invoice.md §13.1.7 "Charge options … No match (unknown value …) → charge_not_found"; the
  // quality bar: bad input is refused, never silently dropped. A numeric filter_by_charge_code
  // (5) matches no charge code, yet usage.ts usageOptions() `text()` (src/simulator/usage.ts)
  // skips non-string values, so the option is dropped and the whole usage is returned:
  // expected an error (charge_not_found or validation_errors invalid_value), actual amount_cents 4133.
  it("filter_by_charge_code: 5 is refused, not ignored", () => {
    expect(usage({ filter_by_charge_code: 5 })).toHaveProperty("error");
  });

  // Same for filter_by_metric_code / filter_by_charge_id given as numbers or objects.
  it("filter_by_metric_code: {} is refused, not ignored", () => {
    expect(usage({ filter_by_metric_code: {} })).toHaveProperty("error");
  });
});
