/**
 * `plan_overrides` of `create_subscription` in `simulate`: a child plan for the one
 * subscription (invoice.md §5.1 for its taxes, §12.1 for its thresholds); the catalog plan
 * and the other subscriptions on it are untouched.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customer, event, fees, type Obj, run, subscribe } from "./updatesFixtures.js";

const second: Obj[] = [customer("c2"), { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c2", external_id: "s2", plan_code: "basic" } }];

describe("simulate: plan_overrides on create_subscription", () => {
  it("bills the overridden amount, taxes and charge properties (charge named by index) for that subscription only", () => {
    const r = run([customer(), subscribe({ plan_overrides: { amount_cents: 2500, tax_codes: ["lux"], charges: [{ properties: { amount: "2" } }] } }),
      ...second, event("2024-03-05T00:00:00Z", "t1"), event("2024-03-05T00:00:00Z", "t2", "s2")]);
    expect(r.invoices.map(fees)).toEqual([
      [["subscription", 2500, "lux"], ["charge", 200, "lux"]],
      [["subscription", 1000, "vat"], ["charge", 50, "vat"]],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("gives a charge override its own taxes and display name", () => {
    const r = run([customer(), subscribe({ plan_overrides: { charges: [{ code: "calls", tax_codes: ["lux"], invoice_display_name: "API" }] } }), event("2024-03-05T00:00:00Z", "t1")]);
    expect(fees(r.invoices[0])).toEqual([["subscription", 1000, "vat"], ["charge", 50, "lux"]]);
  });

  it("a trial_period override delays the first invoice of a plan paid in advance", () => {
    const r = run([customer(), subscribe({ plan_code: "adv", plan_overrides: { trial_period: 10 } })], { until: "2024-03-31T00:00:00Z" });
    // Trial from 1 to 11 March: 21 of 31 days billed at its end.
    expect(r.invoices.map((i) => [i.created_at, fees(i)[0]])).toEqual([["2024-03-11T00:00:00Z", ["subscription", 677, "vat"]]]);
  });

  it("its usage_thresholds replace the plan's for progressive billing", () => {
    const steps = [customer(), subscribe({ plan_overrides: { usage_thresholds: [{ amount_cents: 100 }] } }), ...second,
      event("2024-03-05T00:00:00Z", "t1"), event("2024-03-05T00:00:00Z", "t2"), event("2024-03-05T00:00:00Z", "t3"),
      event("2024-03-05T00:00:00Z", "u1", "s2"), event("2024-03-05T00:00:00Z", "u2", "s2"), event("2024-03-05T00:00:00Z", "u3", "s2")];
    const r = run(steps, { integrations: ["progressive_billing"], until: "2024-03-20T00:00:00Z" });
    expect(r.invoices.map((i) => [i.number, i.invoice_type, i.fees_amount_cents])).toEqual([["ORG-82F7-001-001", "progressive_billing", 150]]);
  });

  it("refuses an override in another currency", () => {
    const r = run([customer(), subscribe({ plan_overrides: { amount_cents: 5, amount_currency: "USD" } })]);
    expect(r.responses[1]).toEqual({ error: { code: "validation_errors", error_details: { "plan_overrides.amount_currency": ["currencies_does_not_match"] } } });
    expect(r.subscriptions).toEqual([]);
  });

  it("bills any overridden amount for a full period, and never changes the catalog plan", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (amount) => {
      const r = run([customer(), subscribe({ plan_overrides: { amount_cents: amount } }), ...second]);
      expect(r.invoices.map((i) => fees(i)[0]![1])).toEqual([amount, 1000]);
    }), { numRuns: 25 });
  });
});
