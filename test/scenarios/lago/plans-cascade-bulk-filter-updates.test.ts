/**
 * Ported from getlago/lago-api spec/scenarios/plans/cascade_bulk_filter_updates_spec.rb
 * (filter-level cascade of PUT /api/v1/plans/:code with `cascade_updates`).
 *
 * Setup (as the spec): count metric `storage` with filter key region (us, eu, asia); plan
 * `enterprise` (0 EUR monthly, in arrears) with charge `storage_charge` standard at 0 and the
 * filters "US region" {region: us} at 10 and "EU region" {region: eu} at 20; subscription
 * `sub_enterprise`, then `update_subscription_charge(..., {invoice_display_name: "My storage",
 * properties: {amount: "0"}})` gives it a child plan whose charge copies the two filters (same
 * prices: nothing customized). The plan update with `cascade_updates: true` follows on 5 March.
 * The spec reads the child's filters from the database; here the child's figures are read from
 * one event per region on 10 March: current usage on 20 March and the 1 April invoice.
 *
 * Skipped: "enqueues one ChargeFilters::CascadeJob per changed filter" and "does not enqueue
 * cascade jobs for unchanged filters" count background jobs (perform_jobs: false), which the
 * simulation does not have: its steps take effect at once.
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

/** The spec's bulk_update_charge: the plan's only charge with the given filters, cascaded. */
const bulkUpdate = (filters: object[]): Step => updatePlan({
  code: "enterprise",
  cascade_updates: true,
  charges: [{ code: "storage_charge", billable_metric_code: "storage", charge_model: "standard", properties: { amount: "0" }, filters }],
});

/** setup_plan_with_subscription, the plan update, one event per region, usage on 20 March (step 7). */
function scenario(update: Step) {
  const out = simulatePlans({
    metrics,
    plans,
    steps: [
      customer("c1"),
      subscribe("c1", "sub_enterprise", "enterprise"),
      overrideCharges("sub_enterprise", [{ code: "storage_charge", invoice_display_name: "My storage", properties: { amount: "0" } }]),
      update,
      event("sub_enterprise", "storage", { region: "us" }),
      event("sub_enterprise", "storage", { region: "eu" }),
      event("sub_enterprise", "storage", { region: "asia" }),
      fetchUsage("c1", "sub_enterprise"),
    ],
  });
  expect(out.responses[3].error).toBeUndefined();
  return { out, usage: usageAt(out, 7) };
}

describe("cascade_bulk_filter_updates_spec.rb", () => {
  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades bulk filter updates to children when jobs run", () => {
    const { out, usage } = scenario(bulkUpdate([US("15"), EU("25")]));
    expect(usageFilters(usage)).toMatchObject({ "US region": [1, 1500, 1], "EU region": [1, 2500, 1], default: [1, 0, 1] });
    expect(invoiceFilters(out, "sub_enterprise")).toMatchObject({ "US region": [1, 1500], "EU region": [1, 2500] });
  });

  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades a new filter added in a bulk update as a 'create' job", () => {
    const { out, usage } = scenario(bulkUpdate([US("10"), EU("20"), ASIA("30")]));
    const filters = usageFilters(usage);
    expect(Object.keys(filters).sort()).toEqual(["Asia region", "EU region", "US region", "default"]);
    expect(filters).toMatchObject({ "US region": [1, 1000, 1], "EU region": [1, 2000, 1], "Asia region": [1, 3000, 1], default: [0, 0, 0] });
    expect(invoiceFilters(out, "sub_enterprise")).toMatchObject({ "Asia region": [1, 3000] });
  });

  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades a removed filter in a bulk update as a 'destroy' job", () => {
    const { out, usage } = scenario(bulkUpdate([US("10")]));
    const filters = usageFilters(usage);
    expect(Object.keys(filters).sort()).toEqual(["US region", "default"]);
    expect(filters).toMatchObject({ "US region": [1, 1000, 1], default: [2, 0, 2] });
    expect(usage.amount_cents).toBe(1000);
    expect(invoiceFilters(out, "sub_enterprise")).toEqual({ "US region": [1, 1000], default: [2, 0] });
  });
});
