/**
 * `ratecard serve`: webhook delivery to a receiver on loopback. Every message `simulate` emits on
 * the same timeline is POSTed, in order, in the reference's envelope, signed (HMAC with the
 * organization's key, or JWT), with `X-Lago-Unique-Key`; a failed attempt is retried (the retry
 * schedule is made tiny here), a delivery that used its attempts is kept as `failed` and sent
 * again on demand, and the API answers while a receiver hangs. No timing is asserted: the
 * tests wait for conditions.
 */
import { createHmac, verify } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, KEY, start } from "./_helpers.js";
import { Receiver, waitFor } from "./_receiver.js";
import { scratchDir } from "../support/scratch.js";

type Obj = Record<string, unknown>;
const SECRET = "whsec-test";
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-10T12:00:00Z";
const T2 = "2024-03-01T06:00:00Z";

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", name: "Acme", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T1, op: "create_event", body: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 40 } } },
];
const expected = simulate({ ...CATALOG, steps: STEPS, until: T2 }) as { webhooks: { type: string; at: string; object: unknown }[] };

let server: ServeHandle;
let receiver: Receiver;
let organizationId = "";

/** The delivery log, oldest first. */
async function deliveries(query = ""): Promise<Obj[]> {
  const r = await call(server, "GET", `/_ratecard/webhooks?per_page=100${query}`);
  expect(r.status).toBe(200);
  return r.body["webhooks"] as Obj[];
}

/** The deliveries of `customer.created` for a customer, oldest first. */
async function customerDeliveries(externalId: string): Promise<Obj[]> {
  return (await deliveries("&webhook_type=customer.created")).filter((d) => (JSON.parse(String(d["payload"])) as { customer: Obj }).customer["external_id"] === externalId);
}

const customerOf = (r: { json: Obj }): unknown => (r.json["customer"] as Obj | undefined)?.["external_id"];
const postCustomer = (id: string): Promise<unknown> => call(server, "POST", "/api/v1/customers", { customer: { external_id: id, currency: "EUR" } });

