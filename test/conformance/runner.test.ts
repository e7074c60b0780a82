/**
 * Runs every JSON vector of ../shared/conformance (and test/vectors) through the entry
 * point its `fn` names. A vector listed in expected-failures.txt must fail (so the list
 * only shrinks); any other must pass. A vector whose entry point is not exported yet fails
 * like any other (it has to be listed), so nothing is skipped.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import { VECTOR_DIRS, loadExpectedFailures, loadVectors, runVector } from "./vectors.js";

const vectors = loadVectors();
const expected = loadExpectedFailures();
const entry = api as unknown as Record<string, unknown>;

describe("conformance vectors", () => {
  it("finds the shared vectors (a missing ../shared is a failure, never a skip)", () => {
    const shared = VECTOR_DIRS[0]!;
    expect(fs.existsSync(shared), `the shared conformance vectors are missing: ${shared} (clone ../shared beside this repository, or set RATECARD_CONFORMANCE_DIR)`).toBe(true);
    expect(vectors.filter((v) => v.file.startsWith(shared)).length).toBeGreaterThan(0);
  });

  it("lists only known vector ids as expected failures", () => {
    const ids = new Set(vectors.map((v) => v.id));
    expect([...expected.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const v of vectors) {
    const fn = entry[v.fn];
    it(v.id, () => {
      const errs = typeof fn === "function" ? runVector(v, fn as (input: unknown) => unknown) : [`no entry point ${v.fn}`];
      if (expected.has(v.id)) {
        expect(errs, `${v.id} now passes: remove it from expected-failures.txt`).not.toEqual([]);
      } else {
        expect(errs).toEqual([]);
      }
    });
  }
});
