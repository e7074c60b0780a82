/**
 * Ported from getlago/lago-api spec/scenarios/current_usage/with_identical_charge_filters_spec.rb
 * (postgres store; the clickhouse variant asserts the same figures).
 */
import { describe, expect, it } from "vitest";
import { customer, event, fetchUsage, run, subscribe } from "./current-usage-helpers.js";

const metrics = [{ code: "sum", aggregation_type: "sum_agg", field_name: "value", filters: [{ key: "cloud", values: ["aws", "gcp"] }] }];
const usageWith = (filters: object[]) =>
  run({
    metrics,
    charges: [{ billable_metric_code: "sum", charge_model: "standard", properties: { amount: "10" }, filters }],
    steps: [
      customer("2024-03-05T00:00:00Z"),
      subscribe("2024-03-05T00:00:00Z"),
      event("2024-03-06T00:00:00Z", "sum", { cloud: "aws", value: 10 }),
      fetchUsage("2024-03-06T00:00:00Z"),
    ],
  }).usages[0];

describe("with_identical_charge_filters_spec.rb", () => {
  it("when charge filters have no values / returns current usage without SQL errors", () => {
    const u = usageWith([
      { invoice_display_name: "Empty A", properties: { amount: "5" }, values: {} },
      { invoice_display_name: "Empty B", properties: { amount: "8" }, values: {} },
      { invoice_display_name: "AWS", properties: { amount: "3" }, values: { cloud: ["aws"] } },
    ]);
    expect(u.charges_usage[0].filters).toHaveLength(4);
  });

  it("when a child filter's values are a subset of the parent's / returns current usage without SQL errors", () => {
    const u = usageWith([
      { invoice_display_name: "All clouds", properties: { amount: "5" }, values: { cloud: ["aws", "gcp"] } },
      { invoice_display_name: "AWS only", properties: { amount: "3" }, values: { cloud: ["aws"] } },
    ]);
    expect(u.charges_usage[0].filters).toHaveLength(3);
  });
});
