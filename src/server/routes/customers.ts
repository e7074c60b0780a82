/**
 * Customers (upsert, list, fetch, current and projected usage), subscriptions (create, update,
 * list, fetch, terminate, their alerts), events and applied coupons (apply, list, terminate one).
 */
import { parseInstant } from "../../core/instant.js";
import { customerObject } from "../../simulator/customerJson.js";
import { appliedCouponJson } from "../../simulator/operations/applyCoupon.js";
import { alertObject } from "../../simulator/alerts.js";
import { isObj, type Obj } from "../../simulator/steps.js";
import { subscriptionJson } from "../../simulator/subscriptionRecord.js";
import { badRequest } from "../wire.js";
import { creditNoteList, invoiceList, paymentList } from "./invoices.js";
import { type ApiRequest, emptyOk, fail, invalid, list, missing, notFoundResponse, ok, outcome, queryList, type Response, step, wrapped } from "../respond.js";
import type { ServeState } from "../state.js";

export function customerRoutes(state: ServeState, req: ApiRequest): Response | undefined {
  switch (req.resource) {
    case "customers": return customers(state, req);
    case "subscriptions": return subscriptions(state, req);
    case "events": return events(state, req);
    case "applied_coupons": return appliedCoupons(state, req);
    default: return undefined;
  }
}

function customers(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  const org = state.sim.catalog.organization;
  if (id === undefined) {
    if (m === "POST") return step(state, req, "customer", "create_customer");
    if (m === "GET") return list(req, "customers", [...state.sim.customers.values()].map((c) => customerObject(c, org, false, state.sim.catalogJson)));
    return undefined;
  }
  const customer = state.sim.customers.get(id);
  // DELETE /customers/:external_id/applied_coupons/:id: that applied coupon terminated.
  if (sub === "applied_coupons" && req.subId !== undefined && m === "DELETE") {
    if (customer === undefined) return notFoundResponse("customer_not_found");
    return outcome(state.perform("terminate_applied_coupon", { external_customer_id: id, applied_coupon_id: req.subId }));
  }
  if (req.subId !== undefined) return undefined;
  if (sub === undefined && m === "GET") {
    return customer === undefined ? notFoundResponse("customer_not_found") : ok({ customer: customerObject(customer, org, false, state.sim.catalogJson) });
  }
  if ((sub === "current_usage" || sub === "projected_usage") && m === "GET") {
    const body: Obj = { external_customer_id: id, external_subscription_id: req.query.get("external_subscription_id") };
    const taxes = req.query.get("apply_taxes");
    if (taxes !== null) body["apply_taxes"] = taxes !== "false";
    const charge = req.query.get("filter_by_charge_code");
    if (charge !== null && sub === "current_usage") body["filter_by_charge_code"] = charge;
    return outcome(state.read(sub === "current_usage" ? "fetch_current_usage" : "fetch_projected_usage", body));
  }
  // The customer's lists: the top-level lists with the customer from the path (an unknown one: 404).
  const scoped = m === "GET" ? CUSTOMER_LISTS[sub ?? ""] : undefined;
  if (scoped !== undefined) return customer === undefined ? notFoundResponse("customer_not_found") : scoped(state, req, id);
  return undefined;
}

/** `GET /customers/:external_id/<list>`: the list of the same name, of that customer. */
const CUSTOMER_LISTS: Readonly<Record<string, (state: ServeState, req: ApiRequest, customer: string) => Response>> = {
  invoices: invoiceList,
  credit_notes: creditNoteList,
  payments: paymentList,
  applied_coupons: (state, req, customer) => appliedCouponList(state, req, customer),
  subscriptions: (state, req, customer) => subscriptionList(state, req, customer),
};

