/**
 * `ratecard/parallel` on real worker threads: the entry point built as the package builds it
 * (tsup, ESM; the threads run the built worker script), on random timelines of several
 * customers with 1, 2 and 3 workers — the output is `simulate`'s, deep-equal and byte for
 * byte — and `rateMany` against `map`. Few runs: each starts threads; the split itself is
 * property-tested in this thread (simulateSplit.prop.test.ts).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { build } from "tsup";
import { beforeAll, describe, expect, it } from "vitest";
import { applyChargeModel } from "../../src/json/applyChargeModel.js";
import { simulate } from "../../src/json/simulate.js";
import { ValidationError } from "../../src/core/issue.js";
import type * as Parallel from "../../src/parallel/index.js";
import { multiArb, multiTimelineInput } from "./multiTimeline.js";

const ROOT = path.resolve(__dirname, "../..");
// Inside the repository, so that the build finds its dependencies in node_modules.
const OUT = path.join(ROOT, ".test-build-parallel");
let parallel: typeof Parallel;

beforeAll(async () => {
  await build({
    entry: { "parallel/index": path.join(ROOT, "src/parallel/index.ts"), "parallel/worker": path.join(ROOT, "src/parallel/worker.ts") },
    format: ["esm"], splitting: true, outDir: OUT, dts: false, silent: true, target: "node20", clean: true, config: false,
  });
  parallel = (await import(pathToFileURL(path.join(OUT, "parallel/index.js")).href)) as typeof Parallel;
}, 120_000);

describe("simulateMany on worker threads", () => {
  it("gives simulate's output, byte for byte, with 1, 2 and 3 workers", async () => {
    let threaded = 0;
    await fc.assert(fc.asyncProperty(multiArb, async (m) => {
      const input = multiTimelineInput(m);
      const expected = simulate(input);
      for (const workers of [1, 2, 3]) {
        let report: Parallel.SimulateManyReport | undefined;
        const out = await parallel.simulateMany(input, { workers, onReport: (r) => { report = r; } });
        expect(JSON.stringify(out)).toBe(JSON.stringify(expected));
        expect(out).toEqual(expected);
        if (report!.workers >= 2) threaded++;
      }
    }), { numRuns: 6, seed: 13 });
    expect(threaded).toBeGreaterThan(0);
  }, 120_000);

  it("rejects with simulate's ValidationError", async () => {
    await expect(parallel.simulateMany({ steps: "nope" }, { workers: 2 })).rejects.toMatchObject({ name: "ValidationError", error_details: { steps: ["invalid_type"] } });
  });
});

describe("rateMany", () => {
  const input = (amount: string, units: string): unknown => ({ charge: { charge_model: "standard", properties: { amount } }, aggregation: { units } });

  it("answers as map, in the inputs' order, with any number of workers", async () => {
    const inputs = Array.from({ length: 7 }, (_, i) => input(String(i + 1), String(i * 3)));
    const expected = inputs.map((x) => applyChargeModel(x));
    for (const workers of [0, 1, 2, 3]) expect(await parallel.rateMany("applyChargeModel", inputs, { workers })).toEqual(expected);
  }, 60_000);

  it("rejects with the error of the first input that throws, as a ValidationError", async () => {
    const inputs = [input("1", "1"), input("1", "1"), input("x", "1"), input("1", "1"), input("1", "y")];
    const err = await parallel.rateMany("applyChargeModel", inputs, { workers: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    let direct: unknown;
    try {
      applyChargeModel(inputs[2]);
    } catch (e) {
      direct = e;
    }
    expect((err as ValidationError).error_details).toEqual((direct as ValidationError).error_details);
  }, 60_000);
});
