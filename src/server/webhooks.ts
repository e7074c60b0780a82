/**
 * Webhook delivery of `ratecard serve` (docs/serve.md, "Webhooks"): every message the
 * simulation emits (its `webhooks` output, contract §4) is POSTed to each webhook endpoint
 * registered when it is emitted (and subscribed to its type), in the reference service's
 * envelope `{webhook_type, object_type, organization_id, <object_type>: object}`, signed
 * (`X-Lago-Signature`, `X-Lago-Signature-Algorithm`, `X-Lago-Unique-Key`).
 *
 * Delivery never blocks a request: it runs on its own, one queue per endpoint, in the order of
 * emission (a message is sent once the one before it succeeded or was given up on). A failed
 * attempt (a status other than 200, 201, 202, 204, a network error, a timeout) is retried after
 * `backoffMs × (n⁴ + 2)` (n: the failures so far — 3 s, 18 s, 83 s, … by default), up to
 * `attempts` attempts (0: without end); then the delivery is `failed`, kept in the delivery log,
 * and `POST /_ratecard/webhooks/:id/retry` sends it again. This module does the network I/O
 * and reads the wall clock (like http.ts, the I/O edge of src/).
 *
 * With `--data`, each delivery's outcome is recorded (store.ts, `webhooks.jsonl`) when it
 * finishes or is sent again; a restart re-derives the deliveries from the log's replay (the
 * messages and the endpoints registered when each was emitted) and resumes those that no
 * record says finished ({@link WebhookDeliveries.resume}). A JWT key made here is kept there.
 */
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { stableId } from "../core/ids.js";
import type { Obj } from "../simulator/steps.js";
import { list, notFoundResponse, ok, type Request, type Response } from "./respond.js";
import type { Emitted, WebhookEndpoint } from "./state.js";
import type { DeliveryRecord } from "./store.js";
import { methodNotAllowed, notFound, toWire } from "./wire.js";

/** A message of the simulation (simulate's `webhooks` entry). */
export interface Message {
  readonly type: string;
  readonly at: string;
  readonly object: unknown;
}

export interface WebhookOptions {
  /** Attempts per delivery, the first included (default 3, as the reference's `LAGO_WEBHOOK_ATTEMPTS`); 0: retried without end. */
  readonly attempts?: number;
  /** The wait after the n-th failed attempt is `backoffMs × (n⁴ + 2)` (default 1000: 3 s, 18 s, 83 s, 258 s, …). */
  readonly backoffMs?: number;
  /** How long an attempt may take, connection to last byte of the answer (default 30 000, as the reference). */
  readonly timeoutMs?: number;
  /** The organization's HMAC key (default: derived from the organization's id, see {@link defaultHmacKey}). */
  readonly hmacKey?: string;
  /** The RSA private key (PEM) of `jwt` signatures (default: a 2048-bit key made when first needed). */
  readonly jwtPrivateKey?: string;
  /** How many finished deliveries the log keeps, the newest (default 10 000); pending ones are always kept. */
  readonly logLimit?: number;
}

export const DEFAULT_WEBHOOK_ATTEMPTS = 3;
export const DEFAULT_WEBHOOK_BACKOFF_MS = 1000;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 30_000;
export const DEFAULT_WEBHOOK_LOG_LIMIT = 10_000;

/** The HMAC key used without `--webhook-secret`: a name-based UUID of the organization's id (stable across restarts). */
export const defaultHmacKey = (organizationId: string): string => stableId("webhook_hmac_key", organizationId);

/** The wait before the next attempt once `failures` attempts failed (ms). */
export const retryDelay = (failures: number, backoffMs: number): number => backoffMs * (failures ** 4 + 2);

/** The key its object sits under in the reference's envelope: the type's prefix, `triggered_alert` for alerts. */
export function objectType(webhookType: string): string {
  if (webhookType === "alert.triggered") return "triggered_alert";
  return webhookType.slice(0, webhookType.indexOf(".") < 0 ? webhookType.length : webhookType.indexOf("."));
}

/** The exact text POSTed for a message: the reference's envelope, its ids named with the reference's prefix. */
export function envelope(m: Message, organizationId: string): string {
  const type = objectType(m.type);
  return JSON.stringify({ webhook_type: m.type, object_type: type, organization_id: organizationId, [type]: toWire(m.object) });
}

