import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { instant } from "../../../src/core/instant.js";
import { type CreateAlertContext, parseCreateAlert } from "../../../src/usage/alertCreate.js";
import { fetchAlert } from "../../../src/usage/alertJson.js";
import { processAlert } from "../../../src/usage/alertProcess.js";
import { alertValue } from "../../../src/usage/alertValue.js";
import type { Alert, WalletBalances } from "../../../src/usage/alertTypes.js";

const at = (min: number) => instant(Date.UTC(2024, 5, 10, 10, min));
const sub: CreateAlertContext = {
  alertable: { kind: "subscription", external_id: "sub_alerting-v1", external_customer_id: "custalerting-v1" },
  metric: (code) => ({ svc_id: `m-${code}`, code }),
  existing: [],
  premium_integrations: [],
  at: at(0),
};
const make = (body: unknown, ctx: CreateAlertContext = sub): Alert => {
  const r = parseCreateAlert(body, ctx);
  if (!r.ok) throw new Error(r.code);
  return r.alert;
};
const thresholds = [{ value: 1500, code: "warn" }, { value: 3000, code: "warn" }, { value: 5000, code: "alert" }, { value: 123000, code: "block" }];
const fee = (code: string, cents: bigint, units: number) => ({ item: { code }, amount_cents: cents, units: dec(units) });

describe("processAlert (invoice.md §14.3) — usage_monitoring vector, evaluated once per instant", () => {
  // ops 5 €/unit, api 100 €/unit: 10:01 ops 2; 10:02 ops 2 + 2; 10:03 api 4.
  const usage = [
    { amount_cents: 0n, fees: [fee("api", 0n, 0), fee("ops", 0n, 0)] },
    { amount_cents: 1000n, fees: [fee("api", 0n, 0), fee("ops", 1000n, 2)] },
    { amount_cents: 3000n, fees: [fee("api", 0n, 0), fee("ops", 3000n, 6)] },
    { amount_cents: 43000n, fees: [fee("api", 40000n, 4), fee("ops", 3000n, 6)] },
  ];
  const run = (alert: Alert) => usage.map((u, i) => {
    const r = processAlert(alert, alertValue(alert, { current_usage: u }), at(i));
    alert = r.alert;
    return r.triggered?.webhook;
  });

  it("current_usage_amount triggers twice: 1000 → 3000 crosses warn 1500 and warn 3000", () => {
    const hooks = run(make({ alert_type: "current_usage_amount", code: "simple", thresholds })).filter((h) => h !== undefined);
    expect(hooks).toHaveLength(2);
    expect(hooks[0]).toMatchObject({
      alert_type: "current_usage_amount", alert_code: "simple", current_value: "3000.0", previous_value: "1000.0",
      crossed_thresholds: [{ code: "warn", value: "1500.0", recurring: false }, { code: "warn", value: "3000.0", recurring: false }],
      external_subscription_id: "sub_alerting-v1", triggered_at: "2024-06-10T10:02:00Z",
    });
    expect(hooks[1]).toMatchObject({ current_value: "43000.0", previous_value: "3000.0", crossed_thresholds: [{ code: "alert", value: "5000.0" }] });
  });

  it("billable_metric_current_usage_amount (max fee of the metric) triggers once", () => {
    const hooks = run(make({ alert_type: "billable_metric_current_usage_amount", billable_metric_code: "api", code: "bm", thresholds })).filter((h) => h !== undefined);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ current_value: "40000.0", previous_value: "0.0", billable_metric_code: "api" });
    expect(hooks[0]!.crossed_thresholds.map((t) => t.value)).toEqual(["1500.0", "3000.0", "5000.0"]);
  });

  it("updates previous_value even without a crossing, and not at all for a metric outside the plan", () => {
    const a = make({ alert_type: "current_usage_amount", code: "x", thresholds: [{ value: 5000 }] });
    const r = processAlert(a, dec(1000), at(1));
    expect(r.triggered).toBeUndefined();
    expect(fetchAlert(r.alert)).toMatchObject({ previous_value: "1000.0", last_processed_at: "2024-06-10T10:01:00Z" });
    const bm = make({ alert_type: "billable_metric_current_usage_units", billable_metric_code: "zzz", code: "u", thresholds: [{ value: 1 }] });
    const value = alertValue(bm, { current_usage: usage[3]! });
    expect(value).toBeNull();
    expect(processAlert({ ...bm, previous_value: dec(7) }, value, at(2)).alert.previous_value.toString()).toBe("7");
  });

  it("a new period's lower usage silently resets previous_value", () => {
    const a = { ...make({ alert_type: "current_usage_amount", code: "x", thresholds: [{ value: 100 }] }), previous_value: dec(500) };
    const low = processAlert(a, dec(0), at(1));
    expect(low.triggered).toBeUndefined();
    expect(processAlert(low.alert, dec(150), at(2)).triggered?.webhook.crossed_thresholds).toEqual([{ code: null, value: "100.0", recurring: false }]);
  });

  it("stores values at 5 decimals (decimal(30,5))", () => {
    const a = make({ alert_type: "billable_metric_current_usage_units", billable_metric_code: "api", code: "u", thresholds: [{ value: "0.5" }] });
    const r = processAlert(a, dec("1.234567"), at(1));
    expect(r.alert.previous_value.toString()).toBe("1.23457");
    expect(r.triggered?.webhook.current_value).toBe("1.23457");
  });
});

