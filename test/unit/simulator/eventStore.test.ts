/**
 * The simulator's event store (src/simulator/eventStore.ts): exact deduplication by
 * transaction id (a hash collision never drops an event), windows in time order, the arrival
 * order, and taking a refused step's events back out — against a plain model.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Instant } from "../../../src/core/instant.js";
import { EventLog, idHash } from "../../../src/simulator/eventStore.js";

const add = (log: EventLog, tid: string, t: number, seq: number): void => log.add(tid, "calls", t as Instant, { n: seq }, seq, undefined);

describe("EventLog", () => {
  it("tells two transaction ids with the same hash apart", () => {
    expect(idHash("tx-11uzx")).toBe(idHash("tx-1c2ad"));
    const log = new EventLog("s1");
    add(log, "tx-11uzx", 1000, 0);
    expect(log.has("tx-11uzx")).toBe(true);
    expect(log.has("tx-1c2ad")).toBe(false);
    add(log, "tx-1c2ad", 2000, 1);
    expect(log.has("tx-1c2ad")).toBe(true);
    expect(log.arrival().map((e) => e.transaction_id)).toEqual(["tx-11uzx", "tx-1c2ad"]);
  });

  it("behaves as a list with a set of ids: dedupe, arrival order, windows in (time, arrival) order, truncation", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), tid: fc.string({ maxLength: 3 }), t: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ kind: fc.constant("window" as const), from: fc.integer({ min: -1, max: 50 }), to: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ kind: fc.constant("truncate" as const), keep: fc.nat() }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const log = new EventLog("s");
      let model: { tid: string; t: number; seq: number }[] = [];
      let seq = 0;
      for (const o of ops) {
        if (o.kind === "add") {
          const taken = model.some((e) => e.tid === o.tid);
          expect(log.has(o.tid)).toBe(taken);
          if (!taken) {
            add(log, o.tid, o.t * 1000, seq);
            model.push({ tid: o.tid, t: o.t * 1000, seq: seq++ });
          }
        } else if (o.kind === "window") {
          const from = o.from < 0 ? -Infinity : o.from * 1000;
          const expected = model.filter((e) => e.t >= from && e.t <= o.to * 1000).sort((a, b) => a.t - b.t || a.seq - b.seq);
          expect(log.between(from, o.to * 1000).map((e) => [e.transaction_id, e.timestamp, e.seq])).toEqual(expected.map((e) => [e.tid, e.t, e.seq]));
        } else {
          const keep = model.length === 0 ? 0 : o.keep % (model.length + 1);
          log.truncate(keep);
          model = model.slice(0, keep);
        }
        expect(log.length).toBe(model.length);
        expect(log.arrival().map((e) => e.transaction_id)).toEqual(model.map((e) => e.tid));
      }
    }), { numRuns: 500 });
  });
});
