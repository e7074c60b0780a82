/**
 * Usage events: checked, stored once per (subscription, transaction id); an event of a
 * pay-in-advance charge bills its fee as it arrives (invoice.md §1.2). The operations are
 * operations/createEvent.ts and createEvents.ts.
 */
import { parseDecimal } from "../core/decimal.js";
import { stableId, stableTextId } from "../core/ids.js";
import { canonicalTimestampText, formatInstant, type Instant, isCanonicalUsual, parseTimestamp, parseUsualIso } from "../core/instant.js";
import { issue, IssueCollector, type Issues, type Path } from "../core/issue.js";
import { expressionValue } from "../aggregation/index.js";
import { billsEventsInAdvance, payInAdvanceFee } from "./payInAdvance.js";
import type { InvoiceRecord } from "./invoices.js";
import type { Sim } from "./sim.js";
import type { BilledFee } from "./runs.js";
import { type EventLog, idHash } from "./eventStore.js";
import type { Subscription } from "./state.js";
import { TARGET_WALLET } from "./catalog.js";
import { isAbsentValue, isObj, type Obj, type Step } from "./steps.js";

/**
 * An event checked against the store: its body, its subscription (null when it names none and
 * its customer has not exactly one live subscription) and its dedupe key; or the refusal
 * naming its bad fields, or its transaction id already stored.
 */
export function checkEvent(sim: Sim, body: Obj, path: Path, at: Instant): CheckedEvent | Issues {
  // The service names an event timestamp it cannot read `invalid_format` (the event schema's code is invalid_timestamp).
  const e = parseEventBody(body, path, "invalid_format");
  if (isIssues(e)) return e;
  const subId = e.external_subscription_id ?? soleSubscriptionOf(sim, e.external_customer_id) ?? null;
  const hash = idHash(e.transaction_id);
  if (sim.events.has(subId, e.transaction_id, hash)) return [issue("value_already_exist", [...path, "transaction_id"])];
  // charges.md §12.7: the metric's expression is computed at ingestion (its value is stored in the
  // metric's field); an event it cannot be computed for is rejected.
  const metric = sim.catalog.metrics.get(e.code);
  let computed: Computed | undefined;
  if (metric?.expression !== undefined && metric.aggregation_type !== "count_agg" && metric.field_name !== undefined) {
    const t = e.timestamp == null ? at : parseTimestamp(e.timestamp) ?? at;
    try {
      computed = { field: metric.field_name, value: expressionValue(metric.expression, { transaction_id: e.transaction_id, code: e.code, timestamp: t, properties: e.properties ?? {} }) };
    } catch (err) {
      return [issue("expression_evaluation_failed", [...path, "properties"], err instanceof Error ? err.message : String(err))];
    }
  }
  return { e, subId, target: body["target_wallet_code"], hash, computed };
}

/** A metric field's value its expression computed at ingestion. */
interface Computed {
  readonly field: string;
  readonly value: string;
}

export const isIssues = (x: unknown): x is Issues => Array.isArray(x);

