/**
 * A plan patched by some of its fields: `plan_overrides` of a subscription (a child plan,
 * invoice.md §5.1, §12.1) and `update_plan` (the catalog plan from then on). Charges are
 * named by `id` (svc id), `code`, `billable_metric_id`, else by their index in the list. A
 * charge may get a new model (with its properties) and new `filters` (they replace the charge's).
 */
import { stableId } from "../core/ids.js";
import { IssueCollector, type Path } from "../core/issue.js";
import { type Charge, parseCharge, pricingGroupKeys, withCleanGroupKeys } from "../charges/index.js";
import type { FilterValues } from "../aggregation/index.js";
import type { UsageChargeFilter } from "../fees/index.js";
import type { Tax } from "../invoice/index.js";
import { minimumCommitmentSchema, parseInto, usageThresholdSchema } from "../parse/schemas/index.js";
import { conversionRate, parseChargeFilters } from "./catalogPlans.js";
import { taxesOf } from "./catalogTaxes.js";
import { type Plan, type PlanCharge, TARGET_WALLET } from "./catalogTypes.js";
import { invalid, type Refusal } from "./refusal.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);
const given = (o: Obj, k: string): boolean => o[k] !== undefined;
/** About 2 700 years (as the catalog). */
const MAX_TRIAL_DAYS = 1_000_000;

/** The fields a patch may change (others are refused or not implemented by the callers). */
export const PATCHABLE = ["name", "invoice_display_name", "description", "amount_cents", "trial_period", "tax_codes", "usage_thresholds", "minimum_commitment", "charges"] as const;

/** The warning for usage thresholds not applied (invoice.md §12: the reference creates them only with the integration). */
export const NO_THRESHOLDS = (what: string): string =>
  `${what} ignored: without the organization's progressive_billing integration a plan has no usage thresholds`;

/** `base` with `raw`'s fields applied (svc id `svcId`, `parent_id` kept as given), or the refusal naming every bad field, under `at`. */
export function patchPlan(
  base: Plan, raw: Obj, taxes: ReadonlyMap<string, Tax>, at: Path, fields: Partial<Pick<Plan, "svc_id" | "parent_id">> = {}, targetsWallets = false,
): Plan | Refusal {
  const c = new IssueCollector();
  const p = (k: string): Path => [...at, k];
  const out: { -readonly [K in keyof Plan]: Plan[K] } = { ...base, ...fields };
  if (given(raw, "name")) {
    if (typeof raw["name"] === "string" && raw["name"] !== "") out.name = raw["name"];
    else c.add(raw["name"] === null || raw["name"] === "" ? "value_is_mandatory" : "invalid_value", p("name"));
  }
  if (given(raw, "invoice_display_name")) {
    const v = raw["invoice_display_name"];
    if (v === null || typeof v === "string") out.invoice_display_name = v;
    else c.add("invalid_value", p("invoice_display_name"));
  }
  if (given(raw, "description")) {
    const v = raw["description"];
    if (v === null || typeof v === "string") out.description = v;
    else c.add("invalid_value", p("description"));
  }
  if (given(raw, "amount_cents")) {
    const v = raw["amount_cents"];
    if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) out.amount_cents = BigInt(v);
    else c.add(v === null ? "value_is_mandatory" : "invalid_value", p("amount_cents"));
  }
  if (given(raw, "trial_period")) {
    const v = raw["trial_period"] ?? 0;
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) c.add("invalid_value", p("trial_period"));
    else if (v > MAX_TRIAL_DAYS) c.add("value_is_out_of_range", p("trial_period"));
    else out.trial_period = v;
  }
  if (given(raw, "tax_codes")) {
    if (raw["tax_codes"] !== null && !Array.isArray(raw["tax_codes"])) c.add("invalid_value", p("tax_codes"));
    else out.taxes = taxesOf(raw["tax_codes"], taxes, p("tax_codes"), c) ?? [];
  }
  if (given(raw, "usage_thresholds")) out.usage_thresholds = thresholds(raw["usage_thresholds"], p("usage_thresholds"), c);
  if (given(raw, "minimum_commitment")) out.minimum_commitment = commitment(raw["minimum_commitment"], base.minimum_commitment, taxes, p("minimum_commitment"), c);
  if (given(raw, "charges")) out.charges = patchCharges(out, raw["charges"], taxes, p("charges"), c, targetsWallets);
  const issues = c.issues();
  return issues ? invalid(issues) : out;
}

/** A child plan's svc id: one per subscription record and override. */
export function childPlanId(base: Plan, subscriptionId: string): string {
  return stableId("plan", base.code, "override", subscriptionId);
}

