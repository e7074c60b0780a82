/**
 * Layering and purity rules of docs/architecture.md, checked on the source text.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(__dirname, "../src");
const LAYER: Record<string, number> = {
  core: 0, model: 1, parse: 2, period: 3, aggregation: 3, charges: 3,
  adjustments: 4, invoice: 4, usage: 4, fees: 4, simulator: 5, json: 6, "index.ts": 6, sql: 6, "cli.ts": 7, server: 7, testing: 7, report: 7, parallel: 7,
};
const SIBLINGS_L3 = new Set(["period", "aggregation", "charges"]);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}
const area = (file: string): string => path.relative(SRC, file).split(path.sep)[0]!;
const sources = files(SRC).map((f) => ({ file: f, rel: path.relative(SRC, f), text: fs.readFileSync(f, "utf8") }));

describe("architecture", () => {
  it("knows the layer of every source folder", () => {
    expect(sources.map((s) => area(s.file)).filter((a) => LAYER[a] === undefined)).toEqual([]);
  });

  it("imports only from the same or a lower layer; L3 areas do not import each other", () => {
    const bad: string[] = [];
    for (const s of sources) {
      for (const m of s.text.matchAll(/from\s+"(\.[^"]+)"/g)) {
        const target = area(path.resolve(path.dirname(s.file), m[1]!.replace(/\.js$/, ".ts")));
        const from = area(s.file);
        if ((LAYER[target] ?? 99) > (LAYER[from] ?? -1)) bad.push(`${s.rel} -> ${m[1]}`);
        if (from !== target && SIBLINGS_L3.has(from) && SIBLINGS_L3.has(target)) bad.push(`${s.rel} -> ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("keeps big.js in core/decimal.ts and core/fixed.ts, date-fns-tz in core/zone.ts", () => {
    const big = sources.filter((s) => /from\s+"big\.js"/.test(s.text)).map((s) => s.rel);
    const tz = sources.filter((s) => /from\s+"date-fns-tz"/.test(s.text)).map((s) => s.rel);
    expect(big.filter((r) => !["core/decimal.ts", "core/fixed.ts"].includes(r))).toEqual([]);
    expect(tz.filter((r) => r !== "core/zone.ts")).toEqual([]);
  });

  it("has no clock, randomness or I/O outside the CLI and the server (the I/O edge), and no default exports", () => {
    const bad = sources
      .filter((s) => s.rel !== "cli.ts" && !s.rel.startsWith(`server${path.sep}`))
      .filter((s) => /Date\.now\(|new Date\(\)|Math\.random|from\s+"node:(fs|net|http|child_process)"|process\.env|export default/.test(s.text))
      .map((s) => s.rel);
    expect(bad).toEqual([]);
    // The edge has no randomness nor default export either.
    const edge = sources.filter((s) => s.rel === "cli.ts" || s.rel.startsWith(`server${path.sep}`)).filter((s) => /Math\.random|export default/.test(s.text));
    expect(edge.map((s) => s.rel)).toEqual([]);
  });

  it("keeps the library free of the server: only the CLI imports src/server", () => {
    const importers = sources.filter((s) => !s.rel.startsWith(`server${path.sep}`) && /from\s+"\.\/server\/|from\s+"(\.\.\/)+server\//.test(s.text)).map((s) => s.rel);
    expect(importers.filter((r) => r !== "cli.ts")).toEqual([]);
  });

  it("starts threads only in src/parallel (the Node-only entry point), which nothing else imports", () => {
    const threads = sources.filter((s) => /from\s+"node:worker_threads"/.test(s.text) && !s.rel.startsWith(`parallel${path.sep}`)).map((s) => s.rel);
    expect(threads).toEqual([]);
    const importers = sources.filter((s) => !s.rel.startsWith(`parallel${path.sep}`) && /from\s+"(\.\.?\/)+parallel\//.test(s.text)).map((s) => s.rel);
    expect(importers).toEqual([]);
  });

  it("has no import cycle between files of src (type-only imports included)", () => {
    const byFile = new Map(sources.map((s) => [s.file, s]));
    const edges = new Map(sources.map((s) => [s.file, [...s.text.matchAll(/(?:import|export)\s[^'"]*?from\s*"(\.{1,2}\/[^"]+)"/g)]
      .map((m) => path.resolve(path.dirname(s.file), m[1]!.replace(/\.js$/, "")))
      .map((t) => [t + ".ts", path.join(t, "index.ts")].find((c) => byFile.has(c)))
      .filter((t): t is string => t !== undefined)]));
    // Depth-first search: a file reached again while still on the path closes a cycle.
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]): void => {
      state.set(f, "open");
      for (const t of edges.get(f) ?? []) {
        if (state.get(t) === "open") cycles.push([...trail.slice(trail.indexOf(t)), t].map((x) => path.relative(SRC, x)).join(" -> "));
        else if (state.get(t) === undefined) visit(t, [...trail, t]);
      }
      state.set(f, "done");
    };
    for (const s of sources) if (state.get(s.file) === undefined) visit(s.file, [s.file]);
    expect(cycles).toEqual([]);
  });

  it("keeps zod in src/parse", () => {
    expect(sources.filter((s) => /from\s+"zod/.test(s.text) && !s.rel.startsWith(`parse${path.sep}`)).map((s) => s.rel)).toEqual([]);
  });

  it("gives every simulator operation its own file, and refuses by returning a Refusal, never by throwing", () => {
    const dir = path.join("simulator", "operations");
    const ops = sources.filter((s) => path.dirname(s.rel) === dir && !s.rel.endsWith("index.ts"));
    // One exported operation per file, named as the file, in the table.
    const table = sources.find((s) => s.rel === path.join(dir, "index.ts"))!.text;
    for (const s of ops) {
      const name = path.basename(s.rel, ".ts");
      expect(s.text, s.rel).toMatch(new RegExp(`export function ${name}\\(sim: Sim, step: Step\\): Answer`));
      expect(table, name).toContain(`: ${name},`);
    }
    // No throw in an operation, nor in the simulator's modules but the listed backstops.
    const THROWS_ALLOWED = ["simulate.ts", "stepDispatch.ts", "events.ts", "invariants.ts", "schedule.ts"].map((f) => path.join("simulator", f));
    const throwing = sources.filter((s) => s.rel.startsWith(`simulator${path.sep}`) && !THROWS_ALLOWED.includes(s.rel) && /\bthrow\b/.test(s.text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")));
    expect(throwing.map((s) => s.rel)).toEqual([]);
  });

  it("builds objects whole on the hot paths (no spread then more keys: microseconds per key on Node 20)", () => {
    const HOT = [
      "simulator/events.ts", "simulator/operations/createEvents.ts", "simulator/eventStore.ts", "simulator/invoices.ts", "simulator/schedule.ts", "simulator/clock.ts",
      "fees/toFeeJson.ts", "aggregation/_fold.ts", "aggregation/aggregator.ts", "core/ids.ts", "core/sha1.ts", "core/instant.ts",
    ].map((r) => r.split("/").join(path.sep));
    const bad = sources.filter((s) => HOT.includes(s.rel)).flatMap((s) =>
      [...s.text.matchAll(/\{\s*\.\.\.[^,}]+,\s*[A-Za-z_"[]/g)].map((m) => `${s.rel}: ${m[0]}`));
    expect(bad).toEqual([]);
  });
});