describe("wallet alerts (scenario wallets/alerting vectors)", () => {
  const balances = (credits: number): WalletBalances => ({
    balance_cents: BigInt(credits * 100), credits_balance: dec(credits), ongoing_balance_cents: BigInt(credits * 100), credits_ongoing_balance: dec(credits),
  });
  const walletCtx = (credits: number): CreateAlertContext => ({
    ...sub,
    alertable: { kind: "wallet", wallet: { svc_id: "w", code: "test-wallet" }, external_customer_id: "cust_1", balances: balances(credits) },
  });
  const step = (alert: Alert, credits: number, min: number) => processAlert(alert, alertValue(alert, { wallet: balances(credits) }), at(min));

  it("changes before the first alert: created at 50, topped up to 100, then 70 crosses warn 75", () => {
    const a = make({ alert_type: "wallet_credits_ongoing_balance", code: "ongoing_balance_alert", name: "Credits Ongoing Balance Alert",
      thresholds: [{ value: 75, code: "warn" }, { value: 50, code: "critical" }, { value: 25, code: "emergency" }] }, walletCtx(50));
    expect(a.previous_value.toString()).toBe("50");
    const topUp = step(a, 100, 0);
    expect(topUp.triggered).toBeUndefined();
    const r = step(topUp.alert, 70, 1);
    expect(r.triggered?.webhook).toMatchObject({
      alert_name: "Credits Ongoing Balance Alert", current_value: "70.0", previous_value: "100.0",
      crossed_thresholds: [{ code: "warn", value: "75.0", recurring: false }],
    });
    expect(fetchAlert(r.alert).previous_value).toBe("70.0");
  });

  it("wallet_ongoing_balance_amount in cents: 10000 → 7000 crosses warn 7500", () => {
    const a = make({ alert_type: "wallet_ongoing_balance_amount", code: "o", thresholds: [{ value: 7500, code: "warn" }, { value: 5000, code: "critical" }] }, walletCtx(100));
    expect(step(a, 70, 1).triggered?.webhook).toMatchObject({ current_value: "7000.0", previous_value: "10000.0", crossed_thresholds: [{ code: "warn", value: "7500.0" }] });
  });

  it("negative recurring: 20 → 10 → 0 → −10 gives one_time 15, then recurring 5, then −5", () => {
    let a = make({ alert_type: "wallet_credits_ongoing_balance", code: "o",
      thresholds: [{ value: 15, code: "one_time", recurring: false }, { value: 10, code: "recurring", recurring: true }] }, walletCtx(20));
    const hooks = [10, 0, -10].map((credits, i) => {
      const r = step(a, credits, i + 1);
      a = r.alert;
      return [r.triggered?.webhook.previous_value, r.triggered?.webhook.crossed_thresholds, fetchAlert(a).previous_value];
    });
    expect(hooks).toEqual([
      ["20.0", [{ code: "one_time", value: "15.0", recurring: false }], "10.0"],
      ["10.0", [{ code: "recurring", value: "5.0", recurring: true }], "0.0"],
      ["0.0", [{ code: "recurring", value: "-5.0", recurring: true }], "-10.0"],
    ]);
  });
});
