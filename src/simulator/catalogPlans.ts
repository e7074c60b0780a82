/**
 * The catalog's plans (checked once, every issue named by its path): their charges with
 * filters and grouping keys, their fixed charges on add-ons, taxes, usage thresholds and
 * minimum commitment. A plan whose shape is wrong still has its references checked.
 */
import type { CurrencyCode } from "../core/currency.js";
import { stableId } from "../core/ids.js";
import type { IssueCollector, Path } from "../core/issue.js";
import { parseCharge, pricingGroupKeys, withCleanGroupKeys, withDefaultProperties } from "../charges/index.js";
import type { FilterValues } from "../aggregation/index.js";
import { ALL_FILTER_VALUES, type AppliedPricingUnit, type UsageChargeFilter } from "../fees/index.js";
import type { Tax } from "../invoice/index.js";
import { appliedPricingUnitSchema, parseCatalogObject, parseInto } from "../parse/schemas/index.js";
import { type Decimal, ZERO, parseDecimal, round } from "../core/decimal.js";
import { taxesOf } from "./catalogTaxes.js";
import { generatedFixedChargeCode as generatedCode, parsePlanFixedCharges } from "./catalogFixedCharges.js";
import { type AddOn, type Metric, type Plan, type PlanCharge, type PricingUnit, TARGET_WALLET } from "./catalogTypes.js";

type Obj = Record<string, unknown>;
/** About 2 700 years. */
const MAX_TRIAL_DAYS = 1_000_000;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** What plans may name: metrics, taxes, add-ons; `targets_wallets`: the `events_targeting_wallets` integration is on. */
export interface PlanRefs {
  readonly metrics: ReadonlyMap<string, Metric>;
  readonly taxes: ReadonlyMap<string, Tax>;
  readonly add_ons: ReadonlyMap<string, AddOn>;
  readonly targets_wallets: boolean;
  /** Whether the organization has the `progressive_billing` integration: without it a plan gets no usage thresholds. */
  readonly progressive_billing: boolean;
  readonly pricing_units: ReadonlyMap<string, PricingUnit>;
}

