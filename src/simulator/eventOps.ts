/**
 * Usage events: stored once per (subscription, transaction id); an event of a pay-in-advance
 * charge bills its fee as it arrives (invoice.md §1.2).
 */
import { parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { canonicalTimestampText, formatInstant, type Instant, parseTimestamp } from "../core/instant.js";
import { issue, IssueCollector, type Path, ValidationError } from "../core/issue.js";
import { billsEventsInAdvance, payInAdvanceFee } from "./payInAdvance.js";
import type { InvoiceRecord } from "./invoices.js";
import type { Simulation } from "./simulate.js";
import type { StoredEvent, Subscription } from "./state.js";
import { TARGET_WALLET } from "./catalog.js";
import { isAbsentValue, isObj, type Obj, type Step } from "./steps.js";

/**
 * An event checked against the store: its body, its subscription (null when it names none and
 * its customer has not exactly one live subscription) and its dedupe key. @throws ValidationError
 */
function checkEvent(sim: Simulation, body: Obj, path: Path): CheckedEvent {
  const e = parseEventBody(body, path);
  const subId = e.external_subscription_id ?? soleSubscriptionOf(sim, e.external_customer_id) ?? null;
  if (sim.events.has(subId, e.transaction_id)) throw new ValidationError([issue("value_already_exist", [...path, "transaction_id"])]);
  return { e, subId };
}

interface CheckedEvent {
  readonly e: EventBody;
  readonly subId: string | null;
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
  // Well-formed events, the bulk of a timeline, pass these checks without allocating anything.
  if (isObj(body)) {
    const tid = body["transaction_id"], code = body["code"], sub = body["external_subscription_id"], cus = body["external_customer_id"];
    const t = body["timestamp"], p = body["properties"], precise = body["precise_total_amount_cents"];
    if (typeof tid === "string" && tid !== "" && typeof code === "string" && code !== ""
      && (sub === undefined || sub === null || typeof sub === "string") && (cus === undefined || cus === null || typeof cus === "string")
      && (t === undefined || t === null || ((typeof t === "string" || typeof t === "number") && parseTimestamp(t) !== undefined))
      && (p === undefined || p === null || isObj(p)) && (precise === undefined || precise === null || parseDecimal(precise) !== undefined)) {
      return body as unknown as EventBody;
    }
  }
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
  const touched = new Set<string>();
  const out = storeEvent(sim, body, checkEvent(sim, body, path), step, index, touched);
  refreshDrafts(sim, touched, step.at);
  return out;
}

/**
 * A draft of a subscription is recomputed when events concerning it arrive (invoice.md
 * §1.2.1): once per step, after its events are stored (an event's own fee is never on a draft,
 * so nothing in between reads the drafts), in the order the drafts were issued.
 */
function refreshDrafts(sim: Simulation, subscriptionIds: ReadonlySet<string>, at: Instant): void {
  if (subscriptionIds.size === 0) return;
  const drafts = new Set<InvoiceRecord>();
  for (const id of subscriptionIds) for (const inv of sim.invoicing.invoicesNamed(id)) if (inv.status === "draft") drafts.add(inv);
  if (drafts.size === 0) return;
  const order = (inv: InvoiceRecord): number => sim.invoicing.placeOf(inv);
  for (const inv of [...drafts].sort((a, b) => order(a) - order(b))) sim.invoicing.refresh(inv, at);
}

function storeEvent(sim: Simulation, body: Obj, { e, subId }: CheckedEvent, step: Step, index: number, touched: Set<string>): Obj {
  const timestamp = (e.timestamp == null ? step.at : parseTimestamp(e.timestamp) ?? step.at) as Instant;
  // The echo reuses the sent text when it is already the canonical form (no new string per event).
  const timestampText = e.timestamp == null ? formatInstant(timestamp) : canonicalTimestampText(e.timestamp, timestamp);
  if (subId === null) {
    // Accepted as the service accepts it, and kept for deduplication; it concerns no subscription, so it bills nothing.
    sim.events.addOrphan(e.transaction_id);
    return {
      svc_id: stableId("event", "", e.transaction_id),
      transaction_id: e.transaction_id, code: e.code, external_subscription_id: null,
      ...(e.external_customer_id == null ? {} : { external_customer_id: e.external_customer_id }),
      timestamp: timestampText, properties: e.properties ?? {},
    };
  }
  const precise = e.precise_total_amount_cents == null ? undefined : parseDecimal(e.precise_total_amount_cents);
  const target = body["target_wallet_code"];
  // One object of one shape per event; its properties are the caller's own object (not copied) unless a
  // top-level `target_wallet_code` travels with them, where charges group by it.
  const event: StoredEvent = {
    transaction_id: e.transaction_id,
    code: e.code,
    timestamp,
    properties: typeof target === "string" ? { [TARGET_WALLET]: target, ...(e.properties ?? {}) } : e.properties ?? EMPTY_PROPERTIES,
    seq: sim.events.count,
    external_subscription_id: subId,
    precise_total_amount_cents: precise === undefined ? undefined : precise.toFixed(),
  };
  sim.events.add(event);
  touched.add(subId);
  const sub = sim.activeSubscription(subId);
  for (const ch of sub?.plan.charges ?? []) {
    if (ch.metric.code !== e.code || ch.charge.pay_in_advance !== true) continue;
    if (!billsEventsInAdvance(ch)) {
      sim.warn(step.at, `event ${e.transaction_id}: pay-in-advance fees of ${ch.metric.aggregation_type} are not implemented yet, none was created`, index);
      continue;
    }
    const billed = payInAdvanceFee(sub!, ch, event, sim.eventsOf(subId).arrival, sim.timezoneOf(sub!.customer));
    if (billed === undefined) continue;
    const run = { subscription: sub!, at: step.at, reason: "in_advance_charge" as const };
    if (ch.invoiceable) sim.invoicing.issueAdvanceCharge(billed, run);
    else sim.invoicing.addStandaloneFee(billed, run);
  }
  return {
    svc_id: stableId("event", subId, e.transaction_id),
    transaction_id: e.transaction_id, code: e.code, external_subscription_id: subId,
    timestamp: timestampText, properties: event.properties,
  };
}

const EMPTY_PROPERTIES: Readonly<Record<string, unknown>> = Object.freeze({});

export function soleSubscriptionOf(sim: Simulation, customerId: string | null | undefined): string | undefined {
  if (customerId == null) return undefined;
  const customer = sim.customers.get(customerId);
  const live = customer === undefined ? [] : sim.subscriptionsOf(customer).filter((s) => s.status === "active");
  return live.length === 1 ? live[0]!.external_id : undefined;
}

export function createEvents(sim: Simulation, step: Step, index: number): unknown {
  const list = step.body["events"];
  if (!Array.isArray(list)) throw new ValidationError([issue(isAbsentValue(list) ? "value_is_mandatory" : "invalid_type", ["events"])]);
  // Checked as a whole first, against the store and within the batch: a batch with one bad event stores none.
  const seen = new Map<string | null, Set<string>>();
  const checked = list.map((raw: unknown, i) => {
    if (!isObj(raw)) throw new ValidationError([issue("invalid_type", ["events", i])]);
    const c = checkEvent(sim, raw, ["events", i]);
    let ids = seen.get(c.subId);
    if (ids === undefined) seen.set(c.subId, (ids = new Set()));
    if (ids.has(c.e.transaction_id)) throw new ValidationError([issue("value_already_exist", ["events", i, "transaction_id"])]);
    ids.add(c.e.transaction_id);
    return { raw, c };
  });
  const touched = new Set<string>();
  const events = checked.map(({ raw, c }) => storeEvent(sim, raw, c, step, index, touched));
  refreshDrafts(sim, touched, step.at);
  return { events };
}
