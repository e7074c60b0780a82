/**
 * `ratecard serve` over `node:http` (the I/O edge, with cli.ts: the only modules of src/ that
 * read the clock, the disk or the network). Each request is read whole (up to the body limit),
 * checked (key, JSON), then answered synchronously by app.ts over the state: requests are
 * handled one at a time, in arrival order, and an accepted step is on disk (fsynced) before
 * its answer is written. See docs/serve.md.
 */
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Instant, parseInstant } from "../core/instant.js";
import { ApiLogs, DEFAULT_API_LOG_LIMIT, LOGGED_METHODS } from "./apiLogs.js";
import { route } from "./app.js";
import { readOrganization, withOrganization } from "./organization.js";
import { CatalogError, type CatalogInput, type LogEntry, ServeState } from "./state.js";
import { WebhookDeliveries, type WebhookOptions } from "./webhooks.js";
import { badRequest, fromWire, serverError, tooLarge, unauthorized, type WireError } from "./wire.js";

export const DEFAULT_NOW = "2024-01-01T00:00:00Z";
/** The largest request body served (1 MiB); a larger one is answered 413. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface ServeOptions {
  /** The accepted keys (`Authorization: Bearer <key>`); at least one. */
  readonly apiKeys: readonly string[];
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** `manual` (default): the clock starts at `now` and moves on POST /_ratecard/clock; `system`: the wall clock. */
  readonly clock?: "manual" | "system";
  /** The manual clock's start, ISO 8601 (default 2024-01-01T00:00:00Z). */
  readonly now?: string;
  /** A simulate input without steps: organization, billable_metrics, plans, taxes, coupons, add_ons. */
  readonly catalog?: CatalogInput;
  /**
   * The organization's settings (`--org FILE`): over the catalog's `organization`, field by field;
   * its `taxes` join the catalog's, applied to the organization (organization.ts). Without it
   * and without the catalog's: UTC, no grace period, no organization taxes.
   */
  readonly organization?: unknown;
  /** A directory for the durable log: every accepted call is appended and fsynced; a restart replays it. */
  readonly dataDir?: string;
  /** In bytes (default {@link DEFAULT_BODY_LIMIT}). */
  readonly bodyLimit?: number;
  /** How many api logs are kept in memory, the newest (default {@link DEFAULT_API_LOG_LIMIT}). */
  readonly apiLogLimit?: number;
  /**
   * Webhook delivery: attempts, backoff, timeout, the HMAC key (`--webhook-secret`), the JWT
   * key (see webhooks.ts and docs/serve.md, "Webhooks").
   */
  readonly webhooks?: WebhookOptions;
  /** Where unexpected errors are reported (default: standard error). */
  readonly log?: (line: string) => void;
}

export interface ServeHandle {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening, ends the open connections, closes the log. */
  close(): Promise<void>;
}

/** The problem with the options, the catalog or the data directory, in one line. */
export class ServeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServeError";
  }
}

const LOG_FILE = "log.jsonl";
const CATALOG_FILE = "catalog.json";

