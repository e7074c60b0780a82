/**
 * The data directory of `ratecard serve --data DIR` (docs/serve.md, "Durability"), the disk I/O
 * of the server:
 *
 * - `catalog.json`: the catalog of the first start (a restart serves it);
 * - `log.jsonl`: one {@link LogEntry} a line, written with group commit ({@link GroupCommit}):
 *   each accepted call's line is appended to a buffer as the call is handled, one fsync covers
 *   every line handed over since the previous one, and a call is answered only once the fsync
 *   covering its line is done;
 * - `webhooks.jsonl`: the outcome of each webhook delivery that finished (or was sent again),
 *   one {@link DeliveryRecord} a line: a restart resumes the deliveries the replay emits and no
 *   record says finished (webhooks.ts);
 * - `webhook_jwt_key.pem`: the RSA key of `jwt` webhook signatures made without
 *   `--webhook-jwt-key`, kept so that a restart signs with the same key.
 *
 * The disk is written off the event loop (node:fs's asynchronous calls): while an fsync is under
 * way, the server goes on accepting connections and handling calls, whose lines wait for the
 * next fsync.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { CatalogInput, LogEntry } from "./state.js";

/** The problem with the data directory, in one line. */
export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreError";
  }
}

/**
 * An append-only file as the group commit uses it. `write` hands text over without waiting (it
 * is kept until the next `sync`); `sync` puts everything handed over before it on the disk
 * (write, then fsync) and resolves; calls of `sync` never overlap. Injectable (`openLog` of
 * `createServer`) so that tests can watch and hold the fsyncs.
 */
export interface LogFile {
  write(text: string): void;
  sync(): Promise<void>;
  /** Closes the file (after the last `sync` resolved). */
  close(): void;
}

/** Opens an append-only file (`path`, created if missing): how the data directory's logs are written unless told otherwise. */
export type OpenLog = (file: string) => LogFile;

const write = promisify(fs.write);
const fsync = promisify(fs.fsync);

/** The default {@link LogFile}: a node:fs file opened for appending, written and fsynced asynchronously. */
export const openLogFile: OpenLog = (file) => {
  const fd = fs.openSync(file, "a");
  let pending: string[] = [];
  return {
    write(text) {
      pending.push(text);
    },
    async sync() {
      const data = Buffer.from(pending.join(""), "utf8");
      pending = [];
      let done = 0;
      while (done < data.length) done += (await write(fd, data, done, data.length - done)).bytesWritten;
      await fsync(fd);
    },
    close() {
      fs.closeSync(fd);
    },
  };
};

/**
 * Group commit over a {@link LogFile}: `append` hands a line over (at once, never waiting),
 * `afterDurable` calls back once every line appended so far is on the disk. One fsync at a time:
 * the lines appended while one runs are covered by the next, which starts as soon as it ends, so
 * that under load one fsync covers every call handled meanwhile. Callbacks run in the order they
 * were registered. A failed write or fsync fails every waiting callback and every later one
 * (`failed`): what was handed over may not be on the disk, so nothing after it is acknowledged.
 */
export class GroupCommit {
  private appended = 0;
  private synced = 0;
  private syncing: Promise<void> | undefined;
  private readonly waiting: { readonly upTo: number; readonly done: (error?: Error) => void }[] = [];
  /** Set once a write or fsync failed: nothing is acknowledged after it. */
  failed: Error | undefined;
  /** How many fsyncs ran (for tests and the load test). */
  syncs = 0;

  constructor(private readonly file: LogFile) {}

  /** Hands a line (without its newline) over. */
  append(line: string): void {
    if (this.failed !== undefined) throw this.failed;
    this.file.write(`${line}\n`);
    this.appended++;
  }

  /** Whether every line appended so far is on the disk. */
  get durable(): boolean {
    return this.synced === this.appended;
  }

  /**
   * Calls `done` once every line appended so far is on the disk: at once (synchronously) when
   * it already is, else after the fsync that covers them; with the error if the log failed.
   */
  afterDurable(done: (error?: Error) => void): void {
    if (this.failed !== undefined) return done(this.failed);
    if (this.durable) return done();
    this.waiting.push({ upTo: this.appended, done });
    this.kick();
  }

  /** Starts an fsync unless one is under way (the one under way starts the next when it ends). */
  private kick(): void {
    if (this.syncing !== undefined || this.failed !== undefined || this.waiting.length === 0) return;
    const upTo = this.appended;
    this.syncs++;
    this.syncing = this.file.sync().then(() => {
      this.synced = upTo;
      this.syncing = undefined;
      let n = 0;
      while (n < this.waiting.length && this.waiting[n]!.upTo <= upTo) n++;
      for (const w of this.waiting.splice(0, n)) w.done();
      this.kick();
    }, (err: unknown) => {
      this.syncing = undefined;
      this.failed = err instanceof Error ? err : new Error(String(err));
      for (const w of this.waiting.splice(0)) w.done(this.failed);
    });
  }

