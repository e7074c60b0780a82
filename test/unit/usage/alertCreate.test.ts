import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { instant } from "../../../src/core/instant.js";
import { toErrorDetails } from "../../../src/core/issue.js";
import { type CreateAlertContext, type CreateAlertResult, parseCreateAlert } from "../../../src/usage/alertCreate.js";
import { fetchAlert } from "../../../src/usage/alertJson.js";
import type { Alert } from "../../../src/usage/alertTypes.js";

const at = instant(Date.UTC(2024, 5, 10, 10));
const sub: CreateAlertContext = {
  alertable: { kind: "subscription", external_id: "sub-1", external_customer_id: "cust-1" },
  metric: (code) => (code === "api" ? { svc_id: "m-api", code: "api", name: "api" } : undefined),
  existing: [],
  premium_integrations: [],
  at,
};
const wallet: CreateAlertContext = {
  ...sub,
  alertable: {
    kind: "wallet",
    wallet: { svc_id: "w-1", code: "test-wallet" },
    external_customer_id: "cust-1",
    balances: { balance_cents: 5000n, credits_balance: dec(50), ongoing_balance_cents: 4000n, credits_ongoing_balance: dec(40) },
  },
};
const body = (extra: Record<string, unknown> = {}) => ({
  alert_type: "current_usage_amount", code: "simple", name: "Simple", thresholds: [{ value: 1500, code: "warn" }], ...extra,
});
const details = (r: CreateAlertResult) => (r.ok ? "ok" : r.code === "validation_errors" ? toErrorDetails(r.issues) : r.code);
const created = (r: CreateAlertResult): Alert => {
  if (!r.ok) throw new Error(JSON.stringify(details(r)));
  return r.alert;
};

