/**
 * `--data` with group commit: the log's lines are handed to one fsync at a time; the calls
 * handled while an fsync runs share the next one, and none is answered before the fsync that
 * covers its line. The fsyncs are watched and held through an injected log file (`openLog`);
 * no timing is assumed: the tests wait for conditions.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GroupCommit, type LogFile, type OpenLog, openLogFile } from "../../src/server/store.js";
import { CATALOG, call, start } from "./_helpers.js";
import { waitFor } from "./_receiver.js";
import { scratchDir } from "../support/scratch.js";

const tmpDir = (): string => scratchDir("ratecard-serve");

/** A log file over a real one whose fsyncs are counted and, while `hold` is set, held until released. */
class Watched {
  syncs = 0;
  readonly writes: string[] = [];
  hold = false;
  private readonly held: (() => void)[] = [];
  fail: Error | undefined;

  /** Opens log.jsonl watched, the other files as they are. */
  readonly open: OpenLog = (file) => {
    const real = openLogFile(file);
    if (path.basename(file) !== "log.jsonl") return real;
    return {
      write: (text) => {
        this.writes.push(text);
        real.write(text);
      },
      sync: async () => {
        this.syncs++;
        if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
        if (this.fail !== undefined) throw this.fail;
        await real.sync();
      },
      close: () => real.close(),
    };
  };

  get holding(): number {
    return this.held.length;
  }

  release(): void {
    for (const r of this.held.splice(0)) r();
  }
}

describe("group commit", () => {
  it("covers every line appended while an fsync runs with the next one, callbacks in order", async () => {
    const synced: string[][] = [];
    let pending: string[] = [];
    let release: (() => void) | undefined;
    const file: LogFile = {
      write: (t) => pending.push(t),
      sync: async () => {
        const batch = pending;
        pending = [];
        await new Promise<void>((resolve) => (release = resolve));
        synced.push(batch);
      },
      close: () => {},
    };
    const log = new GroupCommit(file);
    const done: string[] = [];
    log.afterDurable(() => done.push("nothing pending: at once"));
    expect(done).toEqual(["nothing pending: at once"]);
    log.append("a");
    log.afterDurable(() => done.push("a"));
    expect(log.syncs).toBe(1);
    for (const x of ["b", "c", "d"]) {
      log.append(x);
      log.afterDurable(() => done.push(x));
    }
    expect(log.syncs).toBe(1); // one at a time: b, c, d wait for the next
    release!();
    await waitFor(() => done.length === 2, "a's fsync");
    expect(done.at(-1)).toBe("a");
    expect(log.syncs).toBe(2);
    release!();
    await waitFor(() => done.length === 5, "b, c and d's fsync");
    expect(done.slice(2)).toEqual(["b", "c", "d"]);
    expect(synced).toEqual([["a\n"], ["b\n", "c\n", "d\n"]]);
    expect(log.durable).toBe(true);
    await log.close();
  });

  it("serves calls while an fsync runs; those share the next fsync and are answered after it", async () => {
    const dir = tmpDir();
    const w = new Watched();
    const server = await start({ catalog: CATALOG, dataDir: dir, openLog: w.open });
    try {
      expect((await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } })).status).toBe(200);
      expect((await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } })).status).toBe(200);
      const before = w.syncs;
      const answered: string[] = [];
      const event = (id: string): Promise<number> => call(server, "POST", "/api/v1/events", { event: { transaction_id: id, external_subscription_id: "s1", code: "api_calls", properties: { calls: 1 } } })
        .then((r) => {
          answered.push(id);
          return r.status;
        });
      w.hold = true;
      const a = event("a");
      await waitFor(() => w.holding === 1, "the fsync of a's line");
      // While it is held, the server accepts and handles other calls: their lines are handed over.
      const others = ["b", "c", "d", "e", "f"].map(event);
      await waitFor(() => ["b", "c", "d", "e", "f"].every((id) => w.writes.some((t) => t.includes(`"transaction_id":"${id}"`))), "b…f handled");
      expect(answered).toEqual([]);
      expect(w.syncs).toBe(before + 1);
      w.hold = false;
      w.release();
      expect(await Promise.all([a, ...others])).toEqual([200, 200, 200, 200, 200, 200]);
      // a's fsync, then one for the five others.
      expect(w.syncs).toBe(before + 2);
      expect(answered[0]).toBe("a");
      const usage = (await call(server, "GET", "/api/v1/customers/c1/current_usage?external_subscription_id=s1")).body["customer_usage"] as { charges_usage: { events_count: number }[] };
      expect(usage.charges_usage[0]!.events_count).toBe(6);
      // A read with nothing pending needs no fsync.
      expect(w.syncs).toBe(before + 2);
    } finally {
      w.release();
      await server.close();
    }
    const lines = fs.readFileSync(path.join(dir, "log.jsonl"), "utf8").trim().split("\n");
    expect(lines.filter((l) => l.includes('"create_event"'))).toHaveLength(6);
  });

  it("answers 503 from the first failed fsync on: nothing is acknowledged that may not be on the disk", async () => {
    const w = new Watched();
    const reported: string[] = [];
    const server = await start({ catalog: CATALOG, dataDir: tmpDir(), openLog: w.open, log: (l) => reported.push(l) });
    try {
      expect((await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } })).status).toBe(200);
      w.fail = new Error("ENOSPC: no space left on device");
      const r = await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c2", currency: "EUR" } });
      expect(r).toEqual({ status: 503, body: { status: 503, error: "Service Unavailable", code: "data_write_failed" } });
      expect((await call(server, "GET", "/api/v1/customers")).status).toBe(503);
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatch(/ENOSPC/);
    } finally {
      await server.close();
    }
  });
});
