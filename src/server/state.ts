/**
 * The state of `ratecard serve`: a catalog and an append-only log of what was accepted, over a
 * live {@link Simulation} (docs/serve.md). Each accepted call is one step of a simulate timeline
 * `{at, op, body}`, performed as `simulate` performs it (`Simulation.step`); a manual clock move
 * is the gap between two steps (`Simulation.moveClock`). A refused call answers its error and is
 * not logged. The simulator's catalog is fixed at construction, so adding a catalog object
 * rebuilds the simulation from the new catalog and replays the log; catalog objects are only
 * ever added under new codes, so an accepted step's result cannot change (docs/serve.md,
 * "Catalog"). This module does no I/O: `persist` is handed each entry to write.
 */
import { stableId } from "../core/ids.js";
import { formatInstant, type Instant, parseInstant } from "../core/instant.js";
import { type Issue, IssueCollector, type Issues, toErrorDetails } from "../core/issue.js";
import { parseCatalog } from "../simulator/catalog.js";
import type { Webhook } from "../simulator/invoicing.js";
import { Simulation } from "../simulator/simulate.js";
import { isObj, type Obj } from "../simulator/steps.js";

/** The catalog lists a POST may add to, by the simulate input's key. */
export const CATALOG_KEYS = ["billable_metrics", "plans", "taxes", "coupons", "add_ons"] as const;
export type CatalogKey = (typeof CATALOG_KEYS)[number];

/** One line of the log: a catalog object added, a step accepted, the manual clock moved. */
export type LogEntry =
  | { readonly kind: "catalog"; readonly key: CatalogKey; readonly object: Obj }
  | { readonly kind: "step"; readonly at: string; readonly op: string; readonly body: Obj }
  | { readonly kind: "clock"; readonly at: string }
  | { readonly kind: "webhook_endpoint"; readonly action: "create" | "update" | "delete"; readonly at: string; readonly svc_id: string; readonly body: Obj };

/** An accepted step and its response (what lists of objects kept by no other state read: payments). */
export interface AcceptedStep {
  readonly op: string;
  readonly body: Obj;
  readonly response: Obj;
}

/** A webhook message of the simulation, its place in simulate's `webhooks`, and the endpoints registered when it was emitted. */
export interface Emitted {
  readonly index: number;
  readonly message: Webhook;
  readonly endpoints: readonly WebhookEndpoint[];
}

/** A registered webhook endpoint (the server keeps them; the simulator has none). */
export interface WebhookEndpoint {
  readonly svc_id: string;
  readonly svc_organization_id: string;
  readonly webhook_url: string;
  readonly signature_algo: "hmac" | "jwt";
  readonly name: string | null;
  readonly event_types: readonly string[] | null;
  readonly created_at: string;
}

/** The most webhook endpoints an organization has (interface-spec.md, "Limits"). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** A refusal: the service's code and, for `validation_errors`, the codes of each field. */
export interface Refused {
  readonly code: string;
  readonly error_details?: Readonly<Record<string, string[]>>;
}

/** A call's outcome: the operation's response, or its refusal. */
export type Outcome = { readonly ok: true; readonly body: Obj } | { readonly ok: false; readonly error: Refused };

/** A catalog input (a simulate input without steps): `organization` and the catalog lists. */
export type CatalogInput = Obj;

export class ServeState {
  private catalog: CatalogInput;
  /** The accepted steps and clock moves, in order (catalog entries are folded into `catalog`). */
  private readonly timeline: LogEntry[] = [];
  private steps = 0;
  sim: Simulation;
  /** The accepted steps with their responses, in order (rebuilt with the simulation). */
  private accepted: AcceptedStep[] = [];
  /** The webhook endpoints, in creation order, and how many were ever created (their ids count them). */
  private endpoints: WebhookEndpoint[] = [];
  private endpointsCreated = 0;
  /** How many of the simulation's webhook messages were handed out by {@link takeWebhooks}. */
  private messagesTaken = 0;

  /**
   * @param catalog the `--catalog` input; checked here (@throws ValidationError).
   * @param start the clock's first instant.
   * @param persist called with every entry before the call is answered (the durable log).
   */
  constructor(catalog: CatalogInput, start: Instant, private readonly persist: (e: LogEntry) => void = () => {}) {
    this.catalog = { ...catalog };
    delete this.catalog["steps"];
    delete this.catalog["until"];
    const built = build(this.catalog, [], start);
    if (!built.ok) throw new CatalogError(built.issues);
    this.sim = built.sim;
  }

