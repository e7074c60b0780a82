/**
 * The JSON `applyChargeModel` on a repeated charge: `npm run bench:json-charge`.
 *
 * A 5-tier graduated charge priced for 1,000 unit values, again and again (a price list priced
 * many times, as a backend does), against a naive big.js loop over the same tiers in the same
 * run. Prints calls/s of both and the ratio; best of 5 rounds of about a second.
 */
import Big from "big.js";
// The built package, as users call it (`npm run bench:json` builds it first; the sources run
// through tsx read every imported binding through a getter, which costs in hot loops).
const DIST: string = "../dist/index.js";
const { applyChargeModel } = (await import(DIST)) as { applyChargeModel: (input: unknown) => { amount: string } };
import { bestOf } from "./fixtures.js";

const PRICES = ["0.5", "0.4", "0.3", "0.2", "0.1"];
const ranges = [0, 100, 1000, 10000, 100000].map((f, i, a) => ({ from_value: f, to_value: a[i + 1] ?? null, per_unit_amount: PRICES[i]!, flat_amount: "0" }));
const charge = { charge_model: "graduated", properties: { graduated_ranges: ranges } };
const units = Array.from({ length: 1000 }, (_, i) => String((i * 137) % 200000));

/** Adjacent tiers priced with big.js, naively (no validation, no details). */
function naive(u: string): string {
  let rest = new Big(u);
  let amount = new Big(0);
  for (const r of ranges) {
    if (rest.lte(0)) break;
    const width = r.to_value === null ? rest : new Big(r.to_value).minus(r.from_value);
    const take = rest.lt(width) ? rest : width;
    amount = amount.plus(take.times(r.per_unit_amount));
    rest = rest.minus(take);
  }
  return amount.toString();
}

const ROUNDS = 200;
const run = (f: (u: string) => string) => () => {
  let last = "";
  for (let k = 0; k < ROUNDS; k++) for (const u of units) last = f(u);
  return last;
};
const calls = ROUNDS * units.length;
const n = await bestOf(run(naive), 5);
const j = await bestOf(run((u) => applyChargeModel({ charge, aggregation: { units: u } }).amount), 5);
const perSec = (ms: number): string => `${Math.round(calls / (ms / 1000)).toLocaleString("en")} calls/s`;
for (const u of units) if (naive(u) !== applyChargeModel({ charge, aggregation: { units: u } }).amount) throw new Error(`mismatch at ${u}`);
console.log(`applyChargeModel (JSON), 5-tier graduated, repeated charge: ${perSec(j.ms)}; naive big.js loop ${perSec(n.ms)}: ${(n.ms / j.ms).toFixed(2)}× naive`);
