/**
 * A tax or a billable metric changed or removed wherever the simulation applies it, from an
 * instant on (`update_tax`, `delete_tax`, `update_billable_metric`, `delete_billable_metric`).
 *
 * Catalog records are immutable and shared by reference: a plan holds its tax and metric
 * records, a subscription holds its plan, and an issued invoice's lines hold the taxes and the
 * plan charges they were computed with (its JSON, its credit notes and their tax rates read
 * them). So a change never edits a record: it makes new ones and puts them where later
 * computations read them — the catalog's maps, the organization's taxes, the customers' taxes,
 * the add-ons, each subscription's plan (every plan object gets at most one new version, so a
 * subscription on the catalog plan stays on the catalog plan) and each subscription's own
 * fixed-charge taxes. What was issued keeps the records it holds and does not change.
 */
import type { FilterValues } from "../aggregation/index.js";
import { ALL_FILTER_VALUES, type MetricFilters, type UsageChargeFilter } from "../fees/index.js";
import type { Tax } from "../invoice/index.js";
import type { AddOn, Metric, Plan, PlanCharge, PlanFixedCharge } from "./catalogTypes.js";
import { ratingMetric } from "./catalogPlans.js";
import type { InvoiceRecord } from "./invoices.js";
import type { Sim } from "./sim.js";

/** `xs` with each element mapped, the same array when no element changed. */
function mapSame<T>(xs: readonly T[], f: (x: T) => T): readonly T[] {
  let out: T[] | undefined;
  for (let i = 0; i < xs.length; i++) {
    const y = f(xs[i]!);
    if (out === undefined && y !== xs[i]) out = xs.slice(0, i);
    out?.push(y);
  }
  return out ?? xs;
}

/** A tax list with the tax of `code` replaced by `next` (removed when null); the same list when it does not hold it. */
function swapIn<L extends readonly Tax[] | undefined>(list: L, code: string, next: Tax | null): L {
  if (list === undefined || !list.some((t) => t.code === code)) return list;
  return (next === null ? list.filter((t) => t.code !== code) : list.map((t) => (t.code === code ? next : t))) as readonly Tax[] as L;
}

/** Whether a tax list holds the tax of `code`. */
export const holds = (list: readonly Tax[] | undefined, code: string): boolean => list !== undefined && list.some((t) => t.code === code);

/** Whether a plan applies the tax of `code` anywhere (itself, a charge, a fixed charge or its add-on, its commitment). */
export function planHoldsTax(p: Plan, code: string): boolean {
  return holds(p.taxes, code) || p.charges.some((ch) => holds(ch.taxes, code))
    || p.fixed_charges.some((f) => holds(f.taxes, code) || holds(f.add_on.taxes, code)) || holds(p.minimum_commitment?.taxes, code);
}

/** Each plan object (catalog and subscriptions) replaced by `f` of it, once per object. */
function mapPlans(sim: Sim, f: (p: Plan) => Plan): void {
  const memo = new Map<Plan, Plan>();
  const next = (p: Plan): Plan => {
    let q = memo.get(p);
    if (q === undefined) memo.set(p, (q = f(p)));
    return q;
  };
  for (const [code, p] of sim.catalog.plans) {
    const q = next(p);
    if (q !== p) sim.catalog.plans.set(code, q);
  }
  // Assigned, not through usePlan: the trial and everything else of the plan stay as they are.
  for (const s of sim.subscriptions) s.plan = next(s.plan);
}

/**
 * The tax of `code` replaced by `next` — or removed when `next` is null — in the catalog, the
 * organization's taxes, the customers', the add-ons' and every plan's (its own, its charges',
 * fixed charges' and their add-ons', its commitment's), and the subscriptions' own fixed-charge
 * taxes. A source left empty is none: the next source of the chain applies (invoice.md §5.1).
 */
export function swapTax(sim: Sim, code: string, next: Tax | null): void {
  const { catalog } = sim;
  if (next === null) catalog.taxes.delete(code);
  else catalog.taxes.set(code, next);
  catalog.organization.taxes = swapIn(catalog.organization.taxes, code, next);
  for (const c of sim.customers.values()) {
    const taxes = swapIn(c.taxes, code, next);
    if (taxes !== c.taxes && taxes !== undefined) sim.setCustomerTaxes(c, taxes);
  }
  const addOns = new Map<AddOn, AddOn>();
  const addOn = (a: AddOn): AddOn => {
    let b = addOns.get(a);
    if (b === undefined) {
      const taxes = swapIn(a.taxes, code, next);
      addOns.set(a, (b = taxes === a.taxes ? a : { ...a, taxes }));
    }
    return b;
  };
  for (const [k, a] of catalog.add_ons) catalog.add_ons.set(k, addOn(a));
  const charge = (ch: PlanCharge): PlanCharge => {
    const taxes = swapIn(ch.taxes, code, next);
    return taxes === ch.taxes ? ch : { ...ch, taxes };
  };
  const fixed = (f: PlanFixedCharge): PlanFixedCharge => {
    const taxes = swapIn(f.taxes, code, next);
    const add_on = addOn(f.add_on);
    return taxes === f.taxes && add_on === f.add_on ? f : { ...f, taxes, add_on };
  };
  mapPlans(sim, (p) => {
    if (!planHoldsTax(p, code)) return p;
    const m = p.minimum_commitment;
    return {
      ...p, taxes: swapIn(p.taxes, code, next), charges: mapSame(p.charges, charge), fixed_charges: mapSame(p.fixed_charges, fixed),
      minimum_commitment: m === null ? null : { ...m, taxes: swapIn(m.taxes, code, next) },
    };
  });
}

