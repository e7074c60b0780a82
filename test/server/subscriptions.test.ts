/**
 * `ratecard serve`: a subscription updated (PUT /subscriptions/:id), its usage alerts, applied
 * coupons listed, projected usage, and plan updates (PUT /plans/:code, `update_plan`) — each
 * answer equal to `simulate`'s on the same timeline; what the simulator cannot do answers 405.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, type Reply, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const ORG = { ...CATALOG.organization, premium_integrations: ["projected_usage"] };
const COUPON = { code: "welcome", name: "Welcome", coupon_type: "fixed_amount", amount_cents: 300, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" };
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-16T00:00:00Z";
const T2 = "2024-02-01T12:00:00Z";
const ALERT = { code: "big", name: "Big usage", alert_type: "billable_metric_current_usage_amount", billable_metric_code: "api_calls", thresholds: [{ code: "ten", value: 1000 }] };
const PLAN_UPDATE = { name: "Metered v2", charges: [{ billable_metric_code: "api_calls", charge_model: "standard", properties: { amount: "0.5" } }] };

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T0, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "welcome" } },
  { at: T0, op: "update_subscription", body: { external_id: "s1", subscription: { name: "Main" } } },
  { at: T0, op: "create_alert", body: { external_subscription_id: "s1", ...ALERT } },
  { at: T1, op: "create_event", body: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 60 } } },
  { at: T1, op: "fetch_projected_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
  { at: T1, op: "update_plan", body: { code: "metered", ...PLAN_UPDATE } },
];
const expected = simulate({ ...CATALOG, organization: ORG, coupons: [COUPON], steps: STEPS, until: T2 });
const responses = expected.responses as Obj[];

let server: ServeHandle;
const r: Record<string, Reply> = {};

beforeAll(async () => {
  server = await start({ catalog: { ...CATALOG, organization: ORG, coupons: [COUPON] }, now: T0 });
  await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body });
  r["coupon"] = await call(server, "POST", "/api/v1/applied_coupons", { applied_coupon: STEPS[2]!.body });
  r["update"] = await call(server, "PUT", "/api/v1/subscriptions/s1", { subscription: { name: "Main" } });
  r["bad_update"] = await call(server, "PUT", "/api/v1/subscriptions/s1", { subscription: { ending_at: "yesterday" } });
  r["alert"] = await call(server, "POST", "/api/v1/subscriptions/s1/alerts", { alert: ALERT });
  r["alert_again"] = await call(server, "POST", "/api/v1/subscriptions/s1/alerts", { alert: ALERT });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  await call(server, "POST", "/api/v1/events", { event: STEPS[5]!.body });
  r["projected"] = await call(server, "GET", "/api/v1/customers/c1/projected_usage?external_subscription_id=s1");
  r["plan"] = await call(server, "PUT", "/api/v1/plans/metered", { plan: PLAN_UPDATE });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T2 });
});
afterAll(async () => server.close());

describe("ratecard serve: subscriptions, alerts, coupons, plans", () => {
  it("updates a subscription (PUT /subscriptions/:external_id); a bad date is 422 and changes nothing", async () => {
    expect(r["update"]).toEqual({ status: 200, body: toWire(responses[3]) });
    expect((r["update"]!.body["subscription"] as Obj)["name"]).toBe("Main");
    expect(r["bad_update"]!.status).toBe(422);
    expect(r["bad_update"]!.body["error_details"]).toEqual({ ending_at: ["invalid_date"] });
    expect((await call(server, "PUT", "/api/v1/subscriptions/nope", { subscription: { name: "x" } })).body["code"]).toBe("subscription_not_found");
    expect((await call(server, "PUT", "/api/v1/subscriptions/s1", { name: "x" })).status).toBe(400);
  });

  it("creates a usage alert (POST /subscriptions/:id/alerts), refuses its code twice, lists and fetches it", async () => {
    expect(r["alert"]).toEqual({ status: 200, body: toWire(responses[4]) });
    expect(r["alert_again"]!.status).toBe(422);
    expect(r["alert_again"]!.body["error_details"]).toEqual({ code: ["value_already_exist"] });
    const one = await call(server, "GET", "/api/v1/subscriptions/s1/alerts/big");
    expect(one.status).toBe(200);
    // Evaluated when January 16 ended, after the plan update of that instant: 60 calls × 0.50 = 30.00, past 10.00.
    expect((one.body["alert"] as Obj)["previous_value"]).toBe("3000.0");
    const all = await call(server, "GET", "/api/v1/subscriptions/s1/alerts");
    expect(all.body["alerts"]).toEqual([one.body["alert"]]);
    expect((await call(server, "GET", "/api/v1/subscriptions/s1/alerts/nope")).body["code"]).toBe("alert_not_found");
    const triggered = (expected.webhooks as Obj[]).filter((w) => w["type"] === "alert.triggered");
    expect(triggered).toHaveLength(1);
  });

  it("updates an alert (PUT /subscriptions/:id/alerts/:code) and deletes it (DELETE)", async () => {
    const put = await call(server, "PUT", "/api/v1/subscriptions/s1/alerts/big", { alert: { name: "Big spender", thresholds: [{ value: "5000" }] } });
    expect(put.status).toBe(200);
    const updated = put.body["alert"] as Obj;
    expect(updated).toMatchObject({ code: "big", name: "Big spender", alert_type: ALERT.alert_type });
    expect((updated["thresholds"] as Obj[]).map((t) => t["value"])).toEqual(["5000.0"]);
    // The alert keeps its id and the value it last saw.
    const before = ((r["alert"]!.body["alert"]) as Obj)["lago_id"];
    expect(updated["lago_id"]).toBe(before);
    expect((await call(server, "GET", "/api/v1/subscriptions/s1/alerts/big")).body["alert"]).toEqual(updated);
    const bad = await call(server, "PUT", "/api/v1/subscriptions/s1/alerts/big", { alert: { thresholds: [] } });
    expect(bad.status).toBe(422);
    expect(await call(server, "PUT", "/api/v1/subscriptions/s1/alerts/big", {})).toMatchObject({ status: 400 });
    const del = await call(server, "DELETE", "/api/v1/subscriptions/s1/alerts/big");
    expect(del).toEqual({ status: 200, body: { alert: updated } });
    expect((await call(server, "GET", "/api/v1/subscriptions/s1/alerts/big")).status).toBe(404);
    expect((await call(server, "DELETE", "/api/v1/subscriptions/s1/alerts/nope")).status).toBe(404);
  });

  it("lists applied coupons (GET /applied_coupons, filters)", async () => {
    expect(r["coupon"]).toEqual({ status: 200, body: toWire(responses[2]) });
    const list = await call(server, "GET", "/api/v1/applied_coupons?external_customer_id=c1");
    const [a] = list.body["applied_coupons"] as Obj[];
    expect(list.body["meta"]).toMatchObject({ total_count: 1 });
    // February's invoice used it whole.
    expect(a).toMatchObject({ coupon_code: "welcome", status: "terminated", amount_cents: 300, amount_cents_remaining: 0 });
    expect((await call(server, "GET", "/api/v1/applied_coupons?status=active")).body["applied_coupons"]).toEqual([]);
    expect((await call(server, "GET", "/api/v1/applied_coupons?coupon_code[]=welcome")).body["meta"]).toMatchObject({ total_count: 1 });
  });

  it("serves projected usage (GET /customers/:id/projected_usage)", () => {
    expect(r["projected"]).toEqual({ status: 200, body: toWire(responses[6]) });
    const p = r["projected"]!.body["customer_projected_usage"] as Obj;
    expect(p["amount_cents"]).toBe(1500);
    expect(Number(p["projected_amount_cents"])).toBeGreaterThan(1500);
  });

  it("updates a plan (PUT /plans/:code, update_plan): February bills the new price", async () => {
    expect(r["plan"]).toEqual({ status: 200, body: toWire(responses[7]) });
    const plan = await call(server, "GET", "/api/v1/plans/metered");
    expect(plan.body["plan"]).toEqual(r["plan"]!.body["plan"]);
    expect((plan.body["plan"] as Obj)["name"]).toBe("Metered v2");
    const invoices = (await call(server, "GET", "/api/v1/invoices")).body["invoices"] as Obj[];
    expect(invoices).toEqual(toWire([...(expected.invoices as Obj[])].reverse()));
    // 10.00 + 60 calls × 0.50 − the 3.00 coupon.
    expect(invoices[0]).toMatchObject({ fees_amount_cents: 4000, coupons_amount_cents: 300, total_amount_cents: 3700 });
    expect((await call(server, "PUT", "/api/v1/plans/nope", { plan: { name: "x" } })).body["code"]).toBe("plan_not_found");
  });
});
