/**
 * `ratecard serve` end to end over HTTP (fetch on loopback): catalog objects posted, a customer,
 * a subscription, events (a duplicate among them, one batch), current usage, the manual clock
 * moved past two billing runs, invoices listed and fetched. Every figure is the one `simulate`
 * gives on the same timeline, and a few are worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, start } from "./_helpers.js";

const METRIC = { code: "storage", name: "Storage", aggregation_type: "max_agg", field_name: "gb" };
const PLAN = {
  code: "pro", name: "Pro", interval: "monthly", amount_cents: 2000, amount_currency: "EUR", pay_in_advance: false,
  charges: [
    { billable_metric_code: "api_calls", charge_model: "standard", properties: { amount: "0.25" } },
    { billable_metric_code: "storage", charge_model: "standard", properties: { amount: "1" } },
  ],
};
const TAX = { code: "vat", name: "VAT", rate: "20" };
const COUPON = { code: "welcome", name: "Welcome", coupon_type: "fixed_amount", amount_cents: 500, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" };

const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-10T12:00:00Z";
const T2 = "2024-02-15T00:00:00Z";
const T3 = "2024-03-01T06:00:00Z";

/** The timeline, as simulate steps; the test drives the server through the same calls. */
const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", name: "Acme", currency: "EUR", tax_codes: ["vat"] } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "pro", external_id: "s1", billing_time: "calendar" } },
  { at: T0, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "welcome" } },
  { at: T1, op: "create_event", body: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 100 } } },
  { at: T1, op: "create_event", body: { transaction_id: "t2", external_subscription_id: "s1", code: "storage", properties: { gb: 5 } } },
  { at: T1, op: "create_event", body: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 999 } } },
  { at: T1, op: "create_events", body: { events: [
    { transaction_id: "t3", external_subscription_id: "s1", code: "api_calls", properties: { calls: 40 } },
    { transaction_id: "t4", external_subscription_id: "s1", code: "storage", properties: { gb: 7 } },
  ] } },
  { at: T1, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
  { at: T2, op: "create_event", body: { transaction_id: "t5", external_subscription_id: "s1", code: "api_calls", properties: { calls: 10 } } },
];

const expected = simulate({ ...CATALOG, billable_metrics: [...CATALOG.billable_metrics, METRIC], plans: [...CATALOG.plans, PLAN], taxes: [TAX], coupons: [COUPON], steps: STEPS, until: T3 });

let server: ServeHandle;
const replies: Record<string, { status: number; body: Record<string, unknown> }> = {};

beforeAll(async () => {
  server = await start({ catalog: CATALOG, now: T0 });
  // Catalog objects over the API.
  replies["metric"] = await call(server, "POST", "/api/v1/billable_metrics", { billable_metric: METRIC });
  replies["plan"] = await call(server, "POST", "/api/v1/plans", { plan: PLAN });
  replies["tax"] = await call(server, "POST", "/api/v1/taxes", { tax: TAX });
  replies["coupon"] = await call(server, "POST", "/api/v1/coupons", { coupon: COUPON });
  // T0
  replies["customer"] = await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body });
  replies["subscription"] = await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body });
  replies["coupon_applied"] = await call(server, "POST", "/api/v1/applied_coupons", { applied_coupon: STEPS[2]!.body });
  // T1
  replies["clock1"] = await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  replies["t1"] = await call(server, "POST", "/api/v1/events", { event: STEPS[3]!.body });
  replies["t2"] = await call(server, "POST", "/api/v1/events", { event: STEPS[4]!.body });
  replies["duplicate"] = await call(server, "POST", "/api/v1/events", { event: STEPS[5]!.body });
  replies["batch"] = await call(server, "POST", "/api/v1/events/batch", STEPS[6]!.body);
  replies["usage"] = await call(server, "GET", "/api/v1/customers/c1/current_usage?external_subscription_id=s1");
  // T2, T3: past the runs of February 1 and March 1.
  replies["clock2"] = await call(server, "POST", "/_ratecard/clock", { advance_to: T2 });
  replies["t5"] = await call(server, "POST", "/api/v1/events", { event: STEPS[8]!.body });
  replies["clock3"] = await call(server, "POST", "/_ratecard/clock", { advance_to: T3 });
});
afterAll(async () => server.close());

