/**
 * Ported from getlago/lago-api spec/scenarios/plans/cascade_filters_over_metric_edits_spec.rb.
 *
 * Setup (as the spec): sum metric `api_pages` on `value` with filter keys type (pages) and model
 * (m1..m10); plan `api_plan` (0 EUR monthly, in arrears) whose charge `pages_charge` (standard,
 * 0.01) has filters {type: [pages], model: [mX]} ("Model mX") and {type: [pages]} ("Pages");
 * `update_subscription_charge(sub, "pages_charge", {properties: {amount: "0.01"}})` gives the
 * subscription a child plan (same price: nothing customized). The plan update with
 * `cascade_updates: true` follows on 5 March; the figures come from events on 10 March, current
 * usage on 20 March and the 1 April invoice.
 *
 * Ported: "cascades to the edited charge only, leaving the sibling charge untouched", "cascades
 * to every override, not just the first", "cascades a filter using the ALL_FILTER_VALUES
 * sentinel" — the examples without a metric edit.
 *
 * Skipped — they need `update_metric` (editing a billable metric's filter values), which
 * `simulate` has no operation for: "keeps the override aligned with the plan across successive
 * metric and plan edits", "keeps a price negotiated on the override when the plan reprices" (its
 * step 1 is a metric edit collapsing m1/m2 onto {type: [pages]}), "leaves the untouched filters
 * alone when a single value is removed", and the four "a model x region matrix" examples (three
 * metric edits each; three of them also use the single-filter endpoints).
 * Skipped — not observable: "does not cascade to an override whose subscription is terminated"
 * asserts the stored filters of the child plan of a terminated subscription, which bills nothing
 * after its termination and which the simulation does not return.
 */
import { describe, expect, it } from "vitest";
import {
  ALL, chargeSvcId, customer, event, fetchUsage, invoiceFilters, overrideCharges, plan, simulatePlans, subscribe, updatePlan, usageAt, usageFilters, type Step,
} from "./plans-helpers.js";

const metrics = [{
  code: "api_pages", name: "api_pages", aggregation_type: "sum_agg", field_name: "value",
  filters: [{ key: "type", values: ["pages"] }, { key: "model", values: Array.from({ length: 10 }, (_, i) => `m${i + 1}`) }],
}];
const modelFilter = (model: string, amount: string) => ({ invoice_display_name: `Model ${model}`, properties: { amount }, values: { type: ["pages"], model: [model] } });
const pagesFilter = (amount: string) => ({ invoice_display_name: "Pages", properties: { amount }, values: { type: ["pages"] } });

/** plan_payload: `api_plan` with `pages_charge` carrying `filters`. */
const planPayload = (filters: object[]) => ({
  name: "API Plan", code: "api_plan", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: false,
  charges: [{ billable_metric_code: "api_pages", charge_model: "standard", code: "pages_charge", pay_in_advance: false, properties: { amount: "0.01" }, filters }],
});
const cascade = (filters: object[]): Step => updatePlan({ ...planPayload(filters), cascade_updates: true });
/** update_subscription_charge(sub, "pages_charge", {properties: {amount: "0.01"}}). */
const override = (subId: string): Step => overrideCharges(subId, [{ code: "pages_charge", properties: { amount: "0.01" } }]);
const ev = (subId: string, props: object) => event(subId, "api_pages", props);

function simulateSteps(plans: object[], steps: Step[]) {
  const out = simulatePlans({ metrics, plans, steps });
  steps.forEach((_, i) => expect(out.responses[i].error, `step ${i}`).toBeUndefined());
  return out;
}

