/**
 * Ported from getlago/lago-api spec/scenarios/wallets/alerting/
 * {wallet_balance_amount_alert,wallet_credits_balance_alert,wallet_credits_ongoing_balance_alert}_spec.rb
 * (cases without a visible vector). Lago runs them at the real clock; each send_event! +
 * recalculate_wallet_balances is one clock minute here, and balances / the alert's previous_value
 * are read 30 s later with fetch_wallet / fetch_alert. Triggered alerts are read from their
 * alert.triggered webhooks. Balance alerts use a pay-in-advance charge (each event is invoiced at
 * once and paid by the wallet); ongoing balance alerts a pay-in-arrears one (current usage).
 */
import { describe, expect, it } from "vitest";
import { run, plan, type Step } from "./subs-helpers.js";

const T0 = "2024-06-10T10:00:00Z";
const min = (m: number, s = 0) => `2024-06-10T10:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}Z`;
const metrics = [{ code: "amount_sum", name: "amount_sum", aggregation_type: "sum_agg", recurring: false, field_name: "amount" }];
const planWith = (pay_in_advance: boolean) => [
  plan("plan", { charges: [{ billable_metric_code: "amount_sum", charge_model: "standard", pay_in_advance, invoiceable: true, prorated: false, properties: { amount: "1" } }] }),
];
const WALLET = "test-wallet";
const setup = (granted: string, alertBody: Record<string, unknown>, rate = "1"): Step[] => [
  { at: T0, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR" } },
  { at: T0, op: "create_wallet", body: { external_customer_id: "cust_1", rate_amount: rate, granted_credits: granted, name: "Test Wallet", code: WALLET, currency: "EUR", invoice_requires_successful_payment: false } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub-1", plan_code: "plan", billing_time: "calendar" } },
  { at: T0, op: "create_alert", body: { external_customer_id: "cust_1", wallet_code: WALLET, ...alertBody } },
];
/** Event k (1-based) at minute k, then the wallet and the alert read at k:30. */
const eventAndReads = (k: number, amount: number, code: string): Step[] => [
  { at: min(k), op: "create_event", body: { transaction_id: `wa${k}`, code: "amount_sum", external_subscription_id: "sub-1", properties: { amount } } },
  { at: min(k, 30), op: "fetch_wallet", body: { external_customer_id: "cust_1" } },
  { at: min(k, 30), op: "fetch_alert", body: { external_customer_id: "cust_1", wallet_code: WALLET, code } },
];

interface Reads { wallets: any[]; previous: number[]; triggered: any[] }
function scenario(opts: { advance: boolean; granted: string; rate?: string; alert: Record<string, unknown>; amounts: number[] }): Reads {
  const code = opts.alert["code"] as string;
  const steps = [...setup(opts.granted, opts.alert, opts.rate), ...opts.amounts.flatMap((a, i) => eventAndReads(i + 1, a, code))];
  const out = run({ plans: planWith(opts.advance), metrics, steps, until: min(opts.amounts.length + 1), org: { invoice_grace_period: opts.advance ? 0 : 5 } });
  const base = 4;
  return {
    wallets: opts.amounts.map((_, i) => out.responses[base + 3 * i + 1].wallet),
    previous: opts.amounts.map((_, i) => Number(out.responses[base + 3 * i + 2].alert?.previous_value)),
    triggered: out.webhooks.filter((w: any) => w.type === "alert.triggered").map((w: any) => w.object),
  };
}
const t = (code: string, value: string, recurring = false) => ({ code, value, recurring });

describe("wallet_balance_amount_alert_spec.rb (pay-in-advance charge, wallet of 100 credits)", () => {
  const alert = (code: string, thresholds: unknown[], name?: string) => ({ alert_type: "wallet_balance_amount", code, ...(name ? { name } : {}), thresholds });

  it("basic threshold crossing (decreasing direction) / triggers alert when wallet balance drops below threshold", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [10, 20], alert: alert("low_balance", [{ value: 8000, code: "warn" }, { value: 5000, code: "critical" }, { value: 2000, code: "emergency" }], "Low Balance Alert") });
    expect(r.wallets.map((w) => w.balance_cents)).toEqual([9000, 7000]);
    expect(r.previous[0]).toBe(9000);
    expect(r.triggered).toHaveLength(1);
    expect(r.triggered[0]).toMatchObject({ alert_type: "wallet_balance_amount", current_value: "7000.0", previous_value: "9000.0", alert_code: "low_balance", alert_name: "Low Balance Alert" });
    expect(r.triggered[0].crossed_thresholds).toEqual([t("warn", "8000.0")]);
  });

  it("multiple threshold crossing at once / triggers alert with all crossed thresholds", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [5, 55], alert: alert("multi_threshold", [{ value: 9000, code: "notice" }, { value: 7000, code: "warn" }, { value: 5000, code: "critical" }]) });
    expect(r.wallets.map((w) => w.balance_cents)).toEqual([9500, 4000]);
    expect(r.previous[0]).toBe(9500);
    expect(r.triggered).toHaveLength(1);
    expect(Number(r.triggered[0].current_value)).toBe(4000);
    expect(r.triggered[0].crossed_thresholds.map((x: any) => x.code).sort()).toEqual(["critical", "notice", "warn"]);
  });

  it("no alert when threshold not crossed", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [10, 10], alert: alert("low_balance", [{ value: 5000, code: "warn" }]) });
    expect(r.wallets.map((w) => w.balance_cents)).toEqual([9000, 8000]);
    expect(r.previous[0]).toBe(9000);
    expect(r.triggered).toEqual([]);
  });

  it("recurring threshold / triggers alert each time recurring threshold is crossed", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [5, 25, 20], alert: alert("recurring_alert", [{ value: 8000, code: "initial" }, { value: 2000, code: "low", recurring: true }]) });
    expect(r.wallets.map((w) => w.balance_cents)).toEqual([9500, 7000, 5000]);
    expect(r.previous[0]).toBe(9500);
    expect(r.triggered.map((x) => x.crossed_thresholds)).toEqual([[t("initial", "8000.0")], [t("low", "6000.0", true)]]);
  });

  it("progressive usage consumption / triggers alerts progressively as balance decreases", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [10, 10, 20, 30], alert: alert("progressive", [{ value: 7000, code: "notice" }, { value: 4000, code: "warn" }, { value: 1000, code: "critical" }]) });
    expect(r.wallets.map((w) => w.balance_cents)).toEqual([9000, 8000, 6000, 3000]);
    expect(r.previous[0]).toBe(9000);
    expect(r.triggered.map((x) => x.crossed_thresholds.map((c: any) => c.code))).toEqual([["notice"], ["warn"]]);
  });
});