  /** Takes a rebuilt simulation and the responses of its replayed steps. */
  private use(built: Built): void {
    this.sim = built.sim;
    this.accepted = built.accepted;
  }

  /**
   * Replays a log written by `persist` (a restart): entries are applied, not persisted again.
   * Answers the webhook messages the replay emitted, each with the endpoints registered when
   * the call that emitted it was accepted (as the run that accepted it handed them to the
   * deliveries): the server resumes those whose delivery had not finished.
   */
  restore(entries: readonly LogEntry[]): Emitted[] {
    // The webhook endpoints registered before each entry of the timeline.
    const endpointsAt: (readonly WebhookEndpoint[])[] = [];
    for (const e of entries) {
      if (e.kind === "catalog") {
        this.catalog = withObject(this.catalog, e.key, e.object);
        continue;
      }
      if (e.kind === "webhook_endpoint") {
        this.applyEndpoint(e);
        continue;
      }
      endpointsAt.push(this.endpoints);
      this.timeline.push(e);
      if (e.kind === "step") this.steps++;
    }
    const emitted: Emitted[] = [];
    let taken = 0;
    const take = (endpoints: readonly WebhookEndpoint[], sim: Simulation): void => {
      const all = sim.invoicing.webhooks;
      for (; taken < all.length; taken++) emitted.push({ index: taken, message: all[taken]!, endpoints });
    };
    const built = build(this.catalog, this.timeline, this.sim.clock, undefined, (i, sim) => take(i < endpointsAt.length ? endpointsAt[i]! : this.endpoints, sim));
    if (!built.ok) throw new CatalogError(built.issues);
    this.use(built);
    // The messages of the replayed log were handed to the deliveries by the run that accepted it.
    this.messagesTaken = this.sim.invoicing.webhooks.length;
    return emitted;
  }

  /**
   * The webhook messages the simulation emitted since the last call (simulate's `webhooks`,
   * in order), each with its place in that output. A rebuild replays the same messages, so
   * the count carries over.
   */
  takeWebhooks(): { index: number; message: Webhook }[] {
    const all = this.sim.invoicing.webhooks;
    if (all.length < this.messagesTaken) this.messagesTaken = all.length;
    const fresh = [];
    for (let i = this.messagesTaken; i < all.length; i++) fresh.push({ index: i, message: all[i]! });
    this.messagesTaken = all.length;
    return fresh;
  }

  /** The clock: the instant of the last step or move. */
  get now(): Instant {
    return this.sim.clock;
  }

  /** Moves the clock forward, running what falls due; going back is refused (false). */
  moveClock(to: Instant, log: boolean): boolean {
    if (to < this.sim.clock) return false;
    if (to === this.sim.clock) return true;
    const entry: LogEntry = { kind: "clock", at: formatInstant(to) };
    if (log) this.persist(entry);
    if (log) this.timeline.push(entry);
    this.sim.moveClock(to);
    return true;
  }

  /** Performs a call that changes state as a step at the clock's instant; logged when accepted. */
  perform(op: string, body: Obj): Outcome {
    const at = this.sim.clock;
    // The catalog's objects are dated at the first step (docs/simulator.md, "Objects"): the
    // simulation is rebuilt when the first step comes later than its construction.
    if (this.steps === 0 && this.sim.catalog.created_at !== at) {
      const built = build(this.catalog, this.timeline, at, at);
      if (built.ok) this.use(built);
    }
    const response = this.sim.step({ index: this.steps, at, op, body }, this.steps);
    if (isObj(response) && isObj(response["error"])) return { ok: false, error: response["error"] as unknown as Refused };
    const entry: LogEntry = { kind: "step", at: formatInstant(at), op, body };
    this.persist(entry);
    this.timeline.push(entry);
    this.steps++;
    this.accepted.push({ op, body, response: response as Obj });
    return { ok: true, body: response as Obj };
  }

  /** Performs a read (fetch_current_usage, fetch_subscription, …) at the clock's instant: nothing is logged nor recorded. */
  read(op: string, body: Obj): Outcome {
    const response = this.sim.perform({ index: this.steps, at: this.sim.clock, op, body }, this.steps);
    if (isObj(response) && isObj(response["error"])) return { ok: false, error: response["error"] as unknown as Refused };
    return { ok: true, body: response as Obj };
  }

