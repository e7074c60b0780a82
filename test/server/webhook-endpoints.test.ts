/**
 * `ratecard serve`: webhook endpoints stored and served — created, listed, fetched, updated,
 * deleted, at most ten, bad URLs and duplicates refused — and kept across a restart with
 * `--data` (delivery is not served yet: docs/serve.md).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServeHandle } from "../../src/server/index.js";
import { CATALOG, call, start } from "./_helpers.js";
import { scratchDir } from "../support/scratch.js";

type Obj = Record<string, unknown>;
const NOW = "2024-01-01T00:00:00Z";
let server: ServeHandle;
let dir: string;

beforeAll(async () => {
  dir = scratchDir("ratecard-serve");
  server = await start({ catalog: CATALOG, now: NOW, dataDir: dir });
});
afterAll(async () => server.close());

describe("ratecard serve: webhook endpoints", () => {
  let id = "";

  it("creates one (POST /webhook_endpoints): hmac by default, dated at the clock", async () => {
    const r = await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: "https://example.test/hooks" } });
    expect(r.status).toBe(200);
    const e = r.body["webhook_endpoint"] as Obj;
    expect(e).toMatchObject({ webhook_url: "https://example.test/hooks", signature_algo: "hmac", name: null, event_types: null, created_at: NOW });
    expect(e["lago_id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(e["lago_organization_id"]).toMatch(/^[0-9a-f-]{36}$/);
    id = String(e["lago_id"]);
  });

  it("refuses a missing or bad URL, a duplicate, a bad algorithm (422), a missing wrapper (400)", async () => {
    const bad = async (body: Obj): Promise<unknown> => (await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: body })).body["error_details"];
    expect(await bad({})).toEqual({ webhook_url: ["value_is_mandatory"] });
    expect(await bad({ webhook_url: "ftp://example.test" })).toEqual({ webhook_url: ["url_is_invalid"] });
    expect(await bad({ webhook_url: "https://example.test/hooks" })).toEqual({ webhook_url: ["value_already_exist"] });
    expect(await bad({ webhook_url: "https://example.test/x", signature_algo: "md5" })).toEqual({ signature_algo: ["value_is_invalid"] });
    expect((await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_url: "https://example.test/y" })).status).toBe(400);
    expect((await call(server, "GET", "/api/v1/webhook_endpoints")).body["meta"]).toMatchObject({ total_count: 1 });
  });

  it("fetches, updates (PUT) and lists them", async () => {
    const put = await call(server, "PUT", `/api/v1/webhook_endpoints/${id}`, { webhook_endpoint: { signature_algo: "jwt", name: "prod", event_types: ["invoice.created"] } });
    expect(put.body["webhook_endpoint"]).toMatchObject({ lago_id: id, webhook_url: "https://example.test/hooks", signature_algo: "jwt", name: "prod", event_types: ["invoice.created"] });
    expect(await call(server, "GET", `/api/v1/webhook_endpoints/${id}`)).toEqual({ status: 200, body: put.body });
    const list = await call(server, "GET", "/api/v1/webhook_endpoints");
    expect(list.body["webhook_endpoints"]).toEqual([put.body["webhook_endpoint"]]);
    expect((await call(server, "GET", "/api/v1/webhook_endpoints/nope")).body).toEqual({ status: 404, error: "Not Found", code: "webhook_endpoint_not_found" });
  });

  it("keeps them across a restart with --data", async () => {
    const before = (await call(server, "GET", "/api/v1/webhook_endpoints")).body;
    await server.close();
    server = await start({ catalog: CATALOG, now: NOW, dataDir: dir });
    expect((await call(server, "GET", "/api/v1/webhook_endpoints")).body).toEqual(before);
  });

  it("accepts at most ten, and deletes one (DELETE), answering it", async () => {
    for (let i = 2; i <= 10; i++) {
      expect((await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: `https://example.test/${i}` } })).status).toBe(200);
    }
    const eleventh = await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: "https://example.test/11" } });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body["error_details"]).toEqual({ webhook_endpoint: ["exceeded_limit"] });
    const del = await call(server, "DELETE", `/api/v1/webhook_endpoints/${id}`);
    expect((del.body["webhook_endpoint"] as Obj)["lago_id"]).toBe(id);
    expect((await call(server, "GET", `/api/v1/webhook_endpoints/${id}`)).status).toBe(404);
    expect((await call(server, "GET", "/api/v1/webhook_endpoints?per_page=100")).body["meta"]).toMatchObject({ total_count: 9 });
    const again = await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: "https://example.test/11" } });
    expect(again.status).toBe(200);
    // A new id: ids count every endpoint ever created.
    expect((again.body["webhook_endpoint"] as Obj)["lago_id"]).not.toBe(id);
    expect((await call(server, "DELETE", `/api/v1/webhook_endpoints/${id}`)).status).toBe(404);
  });
});