/** invoice.md §12.1: amounts > 0, at most one recurring threshold, non-recurring amounts unique. */
export function thresholds(v: unknown, at: Path, c: IssueCollector): Plan["usage_thresholds"] {
  if (v === null) return [];
  if (!Array.isArray(v)) {
    c.add("invalid_value", at);
    return [];
  }
  const out: Plan["usage_thresholds"][number][] = [];
  v.forEach((t, i) => {
    const r = parseInto(usageThresholdSchema, t, [...at, i], c);
    if (r === undefined) return;
    const amount = BigInt(r.amount_cents);
    const recurring = r.recurring === true;
    if (amount <= 0n) return c.add("value_is_out_of_range", [...at, i, "amount_cents"]);
    if (recurring && out.some((x) => x.recurring)) return c.add("invalid_value", [...at, i, "recurring"], "at most one recurring threshold");
    if (!recurring && out.some((x) => !x.recurring && x.amount_cents === amount)) return c.add("invalid_value", [...at, i, "amount_cents"], "duplicate threshold amount");
    out.push({ amount_cents: amount, recurring, threshold_display_name: r.threshold_display_name ?? null });
  });
  return out;
}

/**
 * A `minimum_commitment` patch, as the reference's plan update applies one: null changes nothing,
 * `{}` deletes it; otherwise the fields given change the plan's commitment (a new one needs `amount_cents`),
 * the others keep their values (its taxes unless `tax_codes` is given).
 */
function commitment(v: unknown, existing: Plan["minimum_commitment"], taxes: ReadonlyMap<string, Tax>, at: Path, c: IssueCollector): Plan["minimum_commitment"] {
  if (v === null) return existing;
  if (isObj(v) && Object.keys(v).length === 0) return null;
  const kept = existing === null || !isObj(v) ? {} : {
    amount_cents: existing.amount_cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(existing.amount_cents) : existing.amount_cents.toString(),
    invoice_display_name: existing.invoice_display_name,
  };
  const r = parseInto(minimumCommitmentSchema, isObj(v) ? Object.assign(kept, v) : v, at, c);
  if (r === undefined) return null;
  const keepTaxes = existing !== null && isObj(v) && v["tax_codes"] === undefined;
  return { amount_cents: BigInt(r.amount_cents), invoice_display_name: r.invoice_display_name ?? null, taxes: keepTaxes ? existing.taxes : taxesOf(r.tax_codes, taxes, [...at, "tax_codes"], c) };
}

/** The charge an entry names: by `id`, `code`, `billable_metric_id`, else the entry's index. */
export function chargeIndex(charges: readonly PlanCharge[], e: Obj, i: number): number {
  if (typeof e["id"] === "string") return charges.findIndex((ch) => ch.svc_id === e["id"]);
  if (typeof e["code"] === "string") return charges.findIndex((ch) => ch.code === e["code"]);
  if (typeof e["billable_metric_id"] === "string") return charges.findIndex((ch) => ch.metric.svc_id === e["billable_metric_id"]);
  if (typeof e["billable_metric_code"] === "string") return charges.findIndex((ch) => ch.metric.code === e["billable_metric_code"]);
  return i < charges.length ? i : -1;
}

/** `base`'s charges patched by `v` (`base` already carries the patched plan's svc id and parent). */
function patchCharges(base: Plan, v: unknown, taxes: ReadonlyMap<string, Tax>, at: Path, c: IssueCollector, targetsWallets: boolean): readonly PlanCharge[] {
  if (!Array.isArray(v)) {
    c.add("invalid_value", at);
    return base.charges;
  }
  const out = [...base.charges];
  v.forEach((e: unknown, i) => {
    const path = [...at, i];
    if (!isObj(e)) return c.add("invalid_value", path);
    const j = chargeIndex(base.charges, e, i);
    const old = out[j];
    // An entry naming no charge of the plan changes nothing (the reference's override applies the
    // entries that match a charge; plans.ts readOverrides names it in a warning).
    if (old === undefined) return;
    out[j] = patchCharge(old, e, taxes, path, c, base.svc_id, targetsWallets);
  });
  return out;
}

function groupKeys(properties: unknown, old: readonly string[]): readonly string[] {
  const own = pricingGroupKeys(properties);
  return old.includes(TARGET_WALLET) ? [...own, TARGET_WALLET] : own;
}

const sameValues = (a: FilterValues, b: FilterValues): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => {
    const w = b[k];
    return w !== undefined && w.length === v.length && v.every((x, i) => x === w[i]);
  });

/**
 * The filters replacing `old`'s on plan `planId` (the reference's ChargeFilters::CreateOrUpdateBatchService):
 * in the given order, checked against the metric's filters; a filter with the values of one of
 * `old`'s keeps its id, the others get ids of their own. A filter whose `values` is `{}` is refused
 * (the reference's batch filter update: `values` value_is_mandatory).
 */
