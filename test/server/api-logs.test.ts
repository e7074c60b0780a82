/**
 * `ratecard serve`: api_logs — every write request of the API with a valid key is recorded,
 * accepted or refused, with its body, status and answer, at the clock's instant; reads, the
 * clock extension and unauthenticated calls are not. Listed newest first with the
 * specification's filters, fetched by request_id (the `x-request-id` of its answer).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServeHandle } from "../../src/server/index.js";
import { CATALOG, call, KEY, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
let server: ServeHandle;
let customerRequestId = "";

beforeAll(async () => {
  server = await start({ catalog: CATALOG, now: "2024-01-01T00:00:00Z" });
  const res = await fetch(`${server.url}/api/v1/customers`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json", "user-agent": "lago-javascript-client test" },
    body: JSON.stringify({ customer: { external_id: "c1", currency: "EUR" } }),
  });
  customerRequestId = res.headers.get("x-request-id") ?? "";
  await res.text();
  await call(server, "GET", "/api/v1/customers/c1");
  await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c2" } }, "wrong-key");
  await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-01-03T00:00:00Z" });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered" } });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } });
  await call(server, "DELETE", "/api/v1/subscriptions/s1?status=active");
  await call(server, "POST", "/api/v1/customers", "{not json");
});
afterAll(async () => server.close());

describe("ratecard serve: api_logs", () => {
  it("lists the write requests newest first, refused ones included, reads and the clock left out", async () => {
    const r = await call(server, "GET", "/api/v1/api_logs");
    expect(r.status).toBe(200);
    const logs = r.body["api_logs"] as Obj[];
    expect(logs.map((l) => [l["http_method"], l["request_path"], l["http_status"]])).toEqual([
      ["post", "/customers", 400],
      ["delete", "/subscriptions/s1?status=active", 200],
      ["post", "/subscriptions", 200],
      ["post", "/subscriptions", 422],
      ["post", "/customers", 200],
    ]);
    expect(r.body["meta"]).toEqual({ current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 5 });
    expect(logs[4]).toMatchObject({ api_version: "v1", client: "lago-javascript-client test", logged_at: "2024-01-01T00:00:00Z", created_at: "2024-01-01T00:00:00Z" });
    expect(logs[0]).toMatchObject({ request_body: "{not json", logged_at: "2024-01-03T00:00:00Z" });
    expect(JSON.parse(String(logs[3]!["request_response"]))).toMatchObject({ status: 422 });
  });

  it("fetches one by its request_id, the x-request-id header of its answer", async () => {
    const r = await call(server, "GET", `/api/v1/api_logs/${customerRequestId}`);
    expect(r.status).toBe(200);
    const log = r.body["api_log"] as Obj;
    expect(log["request_id"]).toBe(customerRequestId);
    expect(JSON.parse(String(log["request_body"]))).toEqual({ customer: { external_id: "c1", currency: "EUR" } });
    expect((JSON.parse(String(log["request_response"])) as { customer: Obj }).customer["external_id"]).toBe("c1");
    expect(await call(server, "GET", "/api/v1/api_logs/nope")).toEqual({ status: 404, body: { status: 404, error: "Not Found", code: "api_log_not_found" } });
  });

  it("filters by methods, statuses, dates and paths; refuses bad filters (422)", async () => {
    const count = async (query: string): Promise<unknown> => ((await call(server, "GET", `/api/v1/api_logs?${query}`)).body["meta"] as Obj)["total_count"];
    expect(await count("http_methods[]=delete")).toBe(1);
    expect(await count("http_methods[]=post&http_methods[]=delete")).toBe(5);
    expect(await count("http_statuses[]=failed")).toBe(2);
    expect(await count("http_statuses[]=succeeded")).toBe(3);
    expect(await count("http_statuses[]=422")).toBe(1);
    expect(await count("from_date=2024-01-02")).toBe(4);
    expect(await count("to_date=2024-01-01")).toBe(1);
    expect(await count("request_paths=/subscriptions/")).toBe(3);
    expect(await count("api_version=v2")).toBe(0);
    expect(await count("per_page=2")).toBe(5);
    const bad = await call(server, "GET", "/api/v1/api_logs?http_methods[]=get&from_date=yesterday");
    expect(bad.status).toBe(422);
    expect(bad.body["error_details"]).toEqual({ from_date: ["invalid_date"], http_methods: ["invalid_value"] });
  });
});

describe("ratecard serve: api_logs limit", () => {
  it("keeps the newest apiLogLimit logs", async () => {
    const small = await start({ catalog: CATALOG, apiLogLimit: 2 });
    try {
      for (const id of ["a", "b", "c"]) await call(small, "POST", "/api/v1/customers", { customer: { external_id: id } });
      const logs = (await call(small, "GET", "/api/v1/api_logs")).body["api_logs"] as Obj[];
      expect(logs.map((l) => (JSON.parse(String(l["request_body"])) as { customer: Obj }).customer["external_id"])).toEqual(["c", "b"]);
    } finally {
      await small.close();
    }
  });
});
