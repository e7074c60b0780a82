/**
 * The routes of `ratecard serve`: a request (method, path, query, parsed body) in, a status and
 * a JSON body out, over a {@link ServeState}. No I/O here: http.ts reads and writes the sockets,
 * checks the key and the body's size and syntax, and supplies the clock.
 */
import { formatInstant, type Instant, parseInstant } from "../core/instant.js";
import { stableId } from "../core/ids.js";
import { toDecimalString } from "../core/decimal.js";
import { metricJson, planJson, taxJson } from "../simulator/catalogJson.js";
import { customerObject } from "../simulator/customerJson.js";
import { isObj, type Obj } from "../simulator/steps.js";
import { subscriptionJson } from "../simulator/subscriptionRecord.js";
import type { CatalogKey, Outcome, ServeState } from "./state.js";
import { badRequest, notFound, paginate, refusedToWire, toWire, type WireError } from "./wire.js";

export interface Request {
  readonly method: string;
  /** The path without the query, e.g. `/api/v1/customers/c1`. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** The parsed JSON body (undefined when there is none). */
  readonly body: unknown;
}

export interface Response {
  readonly status: number;
  readonly body: unknown;
}

const ok = (body: unknown): Response => ({ status: 200, body: toWire(body) });
const fail = (e: WireError): Response => ({ status: e.status, body: e.body });
const outcome = (o: Outcome): Response => (o.ok ? ok(o.body) : fail(refusedToWire(o.error)));

/** The body's object under `key` (the reference's wrapper), if there is one. */
function wrapped(req: Request, key: string): Obj | undefined {
  const inner = isObj(req.body) ? req.body[key] : undefined;
  return isObj(inner) ? inner : undefined;
}
/** The reference's answer to a missing wrapper. */
const missing = (key: string): Response => fail(badRequest(`param is missing or the value is empty: ${key}`));

/** Catalog POST endpoints: wrapper key, catalog list, the object answered. */
const CATALOG_ROUTES: Readonly<Record<string, { readonly wrapper: string; readonly key: CatalogKey }>> = {
  billable_metrics: { wrapper: "billable_metric", key: "billable_metrics" },
  plans: { wrapper: "plan", key: "plans" },
  taxes: { wrapper: "tax", key: "taxes" },
  coupons: { wrapper: "coupon", key: "coupons" },
  add_ons: { wrapper: "add_on", key: "add_ons" },
};

/** Answers one authenticated request of the API (`/api/v1/...`) or the clock extension. */
export function route(state: ServeState, req: Request): Response {
  const parts = req.path.split("/").filter((p) => p !== "").map(decodeURIComponent);
  if (parts[0] === "_ratecard" && parts[1] === "clock" && parts.length === 2) return clock(state, req);
  if (parts[0] !== "api" || parts[1] !== "v1") return fail(notFound("route_not_found"));
  const [resource, id, sub, ...rest] = parts.slice(2);
  if (resource === undefined || rest.length > 0) return fail(notFound("route_not_found"));
  const m = req.method;

  const catalog = CATALOG_ROUTES[resource];
  if (catalog !== undefined && id === undefined && m === "POST") {
    const body = wrapped(req, catalog.wrapper);
    if (body === undefined) return missing(catalog.wrapper);
    const r = state.addCatalogObject(catalog.key, body);
    if (!r.ok) return outcome(r);
    return ok({ [catalog.wrapper]: catalogObject(state, catalog.key, body) });
  }

  switch (resource) {
    case "customers": {
      if (id === undefined) {
        if (m === "POST") return step(state, req, "customer", "create_customer");
        if (m === "GET") return list(req, "customers", [...state.sim.customers.values()].map((c) => customerObject(c, state.sim.catalog.organization, false, state.sim.catalogJson)));
        break;
      }
      const customer = state.sim.customers.get(id);
      if (sub === undefined && m === "GET") {
        return customer === undefined ? fail(notFound("customer_not_found")) : ok({ customer: customerObject(customer, state.sim.catalog.organization, false, state.sim.catalogJson) });
      }
      if (sub === "current_usage" && m === "GET") {
        const body: Obj = { external_customer_id: id, external_subscription_id: req.query.get("external_subscription_id") };
        const taxes = req.query.get("apply_taxes");
        if (taxes !== null) body["apply_taxes"] = taxes !== "false";
        const charge = req.query.get("filter_by_charge_code");
        if (charge !== null) body["filter_by_charge_code"] = charge;
        return outcome(state.read("fetch_current_usage", body));
      }
      break;
    }
    case "applied_coupons":
      if (id === undefined && m === "POST") return step(state, req, "applied_coupon", "apply_coupon");
      break;
    case "subscriptions": {
      if (id === undefined) {
        if (m === "POST") return step(state, req, "subscription", "create_subscription");
        if (m === "GET") return subscriptions(state, req);
        break;
      }
      if (sub !== undefined) break;
      if (m === "GET") return outcome(state.read("fetch_subscription", { external_id: id }));
      if (m === "DELETE") {
        const body: Obj = { external_id: id };
        for (const k of ["status", "on_termination_credit_note", "on_termination_invoice"]) {
          const v = req.query.get(k);
          if (v !== null) body[k] = v;
        }
        return outcome(state.perform("terminate_subscription", body));
      }
      break;
    }
    case "events": {
      if (id === undefined && m === "POST") return step(state, req, "event", "create_event");
      if (id === "batch" && sub === undefined && m === "POST") {
        const events = isObj(req.body) ? req.body["events"] : undefined;
        if (!Array.isArray(events)) return fail(badRequest("param is missing or the value is empty: events"));
        return outcome(state.perform("create_events", { events }));
      }
      break;
    }
    case "invoices": {
      if (id === undefined && m === "GET") return invoices(state, req);
      if (id !== undefined && sub === undefined && m === "GET") {
        const inv = state.sim.invoicing.find(id);
        return inv === undefined ? fail(notFound("invoice_not_found")) : ok({ invoice: state.sim.invoicing.invoiceJson(inv, state.now) });
      }
      break;
    }
  }
  return fail(notFound("route_not_found"));
}

