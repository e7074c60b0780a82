/** docs/guides/: each guide quotes its example as it is, and the figures it shows are ratecard's. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSimulation } from "../../src/cli.js";
import { simulate } from "../../src/index.js";
import { priceUsage } from "../../examples/price-usage.js";

const ROOT = path.resolve(__dirname, "../..");
const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), "utf8");

describe("price a usage total", () => {
  it("quotes examples/price-usage.ts, whose figures are the guide's", () => {
    expect(read("docs/guides/price-a-usage-total.md")).toContain(read("examples/price-usage.ts").trim());
    expect(priceUsage()).toEqual({ units: "2500", amount: "3" });
  });
});

describe("preview an invoice", () => {
  const guide = read("docs/guides/preview-an-invoice.md");
  const input = JSON.parse(read("examples/preview-invoice.json")) as Record<string, unknown>;

  it("quotes examples/preview-invoice.json", () => {
    expect(guide).toContain(read("examples/preview-invoice.json").trim());
  });

  it("shows the printout ratecard gives", () => {
    const printed = formatSimulation(simulate(input), input);
    expect(guide).toContain(printed.trim());
  });

  it("stores nothing: the previews issue no invoice", () => {
    const r = simulate(input) as unknown as { invoices: unknown[]; responses: { invoice?: { total_amount_cents: number } }[] };
    expect(r.invoices).toEqual([]);
    expect(r.responses.flatMap((x) => (x.invoice ? [x.invoice.total_amount_cents] : []))).toEqual([6240, 5292]);
  });
});

describe("embed in a backend", () => {
  it("replays give the same ids, and appending later calls leaves earlier invoices as they were", () => {
    const input = JSON.parse(read("examples/simulation.json")).input as { steps: unknown[]; until?: string };
    const cut = Math.floor(input.steps.length / 2);
    const first = simulate({ ...input, steps: input.steps.slice(0, cut), until: undefined }) as unknown as { invoices: { svc_id: string; created_at: string }[] };
    const full = simulate(input) as unknown as { invoices: { svc_id: string; created_at: string }[] };
    const firstIds = first.invoices.map((i) => i.svc_id);
    expect(firstIds.length).toBeGreaterThan(0);
    expect(full.invoices.map((i) => i.svc_id).slice(0, firstIds.length)).toEqual(firstIds);
    expect(JSON.stringify(simulate(input))).toBe(JSON.stringify(full));
  });
});