describe("wallet_credits_balance_alert_spec.rb (pay-in-advance charge)", () => {
  const alert = (code: string, thresholds: unknown[], name?: string) => ({ alert_type: "wallet_credits_balance", code, ...(name ? { name } : {}), thresholds });

  it("credits balance threshold crossing with 1:1 rate / triggers alert when credits balance drops below threshold", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [10, 20], alert: alert("low_credits", [{ value: 80, code: "notice" }, { value: 50, code: "warn" }], "Low Credits Alert") });
    expect(r.wallets.map((w) => Number(w.credits_balance))).toEqual([90, 70]);
    expect(r.previous[0]).toBe(90);
    expect(r.triggered).toHaveLength(1);
    expect(r.triggered[0]).toMatchObject({ alert_type: "wallet_credits_balance", current_value: "70.0", alert_code: "low_credits" });
    expect(r.triggered[0].crossed_thresholds).toEqual([t("notice", "80.0")]);
  });

  it("credits with different rate / calculates correct credits based on rate (2 EUR per credit)", () => {
    const r = scenario({ advance: true, granted: "50", rate: "2", amounts: [10, 30], alert: alert("credits_low", [{ value: 40, code: "notice" }, { value: 30, code: "warn" }]) });
    expect(r.wallets.map((w) => Number(w.credits_balance))).toEqual([45, 30]);
    expect(r.wallets[1].balance_cents).toBe(6000);
    expect(r.previous[0]).toBe(45);
    expect(r.triggered).toHaveLength(1);
    expect(Number(r.triggered[0].current_value)).toBe(30);
    expect(r.triggered[0].crossed_thresholds.map((x: any) => x.code).sort()).toEqual(["notice", "warn"]);
  });

  /*
   * VERSION CONFLICT (doc vs newer spec, not a bug): going 95 → 70 with one-time 90 and recurring
   * 10, the stored spec expects only [initial 90.0]; ratecard answers [initial 90.0, low 70.0,
   * low 80.0], which is exactly what invoice.md §14.2 quotes for this same spec file
   * ("95 → 70 gives [initial 90.0, low 70.0, low 80.0]") and what its decreasing rule
   * (base = O.first, k1 = max(ceil((base − p)/R), 1)) gives. The next step (70 → 50 →
   * [low 50, 60, 70]) agrees in both versions.
   */
  it.fails("multiple thresholds with recurring / triggers recurring threshold each time it is crossed", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [5, 25, 20], alert: alert("recurring_credits", [{ value: 90, code: "initial" }, { value: 10, code: "low", recurring: true }]) });
    expect(r.wallets.map((w) => Number(w.credits_balance))).toEqual([95, 70, 50]);
    expect(r.previous[0]).toBe(95);
    expect(r.triggered.map((x) => x.crossed_thresholds)).toEqual([
      [t("initial", "90.0")],
      [t("low", "50.0", true), t("low", "60.0", true), t("low", "70.0", true)],
    ]);
  });

  it("multiple thresholds with recurring / the doc's figures (invoice.md §14.2) for the same timeline", () => {
    const r = scenario({ advance: true, granted: "100", amounts: [5, 25, 20], alert: alert("recurring_credits", [{ value: 90, code: "initial" }, { value: 10, code: "low", recurring: true }]) });
    expect(r.triggered.map((x) => x.crossed_thresholds)).toEqual([
      [t("initial", "90.0"), t("low", "70.0", true), t("low", "80.0", true)],
      [t("low", "50.0", true), t("low", "60.0", true), t("low", "70.0", true)],
    ]);
  });
});

