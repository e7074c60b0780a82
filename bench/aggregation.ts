/**
 * Aggregation throughput: `npm run bench:aggregation`.
 *
 * Seeded events (1e6 and 1e7), each aggregation type straight from event objects and
 * from a columnar batch, a property filter and a two-key group-by, against a naive
 * big.js loop in the same run. Every fast result is checked against the naive one.
 * Needs a large heap for 1e7 event objects: it re-runs itself with one if needed.
 */
import { spawnSync } from "node:child_process";
import { getHeapStatistics } from "node:v8";
import Big from "big.js";
import {
  type AggregationWindow, type BillableMetric, type UsageEvent, aggregateBatch, aggregateEvents, buildEventBatch,
} from "../src/aggregation/index.js";
import type { Instant } from "../src/core/instant.js";
import { bestOf as time, rng } from "./fixtures.js";

if (getHeapStatistics().heap_size_limit < 12 * 2 ** 30 && process.env.RATECARD_BENCH_CHILD === undefined) {
  const r = spawnSync(process.execPath, [...process.execArgv, "--max-old-space-size=16384", "--expose-gc", ...process.argv.slice(1)], {
    stdio: "inherit", env: { ...process.env, RATECARD_BENCH_CHILD: "1" },
  });
  process.exit(r.status ?? 1);
}

const SIZES = (process.env.RATECARD_BENCH_SIZES ?? "1000000,10000000").split(",").map(Number);
const FROM = Date.UTC(2024, 2, 1);
const TO = Date.UTC(2024, 3, 1) - 1;


/**
 * Values: integers and 1–2 decimal amounts (a pool, as real traffic repeats values) as
 * texts; for `values: "numbers"` the same as JSON numbers; for `"doubles"`, the text of a
 * random double (17 significant digits, what a float computed by the sender looks like).
 */
type Values = "texts" | "numbers" | "doubles";
function generate(n: number, seed: number, values: Values = "texts"): UsageEvent[] {
  const r = rng(seed);
  const texts = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? String(i) : i % 3 === 1 ? (i / 10).toFixed(1) : (i / 100).toFixed(2)));
  const pool: readonly (string | number)[] = values === "numbers" ? texts.map(Number)
    : values === "doubles" ? Array.from({ length: 10_000 }, () => String(r() * 1000)) : texts;
  const regions = ["eu", "us", "apac", "latam"];
  const clouds = ["aws", "gcp", "azure"];
  const users = Array.from({ length: 100_000 }, (_, i) => `user_${i}`);
  const out: UsageEvent[] = []; // push, not new Array(n): a large preallocated array starts in dictionary mode
  for (let i = 0; i < n; i++) {
    out.push({
      transaction_id: `tx_${i}`,
      code: r() < 0.9 ? "api" : "other",
      timestamp: (FROM - 86_400_000 + Math.floor(r() * 33 * 86_400_000)) as Instant,
      properties: {
        value: pool[Math.floor(r() * pool.length)]!,
        region: regions[Math.floor(r() * regions.length)]!,
        cloud: clouds[Math.floor(r() * clouds.length)]!,
        user: users[Math.floor(r() * users.length)]!,
      },
      seq: i,
    });
  }
  return out;
}

const metric = (aggregation_type: BillableMetric["aggregation_type"], field_name = "value"): BillableMetric =>
  ({ code: "api", aggregation_type, field_name });
const WINDOW: AggregationWindow = { from: FROM as Instant, to: TO as Instant };
const CASES: { name: string; metric: BillableMetric; window: AggregationWindow }[] = [
  { name: "count", metric: metric("count_agg"), window: WINDOW },
  { name: "sum", metric: metric("sum_agg"), window: WINDOW },
  { name: "max", metric: metric("max_agg"), window: WINDOW },
  { name: "latest", metric: metric("latest_agg"), window: WINDOW },
  { name: "unique_count", metric: metric("unique_count_agg", "user"), window: WINDOW },
  { name: "weighted_sum", metric: metric("weighted_sum_agg"), window: WINDOW },
  { name: "sum + filter", metric: metric("sum_agg"), window: { ...WINDOW, filters: { region: ["eu", "us"] } } },
  { name: "sum + 2-key group-by", metric: metric("sum_agg"), window: { ...WINDOW, grouped_by: ["region", "cloud"] } },
];



