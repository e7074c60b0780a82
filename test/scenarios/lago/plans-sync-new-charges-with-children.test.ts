/**
 * Ported in part from getlago/lago-api spec/scenarios/plans/sync_new_charges_with_children_spec.rb.
 *
 * Steps 1–6 are ported: 20 metrics (count, sum, latest, max, unique count in turn), plan
 * `parent_plan` (100 EUR monthly) with one standard charge per metric at 100 + 10·i; ten
 * subscriptions with `plan_overrides` (five override the display names of the first three
 * charges, five the prices of the first two: 200 + 50·i); two `update_plan` calls with
 * `cascade_updates: false`, the first with the whole payload plus "New Charge 1" (new_metric_1,
 * 500), the second naming no charge ids plus "New Charge 2" (new_metric_2, 600). The spec asserts
 * the plan's charge count after each (21, then 22): here the `update_plan` answers. That the child
 * plans are left alone until the sync is implied by the spec (the sync then adds exactly the two
 * new charges, 20 + 2 = 22): here each child's current usage lists its 20 charges only.
 *
 * Not ported — steps 7–8: `Plans::SyncNewChargesWithChildrenService.call(plan:)` (adds to every
 * child plan the parent's charges it lacks and repairs their parent ids) is an internal
 * maintenance service with no API call, so the contract has no operation for it; the spec's
 * assertions after it (each child with 22 charges, New Charge 1 at 500 and New Charge 2 at 600,
 * the parent ids) are not checked. Its assertions on soft-deleted parent charges (`Charge.with_discarded`)
 * read the database and are not observable either.
 */
import { describe, expect, it } from "vitest";
import { customer, fetchUsage, plan, simulatePlans, subscribe, usageAt, type Step } from "./plans-helpers.js";

const types = ["count_agg", "sum_agg", "latest_agg", "max_agg", "unique_count_agg"];
const metrics = [
  ...Array.from({ length: 20 }, (_, i) => {
    const aggregation_type = types[i % types.length]!;
    return { code: `metric_${i + 1}`, name: `Metric ${i + 1}`, aggregation_type, ...(aggregation_type === "count_agg" ? {} : { field_name: `field_${i + 1}` }) };
  }),
  { code: "new_metric_1", name: "New Metric 1", aggregation_type: "sum_agg", field_name: "new_field_1" },
  { code: "new_metric_2", name: "New Metric 2", aggregation_type: "count_agg" },
];
const charges = Array.from({ length: 20 }, (_, i) => ({
  billable_metric_code: `metric_${i + 1}`, charge_model: "standard", invoice_display_name: `Charge ${i + 1}`, properties: { amount: `${100 + i * 10}` },
}));
const planFields = { name: "Parent Plan", code: "parent_plan", interval: "monthly", amount_cents: 10_000, amount_currency: "EUR", pay_in_advance: false, cascade_updates: false };

describe("sync_new_charges_with_children_spec.rb", () => {
  it("syncs new charges to child plans and fixes parent_ids after plan updates (steps 1-6, before the sync)", () => {
    const subs: Step[] = [];
    for (let i = 0; i < 5; i++) {
      subs.push(customer(`customer_${i + 1}`), subscribe(`customer_${i + 1}`, `sub_${i + 1}`, "parent_plan", undefined, {
        plan_overrides: { charges: charges.slice(0, 3).map((c) => ({ code: c.billable_metric_code, invoice_display_name: `Custom Display ${i + 1} - ${c.invoice_display_name}` })) },
      }));
    }
    for (let i = 0; i < 5; i++) {
      subs.push(customer(`customer_${i + 6}`), subscribe(`customer_${i + 6}`, `sub_${i + 6}`, "parent_plan", undefined, {
        plan_overrides: { charges: charges.slice(0, 2).map((c) => ({ code: c.billable_metric_code, properties: { amount: `${200 + i * 50}` } })) },
      }));
    }
    const steps: Step[] = [
      ...subs,
      // Step 5: the whole payload (charges named; Lago names them by id) plus a new charge.
      { at: "2024-03-05T00:00:00Z", op: "update_plan", body: { ...planFields, charges: [
        ...charges.map((c) => ({ code: c.billable_metric_code, ...c })),
        { billable_metric_code: "new_metric_1", charge_model: "standard", invoice_display_name: "New Charge 1", properties: { amount: "500" } },
      ] } },
      // Step 6: the plan's charges again without ids, plus a second new charge.
      { at: "2024-03-06T00:00:00Z", op: "update_plan", body: { ...planFields, charges: [
        ...charges,
        { billable_metric_code: "new_metric_1", charge_model: "standard", invoice_display_name: "New Charge 1", properties: { amount: "500" } },
        { billable_metric_code: "new_metric_2", charge_model: "standard", invoice_display_name: "New Charge 2", properties: { amount: "600" } },
      ] } },
      ...Array.from({ length: 10 }, (_, i) => fetchUsage(`customer_${i + 1}`, `sub_${i + 1}`)),
    ];
    const out = simulatePlans({ metrics, plans: [plan("parent_plan", { name: "Parent Plan", amount_cents: 10_000, charges })], steps });
    steps.forEach((_, i) => expect(out.responses[i].error, `step ${i}`).toBeUndefined());
    expect(out.responses[20].plan.charges).toHaveLength(21);
    expect(out.responses[21].plan.charges).toHaveLength(22);
    for (let i = 0; i < 10; i++) {
      const usage = usageAt(out, 22 + i);
      const codes = (usage.charges_usage as { billable_metric: { code: string } }[]).map((c) => c.billable_metric.code);
      expect(codes, `sub_${i + 1}`).toHaveLength(20);
      expect(codes, `sub_${i + 1}`).not.toContain("new_metric_1");
      expect(codes, `sub_${i + 1}`).not.toContain("new_metric_2");
    }
  });
});
