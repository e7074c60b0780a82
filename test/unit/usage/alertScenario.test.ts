/**
 * scenario/usage_monitoring/subscription_alerts/current-usage-and-billable-metric-alerts, run
 * through the real current usage: alerts evaluated once per clock instant after its steps.
 */
import { describe, expect, it } from "vitest";
import { currentUsage } from "../../../src/usage/currentUsage.js";
import { parseCreateAlert } from "../../../src/usage/alertCreate.js";
import { processAlert } from "../../../src/usage/alertProcess.js";
import { alertValue } from "../../../src/usage/alertValue.js";
import type { Alert } from "../../../src/usage/alertTypes.js";
import type { TriggeredAlertJson } from "../../../src/usage/alertProcess.js";
import { t, usageInput } from "./_fixtures.js";

const catalog = {
  billable_metrics: [
    { code: "ops", name: "ops", aggregation_type: "sum_agg", field_name: "ops_count" },
    { code: "api", name: "api", aggregation_type: "sum_agg", field_name: "api_count" },
  ],
  plans: [{ code: "premium_plan", name: "Premium Plan", interval: "monthly", amount_cents: 4900, amount_currency: "EUR", charges: [
    { billable_metric_code: "ops", charge_model: "standard", properties: { amount: "5" } },
    { billable_metric_code: "api", charge_model: "standard", properties: { amount: "100" } },
  ] }],
};
const events = [
  { code: "ops", at: "2024-06-10T10:01:00Z", properties: { ops_count: 2 } },
  { code: "ops", at: "2024-06-10T10:02:00Z", properties: { ops_count: 2 } },
  { code: "ops", at: "2024-06-10T10:02:00Z", properties: { ops_count: 2 } },
  { code: "api", at: "2024-06-10T10:03:00Z", properties: { api_count: 4 } },
];
const thresholds = [{ value: 1500, code: "warn" }, { value: 3000, code: "warn" }, { value: 5000, code: "alert" }, { value: 123000, code: "block" }];

describe("usage_monitoring scenario through current usage", () => {
  it("current_usage_amount triggers twice (one 1000 → 3000 with both warns), the api metric alert once", () => {
    const ctx = {
      alertable: { kind: "subscription" as const, external_id: "sub_alerting-v1", external_customer_id: "custalerting-v1" },
      metric: (code: string) => ({ svc_id: `m-${code}`, code }), existing: [], premium_integrations: [], at: t("2024-06-10T10:00:00Z"),
    };
    const created = [
      parseCreateAlert({ alert_type: "current_usage_amount", code: "simple", thresholds }, ctx),
      parseCreateAlert({ alert_type: "billable_metric_current_usage_amount", billable_metric_code: "api", code: "bm", thresholds }, ctx),
    ];
    let alerts: Alert[] = created.map((r) => (r.ok ? r.alert : expect.unreachable()));
    const hooks: TriggeredAlertJson[] = [];
    for (const at of ["10:00", "10:01", "10:02", "10:03"]) {
      const now = `2024-06-10T${at}:00Z`;
      const input = usageInput({ catalog, events: events.filter((e) => e.at <= now), window: ["2024-06-01T00:00:00Z", "2024-07-01T00:00:00Z"], now, issuing_date: "2024-06-30" });
      const usage = currentUsage({ ...input, options: { apply_taxes: false } });
      if (!usage.ok) throw new Error(usage.code);
      const measures = { current_usage: { amount_cents: usage.fees.reduce((a, f) => a + f.amount_cents, 0n), fees: usage.fees } };
      alerts = alerts.map((a) => {
        const r = processAlert(a, alertValue(a, measures), t(now));
        if (r.triggered) hooks.push(r.triggered.webhook);
        return r.alert;
      });
    }
    expect(hooks.filter((h) => h.alert_type === "current_usage_amount")).toHaveLength(2);
    expect(hooks.filter((h) => h.alert_type === "billable_metric_current_usage_amount")).toHaveLength(1);
    expect(hooks).toContainEqual(expect.objectContaining({
      alert_type: "current_usage_amount", current_value: "3000.0", previous_value: "1000.0",
      crossed_thresholds: [{ code: "warn", value: "1500.0", recurring: false }, { code: "warn", value: "3000.0", recurring: false }],
    }));
  });
});
