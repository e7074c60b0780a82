/**
 * `ratecard serve`: catalog objects updated and deleted — `PUT`/`DELETE /add_ons/:code`,
 * `/coupons/:code`, `DELETE /plans/:code` (its subscriptions terminated) — each answer equal to
 * the same step's in `simulate`; a refused call changes nothing; a deleted code cannot be
 * created again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, type Reply, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const ADD_ON = { code: "setup", name: "Setup", amount_cents: 5000, amount_currency: "EUR" };
const COUPON = { code: "ten", name: "Ten off", coupon_type: "fixed_amount", amount_cents: 1000, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" };
const CAT = { ...CATALOG, add_ons: [ADD_ON], coupons: [COUPON] };
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-11T00:00:00Z";

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T1, op: "update_add_on", body: { code: "setup", add_on: { amount_cents: 7000, description: "One-time" } } },
  { at: T1, op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup" }] } },
  { at: T1, op: "delete_add_on", body: { code: "setup" } },
  { at: T1, op: "update_coupon", body: { code: "ten", coupon: { name: "Ten euros off" } } },
  { at: T1, op: "delete_coupon", body: { code: "ten" } },
  { at: T1, op: "delete_plan", body: { code: "metered" } },
];
const expected = simulate({ ...CAT, steps: STEPS });
const responses = expected.responses as Obj[];

let server: ServeHandle;
const r: Record<string, Reply> = {};

beforeAll(async () => {
  server = await start({ catalog: CAT, now: T0 });
  await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  r["bad_add_on"] = await call(server, "PUT", "/api/v1/add_ons/setup", { add_on: { amount_cents: "lots" } });
  r["add_on"] = await call(server, "PUT", "/api/v1/add_ons/setup", { add_on: { amount_cents: 7000, description: "One-time" } });
  r["one_off"] = await call(server, "POST", "/api/v1/invoices", { invoice: STEPS[3]!.body });
  r["add_on_deleted"] = await call(server, "DELETE", "/api/v1/add_ons/setup");
  r["coupon"] = await call(server, "PUT", "/api/v1/coupons/ten", { coupon: { name: "Ten euros off" } });
  r["coupon_deleted"] = await call(server, "DELETE", "/api/v1/coupons/ten");
  r["plan_deleted"] = await call(server, "DELETE", "/api/v1/plans/metered");
});
afterAll(async () => server.close());

describe("ratecard serve: catalog updates and deletions", () => {
  it("updates an add-on (PUT /add_ons/:code) and deletes it (DELETE), as simulate answers; a bad field is 422", async () => {
    expect(r["bad_add_on"]!.status).toBe(422);
    expect(r["add_on"]).toEqual({ status: 200, body: toWire(responses[2]) });
    expect(((r["one_off"]!.body["invoice"] as Obj)["fees_amount_cents"])).toBe(7000);
    expect(r["add_on_deleted"]).toEqual({ status: 200, body: toWire(responses[4]) });
    expect((await call(server, "GET", "/api/v1/add_ons/setup")).status).toBe(404);
    expect((await call(server, "PUT", "/api/v1/add_ons/setup", { add_on: { name: "x" } })).body["code"]).toBe("add_on_not_found");
  });

  it("updates and deletes a coupon; applying it afterwards is 404 coupon_not_found", async () => {
    expect(r["coupon"]).toEqual({ status: 200, body: toWire(responses[5]) });
    expect(r["coupon_deleted"]).toEqual({ status: 200, body: toWire(responses[6]) });
    expect((await call(server, "POST", "/api/v1/applied_coupons", { applied_coupon: { external_customer_id: "c1", coupon_code: "ten" } })).body["code"]).toBe("coupon_not_found");
    expect((await call(server, "PUT", "/api/v1/coupons/ten", {})).status).toBe(400);
  });

  it("deletes a plan: its subscription terminated with its final invoice, the plan gone; its code cannot be created again", async () => {
    expect(r["plan_deleted"]).toEqual({ status: 200, body: toWire(responses[7]) });
    const sub = (await call(server, "GET", "/api/v1/subscriptions/s1")).body["subscription"] as Obj;
    expect(sub).toMatchObject({ status: "terminated", terminated_at: T1 });
    const invoices = (await call(server, "GET", "/api/v1/invoices?external_customer_id=c1")).body["invoices"] as Obj[];
    expect(invoices.map((i) => i["lago_id"])).toEqual((expected.invoices as Obj[]).map((i) => i["svc_id"]).reverse());
    expect((await call(server, "GET", "/api/v1/plans/metered")).status).toBe(404);
    expect((await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body })).body["code"]).toBe("plan_not_found");
    const again = await call(server, "POST", "/api/v1/plans", { plan: CATALOG.plans[0] });
    expect(again.body["error_details"]).toEqual({ code: ["value_already_exist"] });
  });
});
