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
import { formatInstant, type Instant, parseInstant } from "../core/instant.js";
import { type Issue, IssueCollector, type Issues, toErrorDetails } from "../core/issue.js";
import { parseCatalog } from "../simulator/catalog.js";
import { Simulation } from "../simulator/simulate.js";
import { isObj, type Obj } from "../simulator/steps.js";

/** The catalog lists a POST may add to, by the simulate input's key. */
export const CATALOG_KEYS = ["billable_metrics", "plans", "taxes", "coupons", "add_ons"] as const;
export type CatalogKey = (typeof CATALOG_KEYS)[number];

/** One line of the log: a catalog object added, a step accepted, the manual clock moved. */
export type LogEntry =
  | { readonly kind: "catalog"; readonly key: CatalogKey; readonly object: Obj }
  | { readonly kind: "step"; readonly at: string; readonly op: string; readonly body: Obj }
  | { readonly kind: "clock"; readonly at: string };

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

  /** Replays a log written by `persist` (a restart): entries are applied, not persisted again. */
  restore(entries: readonly LogEntry[]): void {
    for (const e of entries) {
      if (e.kind === "catalog") {
        this.catalog = withObject(this.catalog, e.key, e.object);
        continue;
      }
      this.timeline.push(e);
      if (e.kind === "step") this.steps++;
    }
    const built = build(this.catalog, this.timeline, this.sim.clock);
    if (!built.ok) throw new CatalogError(built.issues);
    this.sim = built.sim;
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
      if (built.ok) this.sim = built.sim;
    }
    const response = this.sim.step({ index: this.steps, at, op, body }, this.steps);
    if (isObj(response) && isObj(response["error"])) return { ok: false, error: response["error"] as unknown as Refused };
    const entry: LogEntry = { kind: "step", at: formatInstant(at), op, body };
    this.persist(entry);
    this.timeline.push(entry);
    this.steps++;
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
    this.sim = built.sim;
    return { ok: true, body: object };
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
function build(catalog: CatalogInput, timeline: readonly LogEntry[], clock: Instant, firstAt?: Instant): { ok: true; sim: Simulation } | { ok: false; issues: Issues } {
  const c = new IssueCollector();
  const parsed = parseCatalog(catalog, c);
  const issues = c.issues();
  if (issues) return { ok: false, issues };
  const first = timeline.find((e) => e.kind === "step");
  const created = first === undefined ? (firstAt ?? clock) : (at(first.at));
  const sim = new Simulation({ ...parsed, created_at: created });
  let index = 0;
  for (const e of timeline) {
    if (e.kind === "clock") sim.moveClock(at(e.at));
    else if (e.kind === "step") {
      sim.step({ index, at: at(e.at), op: e.op, body: e.body }, index);
      index++;
    }
  }
  if (Number.isFinite(clock)) sim.moveClock(clock);
  return { ok: true, sim };
}

/** A logged instant (written by formatInstant). */
function at(text: string): Instant {
  const t = parseInstant(text);
  if (t === undefined) throw new CatalogError([{ code: "invalid_timestamp", path: ["log"], message: `log: invalid instant ${JSON.stringify(text)}` }]);
  return t;
}
