/**
 * What importing one entry point costs a user's bundle (esbuild, minified, tree-shaken, from the
 * sources as the package's ESM build ships them). Budgets: docs/performance.md.
 */
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

async function bundledBytes(name: string, from: string): Promise<number> {
  const r = await build({
    stdin: { contents: `import { ${name} } from ${JSON.stringify(path.join(ROOT, from))}; globalThis.x = ${name};`, resolveDir: ROOT, loader: "ts" },
    bundle: true, minify: true, format: "esm", platform: "node", write: false, logLevel: "silent",
  });
  return r.outputFiles[0]!.contents.byteLength;
}

const BUDGETS: [string, string, number][] = [
  ["applyChargeModel", "src/index.ts", 60_000],
  ["applyChargeModel", "src/json/index.ts", 60_000],
  ["aggregate", "src/json/index.ts", 60_000],
  ["billingPeriod", "src/json/index.ts", 20_000],
  // The whole engine (every operation, the schemas): a ceiling against regressions.
  ["simulate", "src/json/index.ts", 900_000],
];

describe("bundle size of one entry point", () => {
  for (const [name, from, budget] of BUDGETS) {
    it(`${name} from ${from} ≤ ${budget / 1000} kB minified`, async () => {
      expect(await bundledBytes(name, from)).toBeLessThanOrEqual(budget);
    });
  }
});