  /** The catalog objects under `key` (as given). */
  catalogObjects(key: CatalogKey): readonly Obj[] {
    const list = this.catalog[key];
    return Array.isArray(list) ? (list as Obj[]) : [];
  }

  /**
   * Adds a catalog object: refused (`value_already_exist` on `code`) when its code exists,
   * else checked by rebuilding the simulation from the new catalog and replaying the log.
   * Issues are named by their path inside the object.
   */
  addCatalogObject(key: CatalogKey, object: Obj): Outcome {
    const code = object["code"];
    if (this.catalogObjects(key).some((o) => o["code"] === code)) return refusedWith([{ code: "value_already_exist", path: ["code"], message: "code: value_already_exist" }]);
    // A tax applied to the organization would tax the invoices already issued on a replay.
    if (key === "taxes" && object["applied_to_organization"] === true && this.steps > 0) {
      return refusedWith([{ code: "invalid_value", path: ["applied_to_organization"], message: "applied_to_organization: a tax cannot join the organization once steps were accepted" }]);
    }
    const catalog = withObject(this.catalog, key, object);
    const built = build(catalog, this.timeline, this.sim.clock);
    if (!built.ok) {
      const index = this.catalogObjects(key).length;
      return refusedWith(built.issues.map((i) => (i.path[0] === key && i.path[1] === index ? { ...i, path: i.path.slice(2) } : i)));
    }
    const entry: LogEntry = { kind: "catalog", key, object };
    this.persist(entry);
    this.catalog = catalog;
    this.use(built);
    return { ok: true, body: object };
  }

  /** The accepted steps of the operations `ops`, with their responses, in order. */
  acceptedSteps(...ops: string[]): readonly AcceptedStep[] {
    return this.accepted.filter((a) => ops.includes(a.op));
  }

  /** The webhook endpoints, in creation order. */
  webhookEndpoints(): readonly WebhookEndpoint[] {
    return this.endpoints;
  }

  /**
   * Creates (`svc_id` undefined), updates or deletes (`body` null) a webhook endpoint:
   * `webhook_url` an http(s) URL, unique; `signature_algo` `hmac` (default) or `jwt`; `name`;
   * `event_types` (strings). At most {@link MAX_WEBHOOK_ENDPOINTS}. Logged when accepted.
   */
  changeEndpoint(svcId: string | undefined, body: Obj | null): { ok: true; endpoint: WebhookEndpoint } | { ok: false; error: Refused } {
    const current = svcId === undefined ? undefined : this.endpoints.find((e) => e.svc_id === svcId);
    if (svcId !== undefined && current === undefined) return { ok: false, error: { code: "webhook_endpoint_not_found" } };
    const action = svcId === undefined ? "create" : body === null ? "delete" : "update";
    if (body !== null) {
      const details = checkEndpoint(body, action === "create", this.endpoints.filter((e) => e !== current));
      if (details !== undefined) return { ok: false, error: { code: "validation_errors", error_details: details } };
      if (action === "create" && this.endpoints.length >= MAX_WEBHOOK_ENDPOINTS) return { ok: false, error: { code: "validation_errors", error_details: { webhook_endpoint: ["exceeded_limit"] } } };
    }
    const entry: LogEntry = {
      kind: "webhook_endpoint", action, at: formatInstant(this.now),
      svc_id: svcId ?? stableId("webhook_endpoint", this.sim.catalog.organization.svc_id, this.endpointsCreated + 1), body: body ?? {},
    };
    this.persist(entry);
    return { ok: true, endpoint: this.applyEndpoint(entry) };
  }

  /** Applies a webhook-endpoint entry (checked, or from the log): the endpoint as it is after it (before it, for a deletion). */
  private applyEndpoint(e: Extract<LogEntry, { kind: "webhook_endpoint" }>): WebhookEndpoint {
    const i = this.endpoints.findIndex((x) => x.svc_id === e.svc_id);
    const before = this.endpoints[i];
    if (e.action === "delete") {
      this.endpoints = this.endpoints.filter((x) => x.svc_id !== e.svc_id);
      return before!;
    }
    const b = e.body;
    const has = (k: string): boolean => Object.hasOwn(b, k);
    const endpoint: WebhookEndpoint = {
      svc_id: e.svc_id,
      svc_organization_id: this.sim.catalog.organization.svc_id,
      webhook_url: has("webhook_url") ? String(b["webhook_url"]) : before!.webhook_url,
      signature_algo: has("signature_algo") && b["signature_algo"] !== null ? (b["signature_algo"] as "hmac" | "jwt") : (before?.signature_algo ?? "hmac"),
      name: has("name") ? ((b["name"] as string | null) ?? null) : (before?.name ?? null),
      event_types: has("event_types") ? ((b["event_types"] as string[] | null) ?? null) : (before?.event_types ?? null),
      created_at: before?.created_at ?? e.at,
    };
    if (before === undefined) {
      this.endpoints = [...this.endpoints, endpoint];
      this.endpointsCreated++;
    } else this.endpoints = this.endpoints.map((x) => (x.svc_id === e.svc_id ? endpoint : x));
    return endpoint;
  }
}

