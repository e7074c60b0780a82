/**
 * Ported from getlago/lago-api spec/scenarios/plans/independent_charge_management_spec.rb.
 *
 * The spec compares the plan-level payloads (POST/PUT /plans, plan_overrides) with the
 * independent charge and filter endpoints (/plans/:code/charges[/:code/filters],
 * /subscriptions/:id/charges[/:code/filters]) and reads the stored charges and filters. The
 * contract has only the plan-level calls, so each independent call is expressed as the
 * `update_plan` (or `update_subscription` with `plan_overrides`) that leaves the charge in the
 * state the spec asserts after it — each charge's whole filter list, as the endpoint leaves it.
 * The spec's structural comparisons (same model, properties, filters) become comparisons of the
 * billed figures of subscriptions on the plans; the absolute figures are derived from the
 * asserted prices.
 *
 * Sum metric on `value` with filter keys region (us, eu, asia) and tier (basic, pro,
 * enterprise); monthly plans of 100 EUR in arrears; subscriptions from 1 March, events on
 * 10 March, current usage on 20 March, the invoice of 1 April.
 */
import { describe, expect, it } from "vitest";
import {
  customer, event, fetchUsage, invoiceFilters, overrideCharges, plan, simulatePlans, subscribe, updatePlan, usageAt, usageFilters, type Step,
} from "./plans-helpers.js";

const metrics = [{
  code: "units", name: "units", aggregation_type: "sum_agg", field_name: "value",
  filters: [{ key: "region", values: ["us", "eu", "asia"] }, { key: "tier", values: ["basic", "pro", "enterprise"] }],
}];
const filter = (name: string, amount: string, values: object) => ({ invoice_display_name: name, properties: { amount }, values });
const run = (plans: object[], steps: Step[], until?: string) => {
  const out = simulatePlans({ metrics, plans, steps, until });
  steps.forEach((_, i) => expect(out.responses[i].error, `step ${i}`).toBeUndefined());
  return out;
};
const at = (i: number) => `2024-03-01T00:00:0${i}Z`;

