/**
 * Keys the simulator does not read are named in `ignored_field` warnings, never dropped
 * silently (src/simulator/ignoredKeys.ts): catalog objects at any depth, and the bodies of
 * create_customer, create_subscription, create_event(s) and create_wallet; a refused step
 * warns about nothing.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { unknownCatalogKeys } from "../../../src/parse/schemas/index.js";

type Warning = { code: string; at: string | null; step?: number; message: string };

const base = (charge: Record<string, unknown>, steps: unknown[]) => ({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "api", name: "API", aggregation_type: "sum_agg", field_name: "n" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
    charges: [{ billable_metric_code: "api", charge_model: "graduated", properties: { graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "1", flat_amount: "0" }] }, ...charge }] }],
  steps,
});
const customer = { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } };
const warningsOf = (input: unknown): Warning[] => (simulate(input) as unknown as { warnings: Warning[] }).warnings;

describe("unread keys", () => {
  it("names a catalog key no object has, at any depth, in the value's key order, dated at the first step", () => {
    const w = warningsOf(base({ foo_bar: 1, properties: { graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "1", flat_amount: "0", flat: "2" }] } }, [customer]));
    expect(w.map((x) => [x.code, x.at, x.message])).toEqual([
      ["ignored_field", "2024-03-01T00:00:00Z", "catalog key plans.0.charges.0.properties.graduated_ranges.0.flat is not a field the simulator reads; it was ignored"],
      ["ignored_field", "2024-03-01T00:00:00Z", "catalog key plans.0.charges.0.foo_bar is not a field the simulator reads; it was ignored"],
    ]);
  });

  it("names the unread keys of a performed step's body, with the step", () => {
    const w = warningsOf(base({}, [
      { ...customer, body: { ...customer.body, emial: "x@y.z" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", activation_rules: [] } },
      { at: "2024-03-02T00:00:00Z", op: "create_events", body: { events: [{ transaction_id: "t1", code: "api", external_subscription_id: "s1", propertie: { n: 1 } }] } },
      { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t2", code: "api", external_subscription_id: "s1", properties: { n: 1 }, target_wallet_code: null } },
    ]));
    expect(w.map((x) => [x.step, x.message])).toEqual([
      [0, "create_customer: emial is not a field the simulator reads; it was ignored"],
      [1, "create_subscription: activation_rules is not a field the simulator reads; it was ignored"],
      [2, "create_events: events.0.propertie is not a field the simulator reads; it was ignored"],
    ]);
  });

  it("a refused step warns about nothing", () => {
    const w = warningsOf(base({}, [customer,
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "nope", activation_rules: [] } }]));
    expect(w).toEqual([]);
  });

  it("walks unions by their discriminator and leaves records' and free-form objects' keys free", () => {
    const charge = { billable_metric_code: "api", charge_model: "standard", properties: { amount: "1", typo: 1 }, filters: [{ values: { region: ["eu"] }, properties: { amount: "2" }, extra: true }] };
    expect(unknownCatalogKeys("charge", charge)).toEqual([["properties", "typo"], ["filters", 0, "extra"]]);
    expect(unknownCatalogKeys("charge", { ...charge, charge_model: "nope" })).toEqual([]);
    expect(unknownCatalogKeys("customer", { integration_customers: [{ integration_type: "netsuite" }], metadata: [{ key: "k", value: "v", display_in_invoice: true, x: 1 }] }))
      .toEqual([["metadata", 0, "x"]]);
    expect(unknownCatalogKeys("plan", { valueOf: {}, toString: 1, __proto__: null, code: "p" } as never)).toEqual([["valueOf"], ["toString"]]);
    expect(unknownCatalogKeys("plan", { metadata: { anything: 1 }, charges: [charge] })).toEqual([["charges", 0, "properties", "typo"], ["charges", 0, "filters", 0, "extra"]]);
  });
});

describe("plan_overrides.fixed_charges entries that are not objects", () => {
  // Found by the entry-point fuzz property: a null entry threw a TypeError.
  it("are refused, naming the entry", () => {
    const input = {
      organization: { timezone: "UTC", default_currency: "EUR" },
      add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
        fixed_charges: [{ add_on_code: "seats", charge_model: "standard", units: 1, properties: { amount: "1" } }] }],
      steps: [
        customer,
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
        { at: "2024-03-02T00:00:00Z", op: "update_subscription", body: { external_id: "s1", plan_overrides: { fixed_charges: [null, 3] } } },
      ],
    };
    const out = simulate(input) as unknown as { responses: { error?: { code: string; error_details?: Record<string, string[]> } }[] };
    expect(out.responses[2]!.error).toEqual({ code: "validation_errors", error_details: {
      "plan_overrides.fixed_charges.0": ["value_is_mandatory"], "plan_overrides.fixed_charges.1": ["invalid_value"] } });
  });
});
