/**
 * The catalog: POST adds an object (a rebuild of the simulation, docs/serve.md "Catalog"), GET
 * lists and fetches by code; updates and deletions are steps (`update_plan`, `delete_plan`,
 * `update_add_on`, `update_tax`, `delete_billable_metric`, …, docs/serve.md "Catalog updates
 * and deletions"). A POST naming an object a step deleted is refused as the reference refuses
 * an unknown one (the rebuild would otherwise find it in the catalog it replays from).
 */
import { formatInstant, type Instant } from "../../core/instant.js";
import { addOnJson, couponJson, metricJson, planJson, taxJson } from "../../simulator/catalogJson.js";
import { isObj, type Obj } from "../../simulator/steps.js";
import { type ApiRequest, list, missing, notFoundResponse, notImplemented, ok, outcome, type Response, wrapped } from "../respond.js";
import type { CatalogKey, ServeState } from "../state.js";

/** Catalog endpoints: wrapper key, catalog list, the code of a missing object. */
const CATALOG_ROUTES: Readonly<Record<string, { readonly wrapper: string; readonly key: CatalogKey; readonly notFound: string }>> = {
  billable_metrics: { wrapper: "billable_metric", key: "billable_metrics", notFound: "billable_metric_not_found" },
  plans: { wrapper: "plan", key: "plans", notFound: "plan_not_found" },
  taxes: { wrapper: "tax", key: "taxes", notFound: "tax_not_found" },
  coupons: { wrapper: "coupon", key: "coupons", notFound: "coupon_not_found" },
  add_ons: { wrapper: "add_on", key: "add_ons", notFound: "add_on_not_found" },
};

/** The simulator's operations that update and delete a catalog object (PUT /plans is update_plan, above). */
const EDITS: Readonly<Record<CatalogKey, { readonly update?: string; readonly delete?: string }>> = {
  billable_metrics: { update: "update_billable_metric", delete: "delete_billable_metric" },
  plans: { delete: "delete_plan" },
  taxes: { update: "update_tax", delete: "delete_tax" },
  coupons: { update: "update_coupon", delete: "delete_coupon" },
  add_ons: { update: "update_add_on", delete: "delete_add_on" },
};