function overrideFilters(old: PlanCharge, model: Charge["charge_model"], v: unknown, planId: string, path: Path, c: IssueCollector): readonly UsageChargeFilter[] {
  const before = old.usage.filters ?? [];
  const taken = new Set<number>();
  const idOf = (k: number, values: FilterValues): string => {
    const i = before.findIndex((f, n) => !taken.has(n) && f.id !== undefined && sameValues(f.values, values));
    if (i < 0) return stableId("charge_filter", planId, old.svc_id, k, values);
    taken.add(i);
    return before[i]!.id!;
  };
  const flags = { charge_model: model, prorated: old.charge.prorated, pay_in_advance: old.charge.pay_in_advance };
  // Unlike a catalog plan's filters (charges.md §14), an override's filter must select on some key.
  if (Array.isArray(v)) v.forEach((f: unknown, k) => {
    if (isObj(f) && isObj(f["values"]) && Object.keys(f["values"]).length === 0) c.add("value_is_mandatory", [...path, "filters", k, "values"]);
  });
  return parseChargeFilters(v, flags, idOf, path, c, old.metric);
}

function patchCharge(old: PlanCharge, e: Obj, taxes: ReadonlyMap<string, Tax>, path: Path, c: IssueCollector, planId: string, targetsWallets: boolean): PlanCharge {
  let charge = old.charge;
  let usage = old.usage;
  // A new charge model needs its properties, and new filters if the charge has some.
  const model = (typeof e["charge_model"] === "string" ? e["charge_model"] : old.charge.charge_model) as Charge["charge_model"];
  const remodeled = model !== old.charge.charge_model;
  if (remodeled && e["properties"] == null) c.add("value_is_mandatory", [...path, "properties"]);
  // As the catalog's checks (catalogPlans.ts checkChargeRecord): dynamic pricing needs a sum metric, percentage models no latest value.
  if (remodeled && model === "dynamic" && old.metric.aggregation_type !== "sum_agg") c.add("invalid_aggregation_type_or_charge_model", [...path, "charge_model"]);
  if (remodeled && (model === "percentage" || model === "graduated_percentage") && old.metric.aggregation_type === "latest_agg") c.add("invalid_value", [...path, "properties"]);
  if (remodeled && e["filters"] == null && (old.usage.filters ?? []).length > 0) c.add("value_is_mandatory", [...path, "filters"]);
  if (e["properties"] != null) {
    const r = parseCharge({ charge_model: model, prorated: old.charge.prorated, pay_in_advance: old.charge.pay_in_advance, properties: withCleanGroupKeys(e["properties"]) }, path);
    if (!r.ok) c.addAll(r.issues);
    else {
      charge = r.value;
      usage = { ...usage, charge, pricing_group_keys: groupKeys(e["properties"], usage.pricing_group_keys ?? []) };
    }
  }
  let display = old.invoice_display_name;
  if (given(e, "invoice_display_name")) {
    if (e["invoice_display_name"] === null || typeof e["invoice_display_name"] === "string") display = e["invoice_display_name"];
    else c.add("invalid_value", [...path, "invoice_display_name"]);
  }
  if (given(e, "min_amount_cents")) {
    const m = e["min_amount_cents"];
    if (m === null) usage = { ...usage, min_amount_cents: 0n };
    else if (typeof m === "number" && Number.isSafeInteger(m) && m > 0 && old.charge.pay_in_advance === true) c.add("not_compatible_with_pay_in_advance", [...path, "min_amount_cents"]);
    else if (typeof m === "number" && Number.isSafeInteger(m) && m >= 0) usage = { ...usage, min_amount_cents: BigInt(m) };
    else c.add("invalid_value", [...path, "min_amount_cents"]);
  }
  if (e["filters"] != null) usage = { ...usage, filters: overrideFilters(old, model, e["filters"], planId, path, c) };
  // With the events_targeting_wallets integration, `accepts_target_wallet` sent sets the flag (the reference's charge update).
  const accepts = e["accepts_target_wallet"];
  if (targetsWallets && typeof accepts === "boolean") {
    const own = (usage.pricing_group_keys ?? []).filter((k) => k !== TARGET_WALLET);
    usage = { ...usage, pricing_group_keys: accepts ? [...own, TARGET_WALLET] : own };
  }
  // A charge's pricing unit keeps its unit; only its rate changes (a charge without one stays in the
  // currency); a null rate keeps the one it has (the reference's override falls back to it).
  const pu = usage.pricing_unit, applied = e["applied_pricing_unit"];
  if (pu !== undefined && isObj(applied) && applied["conversion_rate"] != null) {
    const rate = conversionRate(applied["conversion_rate"], [...path, "applied_pricing_unit", "conversion_rate"], c);
    if (rate !== undefined) usage = { ...usage, pricing_unit: { ...pu, conversion_rate: rate } };
  }
  const own = given(e, "tax_codes") ? taxesOf(e["tax_codes"] ?? [], taxes, [...path, "tax_codes"], c) : old.taxes;
  return { ...old, charge, invoice_display_name: display, usage: { ...usage, invoice_display_name: display }, taxes: own };
}

