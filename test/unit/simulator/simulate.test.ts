import { describe, expect, it } from "vitest";
import { ValidationError, simulate } from "../../../src/index.js";

const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{
    code: "m", name: "Monthly", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
    charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2" } }],
  }],
};
const customer = { at: "2024-03-05T00:00:00Z", op: "create_customer", body: { external_id: "c1" } };
const subscribe = (at = "2024-03-05T00:00:00Z", extra: object = {}) =>
  ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m", ...extra } });
const event = (at: string, tx: string, extra: object = {}) =>
  ({ at, op: "create_event", body: { transaction_id: tx, code: "calls", external_subscription_id: "s1", ...extra } });
const usage = (at: string) => ({ at, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } });
const run = (steps: unknown[], until?: string) => simulate({ ...catalog, steps, ...(until === undefined ? {} : { until }) });

function validationDetails(f: () => unknown): Record<string, string[]> {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.error_details;
    throw e;
  }
  throw new Error("no ValidationError");
}

describe("simulate: input validation", () => {
  it("names each bad field of the steps and the catalog", () => {
    expect(validationDetails(() => simulate(null))).toEqual({ base: ["value_is_mandatory"] });
    expect(validationDetails(() => run([usage("2024-03-05T00:00:00Z"), { ...customer, at: "2024-03-01T00:00:00Z" }, { at: "x", op: "fly" }])))
      .toEqual({ "steps.1.at": ["invalid_value"], "steps.2.at": ["invalid_timestamp"], "steps.2.op": ["invalid_value"] });
    const badPlan = { ...catalog.plans[0], charges: [{ billable_metric_code: "nope", charge_model: "standard", properties: { amount: "x" } }], tax_codes: ["vat"] };
    expect(validationDetails(() => simulate({ ...catalog, plans: [badPlan], steps: [] }))).toEqual({
      "plans.0.charges.0.billable_metric_code": ["invalid_value"],
      "plans.0.charges.0.properties.amount": ["invalid_amount"],
      "plans.0.tax_codes.0": ["invalid_value"],
    });
  });
});

