/**
 * The split simulation equals one run (docs/scale.md, "Every core"): random timelines of
 * several customers (multiTimeline.ts), split into 1, 2 and 3 parts, replayed and merged in this
 * thread (`simulateSplit`, what each worker thread runs), give `simulate`'s output — deep-equal
 * and the same JSON text, byte for byte. Inputs the split declines (organization-wide steps,
 * wallets, alerts, thresholds) run in one piece; most timelines are split.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/json/simulate.js";
import { simulateSplit } from "../../src/parallel/inline.js";
import { multiArb, multiTimelineInput } from "./multiTimeline.js";

describe("simulateSplit: the split simulation is simulate", () => {
  it("gives simulate's output, byte for byte, in 1, 2 and 3 parts", () => {
    let runs = 0, split = 0;
    fc.assert(fc.property(multiArb, (m) => {
      const input = multiTimelineInput(m);
      const expected = simulate(input);
      const text = JSON.stringify(expected);
      runs++;
      let wasSplit = false;
      for (const parts of [1, 2, 3]) {
        // Parts send their webhooks and responses as they run (as workers do), in chunks of 1 and 5.
        const { output, report } = simulateSplit(input, parts, parts === 1 ? undefined : parts === 2 ? 1 : 5);
        if (JSON.stringify(output) !== text) expect.fail(`${parts} parts (${JSON.stringify(report)}): ${firstDifference(expected, output)}`);
        expect(output).toEqual(expected);
        if (report.reason === undefined && report.groups >= 2) wasSplit = true;
      }
      if (wasSplit) split++;
    }), { numRuns: Number(process.env["RATECARD_FUZZ_RUNS"] ?? 30) });
    // The property is about split runs: most of the random timelines must be split.
    expect(split).toBeGreaterThanOrEqual(runs / 4);
  });
});

/** Where two outputs first differ: the list, the index, the beginning of both items. */
function firstDifference(a: object, b: object): string {
  const x = a as Record<string, unknown[]>, y = b as Record<string, unknown[]>;
  for (const k of Object.keys(x)) {
    const p = x[k]!, q = y[k] ?? [];
    for (let i = 0; i < Math.max(p.length, q.length); i++) {
      const s = JSON.stringify(p[i]), t = JSON.stringify(q[i]);
      if (s !== t) return `${k}[${i}] (${p.length} vs ${q.length}):\n  expected ${s?.slice(0, 240)}\n  got      ${t?.slice(0, 240)}`;
    }
  }
  return "the key order";
}
