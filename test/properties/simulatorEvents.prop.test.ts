/**
 * The simulator's hand-written event check accepts exactly what the catalog's event schema
 * accepts (the schema stays the edge's contract and the JSON Schema's source).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCatalogObject } from "../../src/parse/schemas/index.js";
import { parseEventBody } from "../../src/simulator/events.js";

const value = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, "", "tx", "2024-03-01T00:00:00Z", "2024-02-30T00:00:00Z", 1_709_251_200, -1, 1.5, "1.5", "1e3", "abc", 1e21, true, [], {}, { a: 1 }),
  fc.string({ maxLength: 4 }),
  fc.double({ noNaN: false }),
);
const body = fc.record(
  { transaction_id: value, code: value, external_subscription_id: value, external_customer_id: value, timestamp: value, properties: value, precise_total_amount_cents: value, target_wallet_code: value },
  { requiredKeys: [] },
);

describe("simulator events", () => {
  it("parseEventBody accepts exactly what the event schema accepts", () => {
    fc.assert(fc.property(body, (b) => {
      const schemaOk = parseCatalogObject("event", b).ok;
      const ours = parseEventBody(b);
      // The body itself when well formed, else the issues (each with a code and a path).
      if (Array.isArray(ours)) for (const i of ours) expect(i).toMatchObject({ code: expect.any(String), path: expect.any(Array) });
      else expect(ours).toBe(b);
      expect(!Array.isArray(ours)).toBe(schemaOk);
    }), { numRuns: 3000 });
  });
});
