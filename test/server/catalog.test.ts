/**
 * Catalog objects posted after calls were accepted: the simulation is rebuilt and the log
 * replayed, and nothing already answered changes (docs/serve.md, "Catalog"). And the system
 * clock: calls happen at the wall clock's instant, the clock endpoint is refused.
 */
import { describe, expect, it } from "vitest";
import { CATALOG, call, start } from "./_helpers.js";

describe("ratecard serve: catalog POSTs after steps", () => {
  it("leave customers, subscriptions, usage and invoices as they were, and the new plan usable", async () => {
    const server = await start({ catalog: CATALOG });
    try {
      await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } });
      await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-01-15T00:00:00Z" });
      await call(server, "POST", "/api/v1/events", { event: { transaction_id: "a", external_subscription_id: "s1", code: "api_calls", properties: { calls: 12 } } });
      await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-02-03T00:00:00Z" });
      const read = async (): Promise<unknown> => [
        await call(server, "GET", "/api/v1/customers"),
        await call(server, "GET", "/api/v1/subscriptions"),
        await call(server, "GET", "/api/v1/invoices"),
        await call(server, "GET", "/api/v1/customers/c1/current_usage?external_subscription_id=s1"),
      ];
      const before = await read();
      expect(((before as { body: { invoices?: unknown[] } }[])[2]!.body.invoices ?? []).length).toBe(1);
      expect((await call(server, "POST", "/api/v1/billable_metrics", { billable_metric: { code: "seats", name: "Seats", aggregation_type: "unique_count_agg", field_name: "user" } })).status).toBe(200);
      expect((await call(server, "POST", "/api/v1/add_ons", { add_on: { code: "setup", name: "Setup", amount_cents: 5000, amount_currency: "EUR" } })).status).toBe(200);
      const plan = await call(server, "POST", "/api/v1/plans", { plan: {
        code: "team", name: "Team", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: false,
        charges: [{ billable_metric_code: "seats", charge_model: "standard", properties: { amount: "3" } }],
      } });
      expect(plan.status).toBe(200);
      expect(await read()).toEqual(before);
      // The new plan takes subscriptions from the clock's instant on.
      const sub = await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "team", external_id: "s2" } });
      expect(sub.status).toBe(200);
      expect((sub.body["subscription"] as Record<string, unknown>)["started_at"]).toBe("2024-02-03T00:00:00Z");
    } finally {
      await server.close();
    }
  });
});

describe("ratecard serve --clock system", () => {
  it("performs calls at the wall clock and refuses to move the clock", async () => {
    const before = Date.now();
    const server = await start({ catalog: CATALOG, clock: "system" });
    try {
      const moved = await call(server, "POST", "/_ratecard/clock", { advance_to: "2030-01-01T00:00:00Z" });
      expect(moved).toEqual({ status: 405, body: { status: 405, error: "Method Not Allowed", code: "clock_not_manual" } });
      const c = await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      const created = Date.parse(String((c.body["customer"] as Record<string, unknown>)["created_at"]));
      expect(created).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      const now = Date.parse(String(((await call(server, "GET", "/_ratecard/clock")).body["clock"] as { now: string }).now));
      expect(now).toBeGreaterThanOrEqual(created);
    } finally {
      await server.close();
    }
  });
});

describe("ratecard serve: catalog reads", () => {
  it("lists and fetches catalog objects by code as they were answered; an unknown code is 404 on every call", async () => {
    const server = await start({ catalog: CATALOG });
    try {
      const coupon = { code: "welcome", name: "Welcome", coupon_type: "percentage", percentage_rate: "10", frequency: "once", expiration: "no_expiration" };
      const posted = await call(server, "POST", "/api/v1/coupons", { coupon });
      expect(await call(server, "GET", "/api/v1/coupons/welcome")).toEqual(posted);
      const plans = await call(server, "GET", "/api/v1/plans");
      expect((plans.body["plans"] as Record<string, unknown>[]).map((p) => p["code"])).toEqual(["metered"]);
      expect(plans.body["meta"]).toMatchObject({ total_count: 1 });
      const plan = await call(server, "GET", "/api/v1/plans/metered");
      expect(plan.body["plan"]).toEqual((plans.body["plans"] as unknown[])[0]);
      expect((plan.body["plan"] as Record<string, unknown>)["amount_cents"]).toBe(1000);
      const metrics = await call(server, "GET", "/api/v1/billable_metrics");
      expect((metrics.body["billable_metrics"] as Record<string, unknown>[]).map((m) => m["code"])).toEqual(["api_calls"]);
      expect(await call(server, "GET", "/api/v1/taxes/vat")).toEqual({ status: 404, body: { status: 404, error: "Not Found", code: "tax_not_found" } });
      expect((await call(server, "GET", "/api/v1/add_ons")).body).toEqual({ add_ons: [], meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 0, total_count: 0 } });
      expect((await call(server, "DELETE", "/api/v1/add_ons/nope")).body["code"]).toBe("add_on_not_found");
      expect((await call(server, "PUT", "/api/v1/coupons/nope", { coupon: { name: "x" } })).body["code"]).toBe("coupon_not_found");
      expect((await call(server, "DELETE", "/api/v1/plans/nope")).body["code"]).toBe("plan_not_found");
    } finally {
      await server.close();
    }
  });
});
