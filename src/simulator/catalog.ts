/**
 * The simulation's catalog: organization, billable metrics, taxes and plans, checked
 * once (every issue named by its path) and turned into what the engine's areas take.
 * The types are in catalogTypes.ts, plans in catalogPlans.ts, tax codes in catalogTaxes.ts.
 */
import type { CurrencyCode } from "../core/currency.js";
import { parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import type { IssueCollector, Path } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { parseMetric } from "../aggregation/index.js";
import { type CouponTemplate, type Tax, parseCouponTemplate } from "../invoice/index.js";
import { type CatalogKind, type CatalogObject, parseCatalogObject } from "../parse/schemas/index.js";
import { parsePlans } from "./catalogPlans.js";
import { taxesOf } from "./catalogTaxes.js";
import type { AddOn, Catalog, Metric, Organization, PricingUnit } from "./catalogTypes.js";

export type { AddOn, Catalog, Metric, Organization, Plan, PlanCharge, PlanFixedCharge, PricingUnit } from "./catalogTypes.js";
export { TARGET_WALLET } from "./catalogTypes.js";
export { taxesOf } from "./catalogTaxes.js";

type Obj = Record<string, unknown>;

/** The list at `key` of the input (absent → empty; not an array → an `invalid_type` issue, empty). */
function list(root: Obj, key: string, c: IssueCollector): unknown[] {
  const v = root[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    c.add("invalid_type", [key]);
    return [];
  }
  return v;
}

/**
 * The input's list at `key`, each entry checked as a `kind` object and built by `build`
 * (`undefined`: refused, its issues added to `c`), by code; a duplicate code is an issue (the
 * last one is kept).
 */
function byCode<K extends CatalogKind, T extends { readonly code: string }>(
  root: Obj, key: string, kind: K, what: string, c: IssueCollector, build: (value: CatalogObject<K>, path: Path, raw: unknown) => T | undefined,
): Map<string, T> {
  const out = new Map<string, T>();
  list(root, key, c).forEach((raw, i) => {
    const path = [key, i];
    const r = parseCatalogObject(kind, raw, path);
    if (!r.ok) return c.addAll(r.issues);
    const v = build(r.value, path, raw);
    if (v === undefined) return;
    if (out.has(v.code)) c.add("invalid_value", [...path, "code"], `duplicate ${what} code`);
    out.set(v.code, v);
  });
  return out;
}

/** The catalog of a simulation input; every issue goes to `c`. */
export function parseCatalog(root: Obj, c: IssueCollector): Catalog {
  const appliedToOrganization: Tax[] = [];
  const taxes = byCode(root, "taxes", "tax", "tax", c, (t, path) => {
    const rate = parseDecimal(t.rate);
    if (rate === undefined) return void c.add("invalid_value", [...path, "rate"]);
    const tax: Tax = { svc_id: stableId("tax", t.code), code: t.code, name: t.name, rate, description: t.description ?? null };
    if (t.applied_to_organization === true) appliedToOrganization.push(tax);
    return tax;
  });

  const org = parseCatalogObject("organization", root["organization"] ?? {}, ["organization"]);
  if (!org.ok) c.addAll(org.issues);
  const o = org.ok ? org.value : {};
  const tz = o.timezone ?? "UTC";
  if (!isValidTimeZone(tz)) c.add("invalid_timezone", ["organization", "timezone"]);
  const orgTaxes = taxesOf(o.tax_codes, taxes, ["organization", "tax_codes"], c) ?? [];
  const name = o.name ?? "Organization";
  const orgId = stableId("organization", name);
  const organization: Organization = {
    svc_id: orgId,
    name,
    // Kept in upper case, and by default the name's first three characters (the reference's billing entity).
    document_number_prefix: o.document_number_prefix?.toUpperCase() ?? `${[...name].slice(0, 3).join("").toUpperCase()}-${orgId.slice(-4).toUpperCase()}`,
    billing_entity_code: o.billing_entity_code ?? "default",
    timezone: tz,
    default_currency: (o.default_currency ?? undefined) as CurrencyCode | undefined,
    taxes: [...orgTaxes, ...appliedToOrganization.filter((t) => !orgTaxes.includes(t))],
    premium_integrations: o.premium_integrations ?? [],
    invoice_grace_period: o.invoice_grace_period ?? 0,
    net_payment_term: o.net_payment_term ?? 0,
  };

  const metrics = byCode(root, "billable_metrics", "billable_metric", "billable metric", c, (b, path, raw): Metric | undefined => {
    const m = parseMetric(raw, c, path);
    return m === undefined ? undefined : { ...m, svc_id: stableId("billable_metric", m.code), name: b.name, description: b.description ?? null, filters: distinctFilterValues(b.filters ?? []) };
  });
  const addOns = byCode(root, "add_ons", "add_on", "add-on", c, (a, path): AddOn => ({
    svc_id: stableId("add_on", a.code), code: a.code, name: a.name, amount_cents: BigInt(a.amount_cents), currency: a.amount_currency as CurrencyCode,
    invoice_display_name: a.invoice_display_name ?? null, description: a.description ?? null, taxes: taxesOf(a.tax_codes, taxes, [...path, "tax_codes"], c),
  }));
  const pricingUnits = byCode(root, "pricing_units", "pricing_unit", "pricing unit", c, (u): PricingUnit => ({
    svc_id: stableId("pricing_unit", u.code), code: u.code, name: u.name, short_name: u.short_name, description: u.description ?? null,
  }));
  const plans = parsePlans(list(root, "plans", c), {
    metrics, taxes, add_ons: addOns, targets_wallets: organization.premium_integrations.includes("events_targeting_wallets"), pricing_units: pricingUnits,
    progressive_billing: organization.premium_integrations.includes("progressive_billing"),
  }, c);
  const coupons = new Map<string, CouponTemplate>();
  const refs = { plan_codes: new Set(plans.keys()), billable_metric_codes: new Set(metrics.keys()) };
  list(root, "coupons", c).forEach((raw, i) => {
    const r = parseCouponTemplate(raw, ["coupons", i], refs);
    if (!r.ok) return c.addAll(r.issues);
    if (coupons.has(r.value.code)) c.add("invalid_value", ["coupons", i, "code"], "duplicate coupon code");
    coupons.set(r.value.code, r.value);
  });
  return { organization, metrics, taxes, plans, coupons, add_ons: addOns, pricing_units: pricingUnits };
}

/** A metric's filters with each value once (the reference's metric filter update keeps them unique). */
export function distinctFilterValues<F extends { readonly values: readonly string[] }>(filters: readonly F[]): F[] {
  return filters.map((f) => (new Set(f.values).size === f.values.length ? f : Object.assign({}, f, { values: [...new Set(f.values)] })));
}

