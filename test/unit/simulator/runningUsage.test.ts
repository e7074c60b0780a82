/**
 * Running aggregation states of usage reads (src/simulator/runningUsage.ts) change no output:
 * random timelines with usage alerts, progressive-billing thresholds and back-dated events give
 * the same result with the states as with every read aggregating the events again.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSimulation } from "../../../src/simulator/simulate.js";
import { timeline } from "../../../src/testing/arbitraries.js";

type Json = Record<string, unknown>;

/** The timeline with an alert on each subscription, usage thresholds on the plans, and some events back-dated. */
function withUsageReads(t: Json, backDated: readonly number[]): Json {
  const steps = (t["steps"] as Json[]).map((s) => ({ ...s }));
  const out: Json[] = [];
  for (const s of steps) {
    out.push(s);
    if (s["op"] === "create_subscription") {
      const sub = (s["body"] as Json)["external_id"];
      out.push({ at: s["at"], op: "create_alert", body: { external_subscription_id: sub, alert_type: "current_usage_amount", code: "spend", thresholds: [{ value: "10" }, { value: "500" }] } });
      out.push({ at: s["at"], op: "create_alert", body: { external_subscription_id: sub, alert_type: "billable_metric_current_usage_units", code: "gb", billable_metric_code: "storage", thresholds: [{ value: "5" }, { value: "50", recurring: true }] } });
    }
  }
  // Back-dated: some events carry a timestamp days before the step that sends them.
  let k = 0;
  for (const s of out) {
    if (s["op"] !== "create_event") continue;
    const days = backDated[k++ % Math.max(1, backDated.length)] ?? 0;
    if (days > 0) s["body"] = { ...(s["body"] as Json), timestamp: new Date(Date.parse(s["at"] as string) - days * 86_400_000).toISOString() };
  }
  const plans = (t["plans"] as Json[]).map((p) => ({ ...p, usage_thresholds: [{ amount_cents: 2000 }, { amount_cents: 1500, recurring: true }] }));
  return { ...t, organization: { ...(t["organization"] as Json), premium_integrations: ["progressive_billing"] }, plans, steps: out };
}

function run(input: Json, running: boolean): unknown {
  const { sim, steps, until } = prepareSimulation(input);
  sim.runningUsage.enabled = running;
  sim.replay(steps, until);
  return JSON.parse(JSON.stringify(sim.result()));
}

