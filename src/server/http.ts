/**
 * `ratecard serve` over `node:http` (the I/O edge, with cli.ts and store.ts: the only modules of
 * src/ that read the clock, the disk or the network). Each request is read whole (up to the body
 * limit), checked (key, JSON), then handled synchronously by app.ts over the state: requests are
 * handled one at a time, in arrival order. With `--data`, an accepted call's log line goes to
 * the group commit (store.ts) and every answer waits for the fsync covering the lines appended
 * before it was computed, so that no answer shows what a crash could lose; meanwhile the server
 * goes on handling calls. See docs/serve.md.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Instant, parseInstant } from "../core/instant.js";
import { ApiLogs, DEFAULT_API_LOG_LIMIT, LOGGED_METHODS } from "./apiLogs.js";
import { route } from "./app.js";
import { readOrganization, withOrganization } from "./organization.js";
import { CatalogError, type CatalogInput, type Emitted, ServeState } from "./state.js";
import { type OpenLog, openStore, type Store, StoreError } from "./store.js";
import { WebhookDeliveries, type WebhookOptions } from "./webhooks.js";
import { badRequest, fromWire, logFailed, serverError, tooLarge, unauthorized, type WireError } from "./wire.js";

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
  /**
   * A directory for the durable log: every accepted call is appended and fsynced (group commit)
   * before it is answered; a restart replays it and resumes the webhook deliveries left pending.
   */
  readonly dataDir?: string;
  /** For tests: how the data directory's logs are opened (default: node:fs, see store.ts). */
  readonly openLog?: OpenLog;
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
  let store: Store | undefined;
  try {
    store = options.dataDir === undefined ? undefined : openStore(options.dataDir, given, options.openLog);
  } catch (err) {
    if (err instanceof StoreError) throw new ServeError(err.message);
    throw err;
  }
  const log = store?.log;
  const catalog = store?.catalog ?? given ?? {};
  let state: ServeState;
  let emitted: Emitted[] = [];
  try {
    state = new ServeState(catalog, start, log === undefined ? undefined : (e) => log.append(JSON.stringify(e)));
    if (store !== undefined) emitted = state.restore(store.entries);
  } catch (err) {
    await store?.close();
    if (err instanceof CatalogError) throw new ServeError(err.message);
    throw err;
  }
  const keys = new Set(options.apiKeys);
  const apiLogs = new ApiLogs(options.apiLogLimit ?? DEFAULT_API_LOG_LIMIT);
  let baseUrl = "";
  let webhooks: WebhookDeliveries;
  try {
    const kept = store;
    webhooks = new WebhookDeliveries(
      options.webhooks ?? {}, () => state.sim.catalog.organization.svc_id,
      (id) => state.webhookEndpoints().find((e) => e.svc_id === id), () => baseUrl, report,
      kept === undefined ? undefined : { record: (r) => kept.recordDelivery(r), jwtKey: kept.jwtKey, saveJwtKey: (pem) => kept.saveJwtKey(pem) },
    );
  } catch (err) {
    await store?.close();
    throw new ServeError(err instanceof Error ? err.message : String(err));
  }
  let reportedFailure = false;
  /** Once the log failed, every call is answered 503: what the state holds may not be on the disk. */
  const unavailable = (err: Error): WireError => {
    if (!reportedFailure) report(`ratecard serve: cannot write the log of --data (${err.message}): every call is answered 503 from now on; restart the server`);
    reportedFailure = true;
    return logFailed();
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    // A write request of the API with a valid key is logged (api_logs), whatever its answer.
    const logged = LOGGED_METHODS.has(method) && /^\/api\/v1(\/|$)/.test(url.pathname);
    const requestId = randomUUID();
    let requestBody = "";
    const send = (status: number, body: unknown, plain = false, at: Instant = state.now): void => {
      const text = plain ? String(body) : JSON.stringify(body);
      if (logged && status !== 401) {
        apiLogs.record({
          request_id: requestId, api_version: "v1", client: req.headers["user-agent"] ?? "", http_method: method, http_status: status,
          request_body: requestBody, request_origin: String(req.headers.origin ?? req.headers.referer ?? ""),
          request_path: url.pathname.slice("/api/v1".length) + url.search, request_response: text, at,
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
      if (log?.failed !== undefined) return sendError(unavailable(log.failed));
      let answer: () => void;
      try {
        if (mode === "system") state.moveClock(Math.max(Date.now(), state.now) as Instant, false);
        if (mode === "system" && url.pathname.replace(/\/+$/, "") === "/_ratecard/clock" && req.method === "POST") {
          answer = () => sendError({ status: 405, body: { status: 405, error: "Method Not Allowed", code: "clock_not_manual" } });
        } else {
          const r = route(state, { method, path: url.pathname, query: url.searchParams, body }, { apiLogs, webhooks });
          const at = state.now;
          answer = () => send(r.status, r.body, r.text === true, at);
        }
      } catch (err) {
        report(`ratecard serve: internal error on ${req.method} ${url.pathname}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        answer = () => sendError(serverError());
      }
      // The messages emitted since the last request, for the endpoints registered now.
      let messages: ReturnType<ServeState["takeWebhooks"]> = [];
      let endpoints = state.webhookEndpoints();
      try {
        messages = state.takeWebhooks();
        endpoints = state.webhookEndpoints();
      } catch (err) {
        report(`ratecard serve: internal error taking webhooks: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
      // Answered, and its messages handed to the deliveries (which never block), once what it
      // shows is on the disk: at once in memory or when nothing waits for an fsync.
      const finish = (error?: Error): void => {
        if (error !== undefined) return sendError(unavailable(error));
        answer();
        try {
          webhooks.enqueue(messages, endpoints);
        } catch (err) {
          report(`ratecard serve: internal error queuing webhooks: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        }
      };
      if (log === undefined) finish();
      else log.afterDurable(finish);
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
  // The deliveries the previous run left unfinished (with --data), now that the URL is known.
  if (store !== undefined) webhooks.resume(emitted, store.deliveries);
  emitted = [];
  return {
    url: baseUrl,
    port,
    close: async () => {
      webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store?.close();
    },
  };
}
