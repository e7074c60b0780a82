/**
 * The catalog's objects as the service returns them (objects.md §16): Tax, Plan with its charges,
 * fixed charges, usage thresholds and minimum commitment. Catalog objects are created at the
 * catalog's `created_at` (the first step's instant); an `update_plan` stamps the plan's parts'
 * `updated_at`. A leaf module: it reads records only.
 */
import { formatInstant, type Instant } from "../core/instant.js";
import { isDecimal, toDecimalString } from "../core/decimal.js";
import { sentText } from "../charges/index.js";
import { plainJson } from "../fees/index.js";
import type { CouponTemplate, Tax } from "../invoice/index.js";
import type { AddOn, Catalog, Metric, Plan, PlanCharge, PlanFixedCharge } from "./catalogTypes.js";
import { stableId } from "../core/ids.js";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What the objects read beside the record: the catalog, and how many customers carry each tax. */
export interface CatalogJsonContext {
  readonly catalog: Catalog;
  /** Customers whose own taxes include the tax of this code. */
  customersWithTax(code: string): number;
}

const at = (ctx: CatalogJsonContext): string => formatInstant((ctx.catalog.created_at ?? 0) as Instant);
const has = (taxes: readonly Tax[] | undefined, code: string): boolean => (taxes ?? []).some((t) => t.code === code);

/** The Tax object, with the counts of what carries it. */
export function taxJson(t: Tax, ctx: CatalogJsonContext): { [key: string]: Json } {
  const { catalog } = ctx;
  let plans = 0, charges = 0, addOns = 0;
  for (const p of catalog.plans.values()) {
    if (has(p.taxes, t.code)) plans += 1;
    for (const ch of p.charges) if (has(ch.taxes, t.code)) charges += 1;
  }
  for (const a of catalog.add_ons.values()) if (has(a.taxes, t.code)) addOns += 1;
  return {
    svc_id: t.svc_id, name: t.name, code: t.code, rate: Number(t.rate.toFixed()), description: t.description ?? null,
    applied_to_organization: has(catalog.organization.taxes, t.code),
    add_ons_count: addOns, customers_count: ctx.customersWithTax(t.code), plans_count: plans, charges_count: charges, commitments_count: 0,
    created_at: at(ctx),
  };
}

const taxesJson = (taxes: readonly Tax[] | undefined, ctx: CatalogJsonContext): Json[] => (taxes ?? []).map((t) => taxJson(t, ctx));

/** A plan's usage threshold is named by its plan and place in the list. */
export function usageThresholdId(plan: Plan, index: number): string {
  return stableId("usage_threshold", plan.svc_id, index);
}

/**
 * A fixed charge (objects.md §16). `units`: the plan's, or a subscription's effective units;
 * `svc_parent_id`: the plan fixed charge a child copy was made from (null for a plan's own).
 */
export function fixedChargeJson(f: PlanFixedCharge, ctx: CatalogJsonContext, units = f.units, taxes = f.taxes): { [key: string]: Json } {
  const fc = f.fixed_charge;
  return {
    svc_id: f.svc_id, svc_add_on_id: f.add_on.svc_id, code: f.code, invoice_display_name: fc.invoice_display_name ?? null,
    add_on_code: f.add_on.code, created_at: at(ctx), charge_model: fc.charge_model, pay_in_advance: fc.pay_in_advance, prorated: fc.prorated,
    properties: propertiesJson(fc.properties), units: toDecimalString(units), svc_parent_id: f.parent_id ?? null, taxes: taxesJson(taxes, ctx),
  };
}

/**
 * A charge's properties as the plan echoes them: each amount as the string it was sent
 * (charges.md §19.2: `"1e3"` stays `"1e3"`), bounds with their JSON type (§3.4).
 */
function propertiesJson(properties: object): { [key: string]: Json } {
  return asSent(properties, plainJson(properties)) as { [key: string]: Json };
}

/** `json` (plainJson of `orig`) with each Decimal of `orig` that was parsed from a string written as that string. */
function asSent(orig: unknown, json: unknown): unknown {
  if (isDecimal(orig)) return sentText(orig) ?? json;
  if (Array.isArray(orig) && Array.isArray(json)) return json.map((j, i) => asSent(orig[i], j));
  if (orig !== null && typeof orig === "object" && json !== null && typeof json === "object" && !Array.isArray(json)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json)) out[k] = asSent((orig as Record<string, unknown>)[k], v);
    return out;
  }
  return json;
}

/** A charge filter's properties, with its own grouping keys under both names when it has some (objects.md §16). */
function filterPropertiesJson(f: NonNullable<PlanCharge["usage"]["filters"]>[number]): { [key: string]: Json } {
  const properties = propertiesJson(f.charge.properties);
  const keys = f.pricing_group_keys;
  if (keys !== undefined && keys.length > 0) Object.assign(properties, { pricing_group_keys: [...keys], grouped_by: [...keys] });
  return properties;
}

