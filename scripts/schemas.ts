/**
 * Writes schemas/<kind>.schema.json from the zod catalog schemas.
 *
 *   npx tsx scripts/schemas.ts           write the files
 *   npx tsx scripts/schemas.ts --check   exit 1 if a file is missing or differs
 *
 * The unit test test/unit/parse/schemas.test.ts fails when the committed files drift.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { catalogJsonSchemas } from "../src/parse/schemas/index.js";

export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../schemas");

/** File name → file text, exactly as committed. */
export function renderSchemaFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [kind, schema] of Object.entries(catalogJsonSchemas())) {
    out[`${kind}.schema.json`] = `${JSON.stringify(schema, null, 2)}\n`;
  }
  return out;
}

function main(check: boolean): number {
  const files = renderSchemaFiles();
  const stale: string[] = [];
  if (!check) fs.mkdirSync(SCHEMAS_DIR, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(SCHEMAS_DIR, name);
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (current === text) continue;
    if (check) stale.push(name);
    else fs.writeFileSync(file, text);
  }
  const extra = fs.existsSync(SCHEMAS_DIR)
    ? fs.readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith(".schema.json") && !(f in files))
    : [];
  if (check) {
    for (const f of [...stale, ...extra]) console.error(`schemas/${f} is out of date`);
    return stale.length + extra.length === 0 ? 0 : 1;
  }
  for (const f of extra) fs.rmSync(path.join(SCHEMAS_DIR, f));
  console.log(`wrote ${Object.keys(files).length} files to schemas/`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.includes("--check"));
}