describe("independent_charge_management_spec.rb / Plan level: updating charges and filters", () => {
  it("produces the same result whether updating plan all-at-once or via independent endpoints", () => {
    const usBasic = filter("US Basic", "5", { region: ["us"], tier: ["basic"] });
    const euPro = filter("EU Pro", "15", { region: ["eu"], tier: ["pro"] });
    const plans = [
      plan("plan_all_at_once", {
        name: "Plan All At Once", amount_cents: 10_000,
        charges: [{ billable_metric_code: "units", charge_model: "standard", code: "all_at_once_charge", pay_in_advance: false, properties: { amount: "10" }, filters: [usBasic, euPro] }],
      }),
      plan("plan_independent", { name: "Plan Independent", amount_cents: 10_000, charges: [] }),
    ];
    const events = (sub: string) => [
      event(sub, "units", { value: "2", region: "us", tier: "basic" }),
      event(sub, "units", { value: "2", region: "eu", tier: "pro" }),
      event(sub, "units", { value: "1", region: "us", tier: "pro" }),
    ];
    const steps: Step[] = [
      // create_plan_charge, then create_plan_charge_filter twice.
      updatePlan({ code: "plan_independent", charges: [{ billable_metric_code: "units", charge_model: "standard", code: "independent_charge", pay_in_advance: false, properties: { amount: "10" } }] }, at(0)),
      updatePlan({ code: "plan_independent", charges: [{ code: "independent_charge", filters: [usBasic] }] }, at(1)),
      updatePlan({ code: "plan_independent", charges: [{ code: "independent_charge", filters: [usBasic, euPro] }] }, at(2)),
      customer("c1", at(3)),
      subscribe("c1", "sub_all", "plan_all_at_once", at(3)),
      subscribe("c1", "sub_ind", "plan_independent", at(3)),
      ...events("sub_all"),
      ...events("sub_ind"),
      fetchUsage("c1", "sub_all"),
      fetchUsage("c1", "sub_ind"),
    ];
    const out = run(plans, steps);
    const all = usageFilters(usageAt(out, steps.length - 2));
    const ind = usageFilters(usageAt(out, steps.length - 1));
    expect(all).toEqual({ "US Basic": [2, 1000, 1], "EU Pro": [2, 3000, 1], default: [1, 1000, 1] });
    expect(ind).toEqual(all);
    expect(invoiceFilters(out, "sub_ind")).toEqual(invoiceFilters(out, "sub_all"));
    expect(invoiceFilters(out, "sub_all")).toEqual({ "US Basic": [2, 1000], "EU Pro": [2, 3000], default: [1, 1000] });
  });

  it("allows updating charges and filters independently with same result as plan update", () => {
    const plans = [plan("update_test_plan", {
      name: "Update Test Plan", amount_cents: 10_000,
      charges: [{ billable_metric_code: "units", charge_model: "standard", code: "test_charge", pay_in_advance: false, properties: { amount: "10" }, filters: [filter("Original Filter", "5", { region: ["us"] })] }],
    })];
    const updated = filter("Updated Filter", "25", { region: ["us"] });
    const steps: Step[] = [
      customer("c1"),
      subscribe("c1", "sub_1", "update_test_plan"),
      // update_plan_charge: 20, min_amount_cents 100 (its filters untouched).
      updatePlan({ code: "update_test_plan", charges: [{ code: "test_charge", charge_model: "standard", properties: { amount: "20" }, min_amount_cents: 100 }] }, at(1)),
      // update_plan_charge_filter, create_plan_charge_filter, delete_plan_charge_filter.
      updatePlan({ code: "update_test_plan", charges: [{ code: "test_charge", filters: [updated] }] }, at(2)),
      updatePlan({ code: "update_test_plan", charges: [{ code: "test_charge", filters: [updated, filter("New Filter", "30", { region: ["eu"] })] }] }, at(3)),
      updatePlan({ code: "update_test_plan", charges: [{ code: "test_charge", filters: [updated] }] }, at(4)),
      event("sub_1", "units", { value: "1", region: "us" }),
      event("sub_1", "units", { value: "1", region: "eu" }),
      fetchUsage("c1", "sub_1"),
    ];
    const out = run(plans, steps, "2024-05-01T12:00:00Z");
    // One filter left, "Updated Filter" at 25; the charge at 20 (eu falls in the default bucket).
    expect(usageFilters(usageAt(out, 8))).toEqual({ "Updated Filter": [1, 2500, 1], default: [1, 2000, 1] });
    expect(invoiceFilters(out, "sub_1")).toEqual({ "Updated Filter": [1, 2500], default: [1, 2000] });
    // min_amount_cents 100: April has no usage, so its invoice carries a 100-cent true-up of the charge.
    const april = (out.invoices as any[]).find((i) => i.issuing_date === "2024-05-01"); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(april.fees_amount_cents).toBe(10_000 + 100);
  });
});

