/**
 * The engine's output must not depend on the host's time zone (it reads zones from Intl
 * only). Node re-reads process.env.TZ when it is assigned, so this runs the period and
 * aggregation vectors again under hostile host zones, in-process. test/tz/run.sh does the
 * same for the whole period suite, one process per zone.
 */
import { afterAll, describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import { loadExpectedFailures, loadVectors, runVector } from "../conformance/vectors.js";

const ZONES = ["Pacific/Apia", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Kiritimati"];
const original = process.env.TZ;
const entry = api as unknown as Record<string, (input: unknown) => unknown>;
const expected = loadExpectedFailures();
const vectors = loadVectors().filter((v) => (v.fn === "billingPeriod" || v.fn === "aggregate") && !expected.has(v.id));

describe("host time zone independence", () => {
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(ZONES)("period and aggregate vectors pass with TZ=%s", (zone) => {
    process.env.TZ = zone;
    expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).not.toBe(0); // the zone took effect
    const failed = vectors.filter((v) => runVector(v, entry[v.fn]!).length > 0).map((v) => v.id);
    expect(failed).toEqual([]);
  });
});