describe("ratecard serve: a timeline over HTTP", () => {
  it("answers catalog POSTs with the objects, wrapped and with lago_ ids", () => {
    for (const [k, wrapper] of [["metric", "billable_metric"], ["plan", "plan"], ["tax", "tax"], ["coupon", "coupon"]] as const) {
      expect(replies[k]!.status, k).toBe(200);
      const obj = replies[k]!.body[wrapper] as Record<string, unknown>;
      expect(obj["lago_id"], k).toMatch(/^[0-9a-f-]{36}$/);
      expect(obj["svc_id"], k).toBeUndefined();
    }
    expect((replies["plan"]!.body["plan"] as { charges: unknown[] }).charges).toHaveLength(2);
    expect((replies["tax"]!.body["tax"] as { rate: unknown }).rate).toBe(20);
  });

  it("answers each accepted call with the step's response, in the reference's wire format", () => {
    const responses = expected.responses as Record<string, unknown>[];
    expect(replies["customer"]).toEqual({ status: 200, body: toWire(responses[0]) });
    expect(replies["subscription"]).toEqual({ status: 200, body: toWire(responses[1]) });
    expect(replies["coupon_applied"]).toEqual({ status: 200, body: toWire(responses[2]) });
    expect(replies["t1"]).toEqual({ status: 200, body: toWire(responses[3]) });
    expect((replies["t1"]!.body["event"] as Record<string, unknown>)["lago_subscription_id"]).toBeDefined();
    expect(replies["batch"]).toEqual({ status: 200, body: toWire(responses[6]) });
    expect((replies["batch"]!.body["events"] as unknown[]).length).toBe(2);
  });

  it("refuses a duplicate transaction_id as the reference does: 422 value_already_exist", () => {
    expect(replies["duplicate"]!.status).toBe(422);
    expect(replies["duplicate"]!.body).toEqual({ status: 422, error: "Unprocessable Entity", code: "validation_errors", error_details: { transaction_id: ["value_already_exist"] } });
  });

  it("serves the current usage simulate computes at the same instant (100 + 40 calls at 0.25, max 7 GB at 1)", () => {
    const usage = replies["usage"]!;
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual(toWire((expected.responses as unknown[])[7]));
    const u = usage.body["customer_usage"] as Record<string, unknown>;
    expect(u["amount_cents"]).toBe(3500 + 700);
  });

  it("moves the clock on POST /_ratecard/clock and answers the new instant", () => {
    expect(replies["clock1"]).toEqual({ status: 200, body: { clock: { now: T1 } } });
    expect(replies["clock3"]).toEqual({ status: 200, body: { clock: { now: T3 } } });
  });

  it("lists the invoices of the two billing runs, newest first, equal to simulate's", async () => {
    const r = await call(server, "GET", "/api/v1/invoices");
    expect(r.status).toBe(200);
    const invoices = r.body["invoices"] as Record<string, unknown>[];
    expect(invoices).toEqual(toWire([...(expected.invoices as unknown[])].reverse()));
    expect(invoices).toHaveLength(2);
    expect(r.body["meta"]).toEqual({ current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 2 });
    // January, worked by hand: 20.00 + 140 calls × 0.25 + 7 GB × 1 = 62.00, the 5.00 coupon, 20 % VAT.
    const january = invoices[1]!;
    expect(january["issuing_date"]).toBe("2024-02-01");
    expect(january["fees_amount_cents"]).toBe(6200);
    expect(january["coupons_amount_cents"]).toBe(500);
    expect(january["taxes_amount_cents"]).toBe(1140);
    expect(january["total_amount_cents"]).toBe(6840);
    // February: 20.00 + 10 calls × 0.25 = 22.50 (storage is a max over the month: none), 20 % VAT.
    expect(invoices[0]!["issuing_date"]).toBe("2024-03-01");
    expect(invoices[0]!["total_amount_cents"]).toBe(2700);
  });

  it("pages the invoice list with page and per_page", async () => {
    const r = await call(server, "GET", "/api/v1/invoices?page=2&per_page=1");
    expect(r.body["meta"]).toEqual({ current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 2 });
    expect((r.body["invoices"] as { issuing_date: string }[]).map((i) => i.issuing_date)).toEqual(["2024-02-01"]);
    const first = await call(server, "GET", "/api/v1/invoices?per_page=1&external_customer_id=c1");
    expect(first.body["meta"]).toMatchObject({ current_page: 1, next_page: 2, prev_page: null });
    const none = await call(server, "GET", "/api/v1/invoices?external_customer_id=nobody");
    expect(none.body).toEqual({ invoices: [], meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 0, total_count: 0 } });
  });

  it("fetches an invoice by its lago_id", async () => {
    const list = await call(server, "GET", "/api/v1/invoices");
    const first = (list.body["invoices"] as Record<string, unknown>[])[1]!;
    const r = await call(server, "GET", `/api/v1/invoices/${String(first["lago_id"])}`);
    expect(r).toEqual({ status: 200, body: { invoice: first } });
    expect(((r.body["invoice"] as { fees: unknown[] }).fees).length).toBeGreaterThan(0);
  });

  it("reads customers and subscriptions", async () => {
    const c = await call(server, "GET", "/api/v1/customers/c1");
    expect(c.status).toBe(200);
    expect((c.body["customer"] as Record<string, unknown>)["external_id"]).toBe("c1");
    const list = await call(server, "GET", "/api/v1/customers");
    expect(list.body["meta"]).toMatchObject({ total_count: 1 });
    const subs = await call(server, "GET", "/api/v1/subscriptions?external_customer_id=c1");
    expect((subs.body["subscriptions"] as unknown[]).map((s) => (s as Record<string, unknown>)["external_id"])).toEqual(["s1"]);
    expect(subs.body["subscriptions"]).toEqual(toWire(expected.subscriptions));
    const one = await call(server, "GET", "/api/v1/subscriptions/s1");
    expect(one).toEqual({ status: 200, body: { subscription: toWire(expected.subscriptions[0]) } });
  });
});
