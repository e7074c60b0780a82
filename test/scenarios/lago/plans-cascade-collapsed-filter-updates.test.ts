/**
 * Ported from getlago/lago-api spec/scenarios/plans/cascade_collapsed_filter_updates_spec.rb.
 *
 * Setup (as the spec): sum metric `api_pages` on `value` with filter keys type (pp1k_pages),
 * model (six ocr models) and zone (us); plan `api_plan` (0 EUR monthly, in arrears) with charge
 * `pages_charge` standard at 0.01 and seven filters: "Model 0".."Model 5" {type, model} at 10 and
 * "US zone" {type, zone} at 5. Subscription `sub_api` overrides the charge ("Pages", 0.02); the
 * spec then writes 9 on every model copy and 4 on the zone copy in the database — here the same
 * override lists the child's seven filters with those prices.
 *
 * Ported: "still cascades an ordinary filter update without duplicates" (the only example without
 * a metric edit). The figures: one event per filter (value 1) on 10 March, current usage on
 * 20 March and the 1 April invoice.
 *
 * Skipped (they need `update_metric`, an edit of the billable metric's filter values that the
 * contract's `simulate` has no operation for): "collapses several charge filters onto one
 * predicate when a metric key is removed", "removes every collapsed duplicate from the override
 * when the parent drops them all", "converges the override to a single row when the parent keeps
 * one collapsed filter", "preserves the negotiated override price while deduplicating", "emits a
 * single destroy job for a collapsed predicate" (also counts jobs), "does not bill the override
 * at a rate the parent no longer has".
 */
import { describe, expect, it } from "vitest";
import {
  customer, event, fetchUsage, invoiceFilters, overrideCharges, plan, simulatePlans, subscribe, updatePlan, usageAt, usageFilters, type Step,
} from "./plans-helpers.js";

const models = ["ocr-2411", "ocr-2512", "ocr-2503", "ocr-4", "ocr-2505", "ocr-4-launch"];
const metrics = [{
  code: "api_pages", name: "api_pages", aggregation_type: "sum_agg", field_name: "value",
  filters: [{ key: "type", values: ["pp1k_pages"] }, { key: "model", values: models }, { key: "zone", values: ["us"] }],
}];
const modelFilters = (amountOf: (i: number) => string) => models.map((m, i) => ({
  invoice_display_name: `Model ${i}`, properties: { amount: amountOf(i) }, values: { type: ["pp1k_pages"], model: [m] },
}));
const zoneFilter = (amount: string) => ({ invoice_display_name: "US zone", properties: { amount }, values: { type: ["pp1k_pages"], zone: ["us"] } });
const plans = [plan("api_plan", {
  name: "API Plan",
  charges: [{ billable_metric_code: "api_pages", charge_model: "standard", code: "pages_charge", pay_in_advance: false, properties: { amount: "0.01" }, filters: [...modelFilters(() => "10"), zoneFilter("5")] }],
})];

describe("cascade_collapsed_filter_updates_spec.rb", () => {
  it("still cascades an ordinary filter update without duplicates", () => {
    const steps: Step[] = [
      customer("c1"),
      subscribe("c1", "sub_api", "api_plan"),
      overrideCharges("sub_api", [{ code: "pages_charge", invoice_display_name: "Pages", properties: { amount: "0.02" }, filters: [...modelFilters(() => "9"), zoneFilter("4")] }]),
      // update_parent_filters: Model 0 repriced 10 → 12, everything else as it was.
      updatePlan({
        name: "API Plan", code: "api_plan", interval: "monthly", amount_cents: 0, amount_currency: "EUR", cascade_updates: true,
        charges: [{ code: "pages_charge", billable_metric_code: "api_pages", charge_model: "standard", properties: { amount: "0.01" }, filters: [...modelFilters((i) => (i === 0 ? "12" : "10")), zoneFilter("5")] }],
      }),
      ...models.map((m) => event("sub_api", "api_pages", { value: "1", type: "pp1k_pages", model: m })),
      event("sub_api", "api_pages", { value: "1", type: "pp1k_pages", zone: "us" }),
      fetchUsage("c1", "sub_api"),
    ];
    const out = simulatePlans({ metrics, plans, steps });
    steps.forEach((_, i) => expect(out.responses[i].error, `step ${i}`).toBeUndefined());
    const filters = usageFilters(usageAt(out, steps.length - 1));
    // Seven filters on the child, one per predicate, none destroyed; every child price kept
    // (each was customized, Model 0 included: 9, not the plan's 12).
    const named = Object.keys(filters).filter((k) => k !== "default").sort();
    expect(named).toEqual(["Model 0", "Model 1", "Model 2", "Model 3", "Model 4", "Model 5", "US zone"]);
    for (let i = 0; i < 6; i++) expect(filters[`Model ${i}`]).toEqual([1, 900, 1]);
    expect(filters["US zone"]).toEqual([1, 400, 1]);
    const billed = invoiceFilters(out, "sub_api");
    expect(billed["Model 0"]).toEqual([1, 900]);
    expect(billed["US zone"]).toEqual([1, 400]);
  });
});