/** Starts the server; resolves once it listens. @throws ServeError */
export async function createServer(options: ServeOptions): Promise<ServeHandle> {
  if (options.apiKeys.length === 0 || options.apiKeys.some((k) => k === "")) throw new ServeError("at least one non-empty --api-key is needed");
  const mode = options.clock ?? "manual";
  if (mode !== "manual" && mode !== "system") throw new ServeError(`--clock must be manual or system, not ${JSON.stringify(mode)}`);
  const start = mode === "system" ? (Date.now() as Instant) : parseInstant(options.now ?? DEFAULT_NOW);
  if (start === undefined) throw new ServeError(`--now must be an ISO 8601 instant, not ${JSON.stringify(options.now)}`);
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const report = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  let given = options.catalog;
  if (options.organization !== undefined) {
    const org = readOrganization(options.organization);
    if (!org.ok) throw new ServeError(`--org: ${org.message}`);
    given = withOrganization(given ?? {}, org);
  }
  const store = options.dataDir === undefined ? undefined : openStore(options.dataDir, given);
  const catalog = store?.catalog ?? given ?? {};
  let state: ServeState;
  try {
    state = new ServeState(catalog, start, store === undefined ? undefined : (e) => store.append(e));
    if (store !== undefined) state.restore(store.entries);
  } catch (err) {
    store?.close();
    if (err instanceof CatalogError) throw new ServeError(err.message);
    throw err;
  }
  const keys = new Set(options.apiKeys);
  const apiLogs = new ApiLogs(options.apiLogLimit ?? DEFAULT_API_LOG_LIMIT);
  let baseUrl = "";
  let webhooks: WebhookDeliveries;
  try {
    webhooks = new WebhookDeliveries(
      options.webhooks ?? {}, () => state.sim.catalog.organization.svc_id,
      (id) => state.webhookEndpoints().find((e) => e.svc_id === id), () => baseUrl, report,
    );
  } catch (err) {
    store?.close();
    throw new ServeError(err instanceof Error ? err.message : String(err));
  }
  /** Hands the messages emitted since the last request to the deliveries (which never block). */
  const deliver = (): void => webhooks.enqueue(state.takeWebhooks(), state.webhookEndpoints());

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    // A write request of the API with a valid key is logged (api_logs), whatever its answer.
    const logged = LOGGED_METHODS.has(method) && /^\/api\/v1(\/|$)/.test(url.pathname);
    const requestId = randomUUID();
    let requestBody = "";
    const send = (status: number, body: unknown, plain = false): void => {
      const text = plain ? String(body) : JSON.stringify(body);
      if (logged && status !== 401) {
        apiLogs.record({
          request_id: requestId, api_version: "v1", client: req.headers["user-agent"] ?? "", http_method: method, http_status: status,
          request_body: requestBody, request_origin: String(req.headers.origin ?? req.headers.referer ?? ""),
          request_path: url.pathname.slice("/api/v1".length) + url.search, request_response: text, at: state.now,
        });
      }
      res.writeHead(status, { "content-type": plain ? "text/plain; charset=utf-8" : "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), "x-request-id": requestId });
      res.end(text);
    };
    const sendError = (e: WireError): void => send(e.status, e.body);
    const auth = req.headers.authorization;
    const key = auth?.startsWith("Bearer ") === true ? auth.slice("Bearer ".length).trim() : undefined;
    if (key === undefined || !keys.has(key)) {
      req.resume();
      return sendError(unauthorized());
    }
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limit) {
      // Read and dropped, so the client finishes sending and reads the answer.
      req.resume();
      return sendError(tooLarge(limit));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on("end", () => {
      if (over) return sendError(tooLarge(limit));
      const text = Buffer.concat(chunks).toString("utf8");
      requestBody = text;
      let body: unknown;
      if (text.trim() !== "") {
        try {
          body = fromWire(JSON.parse(text));
        } catch (err) {
          return sendError(badRequest(`the body is not JSON (${err instanceof Error ? err.message : String(err)})`));
        }
      }
      try {
        if (mode === "system") state.moveClock(Math.max(Date.now(), state.now) as Instant, false);
        if (mode === "system" && url.pathname.replace(/\/+$/, "") === "/_ratecard/clock" && req.method === "POST") {
          deliver();
          return send(405, { status: 405, error: "Method Not Allowed", code: "clock_not_manual" });
        }
        const r = route(state, { method, path: url.pathname, query: url.searchParams, body }, { apiLogs, webhooks });
        send(r.status, r.body, r.text === true);
      } catch (err) {
        report(`ratecard serve: internal error on ${req.method} ${url.pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        sendError(serverError());
      }
      try {
        deliver();
      } catch (err) {
        report(`ratecard serve: internal error queuing webhooks: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    });
    req.on("error", () => res.destroy());
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;
  return {
    url: baseUrl,
    port,
    close: () => new Promise<void>((resolve) => {
      webhooks.close();
      server.close(() => {
        store?.close();
        resolve();
      });
      server.closeAllConnections();
    }),
  };
}

interface Store {
  /** The catalog the directory was started with. */
  readonly catalog: CatalogInput;
  /** The log's entries, oldest first. */
  readonly entries: readonly LogEntry[];
  append(e: LogEntry): void;
  close(): void;
}

/**
 * The data directory: `catalog.json` (the catalog of its first start: a restart serves it) and
 * `log.jsonl` (one entry a line, each written and fsynced before its call is answered). A last
 * line cut short by a crash was never answered: it is dropped, and the file cut back to the
 * last whole line.
 */
function openStore(dir: string, catalog: CatalogInput | undefined): Store {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new ServeError(`cannot create --data ${dir}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const catalogPath = path.join(dir, CATALOG_FILE);
  let stored: CatalogInput;
  if (fs.existsSync(catalogPath)) {
    stored = JSON.parse(fs.readFileSync(catalogPath, "utf8")) as CatalogInput;
    if (catalog !== undefined && JSON.stringify(catalog) !== JSON.stringify(stored)) {
      throw new ServeError(`--data ${dir} was started with another catalog or organization: restart it without --catalog and --org, or with the same files`);
    }
  } else {
    stored = catalog ?? {};
    writeSynced(catalogPath, JSON.stringify(stored));
  }
  const logPath = path.join(dir, LOG_FILE);
  const text = fs.existsSync(logPath) ? fs.readFileSync(logPath, "utf8") : "";
  // Whole lines only: a last line without its newline was cut by a crash before it was answered.
  const whole = text.slice(0, text.lastIndexOf("\n") + 1);
  const entries: LogEntry[] = [];
  whole.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      throw new ServeError(`${logPath}: line ${i + 1} is not JSON; the log is damaged`);
    }
  });
  const fd = fs.openSync(logPath, "a");
  if (whole.length < text.length) fs.ftruncateSync(fd, Buffer.byteLength(whole));
  return {
    catalog: stored,
    entries,
    append(e) {
      fs.writeSync(fd, `${JSON.stringify(e)}\n`);
      fs.fsyncSync(fd);
    },
    close() {
      fs.closeSync(fd);
    },
  };
}

function writeSynced(file: string, text: string): void {
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