/**
 * The straightforward big.js implementation: per event, the code and window checks, the
 * property read and `acc = acc.plus(value)`. The pattern test keeps its result the
 * engine's (big.js alone would also take "1e3" or ".5"); it costs about 12 % of the loop.
 */
function naiveSum(events: readonly UsageEvent[], w: AggregationWindow): string {
  let acc = new Big(0);
  for (const e of events) {
    if (e.code !== "api" || e.timestamp < w.from || e.timestamp > w.to) continue;
    const v = e.properties["value"];
    if (typeof v === "number" ? Number.isFinite(v) : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) acc = acc.plus(v as string);
  }
  return acc.toFixed();
}

const rate = (n: number, ms: number): string => `${(n / ms / 1000).toFixed(1)} M/s`;
const rows: string[] = [];
for (const n of SIZES) {
  const t0 = performance.now();
  const events = generate(n, 42);
  console.log(`\n# ${n.toLocaleString("en")} events (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const runs = n <= 1_000_000 ? 10 : 3;
  const settle = n >= 10_000_000 ? 2000 : 300;
  const naive = await time(() => naiveSum(events, WINDOW), 3, settle); // best of 3, like the others: warmed up
  console.log(`naive big.js sum: ${rate(n, naive.ms)}`);
  rows.push(`| ${n.toExponential(0)} | naive big.js loop | sum | ${rate(n, naive.ms)} | 1× |`);
  const tb = performance.now();
  const batch = buildEventBatch(metric("sum_agg"), events, ["region", "cloud"]);
  const ucBatch = buildEventBatch(metric("unique_count_agg", "user"), events, ["region", "cloud"]);
  const buildMs = performance.now() - tb;
  const bytes = [batch.timestamps, batch.codes.codes, batch.values!, batch.txHashes, batch.keys["region"]!.codes, batch.keys["cloud"]!.codes]
    .reduce((a, x) => a + x.byteLength, 0) / batch.length;
  console.log(`columnar build (two batches): ${((buildMs / 1000)).toFixed(1)} s, sum batch ${bytes.toFixed(1)} bytes/event`);
  for (const c of CASES) {
    const obj = await time(() => aggregateEvents(c.metric, events, c.window), runs, settle);
    const b = c.metric.aggregation_type === "unique_count_agg" ? ucBatch : buildEventBatchFor(c.metric, batch);
    const col = await time(() => aggregateBatch(b, c.window), runs, settle);
    const same = JSON.stringify(obj.value) === JSON.stringify(col.value);
    const check = c.name === "sum" ? (obj.value.units.toFixed() === naive.value ? "= naive" : "≠ NAIVE") : "";
    console.log(`${c.name.padEnd(22)} object ${rate(n, obj.ms).padStart(11)}   columnar ${rate(n, col.ms).padStart(11)}   ${same ? "same" : "DIFFERENT"} ${check}`);
    rows.push(`| ${n.toExponential(0)} | ${c.name} | object / columnar | ${rate(n, obj.ms)} / ${rate(n, col.ms)} | ${(naive.ms / obj.ms).toFixed(0)}× / ${(naive.ms / col.ms).toFixed(0)}× |`);
  }
}
// Other value shapes, sum only, 1e6 events: JSON numbers, and 17-significant-digit texts.
for (const values of ["numbers", "doubles"] as const) {
  const n = 1_000_000;
  const events = generate(n, 7, values);
  const naive = await time(() => naiveSum(events, WINDOW), 3);
  const obj = await time(() => aggregateEvents(metric("sum_agg"), events, WINDOW), 10);
  const check = obj.value.units.toFixed() === naive.value ? "= naive" : "≠ NAIVE";
  console.log(`\n# values as ${values}: naive ${rate(n, naive.ms)}, object sum ${rate(n, obj.ms)} ${check}`);
  rows.push(`| 1e+6 | sum, values as ${values} | naive / object | ${rate(n, naive.ms)} / ${rate(n, obj.ms)} | ${(naive.ms / obj.ms).toFixed(0)}× |`);
}
console.log(`\n| events | case | path | rate | vs naive |\n|---|---|---|---|---|\n${rows.join("\n")}`);

/** The sum batch serves every numeric metric of the same field: only the metric differs. */
function buildEventBatchFor(m: BillableMetric, b: ReturnType<typeof buildEventBatch>): ReturnType<typeof buildEventBatch> {
  return { ...b, metric: m };
}
