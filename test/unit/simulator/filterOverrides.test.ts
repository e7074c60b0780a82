/**
 * `plan_overrides.charges[].filters` in `simulate`: the subscription's own copy of the plan gets
 * the override's filters instead of the charge's (the reference's ChargeFilters::CreateOrUpdateBatchService
 * on the overriding charge), each checked against the metric's filters; the catalog plan and the
 * other subscriptions on it keep theirs.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee {
  item: { type: string; filters: Record<string, string[]> | null; filter_invoice_display_name: string | null };
  units: string; amount_cents: number; svc_charge_filter_id: string | null;
}
interface Invoice { fees: Fee[] }

/** calls (count) with filters region and tier; plan `basic`: 10.00 EUR + 0.50 a call, 2.00 for region eu ("EU"). */
function run(steps: Obj[], advance = false) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg",
      filters: [{ key: "region", values: ["eu", "us", "asia"] }, { key: "tier", values: ["gold", "silver"] }] }],
    plans: [{ code: "basic", name: "Basic", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", pay_in_advance: advance, properties: { amount: "0.5" },
        filters: [{ values: { region: ["eu"] }, properties: { amount: "2" }, invoice_display_name: "EU" }] }] }],
    steps,
    until: "2024-04-01T00:00:00Z",
  });
  return { fees: r.fees as Fee[], invoices: r.invoices as Invoice[], responses: r.responses as Obj[], warnings: r.warnings, subscriptions: r.subscriptions as unknown[] };
}

const customer = (id: string): Obj => ({ at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: id } });
const subscribe = (id: string, overrides?: Obj): Obj => ({ at: "2024-03-01T00:00:00Z", op: "create_subscription",
  body: { external_customer_id: id === "s1" ? "c1" : "c2", external_id: id, plan_code: "basic", ...(overrides ? { plan_overrides: overrides } : {}) } });
let n = 0;
const event = (sub: string, properties: Obj, at = "2024-03-05T00:00:00Z"): Obj =>
  ({ at, op: "create_event", body: { transaction_id: `t${n++}`, code: "calls", external_subscription_id: sub, properties } });
/** The charge fees of an invoice: [display name, filter values, units, amount_cents]. */
const charges = (inv: Invoice | undefined) => (inv?.fees ?? []).filter((f) => f.item.type === "charge")
  .map((f) => [f.item.filter_invoice_display_name, f.item.filters, f.units, f.amount_cents]);
const usEvents = (sub: string): Obj[] => [event(sub, { region: "eu" }), event(sub, { region: "us" }), event(sub, { region: "us" }), event(sub, { tier: "silver" })];
const both = (overrides: Obj): Obj[] => [customer("c1"), customer("c2"), subscribe("s1", overrides), subscribe("s2"), ...usEvents("s1"), ...usEvents("s2")];
const override = (filters: unknown, extra: Obj = {}): Obj => ({ charges: [{ code: "calls", filters, ...extra }] });

