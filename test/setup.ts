import fc from "fast-check";
import { afterAll, vi } from "vitest";
import { setInvariantChecks } from "../src/simulator/invariants.js";
import { removeScratchDirs } from "./support/scratch.js";

// Temporary directories of the file's tests (test/support/scratch.ts) go when the file ends.
afterAll(removeScratchDirs);

// The simulator asserts its invariants in every test that runs it (src/simulator/invariants.ts).
setInvariantChecks(true);

// Property runs: a quick default locally, more under CI.
fc.configureGlobal({ numRuns: process.env.CI ? 300 : 100 });

// Every simulate call of the suite returns objects that validate against schemas/objects/
// (objects.md): a result that does not is a failure of the test that made it.
// RATECARD_RECORD_SIMULATE=DIR also records every call as a line {input hash, output hash} in
// DIR (a refactoring aid: compare two runs with scripts/compare-simulate-records.ts).
const recordDir = process.env.RATECARD_RECORD_SIMULATE;
// The same random inputs in both runs, so that their records can be compared.
if (recordDir) fc.configureGlobal({ numRuns: 100, seed: Number(process.env.RATECARD_SEED ?? 7) });
vi.doMock("../src/json/simulate.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/json/simulate.js")>();
  const { validateSimulateResult } = await import("./objects/objectSchemaCheck.js");
  const record = recordDir ? await recorder(recordDir) : undefined;
  return {
    ...original,
    simulate(input: unknown) {
      let out: ReturnType<typeof original.simulate>;
      try {
        out = original.simulate(input);
      } catch (err) {
        record?.(input, `throw ${(err as Error).name}: ${JSON.stringify((err as { error_details?: unknown }).error_details ?? (err as Error).message)}`);
        throw err;
      }
      record?.(input, out);
      const problems = validateSimulateResult(input, out);
      if (problems.length > 0) {
        throw new Error(`simulate returned objects that do not match schemas/objects/ (${problems.length} problems):\n${problems.slice(0, 20).join("\n")}`);
      }
      return out;
    },
  };
});

async function recorder(dir: string): Promise<(input: unknown, out: unknown) => void> {
  const fs = await import("node:fs");
  const crypto = await import("node:crypto");
  const hash = (v: unknown): string => crypto.createHash("sha256").update(JSON.stringify(v) ?? "undefined").digest("hex");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`;
  return (input, out) => fs.appendFileSync(file, JSON.stringify({ key: hash(input), out: typeof out === "string" ? out : hash(out) }) + "\n");
}