beforeAll(async () => {
  receiver = await Receiver.start();
  server = await start({ catalog: CATALOG, now: T0, webhooks: { attempts: 3, backoffMs: 1, hmacKey: SECRET } });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe("ratecard serve: webhooks", () => {
  it("POSTs every message simulate emits on the same timeline, in order, in the reference's envelope, HMAC-signed", async () => {
    const e = await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: receiver.url } });
    organizationId = String((e.body["webhook_endpoint"] as Obj)["lago_organization_id"]);
    expect((await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body })).status).toBe(200);
    expect((await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body })).status).toBe(200);
    expect((await call(server, "POST", "/_ratecard/clock", { advance_to: T1 })).status).toBe(200);
    expect((await call(server, "POST", "/api/v1/events", { event: STEPS[2]!.body })).status).toBe(200);
    expect((await call(server, "POST", "/_ratecard/clock", { advance_to: T2 })).status).toBe(200);

    const types = expected.webhooks.map((m) => m.type);
    expect(types).toEqual(expect.arrayContaining(["customer.created", "subscription.started", "invoice.created"]));
    await waitFor(() => receiver.received.length === types.length, `${types.length} messages`);
    expect(receiver.types()).toEqual(types);
    const log = await deliveries();
    expect(log).toHaveLength(types.length);
    receiver.received.forEach((r, i) => {
      const m = expected.webhooks[i]!;
      const key = m.type === "alert.triggered" ? "triggered_alert" : m.type.split(".")[0]!;
      expect(r.json).toEqual({ webhook_type: m.type, object_type: key, organization_id: organizationId, [key]: toWire(m.object) });
      expect(Object.keys(r.json)).toEqual(["webhook_type", "object_type", "organization_id", key]);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["x-lago-signature-algorithm"]).toBe("hmac");
      expect(r.headers["x-lago-signature"]).toBe(createHmac("sha256", SECRET).update(r.body).digest("base64"));
      expect(r.headers["x-lago-unique-key"]).toBe(log[i]!["lago_id"]);
      expect(log[i]).toMatchObject({
        lago_webhook_endpoint_id: (e.body["webhook_endpoint"] as Obj)["lago_id"], endpoint: receiver.url, webhook_type: m.type, object_type: key,
        status: "succeeded", retries: 0, http_status: 200, payload: r.body, created_at: m.at, last_retried_at: null,
      });
      expect(log[i]!["attempts"]).toMatchObject([{ attempt: 1, http_status: 200, error: null }]);
    });
    expect(new Set(log.map((d) => d["lago_id"])).size).toBe(log.length);
    expect((await call(server, "GET", `/_ratecard/webhooks/${String(log[0]!["lago_id"])}`)).body["webhook"]).toEqual(log[0]);
  });

  it("retries after a 500 with the same body and unique key, and keeps the order", async () => {
    receiver.received.length = 0;
    receiver.answer = (r) => (customerOf(r) === "c2" && receiver.received.filter((x) => customerOf(x) === "c2").length === 1 ? 500 : 200);
    await postCustomer("c2");
    await postCustomer("c3");
    await waitFor(async () => (await customerDeliveries("c3"))[0]?.["status"] === "succeeded", "c3 delivered");
    const got = receiver.received.map(customerOf);
    expect(got).toEqual(["c2", "c2", "c3"]);
    const [first, second] = receiver.received;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers["x-lago-unique-key"]).toBe(first!.headers["x-lago-unique-key"]);
    expect(second!.headers["x-lago-signature"]).toBe(first!.headers["x-lago-signature"]);
    const [d] = await customerDeliveries("c2");
    expect(d).toMatchObject({ status: "succeeded", retries: 1, http_status: 200 });
    expect(d!["last_retried_at"]).toEqual(expect.any(String));
    expect((d!["attempts"] as Obj[]).map((a) => a["http_status"])).toEqual([500, 200]);
  });

  it("keeps a delivery that used its attempts as failed, goes on with the next, and sends it again on demand", async () => {
    receiver.received.length = 0;
    receiver.answer = (r) => (customerOf(r) === "c4" ? 500 : 200);
    await postCustomer("c4");
    await postCustomer("c5");
    await waitFor(async () => (await customerDeliveries("c5"))[0]?.["status"] === "succeeded", "c5 delivered");
    expect(receiver.received.map(customerOf)).toEqual(["c4", "c4", "c4", "c5"]);
    const [d] = await customerDeliveries("c4");
    expect(d).toMatchObject({ status: "failed", retries: 3, http_status: 500, response: '{"error":"down"}' });
    expect((d!["attempts"] as Obj[]).map((a) => a["http_status"])).toEqual([500, 500, 500]);
    expect(await deliveries("&status=failed")).toEqual([d]);

    receiver.answer = () => 200;
    const id = String(d!["lago_id"]);
    const retried = await call(server, "POST", `/_ratecard/webhooks/${id}/retry`);
    expect(retried.status).toBe(200);
    await waitFor(async () => (await customerDeliveries("c4"))[0]?.["status"] === "succeeded", "c4 delivered on retry");
    expect(((await customerDeliveries("c4"))[0]!["attempts"] as Obj[]).map((a) => a["http_status"])).toEqual([500, 500, 500, 200]);
    expect((await call(server, "POST", `/_ratecard/webhooks/${id}/retry`)).body).toMatchObject({ status: 405, code: "is_succeeded" });
    expect((await call(server, "POST", "/_ratecard/webhooks/nope/retry")).body).toMatchObject({ status: 404, code: "webhook_not_found" });
  });

  it("answers the API while the receiver hangs; the messages behind it wait their turn", async () => {
    receiver.received.length = 0;
    receiver.answer = (r) => (customerOf(r) === "c6" ? "hang" : 200);
    await postCustomer("c6");
    await waitFor(() => receiver.holding === 1, "the receiver holding c6");
    expect((await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c7", currency: "EUR" } })).status).toBe(200);
    expect((await call(server, "GET", "/api/v1/customers/c7")).status).toBe(200);
    expect((await call(server, "POST", "/api/v1/events", { event: { transaction_id: "t-hang", external_subscription_id: "s1", code: "api_calls", properties: { calls: 1 } } })).status).toBe(200);
    expect(receiver.holding).toBe(1);
    expect(receiver.received.map(customerOf)).toEqual(["c6"]);
    expect((await customerDeliveries("c6"))[0]).toMatchObject({ status: "pending", attempts: [] });
    expect((await customerDeliveries("c7"))[0]).toMatchObject({ status: "pending" });
    receiver.release();
    await waitFor(async () => (await customerDeliveries("c7"))[0]?.["status"] === "succeeded", "c7 delivered");
    expect(receiver.received.map(customerOf)).toEqual(["c6", "c7"]);
    expect((await customerDeliveries("c6"))[0]).toMatchObject({ status: "succeeded", retries: 0 });
  });

  it("signs with JWT (RS256, the key of /webhooks/public_key) for a jwt endpoint, and sends it only the types it subscribed to", async () => {
    const jwtReceiver = await Receiver.start();
    try {
      const e = await call(server, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: jwtReceiver.url, signature_algo: "jwt", event_types: ["customer.created"] } });
      expect(e.status).toBe(200);
      receiver.received.length = 0;
      await postCustomer("c8");
      await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c8", plan_code: "metered", external_id: "s8" } });
      await waitFor(() => receiver.received.length === 2 && jwtReceiver.received.length === 1, "c8's messages");
      expect(receiver.types()).toEqual(["customer.created", "subscription.started"]);
      const [r] = jwtReceiver.received;
      expect(r!.body).toBe(receiver.received[0]!.body);
      expect(r!.headers["x-lago-signature-algorithm"]).toBe("jwt");
      expect(r!.headers["x-lago-unique-key"]).not.toBe(receiver.received[0]!.headers["x-lago-unique-key"]);

      const json = await call(server, "GET", "/api/v1/webhooks/json_public_key");
      const b64 = String((json.body["webhook"] as Obj)["public_key"]);
      const text = await (await fetch(`${server.url}/api/v1/webhooks/public_key`, { headers: { authorization: `Bearer ${KEY}` } })).text();
      expect(text).toBe(b64);
      const pem = Buffer.from(b64, "base64").toString("utf8");
      expect(pem).toContain("-----BEGIN PUBLIC KEY-----");
      const [head, claims, signature] = String(r!.headers["x-lago-signature"]).split(".");
      expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toEqual({ alg: "RS256" });
      expect(JSON.parse(Buffer.from(claims!, "base64url").toString())).toEqual({ data: r!.body, iss: server.url });
      expect(verify("sha256", Buffer.from(`${head}.${claims}`), pem, Buffer.from(signature!, "base64url"))).toBe(true);
      expect((await call(server, "GET", "/_ratecard/webhook_keys")).body).toEqual({ webhook_keys: { hmac_key: SECRET, jwt_public_key: pem } });
    } finally {
      await jwtReceiver.close();
    }
  });

  it("needs the key; refuses unknown routes of the extension", async () => {
    expect((await call(server, "GET", "/_ratecard/webhooks", undefined, null)).status).toBe(401);
    expect((await call(server, "DELETE", "/_ratecard/webhooks")).status).toBe(404);
    expect((await call(server, "GET", "/_ratecard/webhooks/nope")).body).toMatchObject({ status: 404, code: "webhook_not_found" });
  });
});