describe("cascade_filters_over_metric_edits_spec.rb", () => {
  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades to the edited charge only, leaving the sibling charge untouched", () => {
    const plans = [plan("api_plan", {
      name: "API Plan",
      charges: [
        { billable_metric_code: "api_pages", charge_model: "standard", code: "pages_charge", properties: { amount: "0.01" }, filters: [modelFilter("m1", "1"), modelFilter("m2", "2")] },
        { billable_metric_code: "api_pages", charge_model: "standard", code: "tokens_charge", properties: { amount: "0.02" }, filters: [modelFilter("m1", "3"), modelFilter("m2", "4")] },
      ],
    })];
    const steps: Step[] = [
      customer("c1"), subscribe("c1", "sub_api", "api_plan"), override("sub_api"),
      updatePlan({
        name: "API Plan", code: "api_plan", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: false, cascade_updates: true,
        charges: [
          { code: "pages_charge", billable_metric_code: "api_pages", charge_model: "standard", properties: { amount: "0.01" }, filters: [modelFilter("m1", "1")] },
          { code: "tokens_charge", billable_metric_code: "api_pages", charge_model: "standard", properties: { amount: "0.02" }, filters: [modelFilter("m1", "3"), modelFilter("m2", "4")] },
        ],
      }),
      ev("sub_api", { value: "10", type: "pages", model: "m2" }),
      fetchUsage("c1", "sub_api"),
    ];
    const out = simulateSteps(plans, steps);
    const usage = usageAt(out, 5);
    const pages = usageFilters(usage, "pages_charge");
    const tokens = usageFilters(usage, "tokens_charge");
    expect(Object.keys(pages).sort()).toEqual(["Model m1", "default"]);
    expect(pages).toEqual({ "Model m1": [0, 0, 0], default: [10, 10, 1] });
    expect(Object.keys(tokens).sort()).toEqual(["Model m1", "Model m2", "default"]);
    expect(tokens["Model m2"]).toEqual([10, 4000, 1]);
    const pagesBilled = invoiceFilters(out, "sub_api", "2024-04-01", chargeSvcId(usage, "pages_charge"));
    expect(pagesBilled).not.toHaveProperty("Model m2");
    expect(pagesBilled).toMatchObject({ default: [10, 10] });
    expect(invoiceFilters(out, "sub_api", "2024-04-01", chargeSvcId(usage, "tokens_charge"))).toMatchObject({ "Model m2": [10, 4000] });
  });

  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades to every override, not just the first", () => {
    const plans = [plan("api_plan", planPayload([modelFilter("m1", "1"), modelFilter("m2", "2"), modelFilter("m3", "3"), modelFilter("m5", "5"), pagesFilter("0.5")]))];
    const steps: Step[] = [
      customer("c1"), subscribe("c1", "sub_api", "api_plan"), override("sub_api"),
      customer("c2"), subscribe("c2", "sub_other", "api_plan"), override("sub_other"),
      cascade([modelFilter("m5", "5")]),
      ev("sub_api", { value: "10", type: "pages", model: "m1" }), ev("sub_api", { value: "1", type: "pages", model: "m5" }),
      ev("sub_other", { value: "10", type: "pages", model: "m1" }), ev("sub_other", { value: "1", type: "pages", model: "m5" }),
      fetchUsage("c1", "sub_api"), fetchUsage("c2", "sub_other"),
    ];
    const out = simulateSteps(plans, steps);
    for (const [i, sub] of [[11, "sub_api"], [12, "sub_other"]] as const) {
      const filters = usageFilters(usageAt(out, i));
      expect(Object.keys(filters).sort(), sub).toEqual(["Model m5", "default"]);
      expect(filters, sub).toEqual({ "Model m5": [1, 500, 1], default: [10, 10, 1] });
      expect(invoiceFilters(out, sub), sub).toEqual({ "Model m5": [1, 500], default: [10, 10] });
    }
  });

  // Was a MISMATCH: cascade_updates now reaches a charge the child overrode, filter by filter (src/simulator/operations/updatePlan.ts cascadeCharge).
  it("cascades a filter using the ALL_FILTER_VALUES sentinel", () => {
    const sentinel = { invoice_display_name: "Any model", properties: { amount: "7" }, values: { type: ["pages"], model: [ALL] } };
    const plans = [plan("api_plan", planPayload([sentinel, modelFilter("m5", "5")]))];
    const steps: Step[] = [
      customer("c1"), subscribe("c1", "sub_api", "api_plan"), override("sub_api"),
      cascade([modelFilter("m5", "5")]),
      ev("sub_api", { value: "10", type: "pages", model: "m1" }), ev("sub_api", { value: "1", type: "pages", model: "m5" }),
      fetchUsage("c1", "sub_api"),
    ];
    const out = simulateSteps(plans, steps);
    const filters = usageFilters(usageAt(out, 6));
    expect(Object.keys(filters).sort()).toEqual(["Model m5", "default"]);
    expect(filters).toEqual({ "Model m5": [1, 500, 1], default: [10, 10, 1] });
    expect(invoiceFilters(out, "sub_api")).toEqual({ "Model m5": [1, 500], default: [10, 10] });
  });
});