function chargeJson(ch: PlanCharge, ctx: CatalogJsonContext): { [key: string]: Json } {
  const properties = propertiesJson(ch.charge.properties);
  const keys = ch.usage.pricing_group_keys?.filter((k) => k !== "target_wallet_code");
  const pu = ch.usage.pricing_unit;
  if (keys !== undefined && keys.length > 0) Object.assign(properties, { pricing_group_keys: [...keys], grouped_by: [...keys] });
  return {
    svc_id: ch.svc_id, svc_billable_metric_id: ch.metric.svc_id, code: ch.code, invoice_display_name: ch.invoice_display_name,
    billable_metric_code: ch.metric.code, created_at: at(ctx), charge_model: ch.charge.charge_model, invoiceable: ch.invoiceable,
    regroup_paid_fees: ch.regroup_paid_fees ?? null, pay_in_advance: ch.charge.pay_in_advance === true, prorated: ch.charge.prorated === true,
    min_amount_cents: Number(ch.usage.min_amount_cents ?? 0n), accepts_target_wallet: ch.usage.pricing_group_keys?.includes("target_wallet_code") === true,
    properties,
    applied_pricing_unit: pu === undefined ? null : { conversion_rate: toDecimalString(pu.conversion_rate), code: pu.code ?? null }, svc_parent_id: null,
    filters: (ch.usage.filters ?? []).map((f) => ({
      invoice_display_name: f.invoice_display_name ?? null,
      properties: filterPropertiesJson(f),
      values: Object.fromEntries(Object.entries(f.values).map(([k, v]) => [k, [...v]])),
    })),
    taxes: taxesJson(ch.taxes, ctx),
  };
}

/** The Plan object (objects.md §16): `{plan}` of `update_plan`, the `plan.updated` webhook. */
export function planJson(p: Plan, ctx: CatalogJsonContext): { [key: string]: Json } {
  const created = at(ctx);
  const updated = p.updated_at === undefined ? created : formatInstant(p.updated_at);
  const out: { [key: string]: Json } = {
    svc_id: p.svc_id, name: p.name, code: p.code, description: p.description ?? null, invoice_display_name: p.invoice_display_name ?? null,
    created_at: created, interval: p.interval, amount_cents: Number(p.amount_cents), amount_currency: p.currency, trial_period: p.trial_period,
    pay_in_advance: p.pay_in_advance, bill_charges_monthly: p.bill_charges_monthly, bill_fixed_charges_monthly: p.bill_fixed_charges_monthly,
    charges: p.charges.map((ch) => chargeJson(ch, ctx)),
    fixed_charges: p.fixed_charges.map((f) => fixedChargeJson(f, ctx)),
    taxes: taxesJson(p.taxes, ctx),
    usage_thresholds: p.usage_thresholds.map((t, i) => ({
      svc_id: usageThresholdId(p, i), threshold_display_name: t.threshold_display_name ?? null, amount_cents: Number(t.amount_cents),
      recurring: t.recurring, created_at: created, updated_at: updated,
    })),
    entitlements: [],
    parent_id: p.parent_id ?? null,
    customers_count: 0, active_subscriptions_count: 0, draft_invoices_count: 0, pending_deletion: false,
  };
  // objects.md §16: the free map as sent, absent when none.
  if (p.metadata !== undefined) out["metadata"] = structuredClone(p.metadata) as Json;
  const m = p.minimum_commitment;
  if (m !== null) {
    out["minimum_commitment"] = {
      svc_id: stableId("commitment", p.svc_id), plan_code: p.code, invoice_display_name: m.invoice_display_name, amount_cents: Number(m.amount_cents),
      interval: p.interval, created_at: created, updated_at: updated, taxes: taxesJson(m.taxes, ctx),
    };
  }
  return out;
}

/** A billable metric as an alert embeds it (objects.md §11). */
export function metricJson(m: Metric, ctx: CatalogJsonContext): { [key: string]: Json } {
  return {
    svc_id: m.svc_id, name: m.name, code: m.code, description: m.description, aggregation_type: m.aggregation_type,
    weighted_interval: m.aggregation_type === "weighted_sum_agg" ? "seconds" : null, recurring: m.recurring === true,
    rounding_function: m.rounding_function ?? null, rounding_precision: m.rounding_precision ?? null, created_at: at(ctx),
    // A count reads no field: none shown (the reference clears it on count_agg).
    field_name: m.aggregation_type === "count_agg" ? null : m.field_name ?? null, expression: m.expression ?? null,
    // Each filter's values sorted (the reference's metric filter serializer; code-unit order, as Ruby sorts byte strings of the BMP).
    filters: m.filters.map((f) => ({ key: f.key, values: [...f.values].sort() })),
  };
}

/** The Add-on object (interface spec, "Add-on"); `created`: its `created_at` (default the catalog's). */
export function addOnJson(a: AddOn, ctx: CatalogJsonContext, created = at(ctx)): { [key: string]: Json } {
  return {
    svc_id: a.svc_id, name: a.name, invoice_display_name: a.invoice_display_name, code: a.code, amount_cents: Number(a.amount_cents),
    amount_currency: a.currency, description: a.description, created_at: created, taxes: taxesJson(a.taxes, ctx),
  };
}

/** The Coupon object (interface spec, "Coupon"); `created`: its `created_at` (default the catalog's). */
export function couponJson(c: CouponTemplate, ctx: CatalogJsonContext, created = at(ctx)): { [key: string]: Json } {
  return {
    svc_id: c.svc_id ?? stableId("coupon", c.code), name: c.name, code: c.code, description: c.description, coupon_type: c.coupon_type,
    amount_cents: c.amount_cents === null ? null : Number(c.amount_cents), amount_currency: c.amount_currency,
    percentage_rate: c.percentage_rate === null ? null : toDecimalString(c.percentage_rate), frequency: c.frequency,
    frequency_duration: c.frequency_duration, reusable: c.reusable, limited_plans: c.plan_codes.length > 0, plan_codes: [...c.plan_codes],
    limited_billable_metrics: c.billable_metric_codes.length > 0, billable_metric_codes: [...c.billable_metric_codes],
    expiration: c.expiration, expiration_at: c.expiration_at === null ? null : formatInstant(c.expiration_at), created_at: created,
    terminated_at: c.terminated_at === null ? null : formatInstant(c.terminated_at),
  };
}
