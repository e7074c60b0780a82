/**
 * The package as its users get it: built and packed as `npm pack` does, checked by publint and
 * @arethetypeswrong/cli (every resolution mode), installed into an empty project that compiles
 * the README's kind of code under strict TypeScript (node16 and bundler resolution, no extra
 * install) and runs it as ESM and CommonJS.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch.js";

const ROOT = path.resolve(__dirname, "../..");
const bin = (name: string): string => path.join(ROOT, "node_modules/.bin", name);
const TMP = scratchDir("ratecard-package");
let tarball = "";
const consumer = path.join(TMP, "consumer");

const CODE = `import { applyChargeModel, dec, toMinorUnits, isValidationError, type Decimal } from "ratecard";
import { simulate } from "ratecard/json";
import { arbitraries } from "ratecard/testing";
import { simulateMany, type SimulateManyReport } from "ratecard/parallel";
const many: (input: unknown, options: { workers: number; onReport: (r: SimulateManyReport) => void }) => Promise<unknown> = simulateMany;
void many;
const r = applyChargeModel({ charge: { charge_model: "standard", properties: { amount: "2" } }, aggregation: { units: "3" } }) as { amount: string };
const d: Decimal = dec("1.5");
const cents: bigint = toMinorUnits(d, "EUR");
let refused = false;
try { simulate({ steps: "nope" }); } catch (e) { refused = isValidationError(e); }
console.log(JSON.stringify({ amount: r.amount, cents: cents.toString(), refused, arbitraries: typeof arbitraries.units }));
`;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsup/dist/cli-default.js"), "--silent"], { cwd: ROOT, stdio: "pipe" });
  const name = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", TMP], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").at(-1)!;
  tarball = path.join(TMP, name);
  fs.mkdirSync(consumer);
  fs.writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }));
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--silent", tarball, "fast-check"], { cwd: consumer, stdio: "pipe" });
}, 240_000);

describe("the packed package", () => {
  it("ships dist, schemas, docs, README, LICENSE and CHANGELOG, and no CommonJS copy of the CLI", () => {
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");
    for (const f of ["package/dist/index.js", "package/dist/index.cjs", "package/dist/index.d.ts", "package/dist/json/index.cjs", "package/dist/testing/index.d.ts", "package/dist/cli.js", "package/LICENSE", "package/CHANGELOG.md", "package/README.md", "package/docs/testing-your-pricing.md"]) {
      expect(files, f).toContain(f);
    }
    expect(files.some((f) => f.startsWith("package/schemas/objects/"))).toBe(true);
    expect(files).not.toContain("package/dist/cli.cjs");
  });

  it("publint finds nothing", () => {
    const r = spawnSync(bin("publint"), ["--strict"], { cwd: ROOT, encoding: "utf8" });
    expect(r.stdout + r.stderr).toContain("All good!");
    expect(r.status).toBe(0);
  });

  it("@arethetypeswrong/cli finds no problem in any resolution mode", () => {
    const r = spawnSync(bin("attw"), [tarball, "--format", "ascii"], { encoding: "utf8" });
    expect(r.stdout + r.stderr).toContain("No problems found");
    expect(r.status).toBe(0);
  });

  for (const [resolution, module] of [["node16", "node16"], ["bundler", "esnext"]] as const) {
    it(`type-checks a consumer under strict TypeScript, ${resolution} resolution, skipLibCheck off`, () => {
      const dir = path.join(consumer, resolution);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "index.ts"), CODE);
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module, moduleResolution: resolution, types: [], skipLibCheck: false, outDir: "out", lib: ["es2022", "dom"] }, include: ["index.ts"] }));
      const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", dir], { cwd: consumer, encoding: "utf8" });
      expect(r.stdout + r.stderr).toBe("");
      expect(r.status).toBe(0);
      if (resolution === "node16") {
        const out = execFileSync(process.execPath, [path.join(dir, "out/index.js")], { cwd: consumer, encoding: "utf8" });
        expect(JSON.parse(out)).toEqual({ amount: "6", cents: "150", refused: true, arbitraries: "object" });
      }
    });
  }

  it("CommonJS: require works, and an error thrown by it is a ValidationError for the ESM build too", () => {
    fs.writeFileSync(path.join(consumer, "cjs.cjs"), `const r = require("ratecard"); const j = require("ratecard/json");
let e; try { j.applyChargeModel({}); } catch (x) { e = x; }
import("ratecard").then((esm) => console.log(JSON.stringify({ cjs: e instanceof r.ValidationError, esm: e instanceof esm.ValidationError, is: esm.isValidationError(e), same: r.simulate === j.simulate })));`);
    const out = execFileSync(process.execPath, [path.join(consumer, "cjs.cjs")], { cwd: consumer, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ cjs: true, esm: true, is: true, same: true });
  });

  it("ratecard/parallel starts its worker threads from the installed package, ESM and CommonJS, and equals simulate", () => {
    const customer = (n: number): unknown[] => [
      { at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: `c${n}`, currency: "EUR" } },
      { at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: `c${n}`, external_id: `s${n}`, plan_code: "p" } },
    ];
    const input = {
      billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.5" } }] }],
      steps: [...customer(1), ...customer(2), ...customer(3), { at: "2024-01-10T00:00:00Z", op: "create_events", body: { events: [1, 2, 3].map((n) => ({ transaction_id: `t${n}`, code: "calls", external_subscription_id: `s${n}` })) } }],
      until: "2024-03-01T00:00:00Z",
    };
    fs.writeFileSync(path.join(consumer, "input.json"), JSON.stringify(input));
    const check = `const input = JSON.parse(fs.readFileSync("input.json", "utf8"));
let report;
const out = await p.simulateMany(input, { workers: 2, onReport: (r) => { report = r; } });
const rated = await p.rateMany("applyChargeModel", [1, 2, 3].map((u) => ({ charge: { charge_model: "standard", properties: { amount: "2" } }, aggregation: { units: String(u) } })), { workers: 2 });
console.log(JSON.stringify({ same: JSON.stringify(out) === JSON.stringify(j.simulate(input)), workers: report.workers, rated: rated.map((r) => r.amount) }));`;
    fs.writeFileSync(path.join(consumer, "parallel.mjs"), `import fs from "node:fs"; import * as p from "ratecard/parallel"; import * as j from "ratecard/json";\n${check}`);
    fs.writeFileSync(path.join(consumer, "parallel.cjs"), `const fs = require("node:fs"); const p = require("ratecard/parallel"); const j = require("ratecard/json");\n(async () => {\n${check}\n})();`);
    for (const file of ["parallel.mjs", "parallel.cjs"]) {
      const out = execFileSync(process.execPath, [path.join(consumer, file)], { cwd: consumer, encoding: "utf8" });
      expect(JSON.parse(out), file).toEqual({ same: true, workers: 2, rated: ["2", "4", "6"] });
    }
  });

  it("the bin runs", () => {
    const out = execFileSync(process.execPath, [path.join(consumer, "node_modules/ratecard/dist/cli.js"), "--version"], { encoding: "utf8" });
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
