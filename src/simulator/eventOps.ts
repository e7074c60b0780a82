/**
 * Usage events: stored once per (subscription, transaction id); an event of a pay-in-advance
 * charge bills its fee as it arrives (invoice.md §1.2).
 */
import { parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { formatInstant, type Instant, parseTimestamp } from "../core/instant.js";
import { issue, IssueCollector, type Path, ValidationError } from "../core/issue.js";
import { billsEventsInAdvance, payInAdvanceFee } from "./payInAdvance.js";
import type { InvoiceRecord } from "./invoices.js";
import type { Simulation } from "./simulate.js";
import type { Subscription } from "./state.js";
import { TARGET_WALLET } from "./catalog.js";
import { isAbsentValue, isObj, type Obj, type Step } from "./steps.js";

/**
 * An event checked against the store: its body, its subscription (null when it names none and
 * its customer has not exactly one live subscription) and its dedupe key. @throws ValidationError
 */
function checkEvent(sim: Simulation, body: Obj, path: Path): { e: EventBody; subId: string | null; key: string } {
  const e = parseEventBody(body, path);
  const subId = e.external_subscription_id ?? soleSubscriptionOf(sim, e.external_customer_id) ?? null;
  const key = JSON.stringify([subId, e.transaction_id]);
  if (sim.eventKeys.has(key)) throw new ValidationError([issue("value_already_exist", [...path, "transaction_id"])]);
  return { e, subId, key };
}

/** An event body, its fields checked. */
export interface EventBody {
  readonly transaction_id: string;
  readonly code: string;
  readonly external_subscription_id?: string | null | undefined;
  readonly external_customer_id?: string | null | undefined;
  readonly timestamp?: string | number | null | undefined;
  readonly properties?: Readonly<Record<string, unknown>> | null | undefined;
  readonly precise_total_amount_cents?: string | number | null | undefined;
}

/**
 * The event schema's checks (src/parse/schemas/event.ts), hand-written: events are the bulk
 * of a timeline and the zod parse cost ~40 µs each. A property test keeps both in agreement.
 * @throws ValidationError naming every bad field.
 */
export function parseEventBody(body: unknown, path: Path = []): EventBody {
  if (!isObj(body)) throw new ValidationError([issue(isAbsentValue(body) ? "value_is_mandatory" : "invalid_value", path)]);
  const c = new IssueCollector();
  for (const k of ["transaction_id", "code"] as const) {
    const v = body[k];
    if (v === undefined || v === null) c.add("value_is_mandatory", [...path, k]);
    else if (typeof v !== "string") c.add("invalid_value", [...path, k]);
    else if (v === "") c.add("value_is_mandatory", [...path, k]);
  }
  for (const k of ["external_subscription_id", "external_customer_id"] as const) {
    const v = body[k];
    if (v !== undefined && v !== null && typeof v !== "string") c.add("invalid_value", [...path, k]);
  }
  const t = body["timestamp"];
  if (t !== undefined && t !== null && ((typeof t !== "string" && typeof t !== "number") || parseTimestamp(t) === undefined)) c.add("invalid_timestamp", [...path, "timestamp"]);
  const p = body["properties"];
  if (p !== undefined && p !== null && !isObj(p)) c.add("invalid_value", [...path, "properties"]);
  const precise = body["precise_total_amount_cents"];
  if (precise !== undefined && precise !== null && parseDecimal(precise) === undefined) c.add("invalid_value", [...path, "precise_total_amount_cents"]);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  return body as unknown as EventBody;
}

export function createEvent(sim: Simulation, body: Obj, step: Step, index: number, path: Path = []): Obj {
  return storeEvent(sim, body, checkEvent(sim, body, path), step, index, batchContext(sim));
}

/**
 * What storing events reads and a batch does not change: the drafts (an event's fee is never
 * a draft) and the live subscriptions by external id. Looked up once per batch, not per event.
 */
interface BatchContext {
  readonly drafts: readonly InvoiceRecord[];
  readonly live: ReadonlyMap<string, Subscription>;
}

function batchContext(sim: Simulation): BatchContext {
  const live = new Map<string, Subscription>();
  for (const s of sim.subscriptions) if (s.status === "active" && !live.has(s.external_id)) live.set(s.external_id, s);
  return { drafts: sim.invoicing.invoices.filter((inv) => inv.status === "draft"), live };
}

function storeEvent(sim: Simulation, body: Obj, { e, subId, key }: { e: EventBody; subId: string | null; key: string }, step: Step, index: number, ctx: BatchContext): Obj {
  const timestamp = (e.timestamp == null ? step.at : parseTimestamp(e.timestamp) ?? step.at) as Instant;
  if (subId === null) {
    // Accepted as the service accepts it, and kept for deduplication; it concerns no subscription, so it bills nothing.
    sim.eventKeys.add(key);
    return {
      svc_id: stableId("event", "", e.transaction_id),
      transaction_id: e.transaction_id, code: e.code, external_subscription_id: null,
      ...(e.external_customer_id == null ? {} : { external_customer_id: e.external_customer_id }),
      timestamp: formatInstant(timestamp), properties: e.properties ?? {},
    };
  }
  const precise = e.precise_total_amount_cents == null ? undefined : parseDecimal(e.precise_total_amount_cents);
  sim.eventKeys.add(key);
  const event = {
    transaction_id: e.transaction_id,
    code: e.code,
    timestamp,
    // A top-level `target_wallet_code` travels with the properties, where charges group by it.
    properties: { ...(typeof body["target_wallet_code"] === "string" ? { [TARGET_WALLET]: body["target_wallet_code"] } : {}), ...(e.properties ?? {}) } as Obj,
    seq: sim.events.length,
    external_subscription_id: subId,
    ...(precise === undefined ? {} : { precise_total_amount_cents: precise.toFixed() }),
  };
  sim.storeEvent(event);
  // A draft of the subscription is recomputed when an event concerning it arrives (invoice.md §1.2.1).
  for (const inv of ctx.drafts) {
    if (inv.runs.some((r) => r.subscription.external_id === subId)) sim.invoicing.refresh(inv, step.at);
  }
  const sub = ctx.live.get(subId);
  for (const ch of sub?.plan.charges ?? []) {
    if (ch.metric.code !== e.code || ch.charge.pay_in_advance !== true) continue;
    if (!billsEventsInAdvance(ch)) {
      sim.warn(step.at, `event ${e.transaction_id}: pay-in-advance fees of ${ch.metric.aggregation_type} are not implemented yet, none was created`, index);
      continue;
    }
    const billed = payInAdvanceFee(sub!, ch, event, sim.eventsOf(subId), sim.timezoneOf(sub!.customer));
    if (billed === undefined) continue;
    const run = { subscription: sub!, at: step.at, reason: "in_advance_charge" as const };
    if (ch.invoiceable) sim.invoicing.issueAdvanceCharge(billed, run);
    else sim.invoicing.addStandaloneFee(billed, run);
  }
  return {
    svc_id: stableId("event", subId, e.transaction_id),
    transaction_id: e.transaction_id, code: e.code, external_subscription_id: subId,
    timestamp: formatInstant(timestamp), properties: event.properties,
  };
}

export function soleSubscriptionOf(sim: Simulation, customerId: string | null | undefined): string | undefined {
  if (customerId == null) return undefined;
  const live = sim.subscriptions.filter((s) => s.customer.external_id === customerId && s.status === "active");
  return live.length === 1 ? live[0]!.external_id : undefined;
}

export function createEvents(sim: Simulation, step: Step, index: number): unknown {
  const list = step.body["events"];
  if (!Array.isArray(list)) throw new ValidationError([issue(isAbsentValue(list) ? "value_is_mandatory" : "invalid_type", ["events"])]);
  // Checked as a whole first, against the store and within the batch: a batch with one bad event stores none.
  const seen = new Set<string>();
  const checked = list.map((raw: unknown, i) => {
    if (!isObj(raw)) throw new ValidationError([issue("invalid_type", ["events", i])]);
    const c = checkEvent(sim, raw, ["events", i]);
    if (seen.has(c.key)) throw new ValidationError([issue("value_already_exist", ["events", i, "transaction_id"])]);
    seen.add(c.key);
    return { raw, c };
  });
  const ctx = batchContext(sim);
  return { events: checked.map(({ raw, c }) => storeEvent(sim, raw, c, step, index, ctx)) };
}
