/**
 * `ratecard serve` under load: `npx tsx bench/serve.ts [options]`.
 *
 * Starts `ratecard serve` in its own process (the CLI from the sources through tsx, or
 * `--bin dist/cli.js` after `npm run build`), sets up a catalog (a metric, a plan), customers
 * with one subscription each, then runs `--clients` concurrent clients for `--duration`
 * seconds on keep-alive connections. Each client loops: a `POST /api/v1/events` (a unique
 * transaction id, a random subscription, 1–10 calls), or, with probability `--reads`, a read —
 * current usage of a random subscription, a customer, the invoice list. Every answer must be
 * 200. At the end it checks that no acknowledged event was lost (each subscription's usage
 * counts exactly the events acknowledged for it, and sums their calls), then prints
 * throughput and latency percentiles per kind of request.
 *
 * Options: --clients N (200), --duration S (20), --reads R (0.1), --customers N (50),
 * --data (run with --data in a temporary directory: every event on disk — group commit — before its answer),
 * --bin FILE (the CLI to run; default src/cli.ts through tsx), --json (the figures as JSON).
 * Not a test: nothing here asserts a time.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "200" },
    duration: { type: "string", default: "20" },
    reads: { type: "string", default: "0.1" },
    customers: { type: "string", default: "50" },
    data: { type: "boolean", default: false },
    bin: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const CLIENTS = Number(values.clients);
const DURATION_S = Number(values.duration);
const READS = Number(values.reads);
const CUSTOMERS = Number(values.customers);
const ROOT = path.resolve(import.meta.dirname, "..");
const KEY = "bench-key";

const CATALOG = {
  organization: { name: "Bench", timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "api_calls", name: "API calls", aggregation_type: "sum_agg", field_name: "calls" }],
  plans: [{
    code: "metered", name: "Metered", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: false,
    charges: [{ billable_metric_code: "api_calls", charge_model: "standard", properties: { amount: "0.01" } }],
  }],
};

// A seeded generator (the load is the same on every run).
let seed = 0x2545f491;
const random = (): number => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
};

async function launch(): Promise<{ url: string; stop: () => Promise<void>; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ratecard-bench-serve-"));
  const catalogFile = path.join(dir, "catalog.json");
  fs.writeFileSync(catalogFile, JSON.stringify(CATALOG));
  const cli = values.bin === undefined ? ["--import", "tsx", path.join(ROOT, "src/cli.ts")] : [path.resolve(values.bin)];
  const args = [...cli, "serve", "--api-key", KEY, "--catalog", catalogFile, ...(values.data ? ["--data", path.join(dir, "data")] : [])];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`ratecard serve exited ${code}`)));
  });
  return {
    url, dir,
    stop: () => new Promise((resolve) => {
      child.on("exit", () => resolve());
      child.kill("SIGTERM");
    }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 10 });

/** One request: the status and the parsed answer. */
function request(base: string, method: string, p: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, {
      method, agent,
      headers: { authorization: `Bearer ${KEY}`, ...(text === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(text) }) },
    }, (res) => {
      let data = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (data += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data === "" ? {} : (JSON.parse(data) as Record<string, unknown>) }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

type Kind = "event" | "usage" | "customer" | "invoices";

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const server = await launch();
  const base = server.url;
  try {
    for (let c = 0; c < CUSTOMERS; c++) {
      const a = await request(base, "POST", "/api/v1/customers", { customer: { external_id: `c${c}`, currency: "EUR" } });
      const s = await request(base, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: `c${c}`, plan_code: "metered", external_id: `s${c}` } });
      if (a.status !== 200 || s.status !== 200) throw new Error(`setup refused: ${JSON.stringify(a.body)} ${JSON.stringify(s.body)}`);
    }

    const latencies: Record<Kind, number[]> = { event: [], usage: [], customer: [], invoices: [] };
    const acknowledged = new Map<string, { count: number; calls: number }>();
    const errors: string[] = [];
    let next = 0;
    const start = performance.now();
    const end = start + DURATION_S * 1000;

    const client = async (): Promise<void> => {
      while (performance.now() < end) {
        const s = Math.floor(random() * CUSTOMERS);
        let kind: Kind = "event";
        const r = random();
        if (r < READS) kind = r < READS * 0.5 ? "usage" : r < READS * 0.8 ? "customer" : "invoices";
        const t0 = performance.now();
        let reply: { status: number; body: Record<string, unknown> };
        let calls = 0;
        try {
          if (kind === "event") {
            calls = 1 + Math.floor(random() * 10);
            reply = await request(base, "POST", "/api/v1/events", { event: { transaction_id: `tx-${next++}`, external_subscription_id: `s${s}`, code: "api_calls", properties: { calls } } });
          } else if (kind === "usage") reply = await request(base, "GET", `/api/v1/customers/c${s}/current_usage?external_subscription_id=s${s}`);
          else if (kind === "customer") reply = await request(base, "GET", `/api/v1/customers/c${s}`);
          else reply = await request(base, "GET", `/api/v1/invoices?external_customer_id=c${s}`);
        } catch (err) {
          errors.push(`${kind}: ${err instanceof Error ? err.message : String(err)}`);
          continue;
        }
        latencies[kind].push(performance.now() - t0);
        if (reply.status !== 200) {
          errors.push(`${kind}: ${reply.status} ${JSON.stringify(reply.body)}`);
          continue;
        }
        if (kind === "event") {
          const a = acknowledged.get(`s${s}`) ?? { count: 0, calls: 0 };
          a.count++;
          a.calls += calls;
          acknowledged.set(`s${s}`, a);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const elapsed = (performance.now() - start) / 1000;

    // No acknowledged event lost: each subscription's usage is exactly what was acknowledged for it.
    let lost = 0;
    for (let c = 0; c < CUSTOMERS; c++) {
      const a = acknowledged.get(`s${c}`) ?? { count: 0, calls: 0 };
      const u = await request(base, "GET", `/api/v1/customers/c${c}/current_usage?external_subscription_id=s${c}`);
      const charge = ((u.body["customer_usage"] as { charges_usage: { events_count: number; units: string }[] }).charges_usage)[0]!;
      if (charge.events_count !== a.count || Number(charge.units) !== a.calls) {
        lost++;
        errors.push(`s${c}: usage counts ${charge.events_count} events, ${charge.units} calls; acknowledged ${a.count} events, ${a.calls} calls`);
      }
    }

    const rows = (Object.keys(latencies) as Kind[]).map((kind) => {
      const sorted = Float64Array.from(latencies[kind]).sort();
      return { kind, count: sorted.length, perSecond: sorted.length / elapsed, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
    });
    const all = Float64Array.from(Object.values(latencies).flat()).sort();
    const total = { kind: "all", count: all.length, perSecond: all.length / elapsed, p50: percentile(all, 50), p90: percentile(all, 90), p99: percentile(all, 99), max: percentile(all, 100) };
    const result = {
      clients: CLIENTS, duration_s: Number(elapsed.toFixed(2)), reads: READS, customers: CUSTOMERS, data: values.data,
      node: process.version, cpus: os.cpus().length, rows: [...rows, total], errors: errors.length, lost_subscriptions: lost,
    };
    if (values.json) console.log(JSON.stringify(result, null, 2));
    else {
      console.log(`ratecard serve: ${CLIENTS} clients, ${elapsed.toFixed(1)} s, reads ${READS * 100} %, ${CUSTOMERS} subscriptions, ${values.data ? "--data (group commit)" : "in memory"}; node ${process.version}, ${os.cpus().length} CPUs`);
      console.log("| request | count | per second | p50 ms | p90 ms | p99 ms | max ms |");
      console.log("|---|---|---|---|---|---|---|");
      for (const r of result.rows) console.log(`| ${r.kind} | ${r.count} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`);
      console.log(`errors: ${errors.length}; subscriptions whose usage differs from what was acknowledged: ${lost}`);
    }
    for (const e of errors.slice(0, 10)) console.error(e);
    if (errors.length > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
}

await main();