describe("independent_charge_management_spec.rb / Subscription level: updating charges and filters with overrides", () => {
  // base_plan: 100 EUR, base_charge standard at 10 with "Base Filter" {region: [us]} at 5.
  const plans = [plan("base_plan", {
    name: "Base Plan", amount_cents: 10_000,
    charges: [{ billable_metric_code: "units", charge_model: "standard", code: "base_charge", properties: { amount: "10" }, filters: [filter("Base Filter", "5", { region: ["us"] })] }],
  })];
  const events = (sub: string) => ["us", "eu", "asia"].map((region) => event(sub, "units", { value: "1", region }));
  // An extra subscription on base_plan (not in the spec) shows that the plan keeps its charge and filter.
  const observer = subscribe("c1", "sub_base", "base_plan");
  const baseUnchanged = { "Base Filter": [1, 500, 1], default: [2, 2000, 2] };

  it("produces the same override structure whether updating subscription all-at-once or via independent endpoints", () => {
    const overridden = filter("Overridden Filter", "25", { region: ["us"] });
    const added = filter("New Sub Filter", "35", { region: ["eu"] });
    const steps: Step[] = [
      customer("c1"),
      subscribe("c1", "sub_all_at_once", "base_plan"),
      observer,
      subscribe("c1", "sub_independent", "base_plan"),
      overrideCharges("sub_all_at_once", [{ code: "base_charge", invoice_display_name: "Overridden Charge", properties: { amount: "50" }, filters: [overridden, added] }], at(1)),
      // update_subscription_charge, then create_subscription_charge_filter.
      overrideCharges("sub_independent", [{ code: "base_charge", invoice_display_name: "Overridden Charge", properties: { amount: "50" }, filters: [overridden] }], at(1)),
      overrideCharges("sub_independent", [{ code: "base_charge", filters: [overridden, added] }], at(2)),
      ...events("sub_base"),
      ...events("sub_all_at_once"),
      ...events("sub_independent"),
      fetchUsage("c1", "sub_all_at_once"),
      fetchUsage("c1", "sub_independent"),
      fetchUsage("c1", "sub_base"),
    ];
    const out = run(plans, steps);
    const n = steps.length;
    const one = usageAt(out, n - 3);
    const two = usageAt(out, n - 2);
    expect(one.charges_usage[0].charge.invoice_display_name).toBe("Overridden Charge");
    expect(two.charges_usage[0].charge.invoice_display_name).toBe("Overridden Charge");
    expect(usageFilters(one)).toEqual({ "Overridden Filter": [1, 2500, 1], "New Sub Filter": [1, 3500, 1], default: [1, 5000, 1] });
    expect(usageFilters(two)).toEqual(usageFilters(one));
    expect(invoiceFilters(out, "sub_independent")).toEqual(invoiceFilters(out, "sub_all_at_once"));
    // The base plan's charge (10) and filter (5) are unchanged.
    expect(usageFilters(usageAt(out, n - 1))).toEqual(baseUnchanged);
    expect(invoiceFilters(out, "sub_base")).toEqual({ "Base Filter": [1, 500], default: [2, 2000] });
  });

  it("allows updating and deleting subscription filters independently", () => {
    const updated = filter("Updated Sub Filter", "99", { region: ["us"] });
    const steps: Step[] = [
      customer("c1"),
      subscribe("c1", "sub_filter_ops", "base_plan"),
      observer,
      // update_subscription_charge_filter (creates the override), create_subscription_charge_filter, delete_subscription_charge_filter.
      overrideCharges("sub_filter_ops", [{ code: "base_charge", filters: [updated] }], at(1)),
      overrideCharges("sub_filter_ops", [{ code: "base_charge", filters: [updated, filter("Additional Filter", "77", { region: ["asia"] })] }], at(2)),
      overrideCharges("sub_filter_ops", [{ code: "base_charge", filters: [updated] }], at(3)),
      ...events("sub_base"),
      ...events("sub_filter_ops"),
      fetchUsage("c1", "sub_filter_ops"),
      fetchUsage("c1", "sub_base"),
    ];
    const out = run(plans, steps);
    const n = steps.length;
    // The override: one filter, "Updated Sub Filter" at 99; the charge still at 10.
    expect(usageFilters(usageAt(out, n - 2))).toEqual({ "Updated Sub Filter": [1, 9900, 1], default: [2, 2000, 2] });
    expect(invoiceFilters(out, "sub_filter_ops")).toEqual({ "Updated Sub Filter": [1, 9900], default: [2, 2000] });
    expect(usageFilters(usageAt(out, n - 1))).toEqual(baseUnchanged);
  });

  it("deleting a filter from parent creates override and soft-deletes the copied filter", () => {
    const steps: Step[] = [
      customer("c1"),
      subscribe("c1", "sub_delete_parent", "base_plan"),
      observer,
      // delete_subscription_charge_filter on the plan's filter: the override has no filter left.
      overrideCharges("sub_delete_parent", [{ code: "base_charge", filters: [] }], at(1)),
      ...events("sub_base"),
      ...events("sub_delete_parent"),
      fetchUsage("c1", "sub_delete_parent"),
      fetchUsage("c1", "sub_base"),
    ];
    const out = run(plans, steps);
    const n = steps.length;
    const own = usageAt(out, n - 2).charges_usage[0];
    expect(own.filters).toEqual([]);
    expect([Number(own.units), own.amount_cents]).toEqual([3, 3000]);
    expect(usageFilters(usageAt(out, n - 1))).toEqual(baseUnchanged);
    expect(invoiceFilters(out, "sub_base")).toEqual({ "Base Filter": [1, 500], default: [2, 2000] });
  });
});
