/**
 * `ratecard serve` as a program (the CLI run from the sources with tsx): it prints
 * `listening on URL`, refuses misuse, stops on SIGTERM, and with --data loses no acknowledged
 * call when killed (SIGKILL) in the middle of a load of events.
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG, KEY, launchServe } from "./_helpers.js";
import { Receiver, waitFor } from "./_receiver.js";
import { scratchDir } from "../support/scratch.js";

const ROOT = path.resolve(__dirname, "../..");
const ARGS = ["--import", "tsx", path.join(ROOT, "src/cli.ts"), "serve"];

const launch = launchServe;

const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.on("exit", (code) => resolve(code))));

async function post(url: string, p: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url + p, { method: "POST", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("ratecard serve (the program)", () => {
  it("prints its usage, and refuses to start without a key (exit 2) or on a refused catalog (exit 1)", () => {
    const help = spawnSync(process.execPath, [...ARGS, "--help"], { cwd: ROOT, encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("usage: ratecard serve --api-key KEY");
    const nokey = spawnSync(process.execPath, ARGS, { cwd: ROOT, encoding: "utf8" });
    expect(nokey.status).toBe(2);
    expect(nokey.stderr).toContain("api-key");
    const file = path.join(scratchDir("ratecard-serve"), "catalog.json");
    fs.writeFileSync(file, JSON.stringify({ plans: [{ code: "p" }] }));
    const refused = spawnSync(process.execPath, [...ARGS, "--api-key", KEY, "--catalog", file], { cwd: ROOT, encoding: "utf8" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("catalog refused");
  });

  it("loses no acknowledged event when killed mid-load, and stops cleanly on SIGTERM", async () => {
    const dir = scratchDir("ratecard-serve");
    const catalogFile = path.join(dir, "input.json");
    fs.writeFileSync(catalogFile, JSON.stringify(CATALOG));
    const data = path.join(dir, "data");
    const first = await launch(["--api-key", KEY, "--catalog", catalogFile, "--data", data]);
    expect((await post(first.url, "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } })).status).toBe(200);
    expect((await post(first.url, "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } })).status).toBe(200);

    // 20 clients sending events; the process is killed once 60 were acknowledged.
    const acknowledged: string[] = [];
    let next = 0;
    const client = async (): Promise<void> => {
      while (next < 400) {
        const id = `e${next++}`;
        try {
          const r = await post(first.url, "/api/v1/events", { event: { transaction_id: id, external_subscription_id: "s1", code: "api_calls", properties: { calls: 1 } } });
          if (r.status === 200) acknowledged.push(id);
          if (acknowledged.length === 60) first.child.kill("SIGKILL");
        } catch {
          return; // the process is gone
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, client));
    await exited(first.child);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const second = await launch(["--api-key", KEY, "--data", data]);
    // Every acknowledged event is there: sent again, each is a duplicate.
    for (const id of acknowledged) {
      const r = await post(second.url, "/api/v1/events", { event: { transaction_id: id, external_subscription_id: "s1", code: "api_calls" } });
      expect(r.body["error_details"], id).toEqual({ transaction_id: ["value_already_exist"] });
    }
    const usage = await fetch(`${second.url}/api/v1/customers/c1/current_usage?external_subscription_id=s1`, { headers: { authorization: `Bearer ${KEY}` } });
    const u = ((await usage.json()) as { customer_usage: { charges_usage: { events_count: number }[] } }).customer_usage;
    const logged = fs.readFileSync(path.join(data, "log.jsonl"), "utf8").split("\n").filter((l) => l.includes('"create_event"')).length;
    expect(u.charges_usage[0]!.events_count).toBe(logged);
    expect(logged).toBeGreaterThanOrEqual(acknowledged.length);

    second.child.kill("SIGTERM");
    expect(await exited(second.child)).toBe(0);
  });

  it("reads the organization from --org FILE (and refuses a bad one, exit 1)", async () => {
    const dir = scratchDir("ratecard-serve");
    const bad = path.join(dir, "bad-org.json");
    fs.writeFileSync(bad, JSON.stringify({ timezone: "Mars/Base" }));
    const refused = spawnSync(process.execPath, [...ARGS, "--api-key", KEY, "--org", bad], { cwd: ROOT, encoding: "utf8" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("timezone");
    const org = path.join(dir, "org.json");
    fs.writeFileSync(org, JSON.stringify({ name: "Acme Billing", timezone: "Europe/Paris" }));
    const server = await launch(["--api-key", KEY, "--org", org]);
    try {
      const c = await post(server.url, "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
      expect((c.body["customer"] as Record<string, unknown>)["applicable_timezone"]).toBe("Europe/Paris");
      expect((c.body["customer"] as Record<string, unknown>)["slug"]).toMatch(/^ACM-/);
    } finally {
      server.child.kill("SIGTERM");
      expect(await exited(server.child)).toBe(0);
    }
  });

  it("signs webhooks with --webhook-secret and refuses bad --webhook-* values (exit 2)", async () => {
    const bad = spawnSync(process.execPath, [...ARGS, "--api-key", KEY, "--webhook-attempts", "-1"], { cwd: ROOT, encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--webhook-attempts");
    const receiver = await Receiver.start();
    const server = await launch(["--api-key", KEY, "--webhook-secret", "s3cret", "--webhook-attempts", "5", "--webhook-backoff", "1", "--webhook-timeout", "5000"]);
    try {
      expect((await post(server.url, "/api/v1/webhook_endpoints", { webhook_endpoint: { webhook_url: receiver.url } })).status).toBe(200);
      expect((await post(server.url, "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } })).status).toBe(200);
      await waitFor(() => receiver.received.length === 1, "customer.created");
      const r = receiver.received[0]!;
      expect(r.json["webhook_type"]).toBe("customer.created");
      expect(r.headers["x-lago-signature"]).toBe(createHmac("sha256", "s3cret").update(r.body).digest("base64"));
    } finally {
      server.child.kill("SIGTERM");
      expect(await exited(server.child)).toBe(0);
      await receiver.close();
    }
  });
});
