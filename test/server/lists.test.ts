/**
 * `ratecard serve`: the customer-scoped lists (`/customers/:id/invoices`, `…/credit_notes`,
 * `…/payments`, `…/applied_coupons`, `…/subscriptions`), the events listing and fetch
 * (`GET /events`, `GET /events/:transaction_id`) and lifetime usage (`GET`/`PUT
 * /subscriptions/:id/lifetime_usage`) — answers equal to simulate's on the same timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const COUPON = { code: "welcome", name: "Welcome", coupon_type: "fixed_amount", amount_cents: 300, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" };
const CAT = { ...CATALOG, coupons: [COUPON] };
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-10T00:00:00Z";
const T2 = "2024-02-01T01:00:00Z";
const ev = (tid: string, sub: string, ts: string, calls = 10): Obj => ({ transaction_id: tid, external_subscription_id: sub, code: "api_calls", timestamp: ts, properties: { calls } });

let server: ServeHandle;
const ids = (list: unknown): unknown[] => (list as Obj[]).map((o) => o["lago_id"]);

beforeAll(async () => {
  server = await start({ catalog: CAT, now: T0 });
  for (const c of ["c1", "c2"]) {
    await call(server, "POST", "/api/v1/customers", { customer: { external_id: c, currency: "EUR" } });
    await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: c, plan_code: "metered", external_id: `s-${c}` } });
  }
  await call(server, "POST", "/api/v1/applied_coupons", { applied_coupon: { external_customer_id: "c1", coupon_code: "welcome" } });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  await call(server, "POST", "/api/v1/events", { event: ev("b", "s-c1", "2024-01-05T00:00:00Z") });
  await call(server, "POST", "/api/v1/events/batch", { events: [ev("a", "s-c1", "2024-01-05T00:00:00Z", 20), ev("c", "s-c2", "2024-01-09T00:00:00Z"), ev("d", "s-c1", "2024-01-02T00:00:00Z")] });
  // The same transaction id under another subscription.
  await call(server, "POST", "/api/v1/events", { event: ev("d", "s-c2", "2024-01-03T00:00:00Z", 5) });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T2 });
});
afterAll(async () => server.close());

describe("ratecard serve: customer-scoped lists", () => {
  it("answers the top-level list filtered by the path's customer; an unknown customer is 404", async () => {
    for (const [path, key] of [["invoices", "invoices"], ["credit_notes", "credit_notes"], ["payments", "payments"], ["applied_coupons", "applied_coupons"], ["subscriptions", "subscriptions"]] as const) {
      const scoped = await call(server, "GET", `/api/v1/customers/c1/${path}`);
      const top = await call(server, "GET", `/api/v1/${path}?external_customer_id=c1`);
      expect(scoped.status, path).toBe(200);
      expect(scoped.body, path).toEqual(top.body);
      expect((await call(server, "GET", `/api/v1/customers/nope/${path}`)).body, path).toEqual({ status: 404, error: "Not Found", code: "customer_not_found" });
    }
    const invoices = (await call(server, "GET", "/api/v1/customers/c2/invoices")).body;
    expect((invoices["invoices"] as Obj[]).map((i) => (i["customer"] as Obj)["external_id"])).toEqual(["c2"]);
    expect(((await call(server, "GET", "/api/v1/customers/c1/applied_coupons")).body["applied_coupons"] as Obj[]).length).toBe(1);
    expect(((await call(server, "GET", "/api/v1/customers/c2/applied_coupons")).body["applied_coupons"] as Obj[]).length).toBe(0);
    // The query's own filters and pages still apply.
    const page = (await call(server, "GET", "/api/v1/customers/c1/invoices?per_page=1&status=finalized")).body;
    expect(page["meta"]).toEqual({ current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1 });
  });
});

describe("ratecard serve: events", () => {
  it("lists the accepted events, newest timestamp first then by transaction id, as their calls answered them", async () => {
    const r = await call(server, "GET", "/api/v1/events");
    expect(r.status).toBe(200);
    const events = r.body["events"] as Obj[];
    expect(events.map((e) => [e["transaction_id"], e["external_subscription_id"]])).toEqual([["c", "s-c2"], ["a", "s-c1"], ["b", "s-c1"], ["d", "s-c2"], ["d", "s-c1"]]);
    expect(r.body["meta"]).toMatchObject({ total_count: 5 });
    const expected = simulate({ ...CAT, steps: [
      { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
      { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s-c1" } },
      { at: T1, op: "create_event", body: ev("b", "s-c1", "2024-01-05T00:00:00Z") },
    ] });
    expect(events[2]).toEqual(toWire((expected.responses as Obj[])[2]!["event"]));
  });

  it("filters by code, subscription and an inclusive timestamp range; refuses a bad instant (422)", async () => {
    const tids = async (q: string): Promise<unknown[]> => ((await call(server, "GET", `/api/v1/events?${q}`)).body["events"] as Obj[]).map((e) => e["transaction_id"]);
    expect(await tids("external_subscription_id=s-c1")).toEqual(["a", "b", "d"]);
    expect(await tids("timestamp_from=2024-01-03T00:00:00Z&timestamp_to=2024-01-05T00:00:00Z")).toEqual(["a", "b", "d"]);
    expect(await tids("code=other")).toEqual([]);
    expect(await tids("external_subscription_id=s-c2&timestamp_from_started_at=true")).toEqual(["c", "d"]);
    const bad = await call(server, "GET", "/api/v1/events?timestamp_from=soon&timestamp_from_started_at=true");
    expect(bad.status).toBe(422);
    expect(bad.body["error_details"]).toEqual({ timestamp_from: ["cannot_be_used_with_timestamp_from_started_at"], external_subscription_id: ["value_is_mandatory"] });
    expect((await call(server, "GET", "/api/v1/events?timestamp_to=soon")).body["error_details"]).toEqual({ timestamp_to: ["invalid_timestamp"] });
  });

  it("fetches one by transaction id (external_subscription_id picks among equal ids); an unknown one is 404", async () => {
    const one = await call(server, "GET", "/api/v1/events/a");
    expect((one.body["event"] as Obj)["transaction_id"]).toBe("a");
    expect(((await call(server, "GET", "/api/v1/events/d?external_subscription_id=s-c2")).body["event"] as Obj)["properties"]).toEqual({ calls: 5 });
    expect((await call(server, "GET", "/api/v1/events/zz")).body).toEqual({ status: 404, error: "Not Found", code: "event_not_found" });
  });
});

describe("ratecard serve: lifetime usage", () => {
  it("reads it (GET) and sets the historical usage (PUT {lifetime_usage}) as simulate answers", async () => {
    const read = await call(server, "GET", "/api/v1/subscriptions/s-c1/lifetime_usage");
    expect(read.status).toBe(200);
    const put = await call(server, "PUT", "/api/v1/subscriptions/s-c1/lifetime_usage", { lifetime_usage: { external_historical_usage_amount_cents: 1234 } });
    expect(put.status).toBe(200);
    const lifetime = put.body["lifetime_usage"] as Obj;
    expect(lifetime).toMatchObject({ external_subscription_id: "s-c1", external_historical_usage_amount_cents: 1234, invoiced_usage_amount_cents: 1000 });
    expect(read.body["lifetime_usage"]).toEqual({ ...lifetime, external_historical_usage_amount_cents: 0 });
    expect((await call(server, "GET", "/api/v1/subscriptions/s-c1/lifetime_usage")).body).toEqual(put.body);
    expect((await call(server, "PUT", "/api/v1/subscriptions/s-c1/lifetime_usage", { lifetime_usage: { external_historical_usage_amount_cents: -1 } })).body["error_details"])
      .toEqual({ historical_usage_amount_cents: ["value_is_out_of_range"] });
    expect((await call(server, "PUT", "/api/v1/subscriptions/s-c1/lifetime_usage", {})).status).toBe(400);
    expect((await call(server, "GET", "/api/v1/subscriptions/nope/lifetime_usage")).body["code"]).toBe("subscription_not_found");
  });
});