describe("parseCreateAlert", () => {
  it("creates an increasing subscription alert at previous_value 0, thresholds in given order", () => {
    const a = created(parseCreateAlert(body({ thresholds: [{ value: 3000, code: "b" }, { value: "1500.123456", code: "a" }, { value: 100, code: "r", recurring: true }] }), sub));
    expect(a.direction).toBe("increasing");
    expect(a.previous_value.toString()).toBe("0");
    expect(a.thresholds.map((t) => [t.code, t.value.toString(), t.recurring])).toEqual([["b", "3000", false], ["a", "1500.12346", false], ["r", "100", true]]);
    expect(fetchAlert(a)).toMatchObject({ code: "simple", name: "Simple", alert_type: "current_usage_amount", previous_value: "0.0", external_subscription_id: "sub-1", billable_metric: null });
  });

  it("starts a wallet alert at the wallet's current value (decreasing)", () => {
    const a = created(parseCreateAlert(body({ alert_type: "wallet_credits_ongoing_balance", thresholds: [{ value: 25 }] }), wallet));
    expect(a.direction).toBe("decreasing");
    expect(a.previous_value.toString()).toBe("40");
    expect(fetchAlert(a)).toMatchObject({ wallet_code: "test-wallet", svc_wallet_id: "w-1", previous_value: "40.0", direction: "decreasing" });
    const b = created(parseCreateAlert(body({ alert_type: "wallet_balance_amount" }), wallet));
    expect(b.previous_value.toString()).toBe("5000");
  });

  it("attaches the metric of a metric alert", () => {
    const a = created(parseCreateAlert(body({ alert_type: "billable_metric_current_usage_amount", billable_metric_code: "api" }), sub));
    expect(a.billable_metric?.code).toBe("api");
  });

  it.each([
    [body({ alert_type: "lifetime_usage_amount" }), { alert_type: ["feature_not_available"] }],
    [body({ alert_type: "billable_metric_lifetime_usage_units", billable_metric_code: "api" }), { alert_type: ["feature_not_available"] }],
    [body({ alert_type: undefined }), { alert_type: ["value_is_mandatory", "value_is_invalid"] }],
    [body({ alert_type: "nope" }), { alert_type: ["invalid_type"] }],
    [body({ alert_type: "wallet_balance_amount" }), { alert_type: ["invalid_type"] }],
    [body({ thresholds: [] }), { thresholds: ["value_is_mandatory"] }],
    [body({ thresholds: undefined }), { thresholds: ["value_is_mandatory"] }],
    [body({ thresholds: Array.from({ length: 21 }, (_, i) => ({ value: i + 1 })) }), { thresholds: ["too_many_thresholds"] }],
    [body({ thresholds: [{ value: 10 }, { value: "10" }] }), { thresholds: ["duplicate_threshold_values"] }],
    [body({ thresholds: [{ value: 10 }, { code: "x" }] }), { "thresholds:value": ["value_is_mandatory"] }],
    [body({ thresholds: [{ value: "ten" }] }), { "thresholds:value": ["value_is_invalid"] }],
    [body({ thresholds: [{ value: 0, recurring: true }] }), { "thresholds:value": ["recurring_value_is_negative"] }],
    [body({ code: "" }), { code: ["value_is_mandatory"] }],
    [body({ alert_type: "billable_metric_current_usage_units" }), { billable_metric: ["value_is_mandatory"] }],
    [body({ billable_metric_code: "api" }), { billable_metric: ["value_must_be_blank"] }],
    [body({ thresholds: [{ value: 10, recurring: true }, { value: 20, recurring: "true" }] }), { base: ["alert_already_exists"] }],
  ])("refuses %j with %j", (b, expected) => {
    expect(details(parseCreateAlert(b, sub))).toEqual(expected);
  });

  it("allows the same value once one-time and once recurring", () => {
    expect(parseCreateAlert(body({ thresholds: [{ value: 10 }, { value: 10, recurring: true }] }), sub).ok).toBe(true);
  });

  it("refuses an unknown metric with billable_metric_not_found", () => {
    expect(details(parseCreateAlert(body({ alert_type: "billable_metric_current_usage_amount", billable_metric_code: "zzz" }), sub))).toBe("billable_metric_not_found");
  });

  it("gates lifetime alert types on the integrations", () => {
    const ctx = { ...sub, premium_integrations: ["progressive_billing", "granular_lifetime_usage"] };
    expect(parseCreateAlert(body({ alert_type: "lifetime_usage_amount" }), ctx).ok).toBe(true);
    expect(parseCreateAlert(body({ alert_type: "billable_metric_lifetime_usage_units", billable_metric_code: "api" }), ctx).ok).toBe(true);
  });

  it("refuses a taken code, then a second alert of the same type (and metric)", () => {
    const first = created(parseCreateAlert(body(), sub));
    const ctx = { ...sub, existing: [first] };
    expect(details(parseCreateAlert(body(), ctx))).toEqual({ code: ["value_already_exist"] });
    expect(details(parseCreateAlert(body({ code: "other" }), ctx))).toEqual({ base: ["alert_already_exists"] });
    const bm = created(parseCreateAlert(body({ alert_type: "billable_metric_current_usage_amount", billable_metric_code: "api", code: "bm" }), ctx));
    expect(details(parseCreateAlert(body({ alert_type: "billable_metric_current_usage_amount", billable_metric_code: "api", code: "bm2" }), { ...ctx, existing: [first, bm] })))
      .toEqual({ base: ["alert_already_exists"] });
  });

  it("accepts duplicate threshold codes (the reference does)", () => {
    const a = created(parseCreateAlert(body({ thresholds: [{ value: 1500, code: "warn" }, { value: 3000, code: "warn" }] }), sub));
    expect(a.thresholds).toHaveLength(2);
  });

  it("never throws on junk bodies", () => {
    for (const junk of [null, 42, "x", [], { thresholds: "x" }, { alert_type: 5 }, { alert_type: "current_usage_amount", thresholds: [null, 3] }]) {
      expect(parseCreateAlert(junk, sub).ok).toBe(false);
    }
  });
});
