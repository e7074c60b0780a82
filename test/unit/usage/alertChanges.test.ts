/**
 * `update_alert` and `delete_alert`: an alert's thresholds, name or code replaced under
 * create_alert's rules (keeping the value it last saw), or the alert removed (evaluated no more).
 */
import { describe, expect, it } from "vitest";
import { type Obj, T, event, runAlertTimeline } from "./_alertTimeline.js";

const ALERTS: Obj[] = [
  { at: T(1), op: "create_alert", body: { external_subscription_id: "s0", alert_type: "current_usage_amount", code: "spend", thresholds: [{ value: "500" }] } },
  { at: T(1), op: "create_alert", body: { external_subscription_id: "s0", alert_type: "billable_metric_current_usage_units", code: "units", billable_metric_code: "gb", thresholds: [{ value: "100" }] } },
];
const run = (steps: Obj[]) => runAlertTimeline([...ALERTS, ...steps]);
const fired = (r: ReturnType<typeof run>) => r.webhooks.filter((w) => w.type === "alert.triggered").map((w) => [w.at, w.object["alert_code"]]);

describe("update_alert and delete_alert", () => {
  it("a raised threshold is crossed later; the alert keeps the value it last saw", () => {
    const r = run([
      event(2, "e1", "3"),
      { at: T(3), op: "update_alert", body: { external_subscription_id: "s0", code: "spend", alert: { thresholds: [{ value: "800" }], name: "Spend" } } },
      event(4, "e2", "4"),
      event(5, "e2b", "2"),
    ]);
    const updated = r.responses[5]!["alert"] as Obj;
    expect(updated).toMatchObject({ code: "spend", name: "Spend", previous_value: "300.0" });
    // 300 then 700 (below 800), then 900: crossed on the 5th only.
    expect(fired(r)).toEqual([["2024-01-05T00:00:00Z", "spend"]]);
  });

  it("a deleted alert is evaluated no more; updates are checked like creations", () => {
    const r = run([
      { at: T(2), op: "delete_alert", body: { external_subscription_id: "s0", code: "spend" } },
      event(3, "e1", "9"),
      { at: T(4), op: "update_alert", body: { external_subscription_id: "s0", code: "units", alert: { code: "spend2", thresholds: [] } } },
      { at: T(4), op: "update_alert", body: { external_subscription_id: "s0", code: "spend", alert: { name: "x" } } },
      { at: T(4), op: "delete_alert", body: { external_subscription_id: "s0", code: "spend" } },
      { at: T(4), op: "update_alert", body: { external_subscription_id: "s0", code: "units" } },
    ]);
    expect((r.responses[4]!["alert"] as Obj)["code"]).toBe("spend");
    expect(fired(r)).toEqual([]);
    expect(r.responses[6]).toMatchObject({ error: { code: "validation_errors" } });
    expect(r.responses[7]).toEqual({ error: { code: "alert_not_found" } });
    expect(r.responses[8]).toEqual({ error: { code: "alert_not_found" } });
    expect(r.responses[9]).toMatchObject({ error: { code: "validation_errors", error_details: { alert: ["value_is_mandatory"] } } });
  });
});
