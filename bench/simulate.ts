/**
 * Simulator throughput: `npm run bench:simulate` (sizes: RATECARD_BENCH_SIZES, e.g. `1000x10000`).
 *
 * A seeded year of monthly billing: customers on two plans (a graduated sum charge with a
 * filter and a grouped count charge, 20 % tax, a coupon on a quarter of them), one
 * subscription each, events spread over the year and sent in hourly `create_events` batches.
 * Each size runs in its own process (a fresh heap: sizes do not inflate each other), on an
 * input that went through `JSON.stringify`/`JSON.parse` as a caller's request does (its
 * objects laid out in reading order, its strings flat). In the same process, before the
 * simulation, a naive big.js loop reads every event of the input once and sums its value —
 * the floor of any engine that reads the events — and the table gives the ratio.
 *
 * Memory: heap retained per event after the replay (the engine's state: event columns, the
 * dedupe tables, invoices, without the input and without the per-step responses, whose event
 * echoes are output), and the whole result per event.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { getHeapStatistics } from "node:v8";
import Big from "big.js";
import { prepareSimulation } from "../src/simulator/simulate.js";
// Timed: the built package, as users call it (`npm run bench:simulate` builds it first; the
// sources run through tsx carry esbuild's `__name` wrapper on every closure, which costs
// microseconds per aggregation). A path the type check does not follow: dist/ may not exist yet.
const DIST: string = "../dist/index.js";
const { simulate } = (await import(DIST)) as { simulate: (input: unknown) => { invoices: unknown[] } };
import { rng } from "./fixtures.js";

const YEAR = Date.UTC(2024, 0, 1);
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

function timeline(customers: number, eventsPerCustomer: number, seed: number): unknown {
  const r = rng(seed);
  const steps: unknown[] = [];
  for (let c = 0; c < customers; c++) {
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: `c${c}`, currency: "EUR", timezone: c % 2 === 0 ? "Europe/Paris" : "America/New_York" } });
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: `c${c}`, external_id: `s${c}`, plan_code: c % 3 === 0 ? "pro" : "basic", billing_time: c % 2 === 0 ? "calendar" : "anniversary" } });
    if (c % 4 === 0) steps.push({ at: "2024-01-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: `c${c}`, coupon_code: "welcome" } });
    // RATECARD_BENCH_ALERTS=1: a usage alert on every subscription (its usage is evaluated after each event step).
    if (process.env.RATECARD_BENCH_ALERTS !== undefined) steps.push({ at: "2024-01-01T00:00:00Z", op: "create_alert", body: { external_subscription_id: `s${c}`, alert_type: "current_usage_amount", code: "spend", thresholds: [{ value: "50" }, { value: "100000" }] } });
  }
  const events: { at: number; body: unknown }[] = [];
  for (let c = 0; c < customers; c++) {
    for (let i = 0; i < eventsPerCustomer; i++) {
      const at = YEAR + Math.floor(r() * 365 * 86_400_000);
      const storage = r() < 0.5;
      events.push({
        at,
        body: storage
          ? { transaction_id: `c${c}-${i}`, code: "storage", external_subscription_id: `s${c}`, timestamp: new Date(at).toISOString(), properties: { gb: (r() * 10).toFixed(2), region: r() < 0.5 ? "eu" : "us" } }
          : { transaction_id: `c${c}-${i}`, code: "calls", external_subscription_id: `s${c}`, timestamp: new Date(at).toISOString(), properties: { workspace: `w${Math.floor(r() * 5)}` } },
      });
    }
  }
  events.sort((a, b) => a.at - b.at);
  // One create_events step per hour of events (as a gateway would batch them).
  let batch: unknown[] = [];
  let hour = -1;
  for (const e of events) {
    const h = Math.floor(e.at / 3_600_000);
    if (h !== hour && batch.length > 0) {
      steps.push({ at: new Date(hour * 3_600_000 + 3_599_000).toISOString(), op: "create_events", body: { events: batch } });
      batch = [];
    }
    hour = h;
    batch.push(e.body);
  }
  if (batch.length > 0) steps.push({ at: new Date(hour * 3_600_000 + 3_599_000).toISOString(), op: "create_events", body: { events: batch } });
  return {
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"] },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    billable_metrics: [
      { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb", filters: [{ key: "region", values: ["eu", "us"] }] },
      { code: "calls", name: "Calls", aggregation_type: "count_agg" },
    ],
    coupons: [{ code: "welcome", name: "Welcome", coupon_type: "fixed_amount", amount_cents: 1000, amount_currency: "EUR", frequency: "recurring", frequency_duration: 3 }],
    plans: ["basic", "pro"].map((code, k) => ({
      code, name: code, interval: "monthly", amount_cents: 1900 + k * 3000, amount_currency: "EUR",
      charges: [
        { billable_metric_code: "storage", charge_model: "graduated", properties: { graduated_ranges: [
          { from_value: 0, to_value: 10, per_unit_amount: "0", flat_amount: "0" },
          { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "1" }] },
          filters: [{ values: { region: ["eu"] }, properties: { graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "0.30", flat_amount: "0" }] } }] },
        { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.01", pricing_group_keys: ["workspace"] } },
      ],
    })),
    steps,
    until: "2025-01-01T01:00:00Z",
  };
}

type Input = { steps: { op: string; body: { events?: { properties: Record<string, string> }[] } }[] };

/** The naive loop: every event of the input read once, its value summed with big.js (refusing what the engine refuses). */
function naiveSum(input: Input): string {
  let acc = new Big(0);
  for (const s of input.steps) {
    if (s.op !== "create_events") continue;
    for (const e of s.body.events!) {
      const v = e.properties["gb"];
      if (v !== undefined && /^-?\d+(\.\d+)?$/.test(v)) acc = acc.plus(v);
    }
  }
  return acc.toFixed();
}

