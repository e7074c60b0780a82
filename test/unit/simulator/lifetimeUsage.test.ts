/**
 * `update_lifetime_usage`: the historical usage of invoice.md §12.2 counts in the lifetime usage
 * that progressive-billing thresholds (§12.3) and lifetime alerts read.
 */
import { describe, expect, it } from "vitest";
import { customer, event, type Obj, plan, run, subscribe } from "./updatesFixtures.js";

const historical = (at: string, cents: unknown, id = "s1"): Obj =>
  ({ at, op: "update_lifetime_usage", body: { external_subscription_id: id, external_historical_usage_amount_cents: cents } });
const thresholds = [plan("basic", { usage_thresholds: [{ amount_cents: 500, threshold_display_name: "5 EUR" }] })];

describe("simulate: update_lifetime_usage", () => {
  it("answers the lifetime usage: historical + invoiced + current, and each threshold's completion", () => {
    const r = run([customer(), subscribe(), event("2024-03-05T00:00:00Z", "t1"), historical("2024-03-06T00:00:00Z", 200)], { plans: thresholds, integrations: ["progressive_billing"] });
    expect(r.responses[3]).toEqual({
      lifetime_usage: {
        svc_id: expect.stringMatching(/^[0-9a-f-]{36}$/), svc_subscription_id: r.subscriptions[0]!.svc_id, external_subscription_id: "s1",
        external_historical_usage_amount_cents: 200, invoiced_usage_amount_cents: 0, current_usage_amount_cents: 50,
        // From the subscription's start date to the moment of the call (the reference's answer).
        from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-06T00:00:00Z",
        usage_thresholds: [{ amount_cents: 500, completion_ratio: 0.5, reached_at: null }],
      },
    });
  });

  it("counts in the threshold check: historical usage brings the threshold closer", () => {
    const events = [event("2024-03-07T00:00:00Z", "t1"), event("2024-03-07T00:00:00Z", "t2")];
    const without = run([customer(), subscribe(), ...events], { plans: thresholds, integrations: ["progressive_billing"], until: "2024-03-20T00:00:00Z" });
    expect(without.invoices).toEqual([]);
    const withHistory = run([customer(), subscribe(), historical("2024-03-06T00:00:00Z", 450), ...events],
      { plans: thresholds, integrations: ["progressive_billing"], until: "2024-03-20T00:00:00Z" });
    // 450 historical + 100 of usage pass 500: the progressive invoice bills the period's usage.
    expect(withHistory.invoices.map((i) => [i.created_at, i.invoice_type, i.fees_amount_cents])).toEqual([["2024-03-07T00:00:00Z", "progressive_billing", 100]]);
  });

  it("refuses a missing or negative amount (the reference's record names it historical_usage_amount_cents) and an unknown subscription, changing nothing", () => {
    const r = run([customer(), subscribe(), historical("2024-03-06T00:00:00Z", -1), historical("2024-03-06T00:00:00Z", null),
      historical("2024-03-06T00:00:00Z", 10, "nope"), historical("2024-03-06T00:00:00Z", "10")]);
    expect(r.responses.slice(2)).toEqual([
      { error: { code: "validation_errors", error_details: { historical_usage_amount_cents: ["value_is_out_of_range"] } } },
      { error: { code: "validation_errors", error_details: { external_historical_usage_amount_cents: ["value_is_mandatory"] } } },
      { error: { code: "subscription_not_found" } },
      { error: { code: "validation_errors", error_details: { external_historical_usage_amount_cents: ["invalid_value"] } } },
    ]);
  });

  it("fetch_lifetime_usage reads the same object (0 historical until set) and changes nothing", () => {
    const fetch = (at: string, id = "s1"): Obj => ({ at, op: "fetch_lifetime_usage", body: { external_subscription_id: id } });
    const r = run([customer(), subscribe(), event("2024-03-05T00:00:00Z", "t1"), fetch("2024-03-05T00:00:00Z"),
      historical("2024-03-06T00:00:00Z", 200), fetch("2024-03-06T00:00:00Z"), fetch("2024-03-06T00:00:00Z", "nope")], { plans: thresholds, integrations: ["progressive_billing"] });
    const before = (r.responses[3] as Obj)["lifetime_usage"] as Obj;
    expect(before["external_historical_usage_amount_cents"]).toBe(0);
    expect(before["usage_thresholds"]).toEqual([{ amount_cents: 500, completion_ratio: 0.1, reached_at: null }]);
    expect(r.responses[5]).toEqual(r.responses[4]);
    expect(r.responses[6]).toEqual({ error: { code: "subscription_not_found" } });
    const without = run([customer(), subscribe(), event("2024-03-05T00:00:00Z", "t1"), historical("2024-03-06T00:00:00Z", 200)], { plans: thresholds, integrations: ["progressive_billing"] });
    expect({ ...r, responses: [] }).toEqual({ ...without, responses: [] });
  });
});

describe("simulate: a passed threshold's reached_at", () => {
  it("is the creation of the progressive invoice that applied it; an entry not passed has none", () => {
    const plans = [plan("basic", { usage_thresholds: [{ amount_cents: 100, threshold_display_name: "1 EUR" }, { amount_cents: 5000, threshold_display_name: "50 EUR" }] })];
    const events = [event("2024-03-07T00:00:00Z", "t1"), event("2024-03-07T00:00:00Z", "t2")];
    const r = run([customer(), subscribe(), ...events, historical("2024-03-09T00:00:00Z", 0)], { plans, integrations: ["progressive_billing"], until: "2024-03-20T00:00:00Z" });
    expect(r.invoices.map((i) => [i.created_at, i.invoice_type])).toEqual([["2024-03-07T00:00:00Z", "progressive_billing"]]);
    const answer = (r.responses[4] as { lifetime_usage: { usage_thresholds: Obj[] } }).lifetime_usage.usage_thresholds;
    expect(answer.map((t) => [t["amount_cents"], t["reached_at"]])).toEqual([[100, "2024-03-07T00:00:00Z"], [5000, null]]);
  });
});
