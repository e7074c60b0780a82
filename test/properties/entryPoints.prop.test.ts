/**
 * Bad input never crashes an entry point: whatever JSON it gets, it either answers or
 * throws ValidationError (code "validation_errors", a non-empty error_details). It never
 * throws anything else and never answers NaN / Infinity / "NaN".
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError, aggregate, applyChargeModel, billingPeriod, simulate } from "../../src/index.js";
import { loadVectors } from "../conformance/vectors.js";

type Entry = (input: unknown) => unknown;
const ENTRIES: Record<string, Entry> = { applyChargeModel, aggregate, billingPeriod, simulate } as Record<string, Entry>;

function settle(fn: Entry, input: unknown): void {
  let out: unknown;
  try {
    out = fn(input);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    expect(Object.keys((err as ValidationError).error_details).length).toBeGreaterThan(0);
    return;
  }
  // Strings like "NaN" may be echoed from the input (a group value, a transaction id), never made up.
  const echoed = new Set<string>();
  leaves(input, (x) => typeof x === "string" && echoed.add(x));
  const bad: unknown[] = [];
  leaves(out, (x) => {
    if (typeof x === "number" && !Number.isFinite(x)) bad.push(x);
    if (typeof x === "string" && /^(-?Infinity|NaN|undefined|\[object Object\])$/.test(x) && !echoed.has(x)) bad.push(x);
  });
  expect(bad).toEqual([]);
}

function leaves(x: unknown, visit: (leaf: unknown) => void): void {
  if (Array.isArray(x)) for (const v of x) leaves(v, visit);
  else if (x && typeof x === "object") for (const v of Object.values(x)) leaves(v, visit);
  else visit(x);
}

/** Replaces the value at one random path of a valid input by a random JSON value. */
function mutate(input: unknown, pick: number, replacement: unknown): unknown {
  const copy = structuredClone(input) as Record<string, unknown>;
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach((v, i) => (slots.push([x, i]), walk(v)));
    else if (x && typeof x === "object") for (const [k, v] of Object.entries(x)) (slots.push([x as Record<string, unknown>, k]), walk(v));
  };
  walk(copy);
  if (slots.length === 0) return replacement;
  const [parent, key] = slots[pick % slots.length]!;
  (parent as Record<string | number, unknown>)[key] = replacement;
  return copy;
}

const valid = loadVectors().filter((v) => v.fn in ENTRIES && v.expect["error"] !== true);
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("", "1e5", "abc", "-1", "0", "NaN", " 1", "2024-02-30T00:00:00Z", "Mars/Olympus", null, -1, 0, 1.5, 1e21, [], {}),
);

describe("entry points on bad input", () => {
  for (const [name, fn] of Object.entries(ENTRIES)) {
    it(`${name} answers or throws ValidationError on arbitrary JSON`, () => {
      fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), (input) => settle(fn, input)));
    });

    const mine = valid.filter((v) => v.fn === name);
    it(`${name} answers or throws ValidationError when one field of a valid input is replaced`, () => {
      fc.assert(
        fc.property(fc.nat(mine.length - 1), fc.nat(), junk, (vi, pick, replacement) => {
          settle(fn, mutate(mine[vi]!.input, pick, replacement));
        }),
        { numRuns: Number(process.env.RATECARD_FUZZ_RUNS ?? 2000) },
      );
    });
  }
});