/** The codes of each bad field of a webhook endpoint's body (`creating`: `webhook_url` is mandatory), else undefined. */
function checkEndpoint(b: Obj, creating: boolean, others: readonly WebhookEndpoint[]): Record<string, string[]> | undefined {
  const details: Record<string, string[]> = {};
  const url = b["webhook_url"];
  if (creating || Object.hasOwn(b, "webhook_url")) {
    if (url === undefined || url === null || url === "") details["webhook_url"] = ["value_is_mandatory"];
    else if (typeof url !== "string" || !isHttpUrl(url)) details["webhook_url"] = ["url_is_invalid"];
    else if (others.some((e) => e.webhook_url === url)) details["webhook_url"] = ["value_already_exist"];
  }
  const algo = b["signature_algo"];
  if (algo !== undefined && algo !== null && algo !== "hmac" && algo !== "jwt") details["signature_algo"] = ["value_is_invalid"];
  const name = b["name"];
  if (name !== undefined && name !== null && typeof name !== "string") details["name"] = ["value_is_invalid"];
  const types = b["event_types"];
  if (types !== undefined && types !== null && !(Array.isArray(types) && types.every((t) => typeof t === "string"))) details["event_types"] = ["value_is_invalid"];
  return Object.keys(details).length === 0 ? undefined : details;
}

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** The `--catalog` input was refused. */
export class CatalogError extends Error {
  constructor(readonly issues: Issues) {
    super(`catalog refused: ${issues.map((i) => i.message).join(", ")}`);
    this.name = "CatalogError";
  }
}

const refusedWith = (issues: readonly Issue[]): Outcome => ({ ok: false, error: { code: "validation_errors", error_details: toErrorDetails(issues) } });

function withObject(catalog: CatalogInput, key: CatalogKey, object: Obj): CatalogInput {
  const list = Array.isArray(catalog[key]) ? (catalog[key] as unknown[]) : [];
  return { ...catalog, [key]: [...list, object] };
}

/**
 * A simulation of `catalog` with `timeline` replayed, its clock at least at `clock`. The
 * catalog's objects are dated at the first step (as `simulate` dates them), else at
 * `firstAt` (the first step about to come), else at `clock`.
 */
type Built = { readonly ok: true; readonly sim: Simulation; readonly accepted: AcceptedStep[] };

function build(
  catalog: CatalogInput, timeline: readonly LogEntry[], clock: Instant, firstAt?: Instant,
  /** Called after each entry of the timeline (`i`), and after the last move (`timeline.length`). */
  after?: (i: number, sim: Simulation) => void,
): Built | { ok: false; issues: Issues } {
  const c = new IssueCollector();
  const parsed = parseCatalog(catalog, c);
  const issues = c.issues();
  if (issues) return { ok: false, issues };
  const first = timeline.find((e) => e.kind === "step");
  const created = first === undefined ? (firstAt ?? clock) : (at(first.at));
  const sim = new Simulation({ ...parsed, created_at: created });
  let index = 0;
  const accepted: AcceptedStep[] = [];
  timeline.forEach((e, i) => {
    if (e.kind === "clock") sim.moveClock(at(e.at));
    else if (e.kind === "step") {
      const response = sim.step({ index, at: at(e.at), op: e.op, body: e.body }, index);
      accepted.push({ op: e.op, body: e.body, response: response as Obj });
      index++;
    }
    after?.(i, sim);
  });
  if (Number.isFinite(clock)) sim.moveClock(clock);
  after?.(timeline.length, sim);
  return { ok: true, sim, accepted };
}

/** A logged instant (written by formatInstant). */
function at(text: string): Instant {
  const t = parseInstant(text);
  if (t === undefined) throw new CatalogError([{ code: "invalid_timestamp", path: ["log"], message: `log: invalid instant ${JSON.stringify(text)}` }]);
  return t;
}
