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
import { billingTimeline } from "./fixtures.js";

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

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

/**
 * `x` as a caller's request gives it: through JSON text, one step at a time (a timeline of
 * 10,000,000 events is beyond V8's longest string), each generated step dropped once copied.
 */
function throughJson(x: Record<string, unknown> & { steps: unknown[] }): Input {
  const { steps, ...rest } = x;
  const out = JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
  const copied: unknown[] = new Array(steps.length);
  for (let i = 0; i < steps.length; i++) {
    copied[i] = JSON.parse(JSON.stringify(steps[i]));
    steps[i] = null;
  }
  out["steps"] = copied;
  return out as unknown as Input;
}

function runOne(customers: number, perCustomer: number): void {
  const input = throughJson(billingTimeline(customers, perCustomer, 7, { days: 365, until: "2025-01-01T01:00:00Z", alerts: process.env.RATECARD_BENCH_ALERTS !== undefined }) as unknown as Record<string, unknown> & { steps: unknown[] });
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
  const cpu0 = process.cpuUsage();
  const invoices = simulate(input).invoices.length;
  const ms = performance.now() - t0;
  // CPU time of the process over the call (the garbage collector's helper threads included):
  // steadier than wall time when other jobs share the host, so builds compare on it.
  const cpu = process.cpuUsage(cpu0);
  if (session !== undefined) session.post("Profiler.stop", (err, res) => { if (err === null) writeFileSync(profile!, JSON.stringify(res.profile)); });
  // The input stays alive to here (the state referenced its strings and properties).
  if (input.steps.length === 0) console.log("");
  const rate = (n: number): string => Math.round(n / (ms / 1000)).toLocaleString("en");
  const perEvent = (bytes: number): string => `${Math.round(bytes / events)} B`;
  console.log(`| ${customers.toLocaleString("en")} × ${perCustomer.toLocaleString("en")} | ${events.toLocaleString("en")} | ${invoices.toLocaleString("en")} | ${(ms / 1000).toFixed(2)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s | ${rate(events)} | ${rate(invoices)} | ${(naiveMs / 1000).toFixed(2)} s | ${(ms / naiveMs).toFixed(1)}× | ${perEvent(state - before)} | ${perEvent(withResponses - before)} |`);
}

const one = process.env.RATECARD_BENCH_ONE;
if (one !== undefined) {
  const [c, e] = one.split("x").map(Number) as [number, number];
  runOne(c, e);
} else {
  const sizes = (process.env.RATECARD_BENCH_SIZES ?? "10x1000,100x1000,100x10000,1000x1000").split(",");
  const heap = Math.max(4096, Math.min(20_000, Math.floor(getHeapStatistics().total_available_size / 2 ** 20) * 4));
  console.log("| customers × events each | events | invoices | simulate | CPU | events/s | invoices/s | naive big.js read+sum | simulate / naive | state per event | state + responses per event |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const size of sizes) {
    const r = spawnSync(process.execPath, [...process.execArgv, `--max-old-space-size=${heap}`, "--expose-gc", ...process.argv.slice(1)], {
      stdio: "inherit", env: { ...process.env, RATECARD_BENCH_ONE: size },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
