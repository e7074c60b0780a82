/**
 * Runs every JSON vector of ../shared/conformance (and test/vectors) through the entry
 * point its `fn` names. A vector listed in expected-failures.txt must fail (so the list
 * only shrinks); any other must pass. Vectors for entry points not exported yet are skipped.
 */
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import { loadExpectedFailures, loadVectors, runVector } from "./vectors.js";

const vectors = loadVectors();
const expected = loadExpectedFailures();
const entry = api as unknown as Record<string, unknown>;

describe("conformance vectors", () => {
  it("finds the shared vectors", () => {
    expect(vectors.length).toBeGreaterThan(0);
  });

  it("lists only known vector ids as expected failures", () => {
    const ids = new Set(vectors.map((v) => v.id));
    expect([...expected.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const v of vectors) {
    const fn = entry[v.fn];
    if (typeof fn !== "function") {
      it.skip(`${v.id} (no entry point ${v.fn} yet)`, () => {});
      continue;
    }
    it(v.id, () => {
      const errs = runVector(v, fn as (input: unknown) => unknown);
      if (expected.has(v.id)) {
        expect(errs, `${v.id} now passes: remove it from expected-failures.txt`).not.toEqual([]);
      } else {
        expect(errs).toEqual([]);
      }
    });
  }
});
