/**
 * Ported from getlago/lago-api spec/scenarios/usage_monitoring/{subscription_alerts,usage_amount_alert}_spec.rb
 * (the cases without a visible vector). Lago runs them at the real clock (no travel_to) and
 * evaluates alerts in its usage-update job; here each "perform_usage_update" is a new clock
 * instant (alerts are evaluated once per instant, contract §4). Plan: 49.00, charge "ops" at 5
 * per unit and "api" at 100 per unit (sum metrics).
 */
import { describe, expect, it } from "vitest";
import { run, plan, type Step } from "./subs-helpers.js";

const SUB = "sub_alerting-v1";
const metrics = [
  { code: "ops", name: "ops", aggregation_type: "sum_agg", recurring: false, field_name: "ops_count" },
  { code: "api", name: "api", aggregation_type: "sum_agg", recurring: false, field_name: "api_count" },
];
const charge = (code: string, amount: string) => ({ billable_metric_code: code, charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount } });
const plans = [plan("premium_plan", { amount_cents: 4900, charges: [charge("ops", "5"), charge("api", "100")] })];
const start = (at: string): Step[] => [
  { at, op: "create_customer", body: { external_id: "custalerting-v1", name: "custalerting-v1", currency: "EUR" } },
  { at, op: "create_subscription", body: { external_customer_id: "custalerting-v1", external_id: SUB, plan_code: "premium_plan", billing_time: "calendar" } },
];
const alert = (at: string, body: Record<string, unknown>): Step => ({ at, op: "create_alert", body: { external_subscription_id: SUB, ...body } });
let n = 0;
const ev = (at: string, code: string, properties: Record<string, unknown>): Step => ({
  at, op: "create_event", body: { transaction_id: `al${++n}`, code, external_subscription_id: SUB, properties },
});
const triggered = (out: any) => out.webhooks.filter((w: any) => w.type === "alert.triggered").map((w: any) => w.object);
const t = (code: string, value: string, recurring = false) => ({ code, value, recurring });
const T0 = "2024-06-10T10:00:00Z";
const at = (min: number) => `2024-06-10T10:${String(min).padStart(2, "0")}:00Z`;

