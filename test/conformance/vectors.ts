import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { match, roundAt } from "./match.js";

export interface Vector {
  readonly id: string;
  readonly fn: string;
  readonly input: unknown;
  readonly expect: Record<string, unknown>;
  readonly round?: Record<string, number>;
  readonly file: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** `../shared/conformance` beside the repository (override with RATECARD_CONFORMANCE_DIR). */
export const VECTOR_DIRS = [
  process.env.RATECARD_CONFORMANCE_DIR ?? path.resolve(here, "../../../shared/conformance"),
  path.resolve(here, "../vectors"),
];

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) out.push(...walk(p));
    else if (ent.name.endsWith(".json")) out.push(p);
  }
  return out.sort();
}

export function loadVectors(): Vector[] {
  return VECTOR_DIRS.flatMap(walk).map((file) => ({ ...(JSON.parse(fs.readFileSync(file, "utf8")) as Vector), file }));
}

export function loadExpectedFailures(): Map<string, string> {
  const file = path.join(here, "expected-failures.txt");
  const out = new Map<string, string>();
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [id = "", ...reason] = line.split(/\s+#\s*/);
    out.set(id.trim(), reason.join(" # "));
  }
  return out;
}

/** Runs one vector; returns the mismatch list (empty = pass). */
export function runVector(v: Vector, fn: (input: unknown) => unknown): string[] {
  const errs: string[] = [];
  const wantsError = v.expect["error"] === true && Object.keys(v.expect).length === 1;
  let out: unknown;
  try {
    out = fn(structuredClone(v.input));
  } catch (err) {
    if (wantsError && (err as { code?: unknown })?.code === "validation_errors") return [];
    const e = err as Error;
    return [`threw ${e?.name ?? ""}: ${String(e?.message ?? err).split("\n")[0]?.slice(0, 200)}`];
  }
  if (wantsError) return ["expected a validation error, got a result"];
  const actual = JSON.parse(JSON.stringify(out)) as unknown;
  for (const [key, dp] of Object.entries(v.round ?? {})) roundAt(actual, key.split("."), dp);
  match(v.expect, actual, "$", errs);
  return errs;
}