function subscriptions(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (id === undefined) {
    if (m === "POST") return step(state, req, "subscription", "create_subscription");
    if (m === "GET") return subscriptionList(state, req);
    return undefined;
  }
  if (sub === "alerts") return alerts(state, req, id);
  if (sub === "lifetime_usage" && req.subId === undefined) {
    if (m === "GET") return outcome(state.read("fetch_lifetime_usage", { external_subscription_id: id }));
    if (m === "PUT") return step(state, req, "lifetime_usage", "update_lifetime_usage", { external_subscription_id: id });
    return undefined;
  }
  if (sub !== undefined) return undefined;
  if (m === "GET") {
    const status = req.query.get("status");
    return outcome(state.read("fetch_subscription", status === null ? { external_id: id } : { external_id: id, status }));
  }
  if (m === "PUT") {
    const body = wrapped(req, "subscription");
    if (body === undefined) return missing("subscription");
    // `status` (active or pending) picks the record: from the query, else the body.
    const status = req.query.get("status") ?? (isObj(req.body) ? req.body["status"] : undefined) ?? body["status"];
    return outcome(state.perform("update_subscription", { external_id: id, subscription: body, ...(status === undefined ? {} : { status }) }));
  }
  if (m === "DELETE") {
    const body: Obj = { external_id: id };
    for (const k of ["status", "on_termination_credit_note", "on_termination_invoice"]) {
      const v = req.query.get(k);
      if (v !== null) body[k] = v;
    }
    return outcome(state.perform("terminate_subscription", body));
  }
  return undefined;
}

/** GET /subscriptions: `external_customer_id` (or `scope`, the path's customer), `plan_code`, `status[]` (default: active only). */
function subscriptionList(state: ServeState, req: ApiRequest, scope?: string): Response {
  const customer = scope ?? req.query.get("external_customer_id");
  const plan = req.query.get("plan_code");
  const statuses = queryList(req.query, "status");
  const wanted = statuses.length === 0 ? ["active"] : statuses;
  const org = state.sim.catalog.organization;
  const found = state.sim.subscriptions
    .filter((s) => (customer === null || s.customer.external_id === customer) && (plan === null || s.plan.code === plan) && wanted.includes(s.status))
    .map((s) => subscriptionJson(s, state.now, org));
  return list(req, "subscriptions", found);
}

/**
 * A subscription's usage alerts: POST `{alert}` is `create_alert`, GET lists them, GET
 * `/:code` is `fetch_alert`, PUT `/:code` `{alert}` `update_alert`, DELETE `/:code`
 * `delete_alert`; POST `{alerts: [...]}` is `create_alerts` (all or nothing), DELETE (no code)
 * `delete_alerts` (all of them).
 */
function alerts(state: ServeState, req: ApiRequest, externalId: string): Response | undefined {
  const m = req.method;
  if (req.rest.length > 0) return undefined;
  const known = state.sim.subscriptions.some((s) => s.external_id === externalId);
  if (req.subId === undefined) {
    if (m === "POST") {
      // Several in one call (`{alerts: [...]}`): `create_alerts`, all or nothing.
      if (wrapped(req, "alert") === undefined && isObj(req.body) && req.body["alerts"] !== undefined) {
        return outcome(state.perform("create_alerts", { alerts: req.body["alerts"], external_subscription_id: externalId }));
      }
      return step(state, req, "alert", "create_alert", { external_subscription_id: externalId });
    }
    if (!known) return notFoundResponse("subscription_not_found");
    if (m === "GET") return ok({ alerts: state.sim.alerts.filter((a) => a.external_subscription_id === externalId).map((a) => alertObject(state.sim, a)) });
    if (m === "DELETE") return emptyOk(state.perform("delete_alerts", { external_subscription_id: externalId }));
    return undefined;
  }
  if (m === "GET") return outcome(state.read("fetch_alert", { external_subscription_id: externalId, code: req.subId }));
  if (m === "PUT") {
    const patch = wrapped(req, "alert");
    return patch === undefined ? missing("alert") : outcome(state.perform("update_alert", { external_subscription_id: externalId, code: req.subId, alert: patch }));
  }
  if (m === "DELETE") return outcome(state.perform("delete_alert", { external_subscription_id: externalId, code: req.subId }));
  return undefined;
}

function events(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (id === undefined && m === "POST") return step(state, req, "event", "create_event");
  if (id === "batch" && sub === undefined && m === "POST") {
    const events = isObj(req.body) ? req.body["events"] : undefined;
    if (!Array.isArray(events)) return fail(badRequest("param is missing or the value is empty: events"));
    return outcome(state.perform("create_events", { events }));
  }
  if (m !== "GET" || sub !== undefined) return undefined;
  if (id === undefined) return eventList(state, req);
  // A transaction id is unique per subscription: `external_subscription_id` picks one of several.
  const wanted = req.query.get("external_subscription_id");
  const event = acceptedEvents(state).find((e) => e["transaction_id"] === id && (wanted === null || e["external_subscription_id"] === wanted));
  return event === undefined ? notFoundResponse("event_not_found") : ok({ event });
}

