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
