/**
 * The simulation's catalog: organization, billable metrics, taxes and plans, checked
 * once (every issue named by its path) and turned into what the engine's areas take.
 */
import type { CurrencyCode } from "../core/currency.js";
import { type Decimal, ZERO, parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import type { IssueCollector, Path } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { type BillableMetric, parseMetric } from "../aggregation/index.js";
import { type Charge, parseCharge } from "../charges/index.js";
import type { FixedCharge, MetricFilters, UsageCharge, UsageChargeFilter } from "../fees/index.js";
import { type CouponTemplate, type Tax, type UsageThreshold, parseCouponTemplate } from "../invoice/index.js";
import { parseCatalogObject } from "../parse/schemas/index.js";
import type { Interval } from "../period/index.js";

export interface Organization {
  readonly timezone: string;
  readonly default_currency: CurrencyCode | undefined;
  /** Taxes every customer without its own gets (organization `tax_codes`, then taxes `applied_to_organization`). */
  readonly taxes: readonly Tax[];
  readonly premium_integrations: readonly string[];
  readonly invoice_grace_period: number;
  readonly net_payment_term: number;
}

export interface Metric extends BillableMetric {
  readonly svc_id: string;
  readonly name: string;
  readonly filters: MetricFilters;
}

export interface PlanCharge {
  readonly svc_id: string;
  readonly code: string;
  readonly invoice_display_name: string | null;
  /** Pay-in-advance charges with `invoiceable: false` create fees without invoices. */
  readonly invoiceable: boolean;
  readonly metric: Metric;
  readonly usage: UsageCharge;
  readonly charge: Charge;
  /** `undefined`: none of its own (the plan's apply). */
  readonly taxes: readonly Tax[] | undefined;
}

/** A plan's fixed charge (periods.md §7): an add-on billed per period for a number of units. */
export interface PlanFixedCharge {
  readonly svc_id: string;
  /** Its code (default: the add-on's code); steps name it. */
  readonly code: string;
  readonly add_on: AddOn;
  /** What the fees area prices (`id` = svc_id, `name` = the add-on's name). */
  readonly fixed_charge: FixedCharge;
  /** Units of the plan (a subscription may override them). */
  readonly units: Decimal;
  /** `undefined`: none of its own (the plan's apply, invoice.md §5.1). */
  readonly taxes: readonly Tax[] | undefined;
}

export interface Plan {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly interval: Interval;
  readonly amount_cents: bigint;
  readonly currency: CurrencyCode;
  readonly pay_in_advance: boolean;
  readonly bill_charges_monthly: boolean;
  readonly bill_fixed_charges_monthly: boolean;
  readonly trial_period: number;
  readonly charges: readonly PlanCharge[];
  /** In `fixed_charges[]` order (the fee order, invoice.md §1.1). */
  readonly fixed_charges: readonly PlanFixedCharge[];
  readonly taxes: readonly Tax[] | undefined;
  /** invoice.md §12.1. */
  readonly usage_thresholds: readonly UsageThreshold[];
  /** invoice.md §6; `taxes` undefined: none of its own. */
  readonly minimum_commitment: { readonly amount_cents: bigint; readonly invoice_display_name: string | null; readonly taxes: readonly Tax[] | undefined } | null;
}

export interface AddOn {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly amount_cents: bigint;
  readonly currency: CurrencyCode;
  readonly invoice_display_name: string | null;
  readonly description: string | null;
  readonly taxes: readonly Tax[] | undefined;
}

export interface Catalog {
  readonly organization: Organization;
  readonly add_ons: ReadonlyMap<string, AddOn>;
  readonly coupons: ReadonlyMap<string, CouponTemplate>;
  readonly metrics: ReadonlyMap<string, Metric>;
  readonly taxes: ReadonlyMap<string, Tax>;
  readonly plans: ReadonlyMap<string, Plan>;
}

type Obj = Record<string, unknown>;
/** About 2 700 years. */
const MAX_TRIAL_DAYS = 1_000_000;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** The list at `key` of the input (absent → empty), each element checked by `parse`. */
function list(root: Obj, key: string, c: IssueCollector): unknown[] {
  const v = root[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    c.add("invalid_type", [key]);
    return [];
  }
  return v;
}

/** Resolves tax codes; an unknown code is an issue at `path`. */
export function taxesOf(codes: unknown, taxes: ReadonlyMap<string, Tax>, path: Path, c: IssueCollector): readonly Tax[] | undefined {
  if (!Array.isArray(codes)) return undefined;
  const out: Tax[] = [];
  codes.forEach((code, i) => {
    const t = typeof code === "string" ? taxes.get(code) : undefined;
    if (t === undefined) c.add("invalid_value", [...path, i], `unknown tax code ${JSON.stringify(code)}`);
    else out.push(t);
  });
  return out;
}

export function parseCatalog(root: Obj, c: IssueCollector): Catalog {
  const taxes = new Map<string, Tax>();
  const appliedToOrganization: Tax[] = [];
  list(root, "taxes", c).forEach((raw, i) => {
    const r = parseCatalogObject("tax", raw, ["taxes", i]);
    if (!r.ok) return c.addAll(r.issues);
    const rate = parseDecimal(r.value.rate);
    if (rate === undefined) return c.add("invalid_value", ["taxes", i, "rate"]);
    const tax: Tax = { svc_id: stableId("tax", r.value.code), code: r.value.code, name: r.value.name, rate, description: r.value.description ?? null };
    if (taxes.has(tax.code)) c.add("invalid_value", ["taxes", i, "code"], "duplicate tax code");
    taxes.set(tax.code, tax);
    if (r.value.applied_to_organization === true) appliedToOrganization.push(tax);
  });

  const org = parseCatalogObject("organization", root["organization"] ?? {}, ["organization"]);
  if (!org.ok) c.addAll(org.issues);
  const o = org.ok ? org.value : {};
  const tz = o.timezone ?? "UTC";
  if (!isValidTimeZone(tz)) c.add("invalid_timezone", ["organization", "timezone"]);
  const orgTaxes = taxesOf(o.tax_codes, taxes, ["organization", "tax_codes"], c) ?? [];
  const organization: Organization = {
    timezone: tz,
    default_currency: (o.default_currency ?? undefined) as CurrencyCode | undefined,
    taxes: [...orgTaxes, ...appliedToOrganization.filter((t) => !orgTaxes.includes(t))],
    premium_integrations: o.premium_integrations ?? [],
    invoice_grace_period: o.invoice_grace_period ?? 0,
    net_payment_term: o.net_payment_term ?? 0,
  };

  const metrics = new Map<string, Metric>();
  list(root, "billable_metrics", c).forEach((raw, i) => {
    const path = ["billable_metrics", i];
    const r = parseCatalogObject("billable_metric", raw, path);
    if (!r.ok) return c.addAll(r.issues);
    const m = parseMetric(raw, c, path);
    if (m === undefined) return;
    if (metrics.has(m.code)) c.add("invalid_value", [...path, "code"], "duplicate billable metric code");
    metrics.set(m.code, { ...m, svc_id: stableId("billable_metric", m.code), name: r.value.name, filters: r.value.filters ?? [] });
  });

  const addOns = new Map<string, AddOn>();
  list(root, "add_ons", c).forEach((raw, i) => {
    const r = parseCatalogObject("add_on", raw, ["add_ons", i]);
    if (!r.ok) return c.addAll(r.issues);
    const a = r.value;
    if (addOns.has(a.code)) c.add("invalid_value", ["add_ons", i, "code"], "duplicate add-on code");
    addOns.set(a.code, {
      svc_id: stableId("add_on", a.code), code: a.code, name: a.name, amount_cents: BigInt(a.amount_cents), currency: a.amount_currency as CurrencyCode,
      invoice_display_name: a.invoice_display_name ?? null, description: a.description ?? null, taxes: taxesOf(a.tax_codes, taxes, ["add_ons", i, "tax_codes"], c),
    });
  });
  const plans = new Map<string, Plan>();
  list(root, "plans", c).forEach((raw, i) => {
    const path = ["plans", i];
    const r = parseCatalogObject("plan", raw, path);
    if (!r.ok) {
      c.addAll(r.issues);
      checkPlanReferences(raw, path, metrics, taxes, c);
      return;
    }
    const p = r.value;
    // A trial must end at a writable date (fees' trialEnd refuses the rest).
    if ((p.trial_period ?? 0) > MAX_TRIAL_DAYS) c.add("value_is_out_of_range", [...path, "trial_period"]);
    const charges: PlanCharge[] = [];
    (p.charges ?? []).forEach((ch, j) => {
      const charge = parsePlanCharge(p.code, ch as Obj, j, [...path, "charges", j], metrics, taxes, c, organization.premium_integrations.includes("events_targeting_wallets"));
      if (charge !== undefined) charges.push(charge);
    });
    if (plans.has(p.code)) c.add("invalid_value", [...path, "code"], "duplicate plan code");
    plans.set(p.code, {
      svc_id: stableId("plan", p.code),
      code: p.code,
      name: p.name,
      interval: p.interval,
      amount_cents: BigInt(p.amount_cents),
      currency: p.amount_currency as CurrencyCode,
      pay_in_advance: p.pay_in_advance === true,
      bill_charges_monthly: p.bill_charges_monthly === true,
      bill_fixed_charges_monthly: p.bill_fixed_charges_monthly === true,
      trial_period: p.trial_period ?? 0,
      charges,
      fixed_charges: parsePlanFixedCharges(p.code, (p.fixed_charges ?? []) as Obj[], [...path, "fixed_charges"], addOns, taxes, c),
      taxes: taxesOf(p.tax_codes, taxes, [...path, "tax_codes"], c),
      usage_thresholds: (p.usage_thresholds ?? []).map((t) => ({ amount_cents: BigInt(t.amount_cents), recurring: t.recurring === true, threshold_display_name: t.threshold_display_name ?? null })),
      minimum_commitment: p.minimum_commitment == null ? null : {
        amount_cents: BigInt(p.minimum_commitment.amount_cents),
        invoice_display_name: p.minimum_commitment.invoice_display_name ?? null,
        taxes: taxesOf(p.minimum_commitment.tax_codes, taxes, [...path, "minimum_commitment", "tax_codes"], c),
      },
    });
  });
  const coupons = new Map<string, CouponTemplate>();
  const refs = { plan_codes: new Set(plans.keys()), billable_metric_codes: new Set(metrics.keys()) };
  list(root, "coupons", c).forEach((raw, i) => {
    const r = parseCouponTemplate(raw, ["coupons", i], refs);
    if (!r.ok) return c.addAll(r.issues);
    if (coupons.has(r.value.code)) c.add("invalid_value", ["coupons", i, "code"], "duplicate coupon code");
    coupons.set(r.value.code, r.value);
  });
  return { organization, metrics, taxes, plans, coupons, add_ons: addOns };
}

/** For a plan whose shape is wrong: the metric and tax codes it names must still exist. */
function checkPlanReferences(raw: unknown, path: Path, metrics: ReadonlyMap<string, Metric>, taxes: ReadonlyMap<string, Tax>, c: IssueCollector): void {
  if (!isObj(raw)) return;
  taxesOf(raw["tax_codes"], taxes, [...path, "tax_codes"], c);
  (Array.isArray(raw["charges"]) ? raw["charges"] : []).forEach((ch: unknown, j: number) => {
    if (!isObj(ch)) return;
    const code = ch["billable_metric_code"];
    if (typeof code === "string" && !metrics.has(code)) c.add("invalid_value", [...path, "charges", j, "billable_metric_code"], `unknown billable metric ${JSON.stringify(code)}`);
    taxesOf(ch["tax_codes"], taxes, [...path, "charges", j, "tax_codes"], c);
  });
}

function groupKeys(properties: unknown): readonly string[] {
  if (!isObj(properties)) return [];
  const keys = properties["pricing_group_keys"] ?? properties["grouped_by"];
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string") : [];
}

/** The grouping key that carries an event's target wallet. */
export const TARGET_WALLET = "target_wallet_code";

function parsePlanCharge(
  planCode: string, raw: Obj, j: number, path: Path, metrics: ReadonlyMap<string, Metric>, taxes: ReadonlyMap<string, Tax>, c: IssueCollector,
  targetsWallets: boolean,
): PlanCharge | undefined {
  const metricCode = raw["billable_metric_code"];
  const metric = typeof metricCode === "string" ? metrics.get(metricCode) : undefined;
  if (metric === undefined) c.add("invalid_value", [...path, "billable_metric_code"], `unknown billable metric ${JSON.stringify(metricCode)}`);
  const parsed = parseCharge(raw, path);
  if (!parsed.ok) c.addAll(parsed.issues);
  const filters: UsageChargeFilter[] = [];
  (Array.isArray(raw["filters"]) ? raw["filters"] : []).forEach((f: unknown, k: number) => {
    if (!isObj(f)) return c.add("invalid_value", [...path, "filters", k]);
    const fc = parseCharge({ ...raw, properties: f["properties"] }, [...path, "filters", k]);
    if (!fc.ok) return c.addAll(fc.issues);
    filters.push({
      id: stableId("charge_filter", planCode, j, k),
      values: f["values"] as UsageChargeFilter["values"],
      charge: fc.value,
      pricing_group_keys: groupKeys(f["properties"]),
      invoice_display_name: typeof f["invoice_display_name"] === "string" ? f["invoice_display_name"] : null,
    });
  });
  if (metric === undefined || !parsed.ok) return undefined;
  const svc_id = stableId("charge", planCode, j);
  const display = typeof raw["invoice_display_name"] === "string" ? raw["invoice_display_name"] : null;
  return {
    svc_id,
    code: typeof raw["code"] === "string" ? raw["code"] : metric.code,
    invoice_display_name: display,
    invoiceable: raw["invoiceable"] !== false,
    metric,
    charge: parsed.value,
    usage: {
      id: svc_id,
      charge: parsed.value,
      // Events may target a wallet (integration `events_targeting_wallets`): its code groups the fees (invoice.md §13.1.6).
      pricing_group_keys: raw["accepts_target_wallet"] === true && targetsWallets ? [...groupKeys(raw["properties"]), TARGET_WALLET] : groupKeys(raw["properties"]),
      filters,
      invoice_display_name: display,
      ...(typeof raw["min_amount_cents"] === "number" ? { min_amount_cents: BigInt(raw["min_amount_cents"]) } : {}),
    },
    taxes: taxesOf(raw["tax_codes"], taxes, [...path, "tax_codes"], c),
  };
}

/** A plan's `fixed_charges` (their shape already checked by the catalog schema): add-on, model, units, taxes. */
function parsePlanFixedCharges(
  planCode: string, raws: readonly Obj[], path: Path, addOns: ReadonlyMap<string, AddOn>, taxes: ReadonlyMap<string, Tax>, c: IssueCollector,
): PlanFixedCharge[] {
  const out: PlanFixedCharge[] = [];
  raws.forEach((raw, j) => {
    const at = [...path, j];
    const addOnCode = raw["add_on_code"];
    const addOn = typeof addOnCode === "string" ? addOns.get(addOnCode) : undefined;
    if (addOn === undefined) c.add("invalid_value", [...at, "add_on_code"], `unknown add-on ${JSON.stringify(addOnCode)}`);
    const parsed = parseCharge(raw, at);
    if (!parsed.ok) c.addAll(parsed.issues);
    const units = raw["units"] === undefined || raw["units"] === null ? ZERO : parseDecimal(raw["units"]);
    if (units === undefined || units.lt(ZERO)) c.add("invalid_value", [...at, "units"]);
    const ownTaxes = taxesOf(raw["tax_codes"], taxes, [...at, "tax_codes"], c);
    const code = typeof raw["code"] === "string" && raw["code"] !== "" ? raw["code"] : addOn?.code;
    if (code !== undefined && out.some((f) => f.code === code)) c.add("invalid_value", [...at, "code"], "duplicate fixed charge code");
    if (addOn === undefined || !parsed.ok || units === undefined || code === undefined) return;
    const model = parsed.value;
    if (model.charge_model !== "standard" && model.charge_model !== "graduated" && model.charge_model !== "volume") {
      return c.add("invalid_charge_model", [...at, "charge_model"]);
    }
    const svc_id = stableId("fixed_charge", planCode, j);
    const display = typeof raw["invoice_display_name"] === "string" ? raw["invoice_display_name"] : null;
    const fixed_charge = {
      ...model, id: svc_id, code, name: addOn.name, invoice_display_name: display,
      pay_in_advance: model.pay_in_advance === true, prorated: model.prorated === true,
    } as FixedCharge;
    out.push({ svc_id, code, add_on: addOn, fixed_charge, units, taxes: ownTaxes });
  });
  return out;
}
