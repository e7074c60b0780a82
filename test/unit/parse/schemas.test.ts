/**
 * The catalog schemas accept what users send (every object of every vector), their
 * committed JSON Schema files are current, and those files accept the same objects.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderSchemaFiles, SCHEMAS_DIR } from "../../../scripts/schemas.js";
import {
  aggregateBillableMetricSchema,
  CATALOG_KINDS,
  type CatalogKind,
  catalogJsonSchemas,
  parseCatalogObject,
} from "../../../src/index.js";
import { aggregateMetrics, catalogSamples } from "./_catalogObjects.js";

const samples = catalogSamples();
const byKind = (kind: CatalogKind) => samples.filter((s) => s.kind === kind);

describe("committed JSON Schema files", () => {
  const files = renderSchemaFiles();

  it("exist for every kind and nothing else", () => {
    const committed = fs.readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith(".schema.json")).sort();
    expect(committed).toEqual(CATALOG_KINDS.map((k) => `${k}.schema.json`).sort());
  });

  it.each(Object.keys(files))("%s equals what `npx tsx scripts/schemas.ts` writes now", (name) => {
    expect(fs.readFileSync(path.join(SCHEMAS_DIR, name), "utf8")).toBe(files[name]);
  });

  it("are draft 2020-12 with every definition they reference", () => {
    for (const [kind, schema] of Object.entries(catalogJsonSchemas())) {
      expect(schema.$schema, kind).toBe("https://json-schema.org/draft/2020-12/schema");
      const text = JSON.stringify(schema);
      const refs = [...text.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)].map((m) => m[1]!);
      for (const r of refs) expect(schema.$defs?.[r], `${kind} → ${r}`).toBeDefined();
    }
  });
});

describe("every catalog object of the conformance vectors", () => {
  it("finds objects of every kind", () => {
    for (const kind of CATALOG_KINDS) expect(byKind(kind).length, kind).toBeGreaterThan(0);
  });

  it.each(CATALOG_KINDS)("%s: parses, unchanged (no key dropped, nothing defaulted)", (kind) => {
    const bad: string[] = [];
    for (const s of byKind(kind)) {
      const r = parseCatalogObject(kind, s.value);
      if (!r.ok) bad.push(`${s.where}: ${r.issues.map((i) => i.message).join("; ")}`);
      else expect(r.value).toEqual(s.value);
    }
    expect(bad).toEqual([]);
  });

  it("aggregate(): every billable_metric parses with the name-optional metric schema", () => {
    const metrics = aggregateMetrics();
    expect(metrics.length).toBeGreaterThan(0);
    const bad = metrics.filter((m) => !aggregateBillableMetricSchema.safeParse(m.value).success).map((m) => m.where);
    expect(bad).toEqual([]);
  });
});

describe("the committed JSON Schemas, read back as a gateway would", () => {
  const read = (kind: CatalogKind) =>
    z.fromJSONSchema(JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, `${kind}.schema.json`), "utf8")) as never);

  it.each(CATALOG_KINDS.filter((k) => k !== "catalog"))("%s: accept every vector object", (kind) => {
    const schema = read(kind);
    const bad = byKind(kind).filter((s) => !schema.safeParse(s.value).success).map((s) => s.where);
    expect(bad).toEqual([]);
  });

  it.each<[CatalogKind, unknown]>([
    ["billable_metric", { name: "n", aggregation_type: "sum_agg" }],
    ["billable_metric", { code: "c", name: "n", aggregation_type: "nope" }],
    ["charge", { billable_metric_code: "m", charge_model: "standard", properties: { amount: "1,5" } }],
    ["charge", { billable_metric_code: "m", charge_model: "standard", properties: { amount: 5 } }],
    ["charge", { billable_metric_code: "m", charge_model: "tiered", properties: {} }],
    ["plan", { code: "p", name: "P", interval: "daily", amount_cents: 0, amount_currency: "EUR" }],
    ["plan", { code: "p", name: "P", interval: "monthly", amount_cents: 1.5, amount_currency: "EUR" }],
    ["plan", { code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "ZZZ" }],
    ["coupon", { code: "c", name: "C", coupon_type: "percentage", frequency: "once" }],
    ["tax", { code: "t", name: "T", rate: "ten" }],
  ])("%s: reject %j", (kind, value) => {
    expect(read(kind).safeParse(value).success).toBe(false);
    expect(parseCatalogObject(kind, value).ok).toBe(false);
  });
});
