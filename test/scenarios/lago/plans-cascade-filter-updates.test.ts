/**
 * Ported from getlago/lago-api spec/scenarios/plans/cascade_filter_updates_spec.rb
 * (filter-level cascade: create, update and destroy of one charge filter with `cascade_updates`).
 *
 * Setup as cascade_bulk_filter_updates_spec.rb (plans-cascade-bulk-filter-updates.test.ts):
 * count metric `storage` (region us/eu/asia), plan `enterprise` with `storage_charge` at 0 and
 * "US region" at 10, "EU region" at 20; `sub_enterprise` overrides the charge's display name
 * ("My storage", same price), which copies both filters onto its child plan.
 *
 * The spec calls the single-filter endpoints (POST/PUT/DELETE /plans/:code/charges/:code/filters),
 * which the contract does not have. Each is expressed as the `update_plan` with the charge's whole
 * filter list that has the same effect (the plan update enqueues the same per-filter cascade jobs:
 * cascade_bulk_filter_updates_spec.rb's header). The child's figures come from one event per
 * region on 10 March: current usage on 20 March and the 1 April invoice.
 *
 * Not ported: the intermediate check of "cascades rapid-fire filter updates independently" (child
 * unchanged while the jobs wait, perform_jobs: false: the simulation has no job queue), and
 * "leaves a child copy with no code alone when the plan's filter is deleted" (it blanks the copy's
 * filter `code` in the database; simulate has no filter codes and no such edit).
 */
import { describe, expect, it } from "vitest";
import {
  customer, event, fetchUsage, invoiceFilters, overrideCharges, plan, simulatePlans, subscribe, updatePlan, usageAt, usageFilters, type Step,
} from "./plans-helpers.js";

const metrics = [{ code: "storage", name: "storage", aggregation_type: "count_agg", filters: [{ key: "region", values: ["us", "eu", "asia"] }] }];
const US = (amount: string) => ({ invoice_display_name: "US region", properties: { amount }, values: { region: ["us"] } });
const EU = (amount: string) => ({ invoice_display_name: "EU region", properties: { amount }, values: { region: ["eu"] } });
const ASIA = (amount: string) => ({ invoice_display_name: "Asia region", properties: { amount }, values: { region: ["asia"] } });
const plans = [plan("enterprise", {
  name: "Enterprise",
  charges: [{ billable_metric_code: "storage", charge_model: "standard", code: "storage_charge", pay_in_advance: false, properties: { amount: "0" }, filters: [US("10"), EU("20")] }],
})];

/** The plan's filters after a single-filter call, as an update_plan of the charge, cascaded. */
const filtersNow = (filters: object[], at = "2024-03-05T00:00:00Z"): Step => updatePlan({
  code: "enterprise",
  cascade_updates: true,
  charges: [{ code: "storage_charge", billable_metric_code: "storage", charge_model: "standard", properties: { amount: "0" }, filters }],
}, at);

/** setup_plan_with_subscription (with the child's own filters when given), the updates, one event per region, usage. */
function scenario(updates: Step[], childFilters?: object[]) {
  const steps: Step[] = [
    customer("c1"),
    subscribe("c1", "sub_enterprise", "enterprise"),
    overrideCharges("sub_enterprise", [{ code: "storage_charge", invoice_display_name: "My storage", properties: { amount: "0" } }]),
    ...(childFilters ? [overrideCharges("sub_enterprise", [{ code: "storage_charge", filters: childFilters }])] : []),
    ...updates,
    event("sub_enterprise", "storage", { region: "us" }),
    event("sub_enterprise", "storage", { region: "eu" }),
    event("sub_enterprise", "storage", { region: "asia" }),
    fetchUsage("c1", "sub_enterprise"),
  ];
  const out = simulatePlans({ metrics, plans, steps });
  steps.forEach((_, i) => expect(out.responses[i].error, `step ${i}`).toBeUndefined());
  return { out, usage: usageAt(out, steps.length - 1) };
}

describe("cascade_filter_updates_spec.rb", () => {
  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades rapid-fire filter updates independently", () => {
    const { out, usage } = scenario([filtersNow([US("15"), EU("20")]), filtersNow([US("15"), EU("25")], "2024-03-05T00:00:01Z")]);
    expect(usageFilters(usage)).toMatchObject({ "US region": [1, 1500, 1], "EU region": [1, 2500, 1] });
    expect(invoiceFilters(out, "sub_enterprise")).toMatchObject({ "US region": [1, 1500], "EU region": [1, 2500] });
  });

  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades filter creation to child charges", () => {
    const { out, usage } = scenario([filtersNow([US("10"), EU("20"), ASIA("30")])]);
    const filters = usageFilters(usage);
    expect(Object.keys(filters).sort()).toEqual(["Asia region", "EU region", "US region", "default"]);
    expect(filters["Asia region"]).toEqual([1, 3000, 1]);
    expect(invoiceFilters(out, "sub_enterprise")).toMatchObject({ "Asia region": [1, 3000] });
  });

  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades filter deletion to child charges", () => {
    const { out, usage } = scenario([filtersNow([US("10")])]);
    const filters = usageFilters(usage);
    expect(Object.keys(filters).sort()).toEqual(["US region", "default"]);
    expect(usage.amount_cents).toBe(1000);
    expect(invoiceFilters(out, "sub_enterprise")).toEqual({ "US region": [1, 1000], default: [2, 0] });
  });

  // The customer's price (the spec writes 99 on the child's US copy in the database; here the
  // subscription's override lists its filters with US at 99) survives the plan's US at 15.
  it("does not overwrite a customer-customized filter", () => {
    const { out, usage } = scenario([filtersNow([US("15"), EU("20")])], [US("99"), EU("20")]);
    expect(usageFilters(usage)).toMatchObject({ "US region": [1, 9900, 1], "EU region": [1, 2000, 1], default: [1, 0, 1] });
    expect(invoiceFilters(out, "sub_enterprise")).toMatchObject({ "US region": [1, 9900], "EU region": [1, 2000] });
  });
});
