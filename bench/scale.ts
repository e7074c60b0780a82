/**
 * Scale (issue 13): `npm run bench:scale`. Two parts, each size in its own process (a fresh
 * heap), timed on the built package (dist/) as users call it.
 *
 * 1. Push-down vs in memory (`RATECARD_SCALE_EVENTS`, default 10,000,000 events): a throwaway
 *    PostgreSQL cluster is started in /tmp as `.ci/run` starts the tests' (a Unix socket only,
 *    `fsync=off`, otherwise default settings), or `RATECARD_SCALE_PG` names one (a socket
 *    directory). The events are made by one `INSERT … SELECT … FROM generate_series` (1,000
 *    subscriptions, one month, a decimal `gb` and a `region` per event) and the same events,
 *    by the same formulas, as JSON objects in the process. Each case is computed three ways,
 *    checked equal, each timed best of 2: pushed down (`aggregateInPostgres`, one statement,
 *    PostgreSQL on one core: `max_parallel_workers_per_gather = 0`); in memory (`aggregate` on
 *    the events already in the process, so it also returns every event's value); and the
 *    events read out of PostgreSQL (keyset pages of 500,000 rows) then aggregated in memory.
 * 2. `simulateMany` with 1 and 2 workers (`RATECARD_SCALE_CUSTOMERS`, customers × events each,
 *    default `100000x5`): a month of monthly billing, as bench/simulate.ts's timeline (two plans,
 *    a graduated sum with a filter, a count by workspace, a coupon on a quarter, 20 % tax), the
 *    events sent in hourly `create_events` batches, run to 2 February. 1 worker is `simulate` in
 *    the calling thread. The CPU time of all the process's threads is printed beside the time:
 *    a single-threaded run already keeps part of the second core busy (V8 marks and sweeps on
 *    background threads).
 *
 * `RATECARD_SCALE_PARTS=pushdown,simulate` picks the parts. The host's load average is printed
 * with each figure: other jobs share the machine.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { billingTimeline } from "./fixtures.js";

type Obj = Record<string, unknown>;
// The built package (npm run bench:scale builds it first). Paths the type check does not follow: dist/ may not exist yet.
const DIST_JSON: string = "../dist/json/index.js";
const DIST_PG: string = "../dist/pg/index.js";
const DIST_PARALLEL: string = "../dist/parallel/index.js";
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const load = (): string => os.loadavg().map((x) => x.toFixed(1)).join(" ");
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

// ---------------------------------------------------------------------------------------------
// 1. Push-down vs in memory

const SUBSCRIPTIONS = 1000;
const MONTH = Date.UTC(2024, 2, 1);
const MONTH_SECONDS = 31 * 86_400;
const METRIC = { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb" };
const WINDOW = { from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" };
const REGIONS = ["eu", "us", "ap"];

/** Event g (1-based), by the formulas the SQL below uses. */
function event(g: number): Obj {
  const x = (g * 104_729) % 100_000;
  return {
    transaction_id: `tx_${g}`, code: "storage", external_subscription_id: `sub_${g % SUBSCRIPTIONS}`,
    timestamp: new Date(MONTH + ((g * 7919) % MONTH_SECONDS) * 1000).toISOString().replace(".000Z", "Z"),
    properties: { gb: `${Math.floor(x / 100)}.${String(x % 100).padStart(2, "0")}`, region: REGIONS[g % 3] },
  };
}

const INSERT = `INSERT INTO events (id, external_subscription_id, transaction_id, code, "timestamp", properties)
SELECT g, 'sub_' || (g % ${SUBSCRIPTIONS}), 'tx_' || g, 'storage',
       timestamptz '2024-03-01 00:00:00+00' + ((g * 7919) % ${MONTH_SECONDS}) * interval '1 second',
       jsonb_build_object('gb', ((g * 104729) % 100000) / 100 || '.' || lpad((((g * 104729) % 100000) % 100)::text, 2, '0'),
                          'region', (ARRAY['eu', 'us', 'ap'])[g % 3 + 1])
FROM generate_series(1::bigint, $1::bigint) AS g`;

/** The same sum, whatever the path: units and groups (push-down without event values). */
const essence = (r: Obj): string => JSON.stringify({
  units: r["units"], events_count: r["events_count"] ?? null,
  groups: ((r["grouped_usage"] ?? []) as Obj[]).map((g) => [g["grouped_by"], g["units"], g["events_count"]]),
});

async function bestOf2<T>(f: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  let best = Infinity;
  let value!: T;
  for (let k = 0; k < 2; k++) {
    gc();
    const t0 = performance.now();
    value = await f();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, value };
}