describe("subscription_alerts_spec.rb", () => {
  it("with recurring thresholds / sends alert forever", () => {
    const steps = [
      ...start(T0),
      alert(T0, { alert_type: "current_usage_amount", code: "simple", thresholds: [{ value: 1500, code: "warn" }, { value: 3000, code: "warn" }, { value: 1000, code: "alert", recurring: true }] }),
      ev(at(1), "ops", { ops_count: 7 }),
      ev(at(2), "ops", { ops_count: 4 }),
    ];
    const out = run({ plans, metrics, steps, until: at(3) });
    const tas = triggered(out);
    expect(tas).toHaveLength(2);
    expect(Number(tas[0].current_value)).toBe(3500);
    expect(tas[0].crossed_thresholds).toEqual([t("warn", "1500.0"), t("warn", "3000.0")]);
    expect(Number(tas[1].current_value)).toBe(5500);
    expect(tas[1].crossed_thresholds).toEqual([t("alert", "4000.0", true), t("alert", "5000.0", true)]);
  });

  it("with only a recurring thresholds / sends alert forever", () => {
    const steps = [
      ...start(T0),
      alert(T0, { alert_type: "current_usage_amount", code: "simple", thresholds: [{ value: 1000, code: "info", recurring: true }] }),
      ev(at(1), "ops", { ops_count: 7 }),
      ev(at(2), "ops", { ops_count: 4 }),
    ];
    const tas = triggered(run({ plans, metrics, steps, until: at(3) }));
    expect(tas).toHaveLength(2);
    expect(Number(tas[0].current_value)).toBe(3500);
    expect(tas[0].crossed_thresholds).toEqual([t("info", "1000.0", true), t("info", "2000.0", true), t("info", "3000.0", true)]);
    expect(Number(tas[1].current_value)).toBe(5500);
    expect(tas[1].crossed_thresholds).toEqual([t("info", "4000.0", true), t("info", "5000.0", true)]);
  });

  it("with billable_metric_current_usage_units alert", () => {
    const steps = [
      ...start(T0),
      alert(T0, { alert_type: "billable_metric_current_usage_units", code: "bm_units", billable_metric_code: "ops", thresholds: [{ value: 90, code: "warn" }] }),
      ev(at(1), "ops", { ops_count: 89 }),
      ev(at(2), "ops", { ops_count: 5 }),
    ];
    const tas = triggered(run({ plans, metrics, steps, until: at(3) }));
    expect(tas).toHaveLength(1);
    expect(tas[0]).toMatchObject({ alert_type: "billable_metric_current_usage_units", current_value: "94.0", previous_value: "89.0" });
    expect(tas[0].crossed_thresholds).toEqual([t("warn", "90.0")]);
  });

  it("with lifetime_usage alerts / triggers once lifetime usage (invoiced + current) reaches 150.00", () => {
    const steps = [
      ...start("2025-01-01T00:00:00Z"),
      { ...alert("2025-01-01T00:00:00Z", { alert_type: "lifetime_usage_amount", code: "lifetime", thresholds: [{ value: 15000, code: "warn" }] }) },
      ev("2025-01-06T00:00:00Z", "ops", { ops_count: 10 }),
      ev("2025-02-06T00:00:00Z", "ops", { ops_count: 10 }),
      ev("2025-03-15T00:00:00Z", "ops", { ops_count: 11 }),
    ];
    const out = run({ plans, metrics, steps, until: "2025-03-15T00:01:00Z", org: { premium_integrations: ["lifetime_usage", "progressive_billing"] } });
    const tas = triggered(out);
    expect(tas).toHaveLength(1);
    expect(tas[0].alert_type).toBe("lifetime_usage_amount");
    expect(Number(tas[0].current_value)).toBe(15_500);
    expect(tas[0].crossed_thresholds).toEqual([t("warn", "15000.0")]);
  });

  it("when there is no alert / does not track activity (no webhook)", () => {
    const out = run({ plans, metrics, steps: [...start(T0), ev(at(1), "ops", { ops_count: 20 })], until: at(2) });
    expect(triggered(out)).toEqual([]);
  });
});

describe("usage_amount_alert_spec.rb (older version of the same scenario)", () => {
  // The older spec creates a ChargeUsageAmountAlert on the "api" charge (thresholds 399.00 and
  // 1000.00) instead of the billable-metric alert; the API equivalent is used here.
  it("works", () => {
    const steps = [
      ...start(T0),
      alert(T0, { alert_type: "current_usage_amount", code: "simple", thresholds: [{ value: 1500, code: "warn" }, { value: 3000, code: "warn" }, { value: 5000, code: "alert" }, { value: 123000, code: "block" }] }),
      alert(T0, { alert_type: "billable_metric_current_usage_amount", code: "metric", billable_metric_code: "api", thresholds: [{ value: 39900, code: "warn" }, { value: 100000, code: "alert" }] }),
      ev(at(1), "ops", { ops_count: 2 }),
      ev(at(2), "ops", { ops_count: 2 }),
      ev(at(2), "ops", { ops_count: 2 }),
      ev(at(3), "api", { api_count: 4 }),
    ];
    const tas = triggered(run({ plans, metrics, steps, until: at(4) }));
    const simple = tas.filter((a: any) => a.alert_code === "simple");
    const metric = tas.filter((a: any) => a.alert_code === "metric");
    expect(simple).toHaveLength(2);
    expect(simple[0]).toMatchObject({ current_value: "3000.0", previous_value: "1000.0" });
    expect(simple[0].crossed_thresholds.map((x: any) => [x.code, x.value])).toEqual([["warn", "1500.0"], ["warn", "3000.0"]]);
    expect(metric).toHaveLength(1);
    expect(metric[0].crossed_thresholds.map((x: any) => [x.code, x.value])).toEqual([["warn", "39900.0"]]);
  });
});
