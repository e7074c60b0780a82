/** Starting `ratecard serve` on a free port and calling it as a client does (fetch). */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer, type ServeHandle, type ServeOptions } from "../../src/server/index.js";

export const KEY = "test-key";

export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export async function start(options: Partial<ServeOptions> = {}): Promise<ServeHandle> {
  return createServer({ apiKeys: [KEY], port: 0, log: () => {}, ...options });
}

/** One call: JSON in (an object, or raw text), JSON out. */
export async function call(server: ServeHandle, method: string, path: string, body?: unknown, key: string | null = KEY): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null) headers["authorization"] = `Bearer ${key}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  return { status: res.status, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** The catalog of the tests: a metered API plan billed monthly in arrears. */
export const CATALOG = {
  organization: { name: "Serve Org", timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "api_calls", name: "API calls", aggregation_type: "sum_agg", field_name: "calls" }],
  plans: [{
    code: "metered", name: "Metered", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: false,
    charges: [{ billable_metric_code: "api_calls", charge_model: "standard", properties: { amount: "0.25" } }],
  }],
};

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/cli.ts");

/** Spawns `ratecard serve ARGS` from the sources; resolves with the process and its URL once it prints the listening line. */
export function launchServe(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "serve", ...args], { cwd: path.dirname(path.dirname(CLI)), stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}
