/**
 * The JSON entry point's throughput: `npx tsx bench/json-aggregate.ts`.
 *
 * 1,000,000 seeded raw JSON events (ISO timestamps, transaction ids, a `value` property
 * as text) through `aggregate()`, a sum metric (which returns `event_values`), events in
 * time order (the usual case) and shuffled, ungrouped and grouped by `region`. Includes
 * validation, timestamp parsing, dedupe and the per-event values as decimal strings.
 * The events go through `JSON.parse(JSON.stringify(…))` first, so that their strings are the
 * flat strings a parsed request holds (a `replace()` result is a rope, slow to read).
 * Each case is checked against a naive big.js sum. Best of 10 after 5 untimed runs, a GC and a pause.
 */
import Big from "big.js";
// The built package, as users call it (`npm run bench:json` builds it first; the sources run
// through tsx read every imported binding through a getter, which costs in hot loops).
const DIST: string = "../dist/index.js";
type Aggregate = (input: unknown) => { units: string; event_values?: string[] };
const { aggregate, aggregateColumns } = (await import(DIST)) as { aggregate: Aggregate; aggregateColumns: Aggregate };
import { bestOf, rng } from "./fixtures.js";

/**
 * Best of 10 after 5 untimed runs, for the engine and the naive loop alike: a call over 300 k
 * events runs a few times before V8 has optimized its loops, and the best of the first five
 * measured that rather than the steady state a service calling it repeatedly sees.
 */
async function time<T>(f: () => T, runs: number): Promise<{ ms: number; value: T }> {
  for (let k = 0; k < 5; k++) f();
  return bestOf(f, runs);
}

const N = Number(process.env.RATECARD_BENCH_SIZES ?? "1000000");
const FROM = Date.UTC(2024, 2, 1);

function generate(n: number, seed: number, shuffled: boolean): Record<string, unknown>[] {
  const r = rng(seed);
  const pool = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? String(i) : i % 3 === 1 ? (i / 10).toFixed(1) : (i / 100).toFixed(2)));
  const regions = ["eu", "us", "apac", "latam"];
  const step = Math.floor((31 * 86_400_000) / n);
  const order = Array.from({ length: n }, (_, i) => i);
  if (shuffled) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  // Objects created in array order (as JSON.parse creates them), whatever their timestamps.
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const ms = FROM + order[i]! * step;
    out.push({
      transaction_id: `tx_${i}`,
      code: "api",
      timestamp: new Date(ms - (ms % 1000)).toISOString().replace(".000Z", "Z"),
      properties: { value: pool[Math.floor(r() * pool.length)]!, region: regions[Math.floor(r() * regions.length)]! },
    });
  }
  // Through JSON text, so strings and objects are what `JSON.parse` gives a real caller (flat strings).
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>[];
}


const metric = { code: "api", aggregation_type: "sum_agg", field_name: "value" };
const base = { billable_metric: metric, from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" };
const rate = (ms: number): string => `${(N / ms / 1000).toFixed(2)} M/s`;
/** The naive loop the issue measures against: every event object read once, its value summed with big.js. */
const naiveSum = (events: readonly Record<string, unknown>[]): string =>
  events.reduce((acc, e) => acc.plus((e["properties"] as { value: string }).value), new Big(0)).toFixed();
for (const shuffled of [false, true]) {
  const events = generate(N, 42, shuffled);
  const naiveRun = await time(() => naiveSum(events), 10);
  const naive = naiveRun.value;
  for (const grouped of [false, true]) {
    const input = { ...base, events, ...(grouped ? { grouped_by: ["region"] } : {}) };
    const { ms, value } = await time(() => aggregate(input), 10);
    const ok = value.units === naive && value.event_values?.length === N;
    console.log(`sum + event_values, ${shuffled ? "shuffled" : "in order"}${grouped ? ", grouped by region" : ""}: ${rate(ms)} (${ms.toFixed(0)} ms) ${ok ? "= naive" : "≠ NAIVE"}; naive big.js loop ${rate(naiveRun.ms)} (${naiveRun.ms.toFixed(0)} ms): ${(naiveRun.ms / ms).toFixed(2)}× naive`);
    // The same events as columns (aggregateColumns), built outside the timing as a bulk caller holds them.
    const props = events.map((e) => e["properties"] as Record<string, unknown>);
    const columns = {
      transaction_id: events.map((e) => e["transaction_id"]), timestamp: events.map((e) => e["timestamp"]), code: "api",
      properties: { value: props.map((p) => p["value"]), region: props.map((p) => p["region"]) },
    };
    const colInput = { ...base, columns, ...(grouped ? { grouped_by: ["region"] } : {}) };
    const col = await time(() => aggregateColumns(colInput), 10);
    const colOk = col.value.units === naive && col.value.event_values?.length === N;
    console.log(`  the same as columns (aggregateColumns): ${rate(col.ms)} (${col.ms.toFixed(0)} ms) ${colOk ? "= naive" : "≠ NAIVE"}: ${(naiveRun.ms / col.ms).toFixed(2)}× naive`);
  }
}
