import fc from "fast-check";
import { vi } from "vitest";
import { setInvariantChecks } from "../src/simulator/invariants.js";

// The simulator asserts its invariants in every test that runs it (src/simulator/invariants.ts).
setInvariantChecks(true);

// Property runs: a quick default locally, more under CI.
fc.configureGlobal({ numRuns: process.env.CI ? 300 : 100 });

// RATECARD_RECORD_SIMULATE=DIR: every simulate call of the suite is recorded as a line
// {input hash, output hash} in DIR (a refactoring aid: compare two runs with
// scripts/compare-simulate-records.ts). Off by default.
const recordDir = process.env.RATECARD_RECORD_SIMULATE;
if (recordDir) {
  // The same random inputs in both runs, so that their records can be compared.
  fc.configureGlobal({ numRuns: 100, seed: Number(process.env.RATECARD_SEED ?? 7) });
  vi.doMock("../src/json/simulate.ts", async (importOriginal) => {
    const original = await importOriginal<typeof import("../src/json/simulate.js")>();
    const fs = await import("node:fs");
    const crypto = await import("node:crypto");
    const hash = (v: unknown): string => crypto.createHash("sha256").update(JSON.stringify(v) ?? "undefined").digest("hex");
    fs.mkdirSync(recordDir, { recursive: true });
    const file = `${recordDir}/${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`;
    return {
      ...original,
      simulate(input: unknown) {
        const key = hash(input);
        try {
          const out = original.simulate(input);
          fs.appendFileSync(file, JSON.stringify({ key, out: hash(out) }) + "\n");
          return out;
        } catch (err) {
          fs.appendFileSync(file, JSON.stringify({ key, out: `throw ${(err as Error).name}: ${JSON.stringify((err as { error_details?: unknown }).error_details ?? (err as Error).message)}` }) + "\n");
          throw err;
        }
      },
    };
  });
}
