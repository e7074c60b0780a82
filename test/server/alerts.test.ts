/**
 * `ratecard serve`: several alerts created in one call (`POST …/alerts` with `{alerts: [...]}`,
 * `create_alerts`, all or nothing) and all of a subscription's alerts deleted (`DELETE
 * …/alerts`, `delete_alerts`, answered with an empty body as the reference answers it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServeHandle } from "../../src/server/index.js";
import { CATALOG, call, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const A = { code: "a", alert_type: "current_usage_amount", thresholds: [{ value: 1000 }] };
const B = { code: "b", alert_type: "billable_metric_current_usage_units", billable_metric_code: "api_calls", thresholds: [{ value: 10 }] };
let server: ServeHandle;

beforeAll(async () => {
  server = await start({ catalog: CATALOG });
  await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } });
});
afterAll(async () => server.close());

describe("ratecard serve: alerts in batches", () => {
  it("creates several alerts in one call, or none when one is refused (422, its fields under alerts.<i>)", async () => {
    const refused = await call(server, "POST", "/api/v1/subscriptions/s1/alerts", { alerts: [A, { ...B, billable_metric_code: undefined }] });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body["error_details"] as Obj).every((k) => k.startsWith("alerts.1."))).toBe(true);
    expect((await call(server, "GET", "/api/v1/subscriptions/s1/alerts")).body).toEqual({ alerts: [] });
    expect((await call(server, "POST", "/api/v1/subscriptions/s1/alerts", { alerts: [] })).body["error_details"]).toEqual({ alerts: ["no_alerts"] });
    const created = await call(server, "POST", "/api/v1/subscriptions/s1/alerts", { alerts: [A, B] });
    expect(created.status).toBe(200);
    expect((created.body["alerts"] as Obj[]).map((a) => a["code"])).toEqual(["a", "b"]);
    expect((await call(server, "GET", "/api/v1/subscriptions/s1/alerts")).body).toEqual(created.body);
  });

  it("deletes all of a subscription's alerts (200, empty body); an unknown subscription or wallet is 404", async () => {
    const res = await fetch(`${server.url}/api/v1/subscriptions/s1/alerts`, { method: "DELETE", headers: { authorization: "Bearer test-key" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect((await call(server, "GET", "/api/v1/subscriptions/s1/alerts")).body).toEqual({ alerts: [] });
    expect((await call(server, "DELETE", "/api/v1/subscriptions/nope/alerts")).body["code"]).toBe("subscription_not_found");
    expect((await call(server, "DELETE", "/api/v1/customers/c1/wallets/main/alerts")).body["code"]).toBe("wallet_not_found");
    expect((await call(server, "POST", "/api/v1/customers/c1/wallets/main/alerts", { alerts: [A] })).body["code"]).toBe("wallet_not_found");
  });
});