/** `X-Lago-Signature` with `hmac`: Base64 of the HMAC-SHA256 of the body's bytes, keyed by the key's UTF-8 bytes. */
export const hmacSignature = (body: string, key: string): string => createHmac("sha256", key).update(body, "utf8").digest("base64");

const base64url = (b: Buffer): string => b.toString("base64url");

/** `X-Lago-Signature` with `jwt`: a compact RS256 JWS of `{data: <the body>, iss: <issuer>}`. */
export function jwtSignature(body: string, issuer: string, key: KeyObject): string {
  const head = base64url(Buffer.from(JSON.stringify({ alg: "RS256" })));
  const claims = base64url(Buffer.from(JSON.stringify({ data: body, iss: issuer })));
  return `${head}.${claims}.${base64url(sign("sha256", Buffer.from(`${head}.${claims}`), key))}`;
}

type Status = "pending" | "retrying" | "succeeded" | "failed";

interface Attempt {
  readonly attempt: number;
  /** Wall-clock time. */
  readonly started_at: string;
  readonly duration_ms: number;
  readonly http_status: number | null;
  readonly error: string | null;
}

interface Delivery {
  readonly id: string;
  readonly endpointId: string;
  readonly webhookType: string;
  readonly objectType: string;
  /** The message's instant on the server's clock. */
  readonly createdAt: string;
  readonly payload: string;
  url: string;
  status: Status;
  /** Failed attempts (the reference's `retries`). */
  retries: number;
  /** The attempts allowed, in all (0: no end). */
  budget: number;
  httpStatus: number | null;
  response: string | null;
  lastRetriedAt: string | null;
  updatedAt: string;
  readonly attempts: Attempt[];
}

interface Queue {
  readonly items: Delivery[];
  running: boolean;
}

/** What the data directory keeps of the deliveries (store.ts). */
export interface DeliveryPersistence {
  /** Called with a delivery's state when it finishes (succeeded, failed) or is sent again (pending). */
  record(r: DeliveryRecord): void;
  /** The JWT key kept by an earlier run, PEM. */
  readonly jwtKey: string | undefined;
  /** Keeps the JWT key made by this run. */
  saveJwtKey(pem: string): void;
}

/** The statuses the reference counts as delivered. */
const SUCCESS = new Set([200, 201, 202, 204]);
const RESPONSE_LIMIT = 2000;

export class WebhookDeliveries {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly logLimit: number;
  private readonly hmacKeyGiven: string | undefined;
  private jwtKey: KeyObject | undefined;
  /** Every delivery kept, in emission order. */
  private log: Delivery[] = [];
  private readonly byId = new Map<string, Delivery>();
  private readonly queues = new Map<string, Queue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<http.ClientRequest>();
  private readonly wakers = new Set<() => void>();
  private closed = false;

  /**
   * @param endpoint the endpoint as it is now (deliveries follow its URL and algorithm; a
   *   deleted one fails its pending deliveries), by id.
   * @param issuer the `iss` of JWT signatures (the server's URL).
   * @param report where unexpected errors go.
   */
  constructor(
    options: WebhookOptions,
    private readonly organizationId: () => string,
    private readonly endpoint: (id: string) => WebhookEndpoint | undefined,
    private readonly issuer: () => string,
    private readonly report: (line: string) => void,
    private readonly persistence?: DeliveryPersistence,
  ) {
    this.attempts = checkCount(options.attempts ?? DEFAULT_WEBHOOK_ATTEMPTS, "webhook attempts", 0);
    this.backoffMs = checkCount(options.backoffMs ?? DEFAULT_WEBHOOK_BACKOFF_MS, "webhook backoff", 0);
    this.timeoutMs = checkCount(options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS, "webhook timeout", 1);
    this.logLimit = checkCount(options.logLimit ?? DEFAULT_WEBHOOK_LOG_LIMIT, "webhook log limit", 1);
    this.hmacKeyGiven = options.hmacKey;
    const pem = options.jwtPrivateKey ?? persistence?.jwtKey;
    if (pem !== undefined) {
      let key: KeyObject | undefined;
      try {
        key = createPrivateKey(pem);
      } catch {
        key = undefined;
      }
      if (key?.asymmetricKeyType !== "rsa") throw new RangeError(`the webhook JWT key${options.jwtPrivateKey === undefined ? " kept in the data directory" : ""} must be an RSA private key in PEM`);
      this.jwtKey = key;
    }
  }

