/**
 * Customers (upsert, list, fetch, current and projected usage), subscriptions (create, update,
 * list, fetch, terminate, their alerts), events and applied coupons.
 */
import { customerObject } from "../../simulator/customerJson.js";
import { appliedCouponJson } from "../../simulator/operations/applyCoupon.js";
import { alertObject } from "../../simulator/alerts.js";
import { isObj, type Obj } from "../../simulator/steps.js";
import { subscriptionJson } from "../../simulator/subscriptionRecord.js";
import { badRequest } from "../wire.js";
import { type ApiRequest, fail, list, missing, notFoundResponse, notImplemented, ok, outcome, queryList, type Response, step, wrapped } from "../respond.js";
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
  if (req.subId !== undefined) return undefined;
  const customer = state.sim.customers.get(id);
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
  return undefined;
}

function subscriptions(state: ServeState, req: ApiRequest): Response | undefined {
  const { id, sub, method: m } = req;
  if (id === undefined) {
    if (m === "POST") return step(state, req, "subscription", "create_subscription");
    if (m === "GET") return subscriptionList(state, req);
    return undefined;
  }
  if (sub === "alerts") return alerts(state, req, id);
  if (sub !== undefined) return undefined;
  if (m === "GET") return outcome(state.read("fetch_subscription", { external_id: id }));
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

/** GET /subscriptions: `external_customer_id`, `plan_code`, `status[]` (default: active only). */
function subscriptionList(state: ServeState, req: ApiRequest): Response {
  const customer = req.query.get("external_customer_id");
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
 * `delete_alert`. Several alerts in one call, and deleting them all, are not served (not_implemented).
 */
function alerts(state: ServeState, req: ApiRequest, externalId: string): Response | undefined {
  const m = req.method;
  if (req.rest.length > 0) return undefined;
  const known = state.sim.subscriptions.some((s) => s.external_id === externalId);
  if (req.subId === undefined) {
    if (m === "POST") {
      if (wrapped(req, "alert") === undefined && isObj(req.body) && Array.isArray(req.body["alerts"])) return notImplemented();
      return step(state, req, "alert", "create_alert", { external_subscription_id: externalId });
    }
    if (!known) return notFoundResponse("subscription_not_found");
    if (m === "GET") return ok({ alerts: state.sim.alerts.filter((a) => a.external_subscription_id === externalId).map((a) => alertObject(state.sim, a)) });
    if (m === "DELETE") return notImplemented();
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
  return undefined;
}

/** POST `{applied_coupon}` is `apply_coupon`; GET lists them (`external_customer_id`, `status`, `coupon_code[]`), newest first. */
function appliedCoupons(state: ServeState, req: ApiRequest): Response | undefined {
  if (req.id !== undefined) return undefined;
  if (req.method === "POST") return step(state, req, "applied_coupon", "apply_coupon");
  if (req.method !== "GET") return undefined;
  const customer = req.query.get("external_customer_id");
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
