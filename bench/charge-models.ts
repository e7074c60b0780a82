/**
 * Evaluations per second of each charge model's exact fast path (`prepareCharge(...).scaled`)
 * over 1,000,000 seeded random unit values, against a straightforward big.js implementation
 * written here (tiers parsed once). Results are checked equal on every value while timing.
 *
 * Run: npm run bench:charges
 */
import Big from "big.js";
import { prepareCharge, type ChargeSpec, type PrepareContext } from "../src/index.js";
import { rng } from "./fixtures.js";

const N = 1_000_000;
const B = Big();
type Bg = Big.Big;


// Units: up to 1,000,000 with 0 to 4 decimals.
const rand = rng(20240601);
const mant = new Float64Array(N);
const scale = new Int32Array(N);
const bigs: Bg[] = [];
for (let i = 0; i < N; i++) {
  const s = Math.floor(rand() * 5);
  const m = Math.floor(rand() * 10 ** (6 + s));
  mant[i] = m;
  scale[i] = s;
  bigs.push(new B(m).div(10 ** s));
}

interface Case {
  readonly name: string;
  readonly charge: ChargeSpec;
  readonly context?: PrepareContext;
  readonly currency?: "EUR";
  readonly naive: (u: Bg) => Bg;
}

const tiers = (rows: [number, number | null, string, string][]) =>
  rows.map(([from, to, a, flat]) => ({ from_value: from, to_value: to, per_unit_amount: a, flat_amount: flat }));
const grad5 = tiers([
  [0, 100, "0.05", "1"],
  [101, 1000, "0.04", "2"],
  [1001, 10000, "0.03", "3"],
  [10001, 100000, "0.02", "4"],
  [100001, null, "0.0125", "5"],
]);
const parsedTiers = grad5.map((r) => ({
  from: new B(r.from_value),
  to: r.to_value === null ? null : new B(r.to_value),
  pua: new B(r.per_unit_amount),
  flat: new B(r.flat_amount),
}));
const pctTiers = grad5.map((r, i) => ({ from_value: r.from_value, to_value: r.to_value, rate: ["3", "2.5", "2", "1.5", "1"][i]!, flat_amount: r.flat_amount }));
const parsedPct = pctTiers.map((r, i) => ({ ...parsedTiers[i]!, rate: new B(r.rate) }));
const ZERO = new B(0);
const ONE = new B(1);
const HUNDRED = new B(100);
// Every constant of the naive implementations is parsed once, like the tiers.
const K = {
  std: new B("0.0125"), free: new B(100), size: new B(1000), pkg: new B("12.5"),
  pctFree: new B(250), rate: new B("1.3"), fixedTotal: new B(4), cents: new B("40.2"),
};

const cases: Case[] = [
  {
    name: "standard",
    charge: { charge_model: "standard", properties: { amount: "0.0125" } },
    naive: (u) => u.times(K.std),
  },
  {
    name: "graduated (5 tiers)",
    charge: { charge_model: "graduated", properties: { graduated_ranges: grad5 } },
    naive: (u) => {
      let total = ZERO;
      for (const r of parsedTiers) {
        const eff = r.to !== null && u.gte(r.to) ? r.to : u;
        const n = r.from.eq(ZERO) ? eff : eff.minus(r.from).plus(ONE);
        total = total.plus(n.times(r.pua)).plus(r.flat);
        if (r.to === null || r.to.gte(u)) break;
      }
      return total;
    },
  },
  {
    name: "graduated_percentage (5 tiers)",
    charge: { charge_model: "graduated_percentage", properties: { graduated_percentage_ranges: pctTiers } },
    naive: (u) => {
      let total = ZERO;
      for (const r of parsedPct) {
        const n =
          r.to !== null && u.gte(r.to) ? r.to.minus(r.from.eq(ZERO) ? ONE : r.from).plus(ONE) : r.from.eq(ZERO) ? u : u.minus(r.from).plus(ONE);
        total = total.plus(n.times(r.rate).div(HUNDRED)).plus(r.flat);
        if (r.to === null || r.to.gte(u)) break;
      }
      return total;
    },
  },
  {
    name: "package",
    charge: { charge_model: "package", properties: { amount: "12.5", package_size: 1000, free_units: 100 } },
    naive: (u) => {
      const paid = u.minus(K.free);
      return paid.lte(ZERO) ? ZERO : paid.div(K.size).round(0, Big.roundUp).times(K.pkg);
    },
  },
  {
    name: "percentage",
    charge: { charge_model: "percentage", properties: { rate: "1.3", fixed_amount: "2", free_units_per_events: 3, free_units_per_total_aggregation: "250" } },
    context: { events_count: 4, running_total: ["50", "150", "400"] },
    naive: (u) => {
      const pct = K.pctFree.gt(u) ? ZERO : u.minus(K.pctFree).times(K.rate).div(HUNDRED);
      return u.eq(ZERO) ? pct : pct.plus(K.fixedTotal);
    },
  },
  {
    name: "volume (5 tiers)",
    charge: { charge_model: "volume", properties: { volume_ranges: grad5 } },
    naive: (u) => {
      const c = u.round(0, Big.roundUp);
      const r = parsedTiers.find((t) => t.from.lte(c) && (t.to === null || u.lte(t.to)))!;
      return u.times(r.pua).plus(r.flat);
    },
  },
  {
    name: "dynamic",
    charge: { charge_model: "dynamic", properties: {} },
    context: { precise_total_amount_cents: "40.2" },
    currency: "EUR",
    naive: (u) => (u.eq(ZERO) ? ZERO : K.cents.div(HUNDRED)),
  },
];

function time(f: () => number): { ms: number; check: number } {
  let best = Number.POSITIVE_INFINITY;
  let check = 0;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    check = f();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, check };
}

console.log(`charge models: ${N.toLocaleString("en")} random unit values, node ${process.version}`);
console.log("model                           fast (M/s)   big.js (M/s)   ratio");
for (const c of cases) {
  const prepared = prepareCharge(c.charge, c.context ?? {}, c.currency ? { currency: c.currency } : {});
  const fast = prepared.scaled!;
  const out = new Array<number | bigint>(N);
  const naiveOut = new Array<Bg>(N);
  const f = time(() => {
    let k = 0;
    for (let i = 0; i < N; i++) {
      const r = fast.rate(mant[i]!, scale[i]!);
      out[i] = r;
      k += typeof r === "number" ? r & 1 : 1;
    }
    return k;
  });
  const n = time(() => {
    let k = 0;
    for (let i = 0; i < N; i++) {
      const r = c.naive(bigs[i]!);
      naiveOut[i] = r;
      k += r.c.length;
    }
    return k;
  });
  for (let i = 0; i < N; i++) {
    const want = naiveOut[i]!;
    const got = new B(String(out[i])).div(new B(10).pow(fast.amountScale(scale[i]!)));
    if (!got.eq(want)) throw new Error(`${c.name}: units ${bigs[i]!.toString()} fast ${got.toString()} big.js ${want.toString()}`);
  }
  const fastRate = N / f.ms / 1000;
  const naiveRate = N / n.ms / 1000;
  console.log(`${c.name.padEnd(32)}${fastRate.toFixed(2).padStart(10)}${naiveRate.toFixed(2).padStart(15)}${(fastRate / naiveRate).toFixed(1).padStart(8)}×`);
}
console.log("prorated graduated and percentage with per-transaction min/max have no fast path (Decimal models).");