describe("wallet_credits_ongoing_balance_alert_spec.rb (pay-in-arrears charge)", () => {
  const DEFAULT = [{ value: 75, code: "warn" }, { value: 50, code: "critical" }, { value: 25, code: "emergency" }];
  const alert = (thresholds: unknown[] = DEFAULT) => ({ alert_type: "wallet_credits_ongoing_balance", code: "ongoing_balance_alert", name: "Credits Ongoing Balance Alert", thresholds });
  const ongoing = (r: Reads) => r.wallets.map((w) => Number(w.credits_ongoing_balance));
  const shape = (r: Reads) => r.triggered.map((x) => [Number(x.current_value), Number(x.previous_value), x.crossed_thresholds]);

  it("basic functionality / triggers alert when ongoing balance goes down", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [25, 30, 20], alert: alert([{ value: 50, code: "alert", recurring: false }]) });
    expect(ongoing(r)).toEqual([75, 45, 25]);
    expect(r.previous).toEqual([75, 45, 25]);
    expect(r.triggered).toHaveLength(1);
    expect(r.triggered[0]).toMatchObject({ alert_type: "wallet_credits_ongoing_balance", alert_code: "ongoing_balance_alert", alert_name: "Credits Ongoing Balance Alert", current_value: "45.0", previous_value: "75.0" });
    expect(r.triggered[0].crossed_thresholds).toEqual([t("alert", "50.0")]);
  });

  it("thresholds crossing / when multiple thresholds are crossed at once", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [70], alert: alert() });
    expect(ongoing(r)).toEqual([30]);
    expect(r.previous).toEqual([30]);
    expect(shape(r)).toEqual([[30, 100, [t("warn", "75.0"), t("critical", "50.0")]]]);
  });

  it("thresholds crossing / when multiple thresholds are crossed over time", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [30, 30, 30], alert: alert() });
    expect(ongoing(r)).toEqual([70, 40, 10]);
    expect(r.previous).toEqual([70, 40, 10]);
    expect(shape(r)).toEqual([
      [70, 100, [t("warn", "75.0")]],
      [40, 70, [t("critical", "50.0")]],
      [10, 40, [t("emergency", "25.0")]],
    ]);
  });

  it("thresholds crossing / when no thresholds are crossed", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [10], alert: alert() });
    expect(ongoing(r)).toEqual([90]);
    expect(r.previous).toEqual([90]);
    expect(r.triggered).toEqual([]);
  });

  it("thresholds types / when a recurring threshold is defined", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [25, 10, 20], alert: alert([{ value: 80, code: "one_time", recurring: false }, { value: 10, code: "recurring", recurring: true }]) });
    expect(ongoing(r)).toEqual([75, 65, 45]);
    expect(r.previous).toEqual([75, 65, 45]);
    expect(shape(r)).toEqual([
      [75, 100, [t("one_time", "80.0")]],
      [65, 75, [t("recurring", "70.0", true)]],
      [45, 65, [t("recurring", "50.0", true), t("recurring", "60.0", true)]],
    ]);
  });

  it("thresholds types / when negative thresholds are defined", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [55, 100], alert: alert([{ value: 50, code: "positive", recurring: false }, { value: -50, code: "negative", recurring: false }]) });
    expect(ongoing(r)).toEqual([45, -55]);
    expect(r.previous).toEqual([45, -55]);
    expect(shape(r)).toEqual([
      [45, 100, [t("positive", "50.0")]],
      [-55, 45, [t("negative", "-50.0")]],
    ]);
  });
});