async function pushdownOne(n: number): Promise<void> {
  const { aggregate } = (await import(DIST_JSON)) as { aggregate: (x: unknown) => Obj };
  const { aggregateInPostgres, EVENTS_TABLE_POSTGRES } = (await import(DIST_PG)) as {
    aggregateInPostgres: (c: pg.Client, x: unknown, o: { eventValues: boolean; table: string }) => Promise<Obj>; EVENTS_TABLE_POSTGRES: string;
  };
  const client = new pg.Client({ host: process.env.RATECARD_SCALE_PG!, user: process.env.RATECARD_SCALE_PGUSER ?? "postgres", database: "postgres" });
  await client.connect();
  const schema = `scale_${n}`;
  const have = await client.query(`SELECT count(*)::bigint AS n FROM information_schema.tables WHERE table_schema = $1`, [schema]);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  let loadMs = 0;
  if (Number(have.rows[0].n) === 0) {
    // The table, the rows, then the documented indexes (faster than indexing row by row).
    const [table, ...indexes] = EVENTS_TABLE_POSTGRES.split(";").map((s) => s.trim()).filter((s) => s !== "");
    const t0 = performance.now();
    await client.query(table!);
    await client.query(INSERT, [n]);
    for (const ix of indexes) await client.query(ix);
    await client.query("VACUUM ANALYZE events");
    loadMs = performance.now() - t0;
  }
  // PostgreSQL on one core: no parallel workers for the statement.
  await client.query("SET max_parallel_workers_per_gather = 0");
  const size = await client.query("SELECT pg_size_pretty(pg_total_relation_size('events')) AS s");

  const t0 = performance.now();
  const events: Obj[] = new Array(n);
  for (let g = 1; g <= n; g++) events[g - 1] = event(g);
  const buildMs = performance.now() - t0;

  console.log(`\n${n.toLocaleString("en")} events, ${SUBSCRIPTIONS.toLocaleString("en")} subscriptions (table and indexes ${size.rows[0].s}${loadMs > 0 ? `, loaded in ${seconds(loadMs)}` : ""}; event objects built in ${seconds(buildMs)})\n`);
  console.log("| case | push-down (PostgreSQL, one core) | in memory (`aggregate`, events in the process) | read out of PostgreSQL, then in memory | push-down / in memory | load average |");
  console.log("|---|---|---|---|---|---|");
  const cases: [string, Obj][] = [
    ["sum over the month, organization-wide", {}],
    ["sum by `region`", { grouped_by: ["region"] }],
  ];
  for (const [label, extra] of cases) {
    const input = { billable_metric: METRIC, ...WINDOW, ...extra };
    const down = await bestOf2(() => aggregateInPostgres(client, { ...input, events: [] }, { eventValues: false, table: "events" }));
    const mem = await bestOf2(() => aggregate({ ...input, events }));
    // The realistic alternative to push-down: the rows fetched (keyset pages), then aggregated here.
    const readOut = await bestOf2(async () => {
      const rows: Obj[] = [];
      for (let after = 0; ;) {
        const page = await client.query(`SELECT id, external_subscription_id, transaction_id, code, "timestamp", properties FROM events WHERE id > $1 ORDER BY id LIMIT 500000`, [after]);
        if (page.rows.length === 0) break;
        for (const r of page.rows) rows.push({ transaction_id: r.transaction_id, code: r.code, external_subscription_id: r.external_subscription_id, timestamp: (r.timestamp as Date).toISOString(), properties: r.properties });
        after = Number(page.rows.at(-1).id);
      }
      return aggregate({ ...input, events: rows });
    });
    if (essence(down.value) !== essence(mem.value) || essence(readOut.value) !== essence(mem.value)) {
      throw new Error(`${label}: the paths disagree:\n${essence(down.value)}\n${essence(mem.value)}\n${essence(readOut.value)}`);
    }
    console.log(`| ${label} | ${seconds(down.ms)} | ${seconds(mem.ms)} | ${seconds(readOut.ms)} | ${(down.ms / mem.ms).toFixed(1)}× | ${load()} |`);
  }
  await client.end();
}

