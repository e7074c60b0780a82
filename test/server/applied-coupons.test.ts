/**
 * `ratecard serve`: one applied coupon terminated — `DELETE /customers/:external_id/applied_coupons/:id`
 * (`terminate_applied_coupon`), its answer equal to the same step's in `simulate`; terminating it
 * again answers it unchanged; an unknown customer or applied coupon is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const COUPON = { code: "ten", name: "Ten off", coupon_type: "fixed_amount", amount_cents: 1000, amount_currency: "EUR", frequency: "recurring", frequency_duration: 3, expiration: "no_expiration" };
const CAT = { ...CATALOG, coupons: [COUPON] };
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-11T00:00:00Z";

let server: ServeHandle;
beforeAll(async () => {
  server = await start({ catalog: CAT, now: T0 });
});
afterAll(async () => server.close());

describe("ratecard serve: terminating an applied coupon", () => {
  it("answers the applied coupon terminated, as simulate does; again: unchanged; it leaves the active list", async () => {
    await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
    const applied = (await call(server, "POST", "/api/v1/applied_coupons", { applied_coupon: { external_customer_id: "c1", coupon_code: "ten" } })).body["applied_coupon"] as Obj;
    await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
    const id = applied["lago_id"] as string;
    const first = await call(server, "DELETE", `/api/v1/customers/c1/applied_coupons/${id}`);
    const expected = simulate({ ...CAT, until: T1, steps: [
      { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
      { at: T0, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "ten" } },
      { at: T1, op: "terminate_applied_coupon", body: { external_customer_id: "c1", applied_coupon_id: id } },
    ] });
    expect(first).toEqual({ status: 200, body: toWire((expected.responses as Obj[])[2]) });
    expect((first.body["applied_coupon"] as Obj)).toMatchObject({ status: "terminated", terminated_at: T1 });
    expect(await call(server, "DELETE", `/api/v1/customers/c1/applied_coupons/${id}`)).toEqual(first);
    const active = (await call(server, "GET", "/api/v1/applied_coupons?status=active")).body["applied_coupons"] as Obj[];
    expect(active).toEqual([]);
  });

  it("is 404 for an unknown customer or applied coupon", async () => {
    const unknownCoupon = await call(server, "DELETE", "/api/v1/customers/c1/applied_coupons/5d2e0b2e-0000-5000-8000-000000000000");
    expect([unknownCoupon.status, unknownCoupon.body["code"]]).toEqual([404, "applied_coupon_not_found"]);
    const unknownCustomer = await call(server, "DELETE", "/api/v1/customers/nobody/applied_coupons/x");
    expect([unknownCustomer.status, unknownCustomer.body["code"]]).toEqual([404, "customer_not_found"]);
  });
});