/** The catalog's `plans` list, by code (a duplicate code is an issue; the last one is kept). */
export function parsePlans(raws: readonly unknown[], refs: PlanRefs, c: IssueCollector): Map<string, Plan> {
  const plans = new Map<string, Plan>();
  raws.forEach((given, i) => {
    const path = ["plans", i];
    const raw = withChargeDefaults(given);
    const r = parseCatalogObject("plan", raw, path);
    if (!r.ok) {
      c.addAll(r.issues);
      checkPlanReferences(raw, path, refs.metrics, refs.taxes, c);
      return;
    }
    const p = r.value;
    // A trial must end at a writable date (fees' trialEnd refuses the rest).
    if ((p.trial_period ?? 0) > MAX_TRIAL_DAYS) c.add("value_is_out_of_range", [...path, "trial_period"]);
    const charges: PlanCharge[] = [];
    const chargeCodes = new Set<string>();
    (p.charges ?? []).forEach((ch, j) => {
      // A charge's code is unique within its plan (the reference's charge validation).
      const code = (ch as Obj)["code"];
      if (typeof code === "string" && code !== "") {
        if (chargeCodes.has(code)) c.add("value_already_exist", [...path, "charges", j, "code"]);
        chargeCodes.add(code);
      }
      const charge = parsePlanCharge(p.code, ch as Obj, j, [...path, "charges", j], refs, c, charges.map((x) => x.code));
      if (charge !== undefined) charges.push(charge);
    });
    if (plans.has(p.code)) c.add("invalid_value", [...path, "code"], "duplicate plan code");
    plans.set(p.code, {
      svc_id: stableId("plan", p.code),
      code: p.code,
      name: p.name,
      ...(p.invoice_display_name == null ? {} : { invoice_display_name: p.invoice_display_name }),
      description: p.description ?? null,
      ...(p.metadata == null ? {} : { metadata: p.metadata }),
      interval: p.interval,
      amount_cents: BigInt(p.amount_cents),
      currency: p.amount_currency as CurrencyCode,
      pay_in_advance: p.pay_in_advance === true,
      bill_charges_monthly: p.bill_charges_monthly === true,
      bill_fixed_charges_monthly: p.bill_fixed_charges_monthly === true,
      trial_period: p.trial_period ?? 0,
      charges,
      fixed_charges: parsePlanFixedCharges(p.code, (p.fixed_charges ?? []) as Obj[], [...path, "fixed_charges"], refs.add_ons, refs.taxes, c),
      taxes: taxesOf(p.tax_codes, refs.taxes, [...path, "tax_codes"], c),
      usage_thresholds: (refs.progressive_billing ? p.usage_thresholds ?? [] : []).map((t) => ({ amount_cents: BigInt(t.amount_cents), recurring: t.recurring === true, threshold_display_name: t.threshold_display_name ?? null })),
      minimum_commitment: p.minimum_commitment == null ? null : {
        amount_cents: BigInt(p.minimum_commitment.amount_cents),
        invoice_display_name: p.minimum_commitment.invoice_display_name ?? null,
        taxes: taxesOf(p.minimum_commitment.tax_codes, refs.taxes, [...path, "minimum_commitment", "tax_codes"], c),
      },
    });
  });
  return plans;
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

/**
 * A charge's `filters` (charges.md §14), each `{values, properties, invoice_display_name}` priced
 * with the charge's model and flags (`charge`: the charge's raw fields, `properties` aside);
 * `idOf(k, values)` names the k-th. Issues under `path`.filters. With `metric`, every key of
 * `values` must be one of its filter keys, listing some of that key's values or only
 * `__ALL_FILTER_VALUES__` (the reference's ChargeFilterValue check; plan overrides).
 */
export function parseChargeFilters(
  raw: unknown, charge: Obj, idOf: (k: number, values: FilterValues) => string, path: Path, c: IssueCollector, metric?: Metric,
): UsageChargeFilter[] {
  const at = [...path, "filters"];
  if (!Array.isArray(raw)) {
    if (raw != null) c.add("invalid_value", at);
    return [];
  }
  const filters: UsageChargeFilter[] = [];
  raw.forEach((f: unknown, k: number) => {
    if (!isObj(f)) return c.add("invalid_value", [...at, k]);
    const values = filterValues(f["values"], metric, [...at, k, "values"], c);
    const fc = parseCharge({ ...charge, properties: withCleanGroupKeys(f["properties"]) }, [...at, k]);
    if (!fc.ok) c.addAll(fc.issues);
    const display = f["invoice_display_name"];
    if (display != null && typeof display !== "string") c.add("invalid_value", [...at, k, "invoice_display_name"]);
    if (!fc.ok || values === undefined) return;
    filters.push({
      id: idOf(k, values),
      values,
      charge: fc.value,
      pricing_group_keys: pricingGroupKeys(f["properties"]),
      invoice_display_name: typeof display === "string" ? display : null,
    });
  });
  return filters;
}

/** A filter's `values` (key → listed values); checked against `metric`'s declared filters when given. */
function filterValues(v: unknown, metric: Metric | undefined, at: Path, c: IssueCollector): FilterValues | undefined {
  if (!isObj(v)) {
    c.add(v == null ? "value_is_mandatory" : "invalid_value", at);
    return undefined;
  }
  let ok = true;
  for (const [key, list] of Object.entries(v)) {
    if (!Array.isArray(list) || !list.every((x) => typeof x === "string")) {
      ok = false;
      c.add("invalid_value", [...at, key]);
      continue;
    }
    if (metric === undefined) continue;
    const declared = metric.filters.find((m) => m.key === key);
    if (declared === undefined) {
      ok = false;
      c.add("invalid_value", [...at, key], `${JSON.stringify(key)} is not a filter key of billable metric ${JSON.stringify(metric.code)}`);
    } else if (list.length === 0) {
      ok = false;
      c.add("value_is_mandatory", [...at, key]);
    } else if (!(list.length === 1 && list[0] === ALL_FILTER_VALUES) && !list.every((x) => declared.values.includes(x))) {
      ok = false;
      c.add("value_is_invalid", [...at, key], `values must be among ${JSON.stringify(declared.values)} or only ${JSON.stringify(ALL_FILTER_VALUES)}`);
    }
  }
  return ok ? (v as FilterValues) : undefined;
}

/** The plan body with §19.3's default properties on each charge and fixed charge that gives none. */
function withChargeDefaults(raw: unknown): unknown {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  let out = raw as Obj;
  for (const key of ["charges", "fixed_charges"]) {
    const list = out[key];
    if (!Array.isArray(list)) continue;
    const filled = list.map((ch: unknown) => (typeof ch === "object" && ch !== null && !Array.isArray(ch) ? withDefaultProperties(ch as Obj) : ch));
    if (!filled.every((ch, k) => ch === list[k])) out = Object.assign({}, out, { [key]: filled });
  }
  return out;
}

/** Metrics whose charges may bill each event as it arrives. */
const PAYABLE_IN_ADVANCE: readonly string[] = ["count_agg", "sum_agg", "unique_count_agg", "custom_agg"];

/**
 * The charge checks that involve the metric or several fields (the model's own rules are
 * parseCharge's), those the semantics state: pay in advance needs a count, sum or unique-count
 * metric (charges.md §15), no minimum spend in advance (§17), dynamic pricing a sum metric, the
 * percentage models anything but a latest value (§6).
 * `invoiceable: false` only on a charge paid in advance (§19.5). What the semantics leave open is
 * accepted: a prorated pay-in-advance charge of a non-recurring metric prorates its events. See
 * docs/simulator.md.
 */
function checkChargeRecord(raw: Obj, metric: Metric, path: Path, c: IssueCollector): void {
  const inAdvance = raw["pay_in_advance"] === true;
  const model = raw["charge_model"];
  const type = metric.aggregation_type;
  if (inAdvance && model !== "volume" && !PAYABLE_IN_ADVANCE.includes(type)) c.add("invalid_aggregation_type_or_charge_model", [...path, "pay_in_advance"]);
  if (model === "dynamic" && type !== "sum_agg") c.add("invalid_aggregation_type_or_charge_model", [...path, "charge_model"]);
  // Percentage models price a total of values, which a latest value is not (charges.md §6).
  if ((model === "percentage" || model === "graduated_percentage") && type === "latest_agg") c.add("invalid_value", [...path, "properties"]);
  // charges.md §19.5: a charge paid in arrears is always invoiceable.
  if (raw["invoiceable"] === false && !inAdvance) c.add("must_be_true_unless_pay_in_advance", [...path, "invoiceable"]);
  // Grouping paid fees is for a non-invoiceable charge paid in advance only.
  const regroup = raw["regroup_paid_fees"];
  if (regroup != null && !(inAdvance && raw["invoiceable"] === false)) c.add("only_compatible_with_pay_in_advance_and_non_invoiceable", [...path, "regroup_paid_fees"]);
  const min = raw["min_amount_cents"];
  if (inAdvance && typeof min === "number" && min > 0) c.add("not_compatible_with_pay_in_advance", [...path, "min_amount_cents"]);
  // Time proration in arrears prorates what a recurring metric carries (§12, §13); a weighted sum
  // already weighs time. Paid in advance, each event is prorated from its day, whatever the metric.
  // (A model that cannot be prorated at all is parseCharge's refusal, with the same code.)
  const proratable = model === "standard" || (!inAdvance && (model === "graduated" || model === "volume"));
  if (raw["prorated"] === true && proratable && !inAdvance && (metric.recurring !== true || type === "weighted_sum_agg")) c.add("invalid_billable_metric_or_charge_model", [...path, "prorated"]);
}

/**
 * The metric as the simulator's charges rate with it: without its expression, which ingestion
 * computed into each event's field (charges.md §12.7) — an event stored before the metric had
 * one keeps the properties it was sent, one stored under another expression that one's value.
 * One object per metric.
 */
export function ratingMetric(m: Metric): Metric {
  if (m.expression === undefined) return m;
  let r = rating.get(m);
  if (r === undefined) {
    const { expression: _expression, ...rest } = m;
    r = rest as Metric;
    rating.set(m, r);
  }
  return r;
}

const rating = new WeakMap<Metric, Metric>();

/** One charge of a plan's `charges` (its id from the plan code and `j`; `taken`: the codes of the plan's charges before it). */
export function parsePlanCharge(
  planCode: string, raw: Obj, j: number, path: Path, refs: Pick<PlanRefs, "metrics" | "taxes" | "targets_wallets" | "pricing_units">, c: IssueCollector,
  taken: readonly string[] = [],
): PlanCharge | undefined {
  const metricCode = raw["billable_metric_code"];
  const metric = typeof metricCode === "string" ? refs.metrics.get(metricCode) : undefined;
  if (metric === undefined) c.add("invalid_value", [...path, "billable_metric_code"], `unknown billable metric ${JSON.stringify(metricCode)}`);
  const parsed = parseCharge(Object.assign({}, raw, { properties: withCleanGroupKeys(raw["properties"]) }), path);
  if (!parsed.ok) c.addAll(parsed.issues);
  if (metric !== undefined) checkChargeRecord(raw, metric, path, c);
  const filters = parseChargeFilters(raw["filters"], raw, (k) => stableId("charge_filter", planCode, j, k), path, c, metric);
  const pricingUnit = appliedPricingUnit(raw["applied_pricing_unit"], refs.pricing_units, [...path, "applied_pricing_unit"], c);
  const min = raw["min_amount_cents"];
  const minOk = min == null || (Number.isSafeInteger(min) && (min as number) >= 0);
  if (!minOk) c.add("invalid_value", [...path, "min_amount_cents"]);
  if (metric === undefined || !parsed.ok || !minOk) return undefined;
  const svc_id = stableId("charge", planCode, j);
  const display = typeof raw["invoice_display_name"] === "string" ? raw["invoice_display_name"] : null;
  return {
    svc_id,
    // Without a code, the metric's, suffixed past the plan's charges already coded after it (the reference's GenerateCodeService).
    code: typeof raw["code"] === "string" && raw["code"] !== "" ? raw["code"] : generatedCode(metric.code, taken),
    invoice_display_name: display,
    invoiceable: raw["invoiceable"] !== false,
    regroup_paid_fees: raw["regroup_paid_fees"] === "invoice" ? "invoice" : null,
    metric: ratingMetric(metric),
    charge: parsed.value,
    usage: {
      id: svc_id,
      charge: parsed.value,
      // Events may target a wallet (integration `events_targeting_wallets`): its code groups the fees (invoice.md §13.1.6).
      pricing_group_keys: raw["accepts_target_wallet"] === true && refs.targets_wallets ? [...pricingGroupKeys(raw["properties"]), TARGET_WALLET] : pricingGroupKeys(raw["properties"]),
      filters,
      invoice_display_name: display,
      ...(typeof raw["min_amount_cents"] === "number" ? { min_amount_cents: BigInt(raw["min_amount_cents"]) } : {}),
      ...(pricingUnit === undefined ? {} : { pricing_unit: pricingUnit }),
    },
    taxes: taxesOf(raw["tax_codes"], refs.taxes, [...path, "tax_codes"], c),
  };
}

/**
 * A charge's `applied_pricing_unit` (`{code, conversion_rate}`, premium, charges.md §16.5): the
 * catalog's pricing unit of that code (else `code: invalid_value`) and a rate above 0 (else
 * `conversion_rate: invalid_value`), kept at 15 decimals as the reference's column keeps it.
 * `undefined` when absent or null (the charge prices in the currency) or refused.
 */
function appliedPricingUnit(raw: unknown, units: ReadonlyMap<string, PricingUnit>, path: Path, c: IssueCollector): AppliedPricingUnit | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = parseInto(appliedPricingUnitSchema, raw, path, c);
  if (r === undefined) return undefined;
  const unit = units.get(r.code);
  if (unit === undefined) c.add("relation_must_exist", [...path, "code"], `unknown pricing unit ${JSON.stringify(r.code)} (the input's pricing_units)`);
  const rate = conversionRate(r.conversion_rate, [...path, "conversion_rate"], c);
  if (rate === undefined || unit === undefined) return undefined;
  return { svc_id: unit.svc_id, code: unit.code, short_name: unit.short_name, conversion_rate: rate };
}

/**
 * A pricing unit's `conversion_rate` (a charge's, or its override's): a decimal above 0, kept at
 * 15 decimals as the reference's column keeps it; else `invalid_value` at `path` (not a decimal)
 * or `value_is_out_of_range` (0 or below: the reference's greater-than check).
 */
export function conversionRate(raw: unknown, path: Path, c: IssueCollector): Decimal | undefined {
  const rate = parseDecimal(raw);
  if (rate === undefined || !rate.gt(ZERO)) {
    c.add(rate === undefined ? "invalid_value" : "value_is_out_of_range", path, "must be greater than 0");
    return undefined;
  }
  return round(rate, 15, "half_up");
}