describe("ratecard serve: webhooks, timeouts and the default key", () => {
  it("retries an attempt that timed out, and signs with the organization's derived HMAC key", async () => {
    const r = await Receiver.start();
    const s = await start({ catalog: CATALOG, now: T0, webhooks: { backoffMs: 1, timeoutMs: 300 } });
    try {
      await call(s, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: r.url } });
      r.answer = () => (r.received.length === 1 ? "hang" : 200);
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      const log = async (): Promise<Obj> => ((await call(s, "GET", "/_ratecard/webhooks")).body["webhooks"] as Obj[])[0]!;
      await waitFor(async () => (await log())["status"] === "succeeded", "the delivery");
      const d = await log();
      expect((d["attempts"] as Obj[])[0]).toMatchObject({ http_status: null, error: expect.stringMatching(/timed out/) });
      const key = ((await call(s, "GET", "/_ratecard/webhook_keys")).body["webhook_keys"] as Obj)["hmac_key"];
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      const last = r.received.at(-1)!;
      expect(last.headers["x-lago-signature"]).toBe(createHmac("sha256", String(key)).update(last.body).digest("base64"));
      // The same organization, the same key, in another server.
      const other = await start({ catalog: CATALOG, now: T0 });
      expect(((await call(other, "GET", "/_ratecard/webhook_keys")).body["webhook_keys"] as Obj)["hmac_key"]).toBe(key);
      await other.close();
    } finally {
      await s.close();
      await r.close();
    }
  });
});