/** A throwaway cluster on a Unix socket in /tmp (as .ci/run starts the tests' one); root runs it as `postgres`. */
function startPostgres(): { dir: string; user: string; stop: () => void } {
  const bins = fs.readdirSync("/usr/lib/postgresql").map((v) => `/usr/lib/postgresql/${v}/bin`).filter((b) => fs.existsSync(`${b}/initdb`)).sort();
  const bin = bins.at(-1);
  if (bin === undefined) throw new Error("no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql), or set RATECARD_SCALE_PG");
  const dir = fs.mkdtempSync("/tmp/ratecard-scale-pg.");
  const root = process.getuid?.() === 0;
  const user = root ? "postgres" : os.userInfo().username;
  if (root) fs.chownSync(dir, Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()), 0);
  const run = (cmd: string, args: string[]): void => {
    const r = root ? spawnSync("runuser", ["-u", "postgres", "--", cmd, ...args], { encoding: "utf8" }) : spawnSync(cmd, args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr}`);
  };
  run(`${bin}/initdb`, ["-D", `${dir}/data`, "-A", "trust", "-U", user, "-E", "UTF8", "--no-locale"]);
  run(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-l", `${dir}/log`, "-w", "-o", `-k ${dir} -c listen_addresses='' -c fsync=off`, "start"]);
  return {
    dir, user,
    stop: () => {
      try { run(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-m", "fast", "stop"]); } finally { fs.rmSync(dir, { recursive: true, force: true }); }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 2. simulateMany: 1 vs 2 workers

interface SimulateFigure {
  customers: number; perCustomer: number; workers: number; ms: number; invoices: number; webhooks: number; groups: number; threads: number; load: string; rssMb: number;
  /** CPU time of the process, every thread (the engine's, the garbage collector's, the workers'). */
  cpuMs: number;
}

async function simulateOne(customers: number, perCustomer: number, workers: number): Promise<void> {
  const { simulateMany } = (await import(DIST_PARALLEL)) as { simulateMany: (x: unknown, o: { workers: number; onReport: (r: { workers: number; groups: number }) => void }) => Promise<{ invoices: unknown[]; webhooks: unknown[] }> };
  const input = JSON.parse(JSON.stringify(billingTimeline(customers, perCustomer, 7, { days: 31, until: "2024-02-02T01:00:00Z" }))) as unknown;
  gc();
  let report = { workers: 0, groups: 0 };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const out = await simulateMany(input, { workers, onReport: (r) => { report = r; } });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const figure: SimulateFigure = {
    customers, perCustomer, workers, ms, invoices: out.invoices.length, webhooks: out.webhooks.length, groups: report.groups, threads: report.workers, load: load(),
    rssMb: Math.round(process.resourceUsage().maxRSS / 1024), cpuMs: (cpu.user + cpu.system) / 1000,
  };
  console.log(`FIGURE ${JSON.stringify(figure)}`);
}

// ---------------------------------------------------------------------------------------------

const one = process.env.RATECARD_SCALE_ONE;
if (one !== undefined) {
  const [part, a, b] = one.split(":");
  if (part === "pushdown") await pushdownOne(Number(a));
  else {
    const [customers, perCustomer] = a!.split("x").map(Number);
    await simulateOne(customers!, perCustomer!, Number(b));
  }
} else {
  const parts = (process.env.RATECARD_SCALE_PARTS ?? "pushdown,simulate").split(",");
  const heap = Math.min(20_000, Math.floor(os.totalmem() / 2 ** 20 * 0.8));
  const child = (arg: string, env: Obj = {}): string => {
    const r = spawnSync(process.execPath, [...process.execArgv, `--max-old-space-size=${heap}`, "--expose-gc", ...process.argv.slice(1)], {
      stdio: ["inherit", "pipe", "inherit"], encoding: "utf8", maxBuffer: 2 ** 26, env: { ...process.env, ...env, RATECARD_SCALE_ONE: arg },
    });
    if (r.status !== 0) {
      process.stdout.write(r.stdout ?? "");
      // Thrown, not exited: the throwaway cluster is stopped on the way out.
      process.exitCode = r.status ?? 1;
      throw new Error(`${arg} failed`);
    }
    return r.stdout;
  };
  console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, load average at start ${load()}`);
  if (parts.includes("pushdown")) {
    const given = process.env.RATECARD_SCALE_PG;
    const cluster = given === undefined ? startPostgres() : undefined;
    try {
      for (const n of (process.env.RATECARD_SCALE_EVENTS ?? "10000000").split(",").map(Number)) {
        process.stdout.write(child(`pushdown:${n}`, { RATECARD_SCALE_PG: given ?? cluster!.dir, RATECARD_SCALE_PGUSER: process.env.RATECARD_SCALE_PGUSER ?? cluster?.user ?? "postgres" }));
      }
    } finally {
      cluster?.stop();
    }
  }
  if (parts.includes("simulate")) {
    console.log("\n| customers × events each | events | invoices | webhooks | groups | 1 worker (simulate) | 2 workers | speed-up | CPU time, all threads (1 / 2) | peak RSS (1 / 2) | load average (1 / 2) |");
    console.log("|---|---|---|---|---|---|---|---|---|---|---|");
    for (const size of (process.env.RATECARD_SCALE_CUSTOMERS ?? "100000x5").split(",")) {
      const [c, e] = size.split("x").map(Number) as [number, number];
      const [f1, f2] = [1, 2].map((w) => {
        const line = child(`simulate:${c}x${e}:${w}`).split("\n").find((l) => l.startsWith("FIGURE "));
        return JSON.parse(line!.slice(7)) as SimulateFigure;
      }) as [SimulateFigure, SimulateFigure];
      console.log(`| ${c.toLocaleString("en")} × ${e} | ${(c * e).toLocaleString("en")} | ${f1.invoices.toLocaleString("en")} | ${f1.webhooks.toLocaleString("en")} | ${f2.groups.toLocaleString("en")} | ${seconds(f1.ms)} | ${seconds(f2.ms)} (${f2.threads} threads) | ${(f1.ms / f2.ms).toFixed(2)}× | ${seconds(f1.cpuMs)} / ${seconds(f2.cpuMs)} | ${(f1.rssMb / 1024).toFixed(1)} / ${(f2.rssMb / 1024).toFixed(1)} GB | ${f1.load} / ${f2.load} |`);
      if (f1.invoices !== f2.invoices || f1.webhooks !== f2.webhooks) throw new Error("1 and 2 workers disagree");
    }
  }
}
