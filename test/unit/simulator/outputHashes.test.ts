/**
 * The whole JSON `simulate` returns for every scenario vector and every example timeline,
 * pinned by hash (test/unit/simulator/output-hashes.json). The vectors check what they name;
 * this catches any other change of the output — the guard of refactorings that must not
 * change behaviour. A knowingly fixed rule changes hashes: regenerate with
 * `RATECARD_UPDATE_HASHES=1 npx vitest run test/unit/simulator/outputHashes.test.ts` and
 * say which rule in the commit.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { loadVectors } from "../../conformance/vectors.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const hashFile = path.join(here, "output-hashes.json");
const examples = path.resolve(here, "../../../examples");

function inputs(): [string, unknown][] {
  const out: [string, unknown][] = loadVectors().filter((v) => v.fn === "simulate").map((v) => [`vector:${v.id}`, v.input]);
  for (const f of fs.readdirSync(examples).sort()) {
    if (!f.endsWith(".json")) continue;
    const input = JSON.parse(fs.readFileSync(path.join(examples, f), "utf8")) as Record<string, unknown>;
    if (Array.isArray(input["steps"])) out.push([`example:${f}`, input]);
  }
  return out;
}

function outputHash(input: unknown): string {
  let out: unknown;
  try {
    out = simulate(input);
  } catch (err) {
    out = { thrown: (err as Error).name, details: (err as { error_details?: unknown }).error_details ?? null };
  }
  return crypto.createHash("sha256").update(JSON.stringify(out)).digest("hex");
}

describe("simulate output hashes", () => {
  const all = inputs();
  if (process.env.RATECARD_UPDATE_HASHES) {
    it("writes the hashes", () => {
      fs.writeFileSync(hashFile, JSON.stringify(Object.fromEntries(all.map(([id, input]) => [id, outputHash(input)])), null, 1) + "\n");
      expect(fs.existsSync(hashFile)).toBe(true);
    });
    return;
  }
  const pinned = JSON.parse(fs.readFileSync(hashFile, "utf8")) as Record<string, string>;
  it("pins every scenario vector and example", () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.map(([id]) => id).filter((id) => pinned[id] === undefined)).toEqual([]);
  });
  for (const [id, input] of all) {
    it(id, () => {
      expect(outputHash(input)).toBe(pinned[id]);
    });
  }
});