export interface CheckedEvent {
  readonly e: EventBody;
  readonly subId: string | null;
  /** The body's top-level `target_wallet_code`, as sent. */
  readonly target: unknown;
  /** The transaction id's hash in the store's tables. */
  readonly hash: number;
  /** Its metric's expression value (charges.md §12.7), stored in the metric's field; undefined without an expression. */
  readonly computed: Computed | undefined;
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
 * Returns the body itself when it is well formed, else the issues naming every bad field (an
 * unreadable timestamp as `timestampCode`: the schema's `invalid_timestamp`, or the service's
 * `invalid_format` for create_event(s)).
 */
export function parseEventBody(body: unknown, path: Path = [], timestampCode: "invalid_timestamp" | "invalid_format" = "invalid_timestamp"): EventBody | Issues {
  // Well-formed events, the bulk of a timeline, pass these checks without allocating anything.
  if (isObj(body)) {
    const tid = body["transaction_id"], code = body["code"], sub = body["external_subscription_id"], cus = body["external_customer_id"];
    const t = body["timestamp"], p = body["properties"], precise = body["precise_total_amount_cents"], target = body["target_wallet_code"];
    if (typeof tid === "string" && tid !== "" && typeof code === "string" && code !== ""
      && (sub === undefined || sub === null || typeof sub === "string") && (cus === undefined || cus === null || typeof cus === "string")
      && (target === undefined || target === null || typeof target === "string")
      && (t === undefined || t === null || ((typeof t === "string" || typeof t === "number") && parseTimestamp(t) !== undefined))
      && (p === undefined || p === null || isObj(p)) && (precise === undefined || precise === null || parseDecimal(precise) !== undefined)) {
      return body as unknown as EventBody;
    }
  }
  if (!isObj(body)) return [issue(isAbsentValue(body) ? "value_is_mandatory" : "invalid_value", path)];
  const c = new IssueCollector();
  for (const k of ["transaction_id", "code"] as const) {
    const v = body[k];
    if (v === undefined || v === null) c.add("value_is_mandatory", [...path, k]);
    else if (typeof v !== "string") c.add("invalid_value", [...path, k]);
    else if (v === "") c.add("value_is_mandatory", [...path, k]);
  }
  for (const k of ["external_subscription_id", "external_customer_id", "target_wallet_code"] as const) {
    const v = body[k];
    if (v !== undefined && v !== null && typeof v !== "string") c.add("invalid_value", [...path, k]);
  }
  const t = body["timestamp"];
  if (t !== undefined && t !== null && ((typeof t !== "string" && typeof t !== "number") || parseTimestamp(t) === undefined)) c.add(timestampCode, [...path, "timestamp"]);
  const p = body["properties"];
  if (p !== undefined && p !== null && !isObj(p)) c.add("invalid_value", [...path, "properties"]);
  const precise = body["precise_total_amount_cents"];
  if (precise !== undefined && precise !== null && parseDecimal(precise) === undefined) c.add("invalid_value", [...path, "precise_total_amount_cents"]);
  return c.issues() ?? (body as unknown as EventBody);
}

/**
 * Whether an event can bill a pay-in-advance fee of its metric: a count needs no value, an
 * expression computes one (checked at ingestion), any other metric needs its field present — not
 * absent, null, blank text, false, nor an empty list or object (the reference's pay-in-advance
 * service creates no fee otherwise; the semantics are silent). The event still counts in usage.
 */
function carriesMetricValue(metric: { readonly aggregation_type: string; readonly field_name?: string | undefined; readonly expression?: string | undefined }, properties: Readonly<Record<string, unknown>>): boolean {
  if (metric.aggregation_type === "count_agg" || metric.expression !== undefined || metric.field_name === undefined) return true;
  const v = properties[metric.field_name];
  if (v === undefined || v === null || v === false) return false;
  if (typeof v === "string") return v.trim() !== "";
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}

/**
 * A draft of a subscription is recomputed when events concerning it arrive (invoice.md
 * §1.2.1): once per step, after its events are stored (an event's own fee is never on a draft,
 * so nothing in between reads the drafts), in the order the drafts were issued.
 */
function refreshDrafts(sim: Sim, subscriptionIds: Iterable<string>, at: Instant): void {
  let drafts: Set<InvoiceRecord> | undefined;
  for (const id of subscriptionIds) for (const inv of sim.invoicing.draftsNamed(id)) (drafts ??= new Set()).add(inv);
  if (drafts === undefined) return;
  const order = (inv: InvoiceRecord): number => sim.invoicing.placeOf(inv);
  for (const inv of [...drafts].sort((a, b) => order(a) - order(b))) sim.invoicing.refresh(inv, at);
}

/** A pay-in-advance fee an event of the step creates, computed before anything is kept. */
interface AdvanceFee {
  readonly billed: BilledFee;
  readonly subscription: Subscription;
  readonly invoiceable: boolean;
}

/**
 * Stores checked events and bills their pay-in-advance fees, as one change: the events are
 * appended, every fee is computed (each from the events up to its own), and only then is
 * anything issued. A fee the rating cannot compute (a library limit, thrown) takes the
 * appended events back out before the error goes on: nothing is left half-stored.
 */
export function storeEvents(sim: Sim, checked: readonly CheckedEvent[], step: Step): Obj[] {
  const index = step.index;
  const at = step.at;
  // The logs appended to, in first-append order, and their lengths before (no Map per step: a log is marked).
  const generation = ++appendGeneration;
  const appended: EventLog[] = [];
  const lengths: number[] = [];
  const firstSeq = sim.events.count;
  const fees: AdvanceFee[] = [];
  const warnings: string[] = [];
  const stepAtText = formatInstant(at);
  const echoes: Obj[] = new Array(checked.length);
  try {
    for (let i = 0; i < checked.length; i++) {
      const { e, subId } = checked[i]!;
      // Read once (the usual ISO form first); the echo reuses the sent text when it is already
      // the canonical form (no new string per event).
      const sent = e.timestamp;
      let timestamp: Instant, timestampText: string;
      if (sent == null) {
        timestamp = at;
        timestampText = stepAtText;
      } else {
        const usual = typeof sent === "string" ? parseUsualIso(sent) : NaN;
        if (usual === usual) {
          timestamp = usual as Instant;
          timestampText = isCanonicalUsual(sent as string, usual) ? (sent as string) : formatInstant(timestamp);
        } else {
          timestamp = parseTimestamp(sent) ?? at;
          timestampText = canonicalTimestampText(sent, timestamp);
        }
      }
      if (subId === null) {
        // Accepted as the service accepts it, and kept for deduplication; it concerns no subscription, so it bills nothing.
        const owner = e.external_customer_id == null ? undefined : sim.customers.get(e.external_customer_id);
        echoes[i] = {
          svc_id: stableId("event", "", e.transaction_id),
          transaction_id: e.transaction_id, code: e.code, external_subscription_id: null,
          ...(e.external_customer_id == null ? {} : { external_customer_id: e.external_customer_id }),
          svc_customer_id: owner?.svc_id ?? null, svc_subscription_id: null,
          timestamp: timestampText, properties: e.properties ?? {},
          precise_total_amount_cents: e.precise_total_amount_cents == null ? null : parseDecimal(e.precise_total_amount_cents)!.toFixed(),
          created_at: stepAtText,
        };
        continue;
      }
      const precise = e.precise_total_amount_cents == null ? undefined : parseDecimal(e.precise_total_amount_cents)!.toFixed();
      const target = checked[i]!.target;
      // Its properties are the caller's own object (not copied), unless a top-level `target_wallet_code`
      // travels with them, where charges group by it.
      const sentProperties = typeof target === "string" ? { [TARGET_WALLET]: target, ...(e.properties ?? {}) } : e.properties ?? EMPTY_PROPERTIES;
      // charges.md §12.7: the metric's expression, computed now, replaces its field in what is stored
      // (the echo shows the properties as sent); charges rate the stored field (ratingMetric).
      const computed = checked[i]!.computed;
      const properties = computed === undefined ? sentProperties : Object.assign({}, sentProperties, { [computed.field]: computed.value });
      const log = sim.events.logFor(subId);
      if (log.appendMark !== generation) {
        log.appendMark = generation;
        appended.push(log);
        lengths.push(log.length);
      }
      const row = log.length;
      log.add(e.transaction_id, e.code, timestamp, properties, sim.events.count++, precise, checked[i]!.hash);
      const sub = sim.activeSubscription(subId);
      const holder = subscriptionAt(sim, subId, timestamp, sub);
      echoes[i] = {
        svc_id: stableTextId("event", subId, e.transaction_id),
        transaction_id: e.transaction_id, code: e.code, external_subscription_id: subId,
        svc_customer_id: holder === undefined ? null : holder.customer.svc_id, svc_subscription_id: holder === undefined ? null : holder.svc_id,
        timestamp: timestampText, properties: sentProperties, precise_total_amount_cents: precise ?? null, created_at: stepAtText,
      };
      if (sub === undefined) continue;
      const charges = sub.plan.charges;
      for (let k = 0; k < charges.length; k++) {
        const ch = charges[k]!;
        if (ch.metric.code !== e.code || ch.charge.pay_in_advance !== true || !carriesMetricValue(ch.metric, properties)) continue;
        if (!billsEventsInAdvance(ch)) {
          warnings.push(`event ${e.transaction_id}: pay-in-advance fees of ${ch.metric.aggregation_type} are not implemented yet, none was created`);
          continue;
        }
        const billed = payInAdvanceFee(sub, ch, log.event(row), { log, row }, (from, to) => log.arrivedBetween(from, to, row), sim.timezoneOf(sub.customer));
        if (billed !== undefined) fees.push({ billed, subscription: sub, invoiceable: ch.invoiceable });
      }
    }
  } catch (err) {
    for (let k = 0; k < appended.length; k++) appended[k]!.truncate(lengths[k]!);
    sim.events.count = firstSeq;
    throw err;
  }
  for (const c of checked) if (c.subId === null) sim.events.addOrphan(c.e.transaction_id);
  // Event activity: the subscriptions' alerts are evaluated at the end of the instant (§14.3), and
  // their customers' wallets with a threshold rule are checked after the step (invoice.md §11.6:
  // the usage changed their ongoing balance).
  const wallets = sim.wallets.accounts.length > 0;
  for (const log of appended) {
    sim.activity.add(log.external_subscription_id);
    if (wallets) for (const c of sim.customersOfSubscription(log.external_subscription_id)) for (const a of sim.wallets.of(c)) sim.wallets.queueCheck(a);
  }
  for (const w of warnings) sim.warn(at, w, index);
  for (const f of fees) {
    const run = { subscription: f.subscription, at, reason: "in_advance_charge" as const };
    if (f.invoiceable) sim.invoicing.issueAdvanceCharge(f.billed, run);
    else sim.invoicing.addStandaloneFee(f.billed, run);
  }
  refreshDrafts(sim, appended.map((log) => log.external_subscription_id), at);
  return echoes;
}

/**
 * The subscription record under `externalId` at the event's timestamp (objects.md §15), as the
 * reference resolves it: started by then and not terminated before it (its termination instant
 * included), the live one first, then the latest terminated; none when no record held the
 * timestamp (an event before any start, or in a gap between two records).
 */
function subscriptionAt(sim: Sim, externalId: string, timestamp: Instant, live: Subscription | undefined): Subscription | undefined {
  if (live !== undefined && live.started_at !== null && live.started_at <= timestamp && live.terminated_at === null) return live;
  let best: Subscription | undefined;
  for (const s of sim.subscriptionsNamed(externalId)) {
    if (s.started_at === null || s.started_at > timestamp || (s.terminated_at !== null && s.terminated_at < timestamp)) continue;
    if (best === undefined || later(s, best)) best = s;
  }
  return best;
}

/** The reference's order among the records holding a timestamp: not terminated first, then the latest termination, then the latest start. */
function later(a: Subscription, b: Subscription): boolean {
  if ((a.terminated_at === null) !== (b.terminated_at === null)) return a.terminated_at === null;
  if (a.terminated_at !== b.terminated_at) return a.terminated_at! > b.terminated_at!;
  return a.started_at! > b.started_at!;
}

const EMPTY_PROPERTIES: Readonly<Record<string, unknown>> = Object.freeze({});

/** Numbers each storeEvents call: a log appended to in the call carries the call's number (EventLog.appendMark). */
let appendGeneration = 0;

export function soleSubscriptionOf(sim: Sim, customerId: string | null | undefined): string | undefined {
  if (customerId == null) return undefined;
  const customer = sim.customers.get(customerId);
  const live = customer === undefined ? [] : sim.subscriptionsOf(customer).filter((s) => s.status === "active");
  return live.length === 1 ? live[0]!.external_id : undefined;
}