export function catalogRoutes(state: ServeState, req: ApiRequest): Response | undefined {
  const route = CATALOG_ROUTES[req.resource];
  if (route === undefined || req.sub !== undefined) return undefined;
  const m = req.method;
  if (req.id === undefined) {
    if (m === "POST") {
      let body = wrapped(req, route.wrapper);
      if (body === undefined) return missing(route.wrapper);
      if (route.key === "plans") {
        const named = withMetricCodes(state, body);
        if (named === undefined) return notFoundResponse("billable_metric_not_found");
        body = named;
      }
      const stale = staleReference(state, route.key, body);
      if (stale !== undefined) return stale;
      const r = state.addCatalogObject(route.key, body);
      if (!r.ok) return outcome(r);
      return ok({ [route.wrapper]: catalogObject(state, route.key, String(body["code"])) });
    }
    if (m === "GET") return list(req, route.key, codes(state, route.key).map((code) => catalogObject(state, route.key, code)));
    return undefined;
  }
  const exists = codes(state, route.key).includes(req.id);
  if (m === "GET") return exists ? ok({ [route.wrapper]: catalogObject(state, route.key, req.id) }) : notFoundResponse(route.notFound);
  if (m === "PUT" && route.key === "plans") {
    const body = wrapped(req, "plan");
    if (body === undefined) return missing("plan");
    // The path names the plan; a `code` in the body would rename it, which update_plan does not do.
    return outcome(state.perform("update_plan", { ...body, code: req.id }));
  }
  const edit = EDITS[route.key];
  if (m === "PUT" && edit.update !== undefined) {
    const body = wrapped(req, route.wrapper);
    if (body === undefined) return missing(route.wrapper);
    // The path names the object; it keeps its code (ids are derived from codes).
    return outcome(state.perform(edit.update, { code: req.id, [route.wrapper]: body }));
  }
  if (m === "DELETE" && edit.delete !== undefined) return outcome(state.perform(edit.delete, { code: req.id }));
  return undefined;
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The refusal of a new catalog object that names what the rebuild could not replay as it was
 * accepted: a tax, metric, add-on or plan a step deleted (404 `…_not_found`, the reference's
 * answer for an unknown one; the catalog the rebuild starts from still holds it), or — for a plan
 * — a metric a `PUT /billable_metrics` changed beyond its name and description while no plan used
 * it (405 `not_implemented`: replayed with the plan in the catalog, that update would meet a
 * metric in use and keep the old fields), or whose filters it changed when the plan's charges on
 * it have filters (checked at the start against the old filters). Undefined when the object may
 * be added.
 */
function staleReference(state: ServeState, key: CatalogKey, o: Obj): Response | undefined {
  const taxes: unknown[] = [], metrics: unknown[] = [], addOns: unknown[] = [], plans: unknown[] = [];
  if (key === "plans") {
    taxes.push(...listOf(o["tax_codes"]));
    for (const ch of listOf(o["charges"])) if (isObj(ch)) taxes.push(...listOf(ch["tax_codes"])), metrics.push(ch["billable_metric_code"]);
    for (const f of listOf(o["fixed_charges"])) if (isObj(f)) taxes.push(...listOf(f["tax_codes"])), addOns.push(f["add_on_code"]);
    const commitment = o["minimum_commitment"];
    if (isObj(commitment)) taxes.push(...listOf(commitment["tax_codes"]));
  }
  if (key === "add_ons") taxes.push(...listOf(o["tax_codes"]));
  if (key === "coupons") {
    const limits = isObj(o["applies_to"]) ? o["applies_to"] : o;
    metrics.push(...listOf(limits["billable_metric_codes"]));
    plans.push(...listOf(limits["plan_codes"]));
  }
  const c = state.sim.catalog;
  const deleted = (k: CatalogKey, live: ReadonlyMap<string, unknown>, codes: unknown[]): boolean =>
    codes.some((code) => typeof code === "string" && !live.has(code) && state.catalogObjects(k).some((x) => x["code"] === code));
  if (deleted("taxes", c.taxes, taxes)) return notFoundResponse("tax_not_found");
  if (deleted("billable_metrics", c.metrics, metrics)) return notFoundResponse("billable_metric_not_found");
  if (deleted("add_ons", c.add_ons, addOns)) return notFoundResponse("add_on_not_found");
  if (deleted("plans", c.plans, plans)) return notFoundResponse("plan_not_found");
  // A filters change is replayed on the new plan too: harmless unless its charges on that metric have filters.
  const filtered = new Set(key !== "plans" ? [] : listOf(o["charges"]).flatMap((ch) => (isObj(ch) && listOf(ch["filters"]).length > 0 ? [ch["billable_metric_code"]] : [])));
  const reshaped = new Set(state.acceptedSteps("update_billable_metric").flatMap((a) => {
    const fields = isObj(a.body["billable_metric"]) ? a.body["billable_metric"] : a.body;
    return Object.keys(fields).some((k) => !["code", "name", "description"].includes(k) && (k !== "filters" || filtered.has(a.body["code"]))) ? [a.body["code"]] : [];
  }));
  if (key === "plans" && metrics.some((code) => reshaped.has(code))) return notImplemented();
  return undefined;
}

/**
 * A plan whose charges name their metric as the reference's clients do, by `billable_metric_id`
 * (the metric's `lago_id`), with each such charge naming it by `billable_metric_code` instead
 * (the catalog's form, kept in the log); undefined when an id names no metric.
 */
function withMetricCodes(state: ServeState, plan: Obj): Obj | undefined {
  const charges = plan["charges"];
  if (!Array.isArray(charges) || !charges.some((ch) => isObj(ch) && typeof ch["billable_metric_id"] === "string")) return plan;
  const byId = new Map([...state.sim.catalog.metrics.values()].map((m) => [m.svc_id, m.code]));
  let unknown = false;
  const named = charges.map((ch: unknown) => {
    if (!isObj(ch) || typeof ch["billable_metric_id"] !== "string") return ch;
    const { billable_metric_id: id, ...rest } = ch;
    const code = byId.get(id as string);
    if (code === undefined) unknown = true;
    return rest["billable_metric_code"] === undefined ? { billable_metric_code: code, ...rest } : rest;
  });
  return unknown ? undefined : { ...plan, charges: named };
}

/** The codes of the simulation's catalog under `key`, in catalog order. */
function codes(state: ServeState, key: CatalogKey): string[] {
  const c = state.sim.catalog;
  const map = key === "billable_metrics" ? c.metrics : key === "plans" ? c.plans : key === "taxes" ? c.taxes : key === "coupons" ? c.coupons : c.add_ons;
  return [...map.keys()];
}

/** A catalog object as the reference answers it, from the simulation's catalog (plans as `update_plan` left them). */
function catalogObject(state: ServeState, key: CatalogKey, code: string): Obj {
  const { catalog } = state.sim;
  const ctx = state.sim.catalogJson;
  const created = formatInstant((catalog.created_at ?? state.now) as Instant);
  switch (key) {
    case "billable_metrics": return metricJson(catalog.metrics.get(code)!, ctx);
    case "plans": return planJson(catalog.plans.get(code)!, ctx);
    case "taxes": return taxJson(catalog.taxes.get(code)!, ctx);
    case "add_ons": return addOnJson(catalog.add_ons.get(code)!, ctx, created);
    case "coupons": return couponJson(catalog.coupons.get(code)!, ctx, created);
  }
}
