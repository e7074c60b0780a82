/**
 * `create_alerts` (several alerts in one step, all or nothing) and `delete_alerts` (every alert
 * of a subscription or a wallet removed, evaluated no more); a refused one changes nothing.
 */
import { describe, expect, it } from "vitest";
import { type Obj, T, event, runAlertTimeline } from "./_alertTimeline.js";

const SPEND = { alert_type: "current_usage_amount", code: "spend", thresholds: [{ value: "500" }] };
const UNITS = { alert_type: "billable_metric_current_usage_units", code: "units", billable_metric_code: "gb", thresholds: [{ value: "4" }] };

const run = (steps: Obj[]) => runAlertTimeline(steps);
const fired = (r: ReturnType<typeof run>) => r.webhooks.filter((w) => w.type === "alert.triggered").map((w) => [w.at, w.object["alert_code"]]);
const batch = (alerts: unknown, d = 1): Obj => ({ at: T(d), op: "create_alerts", body: { external_subscription_id: "s0", alerts } });

describe("create_alerts and delete_alerts", () => {
  it("creates several alerts in one step, each as create_alert would", () => {
    const r = run([batch([SPEND, UNITS]), event(2, "e1", "6")]);
    const single = run([{ at: T(1), op: "create_alert", body: { external_subscription_id: "s0", ...SPEND } }, { at: T(1), op: "create_alert", body: { external_subscription_id: "s0", ...UNITS } }, event(2, "e1", "6")]);
    expect(r.responses[2]).toEqual({ alerts: [single.responses[2]!["alert"], single.responses[3]!["alert"]] });
    expect(fired(r)).toEqual([[T(2), "spend"], [T(2), "units"]]);
    expect(fired(r)).toEqual(fired(single));
  });

  it("refuses them all when one is refused (a repeated code within the batch, a bad one), changing nothing", () => {
    const base = [{ at: T(1), op: "create_alert", body: { external_subscription_id: "s0", ...UNITS } }, event(2, "e1", "6")];
    const without = run(base);
    for (const [refused, details] of [
      [batch([SPEND, SPEND]), { error: { code: "validation_errors", error_details: { "alerts.1.code": ["value_already_exist"] } } }],
      [batch([SPEND, { ...UNITS, code: "units2", thresholds: [] }]), undefined],
      [batch([]), { error: { code: "validation_errors", error_details: { alerts: ["no_alerts"] } } }],
      [{ at: T(1), op: "create_alerts", body: { external_subscription_id: "nope", alerts: [SPEND] } }, { error: { code: "subscription_not_found" } }],
    ] as const) {
      const r = run([refused, ...base]);
      if (details !== undefined) expect(r.responses[2]).toEqual(details);
      else expect((r.responses[2]!["error"] as Obj)["code"]).toBe("validation_errors");
      expect({ ...r, responses: r.responses.slice(3) }).toEqual({ ...without, responses: without.responses.slice(2) });
    }
  });

  it("deletes every alert of the subscription: none is evaluated afterwards", () => {
    const r = run([batch([SPEND, UNITS]), { at: T(2), op: "delete_alerts", body: { external_subscription_id: "s0" } }, event(3, "e1", "6"),
      { at: T(4), op: "delete_alerts", body: { external_subscription_id: "nope" } }]);
    expect((r.responses[3]!["alerts"] as Obj[]).map((a) => a["code"])).toEqual(["spend", "units"]);
    expect(fired(r)).toEqual([]);
    expect(r.responses[5]).toEqual({ error: { code: "subscription_not_found" } });
  });
});