/*
 * wallet_ongoing_balance_amount_alert_spec.rb repeats the credits cases above in cents. Its stored
 * version has slips that cannot hold against any engine and are corrected here (noted per case):
 * the recurring threshold is created with code "alert" but expected as "recurring"; the emergency
 * threshold (2500) is expected as "5000.0"; two recurring values are listed descending although
 * invoice.md §14.2 lists them ascending (as the credits spec does); one case calls a misspelt
 * helper (expect_alert_to_be_trigerred), so it never ran.
 */
describe("wallet_ongoing_balance_amount_alert_spec.rb (pay-in-arrears charge)", () => {
  const DEFAULT = [{ value: 7500, code: "warn" }, { value: 5000, code: "critical" }, { value: 2500, code: "emergency" }];
  const alert = (thresholds: unknown[] = DEFAULT) => ({ alert_type: "wallet_ongoing_balance_amount", code: "ongoing_balance_alert", name: "Ongoing Balance Alert", thresholds });
  const ongoing = (r: Reads) => r.wallets.map((w) => w.ongoing_balance_cents);
  const shape = (r: Reads) => r.triggered.map((x) => [Number(x.current_value), Number(x.previous_value), x.crossed_thresholds]);

  it("basic functionality / triggers alert when ongoing balance goes down", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [25, 30, 20], alert: alert([{ value: 5000, code: "alert", recurring: false }]) });
    expect(ongoing(r)).toEqual([7500, 4500, 2500]);
    expect(r.previous).toEqual([7500, 4500, 2500]);
    expect(r.triggered).toHaveLength(1);
    expect(r.triggered[0]).toMatchObject({ alert_type: "wallet_ongoing_balance_amount", alert_code: "ongoing_balance_alert", alert_name: "Ongoing Balance Alert", current_value: "4500.0", previous_value: "7500.0" });
    expect(r.triggered[0].crossed_thresholds).toEqual([t("alert", "5000.0")]);
  });

  it("thresholds crossing / when multiple thresholds are crossed at once", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [70], alert: alert() });
    expect(ongoing(r)).toEqual([3000]);
    expect(shape(r)).toEqual([[3000, 10000, [t("warn", "7500.0"), t("critical", "5000.0")]]]);
  });

  it("thresholds crossing / when multiple thresholds are crossed over time (emergency is 2500, the spec writes 5000.0)", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [30, 30, 30], alert: alert() });
    expect(ongoing(r)).toEqual([7000, 4000, 1000]);
    expect(r.previous).toEqual([7000, 4000, 1000]);
    expect(shape(r)).toEqual([
      [7000, 10000, [t("warn", "7500.0")]],
      [4000, 7000, [t("critical", "5000.0")]],
      [1000, 4000, [t("emergency", "2500.0")]],
    ]);
  });

  it("thresholds crossing / when no thresholds are crossed", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [10], alert: alert() });
    expect(ongoing(r)).toEqual([9000]);
    expect(r.previous).toEqual([9000]);
    expect(r.triggered).toEqual([]);
  });

  it("thresholds types / when a recurring threshold is defined (code 'alert'; ascending values)", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [25, 10, 20], alert: alert([{ value: 8000, code: "initial", recurring: false }, { value: 1000, code: "alert", recurring: true }]) });
    expect(ongoing(r)).toEqual([7500, 6500, 4500]);
    expect(shape(r)).toEqual([
      [7500, 10000, [t("initial", "8000.0")]],
      [6500, 7500, [t("alert", "7000.0", true)]],
      [4500, 6500, [t("alert", "5000.0", true), t("alert", "6000.0", true)]],
    ]);
  });

  it("thresholds types / when negative thresholds are defined", () => {
    const r = scenario({ advance: false, granted: "100", amounts: [55, 100], alert: alert([{ value: 5000, code: "positive", recurring: false }, { value: -5000, code: "negative", recurring: false }]) });
    expect(ongoing(r)).toEqual([4500, -5500]);
    expect(shape(r)).toEqual([
      [4500, 10000, [t("positive", "5000.0")]],
      [-5500, 4500, [t("negative", "-5000.0")]],
    ]);
  });

  it("thresholds types / when ongoing balance goes negative with a recurring threshold (code 'alert')", () => {
    const r = scenario({ advance: false, granted: "20", amounts: [10, 10, 10], alert: alert([{ value: 1500, code: "initial", recurring: false }, { value: 1000, code: "alert", recurring: true }]) });
    expect(ongoing(r)).toEqual([1000, 0, -1000]);
    expect(r.previous).toEqual([1000, 0, -1000]);
    expect(shape(r)).toEqual([
      [1000, 2000, [t("initial", "1500.0")]],
      [0, 1000, [t("alert", "500.0", true)]],
      [-1000, 0, [t("alert", "-500.0", true)]],
    ]);
  });
});
