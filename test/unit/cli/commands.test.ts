/**
 * The CLI end to end: the binary built as the package builds it (tsup, ESM, without
 * declarations), spawned with arguments, standard input and files; its output, its one-line
 * errors and its exit status (0 done, 1 refused input, 2 misuse).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "tsup";
import { scratchDir } from "../../support/scratch.js";

const ROOT = path.resolve(__dirname, "../../..");
// Inside the repository, so that the binary finds ../package.json as the installed one does.
const OUT = path.join(ROOT, ".test-build");
const CLI = path.join(OUT, "cli.js");
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };

beforeAll(async () => {
  await build({ entry: { cli: path.join(ROOT, "src/cli.ts") }, format: ["esm"], outDir: OUT, dts: false, silent: true, target: "node20", clean: true, config: false });
}, 120_000);

function cli(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input: stdin ?? "", encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = (name: string, text: string): string => {
  const dir = scratchDir("ratecard-cli");
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

const RATE = { charge: { charge_model: "graduated", properties: { graduated_ranges: [{ from_value: 0, to_value: 10, per_unit_amount: "1", flat_amount: "0" }, { from_value: 10, to_value: null, per_unit_amount: "0.5", flat_amount: "2" }] } }, aggregation: { units: "14" } };

describe("help and version", () => {
  it("--help prints the usage on stdout and exits 0", () => {
    const r = cli(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: ratecard <command>/);
    expect(r.stdout).toContain("simulate FILE");
    expect(r.stderr).toBe("");
  });

  it("--version prints the package's version", () => {
    const r = cli(["--version"]);
    expect([r.status, r.stdout.trim()]).toEqual([0, pkg.version]);
  });
});

describe("misuse: one line on stderr, exit 2", () => {
  const cases: [string, string[], RegExp][] = [
    ["no command", [], /no command given/],
    ["unknown command", ["frobnicate", "x.json"], /unknown command "frobnicate"/],
    ["no file", ["simulate"], /no input file given/],
    ["a missing file", ["simulate", "/nonexistent/ratecard.json"], /cannot read \/nonexistent\/ratecard\.json: ENOENT/],
    ["a directory", ["simulate", "src"], /cannot read src: EISDIR/],
    ["an unknown flag", ["simulate", "examples/simulation.json", "--colour"], /Unknown option '--colour'/],
    ["a bad format", ["rate", "x.json", "--format", "yaml"], /--format must be text, json or html/],
    ["an extra argument", ["rate", "a.json", "b.json"], /unexpected argument "b\.json"/],
    ["validate without --fn on an ambiguous input", ["validate", "-"], /say which entry point/],
  ];
  for (const [label, args, message] of cases) {
    it(label, () => {
      const r = cli(args, "{}");
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n")[0]).toMatch(message);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
    });
  }
});

describe("refused input: one line on stderr, exit 1", () => {
  it("text that is not JSON", () => {
    const r = cli(["simulate", "-"], "{bad");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^ratecard: standard input is not JSON/);
  });

  it("a validation error names each field with its code", () => {
    const r = cli(["rate", "-"], JSON.stringify({ charge: { charge_model: "standard", properties: { amount: "x" } }, aggregation: {} }));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^ratecard: refused: .*charge\.properties\.amount invalid_amount/);
    expect(r.stderr).toMatch(/aggregation\.units value_is_mandatory/);
  });

  it("a simulation whose steps are malformed", () => {
    const r = cli(["simulate", "-"], JSON.stringify({ steps: [{ at: "yesterday", op: "banana", body: {} }] }));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("ratecard: refused: steps.0.at invalid_timestamp; steps.0.op invalid_value\n");
  });
});

describe("the entry points", () => {
  it("rate: text and json from a file or standard input", () => {
    const file = tmp("rate.json", JSON.stringify(RATE));
    const text = cli(["rate", file]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^units +14\namount +14\n/m);
    const json = cli(["rate", "-", "--format", "json"], JSON.stringify(RATE));
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ units: "14", amount: "14" });
  });

  it("rate reads a {fn, input} document too, and refuses one for another entry point", () => {
    expect(JSON.parse(cli(["rate", "-", "-f", "json"], JSON.stringify({ fn: "applyChargeModel", input: RATE })).stdout).amount).toBe("14");
    const r = cli(["rate", "-"], JSON.stringify({ fn: "aggregate", input: {} }));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/"aggregate" document, not applyChargeModel input/);
  });

  it("aggregate and period", () => {
    const agg = { billable_metric: { code: "c", aggregation_type: "count_agg" }, events: [{ transaction_id: "t1", external_subscription_id: "s", code: "c", timestamp: "2024-03-05T10:00:00Z", properties: {} }], from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" };
    expect(JSON.parse(cli(["aggregate", "-", "-f", "json"], JSON.stringify(agg)).stdout)).toMatchObject({ units: "1", events_count: 1 });
    const period = { plan: { interval: "monthly" }, subscription: { billing_time: "calendar", subscription_at: "2024-01-15T00:00:00Z", started_at: "2024-01-15T00:00:00Z", status: "active" }, timezone: "UTC", billing_at: "2024-03-01T00:00:00Z" };
    const r = cli(["period", "-"], JSON.stringify(period));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^from_datetime +2024-02-01T00:00:00Z$/m);
  });

  it("simulate prints the invoices; --format json the result; --output writes a file", () => {
    const text = cli(["simulate", "examples/simulation.json"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/6 invoice\(s\), [\d,.]+ USD invoiced in total/);
    const out = path.join(scratchDir("ratecard-cli"), "result.json");
    const json = cli(["simulate", "examples/simulation.json", "--format", "json", "--output", out]);
    expect([json.status, json.stdout]).toEqual([0, ""]);
    const result = JSON.parse(fs.readFileSync(out, "utf8")) as { invoices: unknown[] };
    expect(result.invoices).toHaveLength(6);
  });

  it("simulate --format html writes the report; demo --html writes the demo's", () => {
    const dir = scratchDir("ratecard-cli");
    const out = path.join(dir, "report.html");
    expect(cli(["simulate", "examples/simulation.json", "--format", "html", "--output", out])).toMatchObject({ status: 0, stdout: "" });
    const html = fs.readFileSync(out, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect([...html.matchAll(/<details class="invoice"/g)]).toHaveLength(6);
    const demo = path.join(dir, "demo.html");
    const d = cli(["demo", "examples/simulation.json", "--html", demo]);
    expect(d.status).toBe(0);
    expect(d.stderr).toContain(`report written to ${demo}`);
    expect(fs.readFileSync(demo, "utf8")).toContain("Acme Robotics on the Growth plan");
    expect(cli(["rate", "-", "--format", "html"], JSON.stringify(RATE)).status).toBe(2);
  });

  it("validate checks without printing the result", () => {
    expect(cli(["validate", "examples/simulation.json"])).toMatchObject({ status: 0, stdout: "valid simulate input\n" });
    expect(cli(["validate", "-", "--fn", "applyChargeModel"], JSON.stringify(RATE))).toMatchObject({ status: 0, stdout: "valid applyChargeModel input\n" });
    const bad = cli(["validate", "-", "--fn", "applyChargeModel"], JSON.stringify({ charge: { charge_model: "banana" }, aggregation: { units: "1" } }));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^ratecard: refused: charge\.charge_model /);
  });

  it("run and demo keep working on {fn, input} documents", () => {
    const demo = cli(["demo", "examples/demo.json"]);
    expect(demo.status).toBe(0);
    expect(demo.stdout).toMatch(/^# /m);
    const run = cli(["run", "-"], JSON.stringify([{ fn: "applyChargeModel", input: RATE }]));
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ amount: "14" });
  });
});