describe("simulate: customers, subscriptions and events", () => {
  it("keeps a subscription pending until its date, then active from that instant", () => {
    const r = run([customer, subscribe("2024-03-05T00:00:00Z", { subscription_at: "2024-03-10T00:00:00Z" }),
      { at: "2024-03-06T00:00:00Z", op: "fetch_subscription", body: { external_id: "s1" } }, usage("2024-03-06T00:00:00Z"),
      { at: "2024-03-11T00:00:00Z", op: "fetch_subscription", body: { external_id: "s1" } }]);
    expect(r.responses[2]).toMatchObject({ subscription: { status: "pending", started_at: null } });
    expect(r.responses[3]).toEqual({ error: { code: "no_active_subscription" } });
    expect(r.responses[4]).toMatchObject({ subscription: { status: "active", started_at: "2024-03-10T00:00:00Z" } });
  });

  it("refuses what the service refuses, and the step changes nothing", () => {
    const r = run([customer, subscribe(), { ...subscribe(), body: { ...subscribe().body, external_id: "s2", plan_code: "zz" } },
      event("2024-03-06T00:00:00Z", "t1"), event("2024-03-06T00:00:00Z", "t1"),
      { at: "2024-03-06T00:00:00Z", op: "create_events", body: { events: [subscribe().body && event("", "t2").body, event("", "t2").body] } },
      { at: "2024-03-06T00:00:00Z", op: "terminate_subscription", body: { external_id: "s9" } },
      { at: "2024-03-06T00:00:00Z", op: "terminate_subscription", body: { external_id: "s1", on_termination_invoice: "later" } },
      usage("2024-03-06T00:00:00Z")]);
    expect(r.responses[2]).toEqual({ error: { code: "plan_not_found" } });
    expect(r.responses[4]).toEqual({ error: { code: "validation_errors", error_details: { transaction_id: ["value_already_exist"] } } });
    expect(r.responses[5]).toEqual({ error: { code: "validation_errors", error_details: { "events.1.transaction_id": ["value_already_exist"] } } });
    expect(r.responses[6]).toEqual({ error: { code: "subscription_not_found" } });
    expect(r.responses[7]).toEqual({ error: { code: "validation_errors", error_details: { on_termination_invoice: ["invalid_value"] } } });
    // Only t1, once: the refused batch stored nothing, the subscription is still active.
    expect(r.responses[8]).toMatchObject({ customer_usage: { amount_cents: 200, charges_usage: [{ units: "1", events_count: 1 }] } });
  });

  it("takes an event's time from its timestamp (ISO or Unix seconds), else from the step", () => {
    const r = run([customer, subscribe(), event("2024-03-06T00:00:00Z", "t1", { timestamp: 1_712_000_000 }),
      event("2024-03-06T00:00:00Z", "t2", { timestamp: "2024-03-07T10:00:00Z" }), event("2024-03-08T00:00:00Z", "t3")]);
    expect(r.responses.slice(2).map((x) => (x as { event: { timestamp: string } }).event.timestamp))
      .toEqual(["2024-04-01T19:33:20Z", "2024-03-07T10:00:00Z", "2024-03-08T00:00:00Z"]);
  });

  it("echoes a timestamp text as sent only when it is the canonical form", () => {
    const batch = (at: string, stamps: unknown[]) => ({ at, op: "create_events", body: { events: stamps.map((timestamp, i) => ({ ...event(at, `e${i}`).body, timestamp })) } });
    const r = run([customer, subscribe(), batch("2024-03-06T00:00:00Z", ["2024-03-06T10:00:00Z", "2024-03-06T10:00:00.000Z", "2024-03-06T10:00:00.250Z", "2024-03-06T10:00:00+00:00", "1709719200", 1_709_719_200.5])]);
    expect((r.responses[2] as { events: { timestamp: string }[] }).events.map((e) => e.timestamp))
      .toEqual(["2024-03-06T10:00:00Z", "2024-03-06T10:00:00Z", "2024-03-06T10:00:00.250Z", "2024-03-06T10:00:00Z", "2024-03-06T10:00:00Z", "2024-03-06T10:00:00.500Z"]);
  });

  it("refuses a batch that repeats a transaction id for the same subscription, however long the batch", () => {
    const s2 = { ...subscribe(), body: { ...subscribe().body, external_id: "s2" } };
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    const batch = (tids: string[], subs: (i: number) => string) =>
      ({ at: "2024-03-06T00:00:00Z", op: "create_events", body: { events: tids.map((tx, i) => event("", tx, { external_subscription_id: subs(i) }).body) } });
    for (const n of [3, 40, 500]) {
      const repeated = [...ids(n), "t1"];
      const r = run([customer, subscribe(), s2,
        batch(repeated, () => "s1"),
        // The same ids on two subscriptions are two events each.
        batch([...ids(n), ...ids(n)], (i) => (i < n ? "s1" : "s2")),
        batch(["t0"], () => "s2")]);
      expect(r.responses[3]).toEqual({ error: { code: "validation_errors", error_details: { [`events.${n}.transaction_id`]: ["value_already_exist"] } } });
      expect((r.responses[4] as { events: unknown[] }).events).toHaveLength(2 * n);
      expect(r.responses[5]).toEqual({ error: { code: "validation_errors", error_details: { "events.0.transaction_id": ["value_already_exist"] } } });
    }
  });

  it("issues an invoice at each billing run it passes; a refused step changes nothing", () => {
    const r = run([customer, subscribe(), event("2024-03-06T00:00:00Z", "t1"),
      { at: "2024-03-06T00:00:00Z", op: "update_fee", body: { fee_id: "f1", payment_status: "succeeded" } }],
      "2024-05-02T00:00:00Z");
    expect(r.responses[3]).toEqual({ error: { code: "fee_not_found" } });
    expect(r.warnings).toEqual([]);
    // Calendar plan of 10.00 in arrears started 5 March: 27/31 of March with March's usage, then April in full.
    expect((r.invoices as { issuing_date: string; fees_amount_cents: number; status: string }[]).map((i) => [i.issuing_date, i.fees_amount_cents, i.status]))
      .toEqual([["2024-04-01", 871 + 200, "finalized"], ["2024-05-01", 1000, "finalized"]]);
  });

  it("computes current usage in the customer's time zone", () => {
    const r = simulate({ ...catalog, steps: [{ ...customer, body: { external_id: "c1", timezone: "Europe/Paris" } }, subscribe(),
      event("2024-03-06T00:00:00Z", "t1", { timestamp: "2024-03-31T21:30:00Z" }), event("2024-03-06T00:00:00Z", "t2", { timestamp: "2024-03-31T22:30:00Z" }),
      usage("2024-03-31T21:45:00Z")] });
    // 31 March 23:30 Paris (CEST) is still March; 00:30 on 1 April is not.
    expect(r.responses[4]).toMatchObject({ customer_usage: {
      from_datetime: "2024-03-05T00:00:00Z", to_datetime: "2024-03-31T21:59:59Z", issuing_date: "2024-03-31", amount_cents: 200,
    } });
  });
});