/**
 * The metric of `code` replaced by `next` in the catalog and in every charge of every plan
 * (catalog and subscriptions) — or, when `next` is null, removed with those charges.
 */
export function swapMetric(sim: Sim, code: string, next: Metric | null): void {
  const before = sim.catalog.metrics.get(code)?.filters ?? [];
  if (next === null) sim.catalog.metrics.delete(code);
  else sim.catalog.metrics.set(code, next);
  // A charge on the new metric, its filters trimmed to the metric's new ones.
  const swapped = (ch: PlanCharge, m: Metric): PlanCharge => {
    const filters = ch.usage.filters === undefined ? undefined : trimChargeFilters(ch.usage.filters, before, m.filters);
    const usage = filters === ch.usage.filters ? ch.usage : Object.assign({}, ch.usage, { filters });
    return Object.assign({}, ch, { metric: ratingMetric(m), usage });
  };
  mapPlans(sim, (p) => {
    if (!p.charges.some((ch) => ch.metric.code === code)) return p;
    const charges = next === null ? p.charges.filter((ch) => ch.metric.code !== code) : p.charges.map((ch) => (ch.metric.code === code ? swapped(ch, next) : ch));
    return { ...p, charges };
  });
}

/**
 * A charge's filters after its metric's filters went from `before` to `after` (the reference's
 * filter batch update): a key the metric no longer declares leaves every filter; a list naming a
 * value the key no longer declares keeps the values still declared, or leaves the filter when
 * none is (a list of the "all values" marker names none); a filter left with no key is removed.
 * The same array when nothing changed.
 */
export function trimChargeFilters(filters: readonly UsageChargeFilter[], before: MetricFilters, after: MetricFilters): readonly UsageChargeFilter[] {
  const declared = new Map(after.map((f) => [f.key, f.values] as const));
  const previous = new Map(before.map((f) => [f.key, f.values] as const));
  let changed = false;
  const out: UsageChargeFilter[] = [];
  for (const f of filters) {
    const values: Record<string, readonly string[]> = {};
    let same = true, keys = 0;
    for (const [key, list] of Object.entries(f.values)) {
      const now = declared.get(key);
      const removed = (v: string): boolean => v !== ALL_FILTER_VALUES && previous.get(key)?.includes(v) === true && now?.includes(v) !== true;
      const kept = now === undefined ? [] : list.some(removed) ? list.filter((v) => now.includes(v)) : list;
      if (kept !== list) same = false;
      if (kept.length > 0) {
        values[key] = kept;
        keys++;
      }
    }
    if (same) out.push(f);
    else if (keys > 0) out.push(Object.assign({}, f, { values: values as FilterValues }));
    if (!same) changed = true;
  }
  return changed ? out : filters;
}

/** Whether some plan (catalog or a live subscription's) has a charge on the metric of `code` (the reference's `attached_to_plan?`). */
export function metricAttached(sim: Sim, code: string): boolean {
  const live = sim.subscriptions.filter((s) => s.status === "active" || s.status === "pending").map((s) => s.plan);
  return [...sim.catalog.plans.values(), ...live].some((p) => p.charges.some((ch) => ch.metric.code === code));
}

/** The draft invoices (in issue order) with a line or a run's subscription that `reaches`: taken before a change, refreshed after it. */
export function draftsWhere(sim: Sim, reaches: (inv: InvoiceRecord) => boolean): InvoiceRecord[] {
  return sim.invoicing.invoices.filter((inv) => inv.status === "draft" && reaches(inv));
}

/**
 * Whether the tax of `code` can reach a draft: a fee of it carries the tax, or its customer is
 * one the tax applies to (its own taxes, or the organization's when it has none, as the
 * reference's `applicable_customers`), or a plan or fixed charge of its subscriptions applies it.
 */
export function taxReaches(sim: Sim, inv: InvoiceRecord, code: string): boolean {
  const c = inv.customer;
  const own = c.taxes ?? [];
  if (holds(own, code) || (own.length === 0 && holds(sim.catalog.organization.taxes, code))) return true;
  if (inv.lines.some((l) => holds(l.fee.taxes, code))) return true;
  return inv.runs.some((run) => planHoldsTax(run.subscription.plan, code));
}