  get hmacKey(): string {
    return this.hmacKeyGiven ?? defaultHmacKey(this.organizationId());
  }

  /** The RSA key of JWT signatures, made when first needed (and kept in the data directory, if any). */
  private rsaKey(): KeyObject {
    if (this.jwtKey === undefined) {
      this.jwtKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
      this.persistence?.saveJwtKey(this.jwtKey.export({ type: "pkcs8", format: "pem" }).toString());
    }
    return this.jwtKey;
  }

  /** The public key of JWT signatures, PEM (SPKI). */
  publicKeyPem(): string {
    return createPublicKey(this.rsaKey()).export({ type: "spki", format: "pem" }).toString();
  }

  /** The public key as the reference's `/webhooks/public_key` gives it: Base64 of the PEM, in lines of 60 characters, each ending with a newline. */
  publicKeyBase64(): string {
    const b64 = Buffer.from(this.publicKeyPem()).toString("base64");
    return b64.replace(/.{1,60}/g, (line) => `${line}\n`);
  }

  /**
   * Queues messages for the endpoints registered now: one delivery per message and endpoint
   * subscribed to its type (`event_types` null: all). `index` is the message's place in the
   * simulation's output (deliveries' ids are derived from it and the endpoint's id).
   */
  enqueue(messages: readonly { readonly index: number; readonly message: Message }[], endpoints: readonly WebhookEndpoint[]): void {
    if (messages.length === 0 || endpoints.length === 0 || this.closed) return;
    const org = this.organizationId();
    for (const { index, message } of messages) {
      let payload: string | undefined;
      for (const e of endpoints) {
        if (!subscribed(e, message)) continue;
        payload ??= envelope(message, org);
        this.add(this.delivery(index, message, e, payload), true);
      }
    }
    this.trim();
    for (const e of endpoints) this.pump(e.svc_id);
  }

  /**
   * A restart with `--data`: the messages the log's replay emitted, each with the endpoints
   * registered when it was emitted, and the latest record of each delivery (`records`; none:
   * a directory from before deliveries were recorded, whose messages count as delivered).
   * A delivery recorded as succeeded is done; one recorded as failed is back in the log as
   * failed (to be sent again on demand); the others — pending at the stop, or never recorded —
   * are queued again, in emission order, their attempts counted anew.
   */
  resume(emitted: readonly Emitted[], records: ReadonlyMap<string, DeliveryRecord> | undefined): void {
    if (records === undefined || this.closed) return;
    const org = this.organizationId();
    const queued = new Set<string>();
    for (const { index, message, endpoints } of emitted) {
      let payload: string | undefined;
      for (const e of endpoints) {
        if (!subscribed(e, message)) continue;
        const id = deliveryId(e.svc_id, index);
        const r = records.get(id);
        if (r?.status === "succeeded") continue;
        payload ??= envelope(message, org);
        const d = this.delivery(index, message, e, payload);
        if (r !== undefined) {
          d.status = r.status;
          d.retries = r.retries;
          d.httpStatus = r.http_status;
          d.response = r.response;
          d.lastRetriedAt = r.last_retried_at;
          d.updatedAt = r.updated_at;
          d.attempts.push(...(r.attempts as Attempt[]));
          // Sent again on demand before the stop: the one more attempt it was given.
          if (r.status === "pending" && d.budget !== 0) d.budget = d.attempts.length + 1;
        }
        this.add(d, d.status === "pending");
        if (d.status === "pending") queued.add(e.svc_id);
      }
    }
    this.trim();
    for (const id of queued) this.pump(id);
  }

  private delivery(index: number, message: Message, e: WebhookEndpoint, payload: string): Delivery {
    return {
      id: deliveryId(e.svc_id, index), endpointId: e.svc_id, webhookType: message.type, objectType: objectType(message.type),
      createdAt: message.at, payload, url: e.webhook_url, status: "pending", retries: 0, budget: this.attempts,
      httpStatus: null, response: null, lastRetriedAt: null, updatedAt: wallNow(), attempts: [],
    };
  }