describe("running usage states", () => {
  it("give the same simulation as aggregating every read again (property)", () => {
    fc.assert(
      fc.property(timeline(40), fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 6 }), (t, back) => {
        const input = withUsageReads(t as Json, back);
        const a = run(input, true), b = run(input, false);
        expect(a).toEqual(b);
      }),
      { numRuns: process.env.CI ? 60 : 25 },
    );
  });

  it("give the same simulation with filters, groups, percentage, unique counts and pay in advance (property)", () => {
    // Kept current-usage fees (a charge's, a bucket's) must be reused only where nothing they read changed.
    const charge = fc.constantFrom(
      { billable_metric_code: "storage", charge_model: "graduated", properties: { graduated_ranges: [
        { from_value: 0, to_value: 10, per_unit_amount: "0.5", flat_amount: "1" }, { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "0" }] },
        filters: [{ values: { region: ["eu"] }, properties: { graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "0.3", flat_amount: "0" }] } }] },
      { billable_metric_code: "storage", charge_model: "percentage", properties: { rate: "2.5", fixed_amount: "0.1", free_units_per_events: 1, per_transaction_min_amount: "0.05", per_transaction_max_amount: "3" } },
      { billable_metric_code: "storage", charge_model: "volume", properties: { volume_ranges: [{ from_value: 0, to_value: 5, per_unit_amount: "1", flat_amount: "0" }, { from_value: 6, to_value: null, per_unit_amount: "0.5", flat_amount: "2" }] } },
      { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.01", pricing_group_keys: ["workspace"] } },
      { billable_metric_code: "calls", charge_model: "package", pay_in_advance: true, invoiceable: true, properties: { amount: "1", package_size: 3, free_units: 1 } },
      { billable_metric_code: "users", charge_model: "standard", properties: { amount: "2", pricing_group_keys: ["workspace"] } },
      { billable_metric_code: "users", charge_model: "standard", pay_in_advance: true, properties: { amount: "1.5" } },
    );
    const event = fc.record({
      customer: fc.nat(1), minute: fc.integer({ min: 0, max: 70 * 24 * 60 }), code: fc.constantFrom("storage", "calls", "users"),
      gb: fc.constantFrom("1", "2.5", "-1", "7"), region: fc.constantFrom("eu", "us", undefined), workspace: fc.constantFrom("w1", "w2", undefined),
      user: fc.constantFrom("u1", "u2", "u3"), operation: fc.constantFrom("add", "add", "remove"), fetch: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uniqueArray(charge, { minLength: 1, maxLength: 4, selector: (c) => JSON.stringify(c) }), fc.array(event, { maxLength: 40 }), (charges, events) => {
        const t0 = Date.UTC(2024, 0, 1);
        const steps: { at: number; op: string; body: Json }[] = [];
        for (const i of [0, 1]) {
          steps.push({ at: t0, op: "create_customer", body: { external_id: `c${i}`, currency: "EUR" } });
          steps.push({ at: t0, op: "create_subscription", body: { external_customer_id: `c${i}`, external_id: `s${i}`, plan_code: "p", billing_time: i === 0 ? "calendar" : "anniversary" } });
        }
        events.forEach((e, k) => {
          const at = t0 + 60_000 + e.minute * 60_000;
          const properties: Json = e.code === "storage" ? { gb: e.gb } : e.code === "users" ? { user: e.user, operation_type: e.operation } : {};
          if (e.region !== undefined) properties["region"] = e.region;
          if (e.workspace !== undefined) properties["workspace"] = e.workspace;
          steps.push({ at, op: "create_event", body: { transaction_id: `e${k}`, external_subscription_id: `s${e.customer}`, code: e.code, properties } });
          if (e.fetch) steps.push({ at, op: "fetch_current_usage", body: { external_customer_id: `c${e.customer}`, external_subscription_id: `s${e.customer}` } });
        });
        steps.sort((a, b) => a.at - b.at);
        const input = withUsageReads({
          organization: { timezone: "UTC", default_currency: "EUR" },
          billable_metrics: [
            { code: "calls", name: "Calls", aggregation_type: "count_agg" },
            { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb", filters: [{ key: "region", values: ["eu", "us"] }] },
            { code: "users", name: "Users", aggregation_type: "unique_count_agg", field_name: "user" },
          ],
          plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 100, amount_currency: "EUR", charges }],
          steps: steps.map((s) => ({ at: new Date(s.at).toISOString(), op: s.op, body: s.body })),
          until: "2024-03-15T00:00:00Z",
        }, []);
        const a = run(input, true), b = run(input, false);
        expect(a).toEqual(b);
      }),
      { numRuns: process.env.CI ? 60 : 20 },
    );
  });

  it("are what the alerts read: an alert triggers as usage grows", () => {
    const input = withUsageReads({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }, { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb" }],
      plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges: [
        { billable_metric_code: "storage", charge_model: "standard", properties: { amount: "1" } },
        { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0" } }] }],
      steps: [
        { at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: "c0", currency: "EUR" } },
        { at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c0", external_id: "s0", plan_code: "p" } },
        { at: "2024-01-02T00:00:00Z", op: "create_event", body: { transaction_id: "e1", external_subscription_id: "s0", code: "storage", properties: { gb: "4" } } },
        { at: "2024-01-03T00:00:00Z", op: "create_event", body: { transaction_id: "e2", external_subscription_id: "s0", code: "storage", properties: { gb: "7" } } },
      ],
      until: "2024-01-04T00:00:00Z",
    }, []);
    const out = run(input, true) as { webhooks: { type: string; at: string }[] };
    const triggered = out.webhooks.filter((w) => w.type === "alert.triggered").map((w) => w.at);
    // Spend thresholds are in cents: 400 passes 10 on the first event, 1,100 passes 500 on the
    // second, as 11 GB passes the 5 GB threshold.
    expect(triggered).toEqual(["2024-01-02T00:00:00Z", "2024-01-03T00:00:00Z", "2024-01-03T00:00:00Z"]);
    expect(out).toEqual(run(input, false));
  });
});