/** The accepted events as their calls answered them (create_event, create_events), in arrival order. */
function acceptedEvents(state: ServeState): Obj[] {
  const out: Obj[] = [];
  for (const a of state.acceptedSteps("create_event", "create_events")) {
    if (a.op === "create_event") out.push(a.response["event"] as Obj);
    else for (const e of a.response["events"] as Obj[]) out.push(e);
  }
  return out;
}

/**
 * GET /events: `code`, `external_subscription_id`, `timestamp_from`, `timestamp_to` (inclusive
 * instants), `timestamp_from_started_at` (with `external_subscription_id`: from its subscription's
 * start); newest timestamp first, then by transaction id, as the reference orders them.
 */
function eventList(state: ServeState, req: ApiRequest): Response {
  const q = req.query;
  const details: Record<string, string[]> = {};
  const code = q.get("code");
  const subscription = q.get("external_subscription_id");
  const instant = (k: string): number | undefined => {
    const raw = q.get(k);
    if (raw === null || raw === "") return undefined;
    const t = parseInstant(raw);
    if (t === undefined) details[k] = ["invalid_timestamp"];
    return t;
  };
  let from = instant("timestamp_from");
  const to = instant("timestamp_to");
  const fromStart = q.get("timestamp_from_started_at");
  if (fromStart !== null && fromStart !== "true" && fromStart !== "false") details["timestamp_from_started_at"] = ["value_is_invalid"];
  if (fromStart === "true") {
    if (q.get("timestamp_from") !== null && q.get("timestamp_from") !== "") details["timestamp_from"] = ["cannot_be_used_with_timestamp_from_started_at"];
    if (subscription === null || subscription === "") details["external_subscription_id"] = ["value_is_mandatory"];
    else {
      // The subscription's live record (else its latest), as the reference picks it.
      const records = state.sim.subscriptionsNamed(subscription);
      const record = records.find((s) => s.status === "active") ?? records[records.length - 1];
      if (record?.started_at != null) from = record.started_at;
    }
  }
  if (Object.keys(details).length > 0) return invalid(details);
  const found = acceptedEvents(state)
    .map((e) => ({ e, t: parseInstant(e["timestamp"]) ?? 0 }))
    .filter(({ e, t }) => (code === null || code === "" || e["code"] === code)
      && (subscription === null || subscription === "" || e["external_subscription_id"] === subscription)
      && (from === undefined || t >= from) && (to === undefined || t <= to))
    .sort((a, b) => b.t - a.t || compare(String(a.e["transaction_id"]), String(b.e["transaction_id"])))
    .map(({ e }) => e);
  return list(req, "events", found);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** POST `{applied_coupon}` is `apply_coupon`; GET lists them (`external_customer_id`, `status`, `coupon_code[]`), newest first. */
function appliedCoupons(state: ServeState, req: ApiRequest): Response | undefined {
  if (req.id !== undefined) return undefined;
  if (req.method === "POST") return step(state, req, "applied_coupon", "apply_coupon");
  return req.method === "GET" ? appliedCouponList(state, req) : undefined;
}

/** GET /applied_coupons (`scope`: the customer of `GET /customers/:external_id/applied_coupons`). */
function appliedCouponList(state: ServeState, req: ApiRequest, scope?: string): Response {
  const customer = scope ?? req.query.get("external_customer_id");
  const status = req.query.get("status");
  const codes = queryList(req.query, "coupon_code");
  const found = [...state.sim.customers.values()]
    .filter((c) => customer === null || c.external_id === customer)
    .flatMap((c) => c.applied_coupons.map((a) => ({ a, c })))
    .filter(({ a }) => (status === null || a.status === status) && (codes.length === 0 || codes.includes(a.coupon.code)))
    .sort((x, y) => y.a.created_at - x.a.created_at)
    .map(({ a, c }) => appliedCouponJson(a, c));
  return list(req, "applied_coupons", found);
}