/** A state-changing call: the wrapper's object performed as a step. */
function step(state: ServeState, req: Request, wrapper: string, op: string): Response {
  const body = wrapped(req, wrapper);
  return body === undefined ? missing(wrapper) : outcome(state.perform(op, body));
}

function list(req: Request, key: string, items: readonly unknown[]): Response {
  const page = paginate(items, req.query);
  return page.ok ? ok({ [key]: page.items, meta: page.meta }) : fail(refusedToWire(page.error));
}

/** GET /subscriptions: `external_customer_id`, `plan_code`, `status[]` (default: active only). */
function subscriptions(state: ServeState, req: Request): Response {
  const customer = req.query.get("external_customer_id");
  const plan = req.query.get("plan_code");
  const statuses = [...req.query.getAll("status[]"), ...req.query.getAll("status")];
  const wanted = statuses.length === 0 ? ["active"] : statuses;
  const org = state.sim.catalog.organization;
  const found = state.sim.subscriptions
    .filter((s) => (customer === null || s.customer.external_id === customer) && (plan === null || s.plan.code === plan) && wanted.includes(s.status))
    .map((s) => subscriptionJson(s, state.now, org));
  return list(req, "subscriptions", found);
}

/** GET /invoices, newest first: `external_customer_id`, `status`, `payment_status`, `invoice_type`. */
function invoices(state: ServeState, req: Request): Response {
  const filters = ["external_customer_id", "status", "payment_status", "invoice_type"].map((k) => [k, req.query.get(k)] as const).filter(([, v]) => v !== null);
  const all = (state.sim.invoicing.json(state.now) as Obj[]).filter((inv) =>
    filters.every(([k, v]) => (k === "external_customer_id" ? isObj(inv["customer"]) && inv["customer"]["external_id"] === v : inv[k] === v)));
  return list(req, "invoices", all.reverse());
}

/** The clock extension: GET reads it, POST `{advance_to}` moves a manual clock forward. */
function clock(state: ServeState, req: Request): Response {
  const now = (): Response => ({ status: 200, body: { clock: { now: formatInstant(state.now) } } });
  if (req.method === "GET") return now();
  if (req.method !== "POST") return fail(notFound("route_not_found"));
  const raw = isObj(req.body) ? req.body["advance_to"] : undefined;
  const to: Instant | undefined = parseInstant(raw);
  if (to === undefined) return fail(refusedToWire({ code: "validation_errors", error_details: { advance_to: [raw === undefined || raw === null ? "value_is_mandatory" : "invalid_timestamp"] } }));
  if (!state.moveClock(to, true)) return fail(refusedToWire({ code: "validation_errors", error_details: { advance_to: ["invalid_value"] } }));
  return now();
}

/** The object a catalog POST answers, from the rebuilt simulation's catalog. */
function catalogObject(state: ServeState, key: CatalogKey, body: Obj): unknown {
  const { catalog } = state.sim;
  const ctx = state.sim.catalogJson;
  const code = String(body["code"]);
  const created = formatInstant((catalog.created_at ?? state.now) as Instant);
  switch (key) {
    case "billable_metrics": return metricJson(catalog.metrics.get(code)!, ctx);
    case "plans": return planJson(catalog.plans.get(code)!, ctx);
    case "taxes": return taxJson(catalog.taxes.get(code)!, ctx);
    case "add_ons": {
      const a = catalog.add_ons.get(code)!;
      return {
        svc_id: a.svc_id, name: a.name, invoice_display_name: a.invoice_display_name, code: a.code, amount_cents: Number(a.amount_cents),
        amount_currency: a.currency, description: a.description, created_at: created, taxes: (a.taxes ?? []).map((t) => taxJson(t, ctx)),
      };
    }
    case "coupons": {
      const c = catalog.coupons.get(code)!;
      return {
        svc_id: c.svc_id ?? stableId("coupon", code), name: c.name, code: c.code, description: c.description, coupon_type: c.coupon_type,
        amount_cents: c.amount_cents === null ? null : Number(c.amount_cents), amount_currency: c.amount_currency,
        percentage_rate: c.percentage_rate === null ? null : toDecimalString(c.percentage_rate), frequency: c.frequency,
        frequency_duration: c.frequency_duration, reusable: c.reusable, limited_plans: c.plan_codes.length > 0, plan_codes: [...c.plan_codes],
        limited_billable_metrics: c.billable_metric_codes.length > 0, billable_metric_codes: [...c.billable_metric_codes],
        expiration: c.expiration, expiration_at: c.expiration_at === null ? null : formatInstant(c.expiration_at), created_at: created, terminated_at: null,
      };
    }
  }
}