describe("ratecard serve: webhooks across a restart with --data", () => {
  it("does not send again what the log's replay emits; sends what comes after", async () => {
    const dir = scratchDir("ratecard-serve");
    const r = await Receiver.start();
    let s = await start({ catalog: CATALOG, now: T0, dataDir: dir, webhooks: { backoffMs: 1 } });
    try {
      await call(s, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: r.url } });
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      await waitFor(() => r.received.length === 1, "c1");
      // Delivered once the server has the receiver's answer (not when the receiver has the request):
      // a delivery still waiting for its answer at a stop is resumed after it (at least once).
      const delivered = async (): Promise<boolean> => ((await call(s, "GET", "/_ratecard/webhooks")).body["webhooks"] as Obj[])[0]?.["status"] === "succeeded";
      await waitFor(delivered, "c1 delivered");
      await s.close();
      s = await start({ catalog: CATALOG, now: T0, dataDir: dir, webhooks: { backoffMs: 1 } });
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c2", currency: "EUR" } });
      await waitFor(() => r.received.length === 2, "c2");
      expect(r.received.map(customerOf)).toEqual(["c1", "c2"]);
      expect(r.received[1]!.headers["x-lago-unique-key"]).not.toBe(r.received[0]!.headers["x-lago-unique-key"]);
      expect((await call(s, "GET", "/_ratecard/webhooks")).body["webhooks"]).toHaveLength(1);
    } finally {
      await s.close();
      await r.close();
    }
  });

  it("resumes the deliveries pending at a stop, to the endpoints registered when each message was emitted", async () => {
    const dir = scratchDir("ratecard-serve");
    const r = await Receiver.start();
    const options = { catalog: CATALOG, now: T0, dataDir: dir, webhooks: { backoffMs: 1 } };
    let s = await start(options);
    try {
      const endpoint = async (url: string): Promise<string> => String(((await call(s, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: url } })).body["webhook_endpoint"] as Obj)["lago_id"]);
      const e1 = await endpoint(`${r.url}?e=1`);
      r.answer = () => "hang";
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      const e2 = await endpoint(`${r.url}?e=2`);
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c2", currency: "EUR" } });
      // e1 holds c1 (c2 queued behind it), e2 holds c2: three deliveries pending at the stop.
      await waitFor(() => r.holding === 2, "two attempts under way");
      const pending = (await call(s, "GET", "/_ratecard/webhooks")).body["webhooks"] as Obj[];
      expect(pending.map((d) => d["status"])).toEqual(["pending", "pending", "pending"]);
      await s.close();
      r.release(500); // their connections were cut by the stop
      r.answer = () => 200;
      const heldBefore = r.received.length;

      s = await start(options);
      await waitFor(() => r.received.length === heldBefore + 3, "the three deliveries, resumed");
      const resumed = r.received.slice(heldBefore);
      const log = async (): Promise<Obj[]> => (await call(s, "GET", "/_ratecard/webhooks")).body["webhooks"] as Obj[];
      await waitFor(async () => (await log()).every((d) => d["status"] === "succeeded"), "the deliveries recorded");
      const after = await log();
      // The same deliveries (same ids, hence the same X-Lago-Unique-Key), in emission order.
      expect(after.map((d) => d["lago_id"])).toEqual(pending.map((d) => d["lago_id"]));
      expect(after.map((d) => [d["lago_webhook_endpoint_id"], (JSON.parse(String(d["payload"])) as { customer: Obj }).customer["external_id"]]))
        .toEqual([[e1, "c1"], [e1, "c2"], [e2, "c2"]]);
      expect(resumed.map((x) => x.headers["x-lago-unique-key"]).sort()).toEqual(pending.map((d) => d["lago_id"]).sort());
      await s.close();

      // Delivered: a third start sends nothing again, only what comes after.
      s = await start(options);
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c3", currency: "EUR" } });
      await waitFor(() => r.received.length === heldBefore + 5, "c3 to both endpoints");
      expect(r.received.slice(heldBefore + 3).map(customerOf)).toEqual(["c3", "c3"]);
    } finally {
      await s.close();
      await r.close();
    }
  });

  it("keeps a failed delivery across a restart, to be sent again on demand; and the JWT key", async () => {
    const dir = scratchDir("ratecard-serve");
    const r = await Receiver.start();
    const options = { catalog: CATALOG, now: T0, dataDir: dir, webhooks: { backoffMs: 1, attempts: 2 } };
    let s = await start(options);
    try {
      await call(s, "POST", "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: r.url, signature_algo: "jwt" } });
      const key = ((await call(s, "GET", "/_ratecard/webhook_keys")).body["webhook_keys"] as Obj)["jwt_public_key"];
      expect(fs.statSync(path.join(dir, "webhook_jwt_key.pem")).mode & 0o777).toBe(0o600);
      r.answer = () => 500;
      await call(s, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      const log = async (): Promise<Obj[]> => (await call(s, "GET", "/_ratecard/webhooks")).body["webhooks"] as Obj[];
      await waitFor(async () => (await log())[0]?.["status"] === "failed", "the delivery given up on");
      const failed = (await log())[0]!;
      await s.close();

      s = await start(options);
      // The same key signs after the restart.
      expect(((await call(s, "GET", "/_ratecard/webhook_keys")).body["webhook_keys"] as Obj)["jwt_public_key"]).toBe(key);
      expect(await log()).toEqual([failed]);
      expect(r.received).toHaveLength(2); // not sent again by itself
      r.answer = () => 200;
      expect((await call(s, "POST", `/_ratecard/webhooks/${String(failed["lago_id"])}/retry`)).status).toBe(200);
      await waitFor(async () => (await log())[0]?.["status"] === "succeeded", "the delivery sent again");
      const last = r.received.at(-1)!;
      const [head, claims, signature] = String(last.headers["x-lago-signature"]).split(".");
      expect(verify("sha256", Buffer.from(`${head}.${claims}`), String(key), Buffer.from(signature!, "base64url"))).toBe(true);
      await s.close();
      s = await start(options);
      expect(await log()).toEqual([]); // succeeded: done
    } finally {
      await s.close();
      await r.close();
    }
  });
});
