/**
 * `ratecard serve` refusing bad calls in the reference's envelope — a wrong or missing key (401),
 * malformed JSON (400), a missing wrapper (400), a body over the limit (413), unknown routes and
 * ids (404), wrong types (422 with error_details), a clock going back (422) — and serving
 * normally after each of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type ServeHandle } from "../../src/server/index.js";
import { CATALOG, KEY, call, start } from "./_helpers.js";

let server: ServeHandle;
beforeAll(async () => {
  server = await start({ catalog: CATALOG, bodyLimit: 64 * 1024 });
  await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
});
afterAll(async () => server.close());

/** The server still answers a good call. */
async function stillServing(): Promise<void> {
  const r = await call(server, "GET", "/api/v1/customers/c1");
  expect(r.status).toBe(200);
}

describe("ratecard serve: errors", () => {
  it("401 without a key, with another key, or with another scheme", async () => {
    for (const key of [null, "wrong"]) {
      expect(await call(server, "GET", "/api/v1/customers/c1", undefined, key)).toEqual({ status: 401, body: { status: 401, error: "Unauthorized" } });
    }
    const basic = await fetch(`${server.url}/api/v1/customers/c1`, { headers: { authorization: `Basic ${KEY}` } });
    expect(basic.status).toBe(401);
    // The clock extension takes the same key.
    expect((await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-02-01T00:00:00Z" }, "wrong")).status).toBe(401);
    await stillServing();
  });

  it("accepts any of several keys", async () => {
    const two = await createServer({ apiKeys: ["k1", "k2"], port: 0 });
    try {
      for (const key of ["k1", "k2"]) expect((await call(two, "GET", "/api/v1/customers", undefined, key)).status).toBe(200);
      expect((await call(two, "GET", "/api/v1/customers", undefined, "k3")).status).toBe(401);
    } finally {
      await two.close();
    }
  });

  it("400 for malformed JSON and for a body without its wrapper key", async () => {
    const bad = await call(server, "POST", "/api/v1/customers", '{"customer": {"external_id": ');
    expect(bad.status).toBe(400);
    expect(bad.body["status"]).toBe(400);
    expect(String(bad.body["error"])).toMatch(/^BadRequest: /);
    const unwrapped = await call(server, "POST", "/api/v1/customers", { external_id: "c2" });
    expect(unwrapped).toEqual({ status: 400, body: { status: 400, error: "BadRequest: param is missing or the value is empty: customer" } });
    const batch = await call(server, "POST", "/api/v1/events/batch", { event: {} });
    expect(batch.status).toBe(400);
    await stillServing();
  });

  it("413 for a body over the limit", async () => {
    const huge = JSON.stringify({ customer: { external_id: "c3", name: "x".repeat(100 * 1024) } });
    const r = await call(server, "POST", "/api/v1/customers", huge);
    expect(r.status).toBe(413);
    expect(r.body["status"]).toBe(413);
    expect((await call(server, "GET", "/api/v1/customers/c3")).status).toBe(404);
    await stillServing();
  });

  it("404 for unknown routes, methods and ids, with the resource's code", async () => {
    expect(await call(server, "GET", "/api/v1/nothing")).toEqual({ status: 404, body: { status: 404, error: "Not Found", code: "route_not_found" } });
    expect((await call(server, "GET", "/somewhere")).status).toBe(404);
    expect((await call(server, "PATCH", "/api/v1/customers")).status).toBe(404);
    expect(await call(server, "GET", "/api/v1/customers/nobody")).toEqual({ status: 404, body: { status: 404, error: "Not Found", code: "customer_not_found" } });
    expect(await call(server, "GET", "/api/v1/invoices/00000000-0000-0000-0000-000000000000")).toEqual({ status: 404, body: { status: 404, error: "Not Found", code: "invoice_not_found" } });
    expect((await call(server, "GET", "/api/v1/subscriptions/nothing")).body["code"]).toBe("subscription_not_found");
    expect((await call(server, "DELETE", "/api/v1/subscriptions/nothing")).body["code"]).toBe("subscription_not_found");
    expect((await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "nope", external_id: "s9" } })).body)
      .toEqual({ status: 404, error: "Not Found", code: "plan_not_found" });
    expect((await call(server, "GET", "/api/v1/customers/nobody/current_usage?external_subscription_id=s1")).body["code"]).toBe("customer_not_found");
    await stillServing();
  });

  it("422 validation_errors with error_details per field for wrong types and values", async () => {
    const r = await call(server, "POST", "/api/v1/customers", { customer: { external_id: 12, timezone: "Mars/Olympus" } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ status: 422, error: "Unprocessable Entity", code: "validation_errors" });
    expect(Object.keys(r.body["error_details"] as object)).toContain("external_id");
    const plan = await call(server, "POST", "/api/v1/plans", { plan: { code: "p2", name: "P2", interval: "fortnightly", amount_cents: 100, amount_currency: "EUR" } });
    expect(plan.status).toBe(422);
    expect(plan.body["error_details"]).toHaveProperty("interval");
    const dupe = await call(server, "POST", "/api/v1/plans", { plan: { ...CATALOG.plans[0], name: "again" } });
    expect(dupe.body).toEqual({ status: 422, error: "Unprocessable Entity", code: "validation_errors", error_details: { code: ["value_already_exist"] } });
    const page = await call(server, "GET", "/api/v1/invoices?page=0");
    expect(page.body).toMatchObject({ status: 422, error_details: { page: ["invalid_value"] } });
    await stillServing();
  });

  it("refuses moving the clock back or to a non-instant, and keeps its instant", async () => {
    expect((await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-03-01T00:00:00Z" })).status).toBe(200);
    expect(await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-02-01T00:00:00Z" }))
      .toEqual({ status: 422, body: { status: 422, error: "Unprocessable Entity", code: "validation_errors", error_details: { advance_to: ["invalid_value"] } } });
    expect((await call(server, "POST", "/_ratecard/clock", { advance_to: "soon" })).body["error_details"]).toEqual({ advance_to: ["invalid_timestamp"] });
    expect((await call(server, "POST", "/_ratecard/clock", {})).body["error_details"]).toEqual({ advance_to: ["value_is_mandatory"] });
    expect(await call(server, "GET", "/_ratecard/clock")).toEqual({ status: 200, body: { clock: { now: "2024-03-01T00:00:00Z" } } });
  });

  it("refuses a tax applied to the organization once steps were accepted (it would change issued invoices)", async () => {
    const r = await call(server, "POST", "/api/v1/taxes", { tax: { code: "org_vat", name: "VAT", rate: "10", applied_to_organization: true } });
    expect(r.body).toMatchObject({ status: 422, error_details: { applied_to_organization: ["invalid_value"] } });
    expect((await call(server, "POST", "/api/v1/taxes", { tax: { code: "vat", name: "VAT", rate: "10" } })).status).toBe(200);
  });

  it("refuses to start without a key, with a bad --now or a bad catalog", async () => {
    await expect(createServer({ apiKeys: [] })).rejects.toThrow(/api-key/);
    await expect(createServer({ apiKeys: ["k"], now: "yesterday" })).rejects.toThrow(/--now/);
    await expect(createServer({ apiKeys: ["k"], catalog: { plans: [{ code: "p" }] } })).rejects.toThrow(/catalog refused/);
  });
});