function runOne(customers: number, perCustomer: number): void {
  const input = JSON.parse(JSON.stringify(timeline(customers, perCustomer, 7))) as Input;
  const dbg = (label: string): void => { if (process.env.RATECARD_BENCH_DEBUG) { gc(); console.log(label, Math.round(process.memoryUsage().heapUsed / 2 ** 20), "MB"); } };
  dbg("input");
  const events = customers * perCustomer;
  gc();
  let t0 = performance.now();
  naiveSum(input);
  const naiveMs = performance.now() - t0;
  // Memory, untimed, from the sources: the state after the replay, with and without the responses.
  gc();
  gc();
  const skipMemory = process.env.RATECARD_BENCH_NO_MEMORY !== undefined; // for CPU profiles of the timed run alone
  const before = process.memoryUsage().heapUsed;
  let prepared: ReturnType<typeof prepareSimulation> | null = skipMemory ? null : prepareSimulation(input);
  dbg("prepared");
  prepared?.sim.replay(prepared.steps, prepared.until);
  dbg("replayed");
  gc();
  const withResponses = process.memoryUsage().heapUsed;
  // The state without the responses (their event echoes are output): dropped for good, then measured.
  if (prepared !== null) prepared.sim.responses.length = 0;
  gc();
  const state = process.memoryUsage().heapUsed;
  prepared = null;
  gc();
  gc();
  // Timed: the built package on the same input (RATECARD_BENCH_PROFILE=FILE writes a CPU profile of this run alone).
  const profile = process.env.RATECARD_BENCH_PROFILE;
  const session = profile === undefined ? undefined : new Session();
  if (session !== undefined) {
    session.connect();
    session.post("Profiler.enable");
    session.post("Profiler.start");
  }
  t0 = performance.now();
  const invoices = simulate(input).invoices.length;
  const ms = performance.now() - t0;
  if (session !== undefined) session.post("Profiler.stop", (err, res) => { if (err === null) writeFileSync(profile!, JSON.stringify(res.profile)); });
  // The input stays alive to here (the state referenced its strings and properties).
  if (input.steps.length === 0) console.log("");
  const rate = (n: number): string => Math.round(n / (ms / 1000)).toLocaleString("en");
  const perEvent = (bytes: number): string => `${Math.round(bytes / events)} B`;
  console.log(`| ${customers.toLocaleString("en")} × ${perCustomer.toLocaleString("en")} | ${events.toLocaleString("en")} | ${invoices.toLocaleString("en")} | ${(ms / 1000).toFixed(2)} s | ${rate(events)} | ${rate(invoices)} | ${(naiveMs / 1000).toFixed(2)} s | ${(ms / naiveMs).toFixed(1)}× | ${perEvent(state - before)} | ${perEvent(withResponses - before)} |`);
}

const one = process.env.RATECARD_BENCH_ONE;
if (one !== undefined) {
  const [c, e] = one.split("x").map(Number) as [number, number];
  runOne(c, e);
} else {
  const sizes = (process.env.RATECARD_BENCH_SIZES ?? "10x1000,100x1000,100x10000,1000x1000").split(",");
  const heap = Math.max(4096, Math.min(20_000, Math.floor(getHeapStatistics().total_available_size / 2 ** 20) * 4));
  console.log("| customers × events each | events | invoices | simulate | events/s | invoices/s | naive big.js read+sum | simulate / naive | state per event | state + responses per event |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const size of sizes) {
    const r = spawnSync(process.execPath, [...process.execArgv, `--max-old-space-size=${heap}`, "--expose-gc", ...process.argv.slice(1)], {
      stdio: "inherit", env: { ...process.env, RATECARD_BENCH_ONE: size },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