  /** Resolves once the lines appended so far were written (or the log failed); then closes the file. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.afterDurable(() => resolve()));
    while (this.syncing !== undefined) await this.syncing;
    this.file.close();
  }
}

/** The outcome of a webhook delivery, as `webhooks.jsonl` keeps it (the latest line of an id wins). */
export interface DeliveryRecord {
  readonly id: string;
  readonly status: "succeeded" | "failed" | "pending";
  readonly retries: number;
  readonly http_status: number | null;
  readonly response: string | null;
  readonly last_retried_at: string | null;
  readonly updated_at: string;
  readonly attempts: readonly unknown[];
}

export interface Store {
  /** The catalog the directory was started with. */
  readonly catalog: CatalogInput;
  /** The log's entries, oldest first. */
  readonly entries: readonly LogEntry[];
  /** The log, by group commit. */
  readonly log: GroupCommit;
  /**
   * The latest record of each delivery that `webhooks.jsonl` keeps; undefined for a directory
   * whose log was written before deliveries were recorded (its messages count as delivered).
   */
  readonly deliveries: ReadonlyMap<string, DeliveryRecord> | undefined;
  /** Records a delivery's outcome (written in the background: a record lost by a crash sends the delivery again). */
  recordDelivery(r: DeliveryRecord): void;
  /** The kept JWT key (PEM), if any. */
  readonly jwtKey: string | undefined;
  /** Keeps the JWT key made for this directory. */
  saveJwtKey(pem: string): void;
  /** Waits for the logs' last lines to be written, then closes them. */
  close(): Promise<void>;
}

const LOG_FILE = "log.jsonl";
const CATALOG_FILE = "catalog.json";
const DELIVERIES_FILE = "webhooks.jsonl";
const JWT_KEY_FILE = "webhook_jwt_key.pem";

/**
 * Opens (creating it if needed) the data directory. A last line cut short by a crash was never
 * answered: it is dropped, and the file cut back to its last whole line. @throws StoreError
 */
export function openStore(dir: string, catalog: CatalogInput | undefined, openLog: OpenLog = openLogFile): Store {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new StoreError(`cannot create --data ${dir}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const catalogPath = path.join(dir, CATALOG_FILE);
  let stored: CatalogInput;
  if (fs.existsSync(catalogPath)) {
    stored = JSON.parse(fs.readFileSync(catalogPath, "utf8")) as CatalogInput;
    if (catalog !== undefined && JSON.stringify(catalog) !== JSON.stringify(stored)) {
      throw new StoreError(`--data ${dir} was started with another catalog or organization: restart it without --catalog and --org, or with the same files`);
    }
  } else {
    stored = catalog ?? {};
    writeSynced(catalogPath, JSON.stringify(stored));
  }
  const logPath = path.join(dir, LOG_FILE);
  const entries: LogEntry[] = [];
  readLines(logPath, (line, n) => {
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      throw new StoreError(`${logPath}: line ${n} is not JSON; the log is damaged`);
    }
  });

  // Deliveries: a directory with a log but no deliveries file was written before they were recorded.
  const deliveriesPath = path.join(dir, DELIVERIES_FILE);
  let deliveries: Map<string, DeliveryRecord> | undefined;
  if (fs.existsSync(deliveriesPath) || entries.length === 0) {
    deliveries = new Map();
    const map = deliveries;
    // A damaged record only sends its delivery again: it is skipped.
    readLines(deliveriesPath, (line) => {
      try {
        const r = JSON.parse(line) as DeliveryRecord;
        if (typeof r.id === "string") map.set(r.id, r);
      } catch { /* skipped */ }
    });
  }
  const jwtPath = path.join(dir, JWT_KEY_FILE);
  const jwtKey = fs.existsSync(jwtPath) ? fs.readFileSync(jwtPath, "utf8") : undefined;

  const log = new GroupCommit(openLog(logPath));
  const outcomes = new GroupCommit(openLog(deliveriesPath));
  return {
    catalog: stored,
    entries,
    log,
    deliveries,
    recordDelivery(r) {
      if (outcomes.failed !== undefined) return;
      outcomes.append(JSON.stringify(r));
      outcomes.afterDurable(() => {});
    },
    jwtKey,
    saveJwtKey(pem) {
      writeSynced(jwtPath, pem, 0o600);
    },
    async close() {
      await Promise.all([log.close(), outcomes.close()]);
    },
  };
}

/** Calls `each` with every whole line of `file` (if it exists) and its number; a last line without its newline is cut off the file. */
function readLines(file: string, each: (line: string, n: number) => void): void {
  if (!fs.existsSync(file)) return;
  const text = fs.readFileSync(file, "utf8");
  const whole = text.slice(0, text.lastIndexOf("\n") + 1);
  whole.split("\n").forEach((line, i) => {
    if (line.trim() !== "") each(line, i + 1);
  });
  if (whole.length < text.length) fs.truncateSync(file, Buffer.byteLength(whole));
}

function writeSynced(file: string, text: string, mode?: number): void {
  const fd = fs.openSync(file, "w", mode);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