describe("simulate: plan_overrides with charge filters", () => {
  // A filter without a display name is named by its values (a key for "all values"), as the reference's filter names itself.
  it("replaces the charge's filters for that subscription only (per-filter prices, default bucket last)", () => {
    const r = run(both(override([
      { values: { region: ["us"] }, properties: { amount: "3" }, invoice_display_name: "US" },
      { values: { tier: ["__ALL_FILTER_VALUES__"] }, properties: { amount: "1" } },
    ])));
    expect(r.warnings).toEqual([]);
    expect(r.invoices.map(charges)).toEqual([
      // s1: eu is now in the default bucket (0.50), us at 3.00, any tier at 1.00.
      [["US", { region: ["us"] }, "2", 600], ["tier", { tier: ["__ALL_FILTER_VALUES__"] }, "1", 100], [null, null, "1", 50]],
      // s2 keeps the plan's EU filter.
      [["EU", { region: ["eu"] }, "1", 200], [null, null, "3", 150]],
    ]);
  });

  it("keeps the plan's filters when the override has none (a properties override prices the default bucket)", () => {
    const r = run(both(override(undefined, { properties: { amount: "1" } })));
    expect(charges(r.invoices[0])).toEqual([["EU", { region: ["eu"] }, "1", 200], [null, null, "3", 300]]);
    expect(charges(r.invoices[1])).toEqual([["EU", { region: ["eu"] }, "1", 200], [null, null, "3", 150]]);
  });

  it("an empty list removes the filters; a filter on the plan's values keeps its id with the new price", () => {
    const none = run(both(override([])));
    expect(charges(none.invoices[0])).toEqual([[null, null, "4", 200]]);
    const same = run(both(override([{ values: { region: ["eu"] }, properties: { amount: "4" } }])));
    expect(charges(same.invoices[0])).toEqual([["eu", { region: ["eu"] }, "1", 400], [null, null, "3", 150]]);
    const [s1, s2] = same.invoices.map((i) => i.fees.find((f) => f.item.filters != null)!.svc_charge_filter_id);
    expect(s1).toMatch(/^[0-9a-f-]{36}$/);
    expect(s1).toEqual(s2);
    const other = run(both(override([{ values: { region: ["us"] }, properties: { amount: "4" } }])));
    expect(other.invoices[0]!.fees.find((f) => f.item.filters != null)!.svc_charge_filter_id).not.toEqual(s2);
  });

  it("update_subscription's filters replace those of the subscription's own plan from then on", () => {
    const r = run([customer("c1"), subscribe("s1", { amount_cents: 2000 }),
      { at: "2024-03-02T00:00:00Z", op: "update_subscription", body: { external_id: "s1", plan_overrides: override([{ values: { region: ["us", "asia"] }, properties: { amount: "3" } }]) } },
      event("s1", { region: "asia" }), event("s1", { region: "eu" })]);
    expect(r.responses[2]).not.toHaveProperty("error");
    expect(charges(r.invoices[0])).toEqual([["us, asia", { region: ["us", "asia"] }, "1", 300], [null, null, "1", 50]]);
  });

  it("prices pay-in-advance events with the overridden filters", () => {
    const r = run([customer("c1"), subscribe("s1", override([{ values: { region: ["us"] }, properties: { amount: "3" }, invoice_display_name: "US" }])),
      event("s1", { region: "us" }), event("s1", { region: "eu" })], true);
    expect(r.fees.filter((f) => f.item.type === "charge").map((f) => [f.item.filter_invoice_display_name, f.item.filters ?? null, f.amount_cents]))
      .toEqual([["US", { region: ["us"] }, 300], [null, null, 50]]);
  });

  it("refuses an unknown key, a value the metric does not allow, bad properties and a bad shape, naming each field", () => {
    const r = run([customer("c1"), subscribe("s1", { charges: [{ code: "calls", filters: [
      { values: { country: ["fr"] }, properties: { amount: "1" } },
      { values: { region: ["eu", "mars"] }, properties: { amount: "1" } },
      { values: { tier: ["gold"] }, properties: { amount: "-1" } },
      { values: { region: [] }, properties: { amount: "1" }, invoice_display_name: 5 },
      { properties: { amount: "1" } },
      "eu",
    ] }] })]);
    const error = r.responses[1]!["error"] as { code: string; error_details: Record<string, string[]> };
    expect(error.code).toBe("validation_errors");
    expect(Object.keys(error.error_details).sort()).toEqual([
      "plan_overrides.charges.0.filters.0.values.country",
      "plan_overrides.charges.0.filters.1.values.region",
      "plan_overrides.charges.0.filters.2.properties.amount",
      "plan_overrides.charges.0.filters.3.invoice_display_name",
      "plan_overrides.charges.0.filters.3.values.region",
      "plan_overrides.charges.0.filters.4.values",
      "plan_overrides.charges.0.filters.5",
    ]);
    expect(error.error_details["plan_overrides.charges.0.filters.0.values.country"]).toEqual(["invalid_value"]);
    expect(error.error_details["plan_overrides.charges.0.filters.1.values.region"]).toEqual(["value_is_invalid"]);
    expect(error.error_details["plan_overrides.charges.0.filters.3.values.region"]).toEqual(["value_is_mandatory"]);
    expect(error.error_details["plan_overrides.charges.0.filters.4.values"]).toEqual(["value_is_mandatory"]);
    expect(r.subscriptions).toEqual([]);
    const notList = run([customer("c1"), subscribe("s1", override({ region: ["eu"] }))]);
    expect(notList.responses[1]).toEqual({ error: { code: "validation_errors", error_details: { "plan_overrides.charges.0.filters": ["invalid_value"] } } });
  });

  it("update_plan replaces the catalog charge's filters too: `[]` removes them", () => {
    const r = run([customer("c1"), subscribe("s1"),
      { at: "2024-03-02T00:00:00Z", op: "update_plan", body: { code: "basic", charges: [{ code: "calls", filters: [] }] } }, event("s1", { region: "eu" })]);
    expect(r.responses[2]).toHaveProperty("plan");
    // No filter left: the event is billed in the charge's own bucket.
    expect(charges(r.invoices[0]).map(([, filters]) => filters)).toEqual([null]);
  });
});