  private add(d: Delivery, queue: boolean): void {
    this.log.push(d);
    this.byId.set(d.id, d);
    if (queue) this.queueOf(d.endpointId).items.push(d);
  }

  /** Hands a delivery's state to the data directory, if any. */
  private record(d: Delivery): void {
    if (d.status === "retrying") return;
    this.persistence?.record({
      id: d.id, status: d.status, retries: d.retries, http_status: d.httpStatus, response: d.response,
      last_retried_at: d.lastRetriedAt, updated_at: d.updatedAt, attempts: d.attempts,
    });
  }

  private queueOf(endpointId: string): Queue {
    let q = this.queues.get(endpointId);
    if (q === undefined) {
      q = { items: [], running: false };
      this.queues.set(endpointId, q);
    }
    return q;
  }

  /** Drops the oldest finished deliveries beyond the limit. */
  private trim(): void {
    if (this.log.length <= this.logLimit) return;
    let excess = this.log.length - this.logLimit;
    const kept: Delivery[] = [];
    for (const d of this.log) {
      if (excess > 0 && (d.status === "succeeded" || d.status === "failed")) {
        this.byId.delete(d.id);
        excess--;
      } else kept.push(d);
    }
    this.log = kept;
  }

  /** Starts the endpoint's queue if it is idle. */
  private pump(endpointId: string): void {
    const q = this.queues.get(endpointId);
    if (q === undefined || q.running || q.items.length === 0 || this.closed) return;
    q.running = true;
    void this.drain(q).catch((err: unknown) => {
      q.running = false;
      this.report(`ratecard serve: webhook delivery stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    });
  }

  /** Sends the queue's deliveries in order, each until it succeeds or is given up on. */
  private async drain(q: Queue): Promise<void> {
    while (!this.closed && q.items.length > 0) {
      const d = q.items[0]!;
      await this.attempt(d);
      if (d.status === "succeeded" || d.status === "failed") {
        q.items.shift();
        continue;
      }
      await this.sleep(retryDelay(d.retries, this.backoffMs));
    }
    q.running = false;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(t);
        this.timers.delete(t);
        this.wakers.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, ms);
      this.timers.add(t);
      this.wakers.add(wake);
    });
  }

  /** One attempt of a delivery: its status, retries and attempts updated. */
  private async attempt(d: Delivery): Promise<void> {
    const e = this.endpoint(d.endpointId);
    if (e === undefined) {
      d.status = "failed";
      d.response = "webhook_endpoint_deleted";
      d.updatedAt = wallNow();
      this.record(d);
      return;
    }
    d.url = e.webhook_url;
    const signature = e.signature_algo === "jwt" ? jwtSignature(d.payload, this.issuer(), this.rsaKey()) : hmacSignature(d.payload, this.hmacKey);
    const headers = {
      "content-type": "application/json", "user-agent": "ratecard-serve",
      "x-lago-signature": signature, "x-lago-signature-algorithm": e.signature_algo, "x-lago-unique-key": d.id,
    };
    const started = Date.now();
    const r = await this.post(d.url, d.payload, headers);
    if (this.closed) return;
    const n = d.attempts.length + 1;
    d.attempts.push({ attempt: n, started_at: new Date(started).toISOString(), duration_ms: Date.now() - started, http_status: r.status, error: r.error });
    d.httpStatus = r.status;
    d.response = r.body ?? r.error;
    d.updatedAt = wallNow();
    if (n > 1) d.lastRetriedAt = new Date(started).toISOString();
    if (r.status !== null && SUCCESS.has(r.status)) {
      d.status = "succeeded";
      this.record(d);
      return;
    }
    d.retries++;
    d.status = d.budget === 0 || n < d.budget ? "retrying" : "failed";
    this.record(d);
  }

  /** POSTs `body`; resolves with the answer's status and text, or the error (never rejects). */
  private post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number | null; body: string | null; error: string | null }> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number | null, text: string | null, error: string | null): void => {
        if (settled) return;
        settled = true;
        this.inFlight.delete(req);
        resolve({ status, body: text, error });
      };
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        resolve({ status: null, body: null, error: "url_is_invalid" });
        return;
      }
      const client = target.protocol === "https:" ? https : http;
      const req = client.request(target, { method: "POST", agent: false, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (text.length < RESPONSE_LIMIT) text += chunk;
        });
        res.on("end", () => done(res.statusCode ?? null, text.slice(0, RESPONSE_LIMIT), null));
        res.on("error", (err) => done(res.statusCode ?? null, null, err.message));
      });
      this.inFlight.add(req);
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`timed out after ${this.timeoutMs} ms`)));
      req.on("error", (err: NodeJS.ErrnoException) => done(null, null, err.code !== undefined && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message));
      req.end(body);
    });
  }

  /**
   * Sends a failed delivery again (one more attempt, as the reference's retry), at the end of
   * its endpoint's queue; a pending or retrying one is already queued and stays as it is; a
   * succeeded one is refused (`is_succeeded`, as the reference refuses it).
   */
  retry(id: string): Delivery | undefined | "is_succeeded" {
    const d = this.byId.get(id);
    if (d === undefined) return undefined;
    if (d.status === "succeeded") return "is_succeeded";
    if (d.status !== "failed") return d;
    d.status = "pending";
    d.budget = d.budget === 0 ? 0 : d.attempts.length + 1;
    d.updatedAt = wallNow();
    this.record(d);
    this.queueOf(d.endpointId).items.push(d);
    this.pump(d.endpointId);
    return d;
  }

  /**
   * The delivery log, `/_ratecard/webhooks`: GET the list (in emission order; `status`,
   * `webhook_type`, `webhook_endpoint_id` filters; `page`, `per_page`), GET `/:id`, POST
   * `/:id/retry`. `parts` are the path's segments after `webhooks`.
   */
  route(req: Request, parts: readonly string[]): Response {
    const [id, action, ...rest] = parts;
    if (rest.length > 0) return fail404();
    if (id === undefined) {
      if (req.method !== "GET") return fail404();
      const q = req.query;
      const status = q.get("status");
      const type = q.get("webhook_type");
      const endpointId = q.get("webhook_endpoint_id") ?? q.get("lago_webhook_endpoint_id");
      const found = this.log.filter((d) => (status === null || status === "" || d.status === status)
        && (type === null || type === "" || d.webhookType === type) && (endpointId === null || endpointId === "" || d.endpointId === endpointId));
      return list(req, "webhooks", found.map(deliveryJson));
    }
    const d = this.byId.get(id);
    if (action === undefined && req.method === "GET") return d === undefined ? notFoundResponse("webhook_not_found") : ok({ webhook: deliveryJson(d) });
    if (action === "retry" && req.method === "POST") {
      const r = this.retry(id);
      if (r === undefined) return notFoundResponse("webhook_not_found");
      if (r === "is_succeeded") return { status: 405, body: methodNotAllowed("is_succeeded").body };
      return ok({ webhook: deliveryJson(r) });
    }
    return fail404();
  }

  /** Stops: no attempt starts, the ones under way are cut, the waits end. */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const wake of [...this.wakers]) wake();
    for (const r of this.inFlight) r.destroy(new Error("server closed"));
  }
}

/** A delivery's id (its `X-Lago-Unique-Key`): derived from the endpoint and the message's place in the simulation's output, so a restart finds it again. */
const deliveryId = (endpointId: string, index: number): string => stableId("webhook", endpointId, String(index));

const subscribed = (e: WebhookEndpoint, m: Message): boolean => e.event_types === null || e.event_types.includes(m.type);

const fail404 = (): Response => ({ status: 404, body: notFound("route_not_found").body });

function deliveryJson(d: Delivery): Obj {
  return {
    svc_id: d.id, svc_webhook_endpoint_id: d.endpointId, endpoint: d.url, webhook_type: d.webhookType, object_type: d.objectType,
    status: d.status, retries: d.retries, http_status: d.httpStatus, response: d.response, payload: d.payload,
    created_at: d.createdAt, last_retried_at: d.lastRetriedAt, updated_at: d.updatedAt, attempts: d.attempts.map((a) => ({ ...a })),
  };
}

const wallNow = (): string => new Date().toISOString();

function checkCount(n: number, name: string, min: number): number {
  if (!Number.isSafeInteger(n) || n < min) throw new RangeError(`${name} must be an integer ≥ ${min}, not ${n}`);
  return n;
}
