/**
 * Ported from getlago/lago-api spec/scenarios/subscriptions/billing_periods_spec.rb and
 * spec/scenarios/subscriptions/terminate_recreate_spec.rb (figures only).
 *
 * billing_periods_spec.rb checks Lago's SubscriptionBillingPeriod rows (a table, not an API). They
 * are read here through what the contract shows of the same periods: the current-usage window
 * (`fetch_current_usage` from/to, the period "covering now"), the window right after a rollover
 * (the "next period") and the invoices' `billing_periods` (a terminated or upgraded subscription's
 * last period). The row count of the first example (2: current + next) has no observable
 * equivalent beyond the rollover of the second example.
 *
 * terminate_recreate_spec.rb: the first example ("starts the recreated subscription at the
 * termination, keeping the anniversary anchor") is the visible vector
 * scenario__subscriptions__terminate_recreate__recreated-keeps-anchor and is not ported again.
 * Lifetime usage (third example) is read through a `lifetime_usage_amount` alert, whose value is
 * the lifetime usage `total_amount_cents` (invoice.md §14.1).
 */
import { describe, expect, it } from "vitest";
import { expectMatch, plan, run, summary, type Step } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---------------------------------------------------------------------------------------------
describe("billing_periods_spec.rb: Subscription Billing Periods Scenarios", () => {
  // Factory plan: monthly, 10.00 in arrears (amount_cents 1000 here), EUR; customer in UTC;
  // subscription through the API (calendar billing), external_id = the customer's.
  const plans = [plan("plan", { amount_cents: 1000 }), plan("higher", { amount_cents: 5000 })];
  const cust = (at: string): Step => ({ at, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", timezone: "UTC" } });
  const sub = (at: string, planCode = "plan"): Step => ({ at, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "cust_1", plan_code: planCode } });
  const usage = (at: string): Step => ({ at, op: "fetch_current_usage", body: { external_customer_id: "cust_1", external_subscription_id: "cust_1" } });
  const T = "2024-03-10T00:00:00Z";
  const window = (out: Json, i: number) => out.responses[i].customer_usage;
  const covers = (w: Json, at: string) => Date.parse(w.from_datetime) <= Date.parse(at) && Date.parse(at) <= Date.parse(w.to_datetime);

  it("materializes periods when a subscription is created", () => {
    const out = run({ plans, steps: [cust(T), sub(T), usage(T)], until: T });
    const w = window(out, 2);
    expect(w, summary(out)).toBeTruthy();
    expect(covers(w, T)).toBe(true);
    expectMatch(w, { from_datetime: "2024-03-10T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" });
  });

  it("leaves the next period in place so a rollover finds a covering row", () => {
    const roll = "2024-04-01T00:00:00Z";
    const out = run({ plans, steps: [cust(T), sub(T), usage(T), usage(roll)], until: roll });
    const current = window(out, 2);
    const following = window(out, 3);
    expect(Date.parse(following.from_datetime)).toBe(Date.parse(current.to_datetime) + 1000);
    expect(covers(following, roll)).toBe(true);
  });

  it("clamps the period when a subscription is terminated", () => {
    const at = "2024-03-20T00:00:00Z";
    const out = run({ plans, steps: [cust(T), sub(T), { at, op: "terminate_subscription", body: { external_id: "cust_1" } }], until: at });
    const s = out.subscriptions[0];
    expect(s.status).toBe("terminated");
    const periods = out.invoices.flatMap((i: Json) => i.billing_periods).filter((b: Json) => b.svc_subscription_id === s.svc_id);
    expect(periods.length, summary(out)).toBe(1);
    expect(Date.parse(periods[0].subscription_to_datetime)).toBe(Date.parse(s.terminated_at));
    expect(Date.parse(periods[0].charges_to_datetime)).toBe(Date.parse(s.terminated_at));
  });

  it("materializes periods for both subscriptions of an upgrade", () => {
    const at = "2024-03-20T00:00:00Z";
    const out = run({ plans, steps: [cust(T), sub(T), sub(at, "higher"), usage(at)], until: at });
    const [old, upgraded] = out.subscriptions;
    expect(out.subscriptions.length).toBe(2);
    expect(upgraded.svc_id).not.toBe(old.svc_id);
    // The terminated one keeps a period covering the usage it is billed for, the new one opens its own.
    const upToNow = run({ plans, steps: [cust(T), sub(T), sub(at, "higher"), usage(at)], until: "2024-03-20T00:00:01Z" });
    const oldPeriods = upToNow.invoices.flatMap((i: Json) => i.billing_periods).filter((b: Json) => b.svc_subscription_id === old.svc_id);
    expect(oldPeriods.length, summary(upToNow)).toBeGreaterThan(0);
    const w = window(out, 3);
    expect(w, JSON.stringify(out.responses[3])).toBeTruthy();
    expect(covers(w, at)).toBe(true);
    expect(w.from_datetime).toBe(at);
  });

  it("re-derives periods when the customer timezone changes", () => {
    const out = run({
      plans,
      steps: [cust(T), sub(T), usage(T), { at: T, op: "create_customer", body: { external_id: "cust_1", timezone: "America/New_York" } }, usage(T)],
      until: T,
    });
    expect(window(out, 2).to_datetime).toBe("2024-03-31T23:59:59Z");
    expect(window(out, 4).to_datetime).toBe("2024-04-01T03:59:59Z");
  });
});

// ---------------------------------------------------------------------------------------------
describe("terminate_recreate_spec.rb: Subscription terminate and recreate on the same external_id", () => {
  // Premium (lifetime_usage, progressive_billing). Yearly plan 365.00 in arrears; sum metric on
  // item_count, standard 1.00. Subscription anniversary, subscription_at 2025-03-15, external_id =
  // the customer's. 5 events × 10 on 2025-06-01 (50.00). Rotation on 2026-03-13: terminate, then
  // re-create with the same subscription_at. Anniversary 2026-03-15.
  const metrics = [{ code: "sum_bm", name: "sum_bm", aggregation_type: "sum_agg", field_name: "item_count", recurring: false }];
  const plans = [plan("plan", { interval: "yearly", amount_cents: 36_500, charges: [{ billable_metric_code: "sum_bm", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "1" } }] })];
  const org = { premium_integrations: ["lifetime_usage", "progressive_billing"] };
  const SUB_AT = "2025-03-15T00:00:00Z";
  const ROTATION = "2026-03-13T00:00:00Z";
  const ANNIVERSARY = "2026-03-15T00:00:00Z";
  const create = (at: string): Step => ({
    at, op: "create_subscription",
    body: { external_customer_id: "cust_1", external_id: "cust_1", plan_code: "plan", billing_time: "anniversary", subscription_at: SUB_AT },
  });
  const start: Step[] = [
    { at: SUB_AT, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", timezone: "UTC" } },
    create(SUB_AT),
    ...[1, 2, 3, 4, 5].map((k) => ({
      at: "2025-06-01T00:00:00Z", op: "create_event",
      body: { transaction_id: `tr_${k}`, code: "sum_bm", external_subscription_id: "cust_1", properties: { item_count: 10 } },
    })),
  ];
  const rotate: Step[] = [{ at: ROTATION, op: "terminate_subscription", body: { external_id: "cust_1" } }, create(ROTATION)];
  const chargeSum = (inv: Json) => inv.fees.filter((f: Json) => f.item.type === "charge").reduce((a: number, f: Json) => a + f.amount_cents, 0);
  const invoicesOf = (out: Json, svcId: string) => out.invoices.filter((i: Json) => i.billing_periods.some((b: Json) => b.svc_subscription_id === svcId));

  it("does not bill the terminated period a second time", () => {
    const out = run({ org, metrics, plans, steps: [...start, ...rotate], until: "2026-03-15T01:00:00Z" });
    const [terminated, recreated] = out.subscriptions;
    const terminating = invoicesOf(out, terminated.svc_id).at(-1);
    expect(chargeSum(terminating), summary(out)).toBe(5_000);

    const anniversary = invoicesOf(out, recreated.svc_id).at(-1);
    expect(anniversary.created_at).toBe(ANNIVERSARY);
    const boundaries = anniversary.billing_periods.find((b: Json) => b.svc_subscription_id === recreated.svc_id);
    expect(Date.parse(boundaries.subscription_from_datetime)).toBe(Date.parse(ROTATION));
    expect(Date.parse(boundaries.charges_from_datetime)).toBe(Date.parse(ROTATION));
    expect(chargeSum(anniversary)).toBe(0);

    // The 50 euro of usage is invoiced exactly once across the whole external_id lineage
    expect(out.invoices.reduce((a: number, i: Json) => a + chargeSum(i), 0)).toBe(5_000);
  });

  it("carries the invoiced lifetime usage across the rotation without double counting it", () => {
    // Lifetime usage read as the value of a `lifetime_usage_amount` alert (threshold 0.01). Alerts
    // are keyed by the external id (one per type), so each reading is its own run: the spec's usage
    // update "at the rotation date, before rotating" one second before it, then after the rotation.
    // An alert is evaluated after event activity (invoice.md §14.3): an event of 0 items follows it.
    const alert = (at: string): Step[] => [{
      at, op: "create_alert",
      body: { external_subscription_id: "cust_1", alert_type: "lifetime_usage_amount", code: "lifetime", thresholds: [{ value: 1, code: "t" }] },
    }, { at, op: "create_event", body: { transaction_id: "tr_read", code: "sum_bm", external_subscription_id: "cust_1", properties: { item_count: 0 } } }];
    const reading = (steps: Step[], until: string) => {
      const out = run({ org, metrics, plans, steps, until });
      const triggered = out.webhooks.filter((w: Json) => w.type === "alert.triggered").map((w: Json) => w.object);
      expect(triggered.length, JSON.stringify(out.responses.slice(-3))).toBe(1);
      return Number(triggered[0].current_value);
    };
    // current usage 50.00 on the original subscription before the rotation
    expect(reading([...start, ...alert("2026-03-12T23:59:59Z")], "2026-03-12T23:59:59Z")).toBe(5_000);
    // recreated: invoiced 50.00 (the terminated subscription's invoice) + current 0 = 50.00, not 100.00
    expect(reading([...start, ...rotate, ...alert(ROTATION)], ROTATION)).toBe(5_000);
  });
});
