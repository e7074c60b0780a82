/**
 * Random timelines of several customers for the parallel simulation's tests: the simulator
 * property tests' single-customer timelines (test/properties/timelineArbitraries.ts), one per
 * customer, renamed (`c1` → `cN`, `s1` → `sN`, transaction ids), merged in time order on one
 * catalog. A `$ref` to "the last invoice" becomes the id of the customer's n-th invoice (ids are
 * name-based), a fee reference an id that names no fee. Organization-wide steps (price changes,
 * cascades), wallets, alerts and usage thresholds are kept in a few timelines only: the split
 * runs those in one piece, and the tests check it does so.
 */
import fc from "fast-check";
import { stableId } from "../../src/core/ids.js";
import { inputArb, opArb, type Obj, type TimelineSeed, timelineInput } from "../properties/timelineArbitraries.js";

const ORGANIZATION_WIDE = new Set(["price", "cascade", "alert", "wallet", "read_wallet"]);

export const multiArb = fc.record({
  seed: inputArb,
  /** Each customer's calls (the first customer's are the seed's). */
  others: fc.array(fc.array(opArb, { maxLength: 10 }), { minLength: 1, maxLength: 3 }),
  /** Keep the organization-wide calls, wallets and alerts (the split then declines). */
  wide: fc.constantFrom(false, false, false, false, true),
  thresholds: fc.constantFrom(false, false, false, false, true),
  /** Which invoice of the customer a reference to "the last one" becomes. */
  invoiceNo: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 16, maxLength: 16 }),
  /** Hours by which each customer's first calls are shifted (customers created at different instants). */
  shift: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
});
export type MultiSeed = typeof multiArb extends fc.Arbitrary<infer T> ? T : never;

/** Replaces ids in a step body for customer `n`. */
function rename(x: unknown, n: number, refs: { i: number; no: readonly number[] }): unknown {
  if (Array.isArray(x)) return x.map((v) => rename(v, n, refs));
  if (typeof x === "string") return x === "c1" ? `c${n}` : x === "s1" ? `s${n}` : /^t\d+$/.test(x) ? `c${n}-${x}` : x;
  if (typeof x !== "object" || x === null) return x;
  const o = x as Obj;
  if (o["$ref"] !== undefined) {
    const r = o["$ref"] as Obj;
    if (r["fee"] !== undefined) return "fee-that-does-not-exist";
    return stableId("invoice", `c${n}`, refs.no[refs.i++ % refs.no.length]!);
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rename(v, n, refs)]));
}

export function multiTimelineInput(m: MultiSeed): Obj {
  const seeds: TimelineSeed[] = [m.seed, ...m.others.map((ops) => ({ ...m.seed, ops }))].map((s) => ({
    ...s, thresholds: m.thresholds, ops: m.wide ? s.ops : s.ops.filter((o) => !ORGANIZATION_WIDE.has(o.k)),
  }));
  const base = timelineInput(seeds[0]!);
  const refs = { i: 0, no: m.invoiceNo };
  const steps: Obj[] = [];
  seeds.forEach((seed, i) => {
    const n = i + 1;
    const shift = m.shift[i]! * 3_600_000;
    for (const s of timelineInput(seed)["steps"] as Obj[]) {
      // The first calls (day 0, hour 0) move by the customer's shift; the timed ones keep their instant.
      const at = Date.parse(s["at"] as string);
      const moved = at % 86_400_000 === 0 && at === Date.UTC(2024, 0, 15) ? at + shift : at;
      steps.push({ at: new Date(moved).toISOString(), op: s["op"], body: rename(s["body"], n, refs) });
    }
  });
  // In time order; at one instant, by customer (a stable sort of the customers' lists in turn).
  steps.sort((a, b) => Date.parse(a["at"] as string) - Date.parse(b["at"] as string));
  return { ...base, steps };
}
