/**
 * The typed convenience entry: validates a charge and an aggregation given with decimal
 * strings or Decimals, then prices it.
 */
import { type Decimal, ZERO, parseDecimal } from "../core/decimal.js";
import { type CurrencyCode, isCurrencyCode } from "../core/currency.js";
import { IssueCollector, type Result, ValidationError, issue } from "../core/issue.js";
import { subunitToUnit } from "../core/money.js";
import { jsonCopy, sameJson } from "../core/jsonValue.js";
import { applyCheckedChargeModel } from "./applyChargeModel.js";
import { type AggregationInput, type DecimalLike, parseAggregation } from "./parseAggregation.js";
import { parseCharge } from "./parseCharge.js";
import { chargeRequirements } from "./requirements.js";
import type { Aggregation, Charge, ChargeResult, RateOptions } from "./types.js";

/** A charge as users write it: `charge_model` plus properties with decimal strings (or Decimals). */
export interface ChargeSpec {
  readonly charge_model: string;
  readonly properties?: unknown;
  readonly prorated?: boolean | undefined;
  readonly pay_in_advance?: boolean | undefined;
}

export interface RateChargeOptions {
  /** The plan's currency; dynamic charges need it. */
  readonly currency?: CurrencyCode | undefined;
  readonly period_ratio?: DecimalLike | null | undefined;
  readonly calculate_projected_usage?: boolean | undefined;
  /** Pay-in-advance "before" side (semantics §3.6, §4). */
  readonly exclude_event?: boolean | undefined;
}

/**
 * Prices aggregated units with a charge.
 *
 * @example
 * rateCharge({ charge_model: "standard", properties: { amount: "5.12345" } }, { units: "10" }).amount.toString()
 * //=> "51.2345"
 * @throws ValidationError naming every bad field.
 */
export function rateCharge(charge: ChargeSpec, aggregation: AggregationInput, options: RateChargeOptions = {}): ChargeResult {
  const parsed = validateCharge(charge, aggregation, options);
  // validateCharge has checked the requirements against these very units.
  return applyCheckedChargeModel(parsed.charge, parsed.aggregation, parsed.options);
}

/** Validates everything `rateCharge` needs and returns the parsed forms; throws ValidationError. */
export function validateCharge(
  charge: ChargeSpec,
  aggregation: AggregationInput,
  options: RateChargeOptions,
  /** Skip the check that volume ranges price these units (used when the units are a placeholder). */
  unitsPlaceholder = false,
): { charge: Charge; aggregation: Aggregation; options: RateOptions } {
  const c = new IssueCollector();
  const parsed = collectCharge(charge, aggregation, options, c, unitsPlaceholder);
  const issues = c.issues();
  if (issues || parsed === undefined) throw new ValidationError(issues ?? [issue("invalid_value", [])]);
  return parsed;
}

/**
 * Like {@link validateCharge} but adds the issues to `c` (so a caller can report its own
 * issues with them) and returns `undefined` when anything is wrong.
 */
/**
 * A charge the caller passes again (a price list priced many times) is parsed once per content:
 * the parsed charge is kept with a copy of the input it came from, and reused while the input
 * still equals that copy (a caller who mutates its object gets a fresh parse). Only valid
 * charges are kept.
 */
const PARSED = new WeakMap<object, { readonly copy: unknown; readonly charge: Result<Charge> }>();

function parseChargeCached(charge: unknown): Result<Charge> {
  if (typeof charge !== "object" || charge === null) return parseCharge(charge);
  const hit = PARSED.get(charge);
  if (hit !== undefined && sameJson(charge, hit.copy)) return hit.charge;
  const parsed = parseCharge(charge);
  if (parsed.ok) {
    const copy = jsonCopy(charge);
    if (copy !== undefined) PARSED.set(charge, { copy, charge: parsed });
  }
  return parsed;
}

export function collectCharge(
  charge: unknown,
  aggregation: unknown,
  options: { readonly currency?: unknown; readonly period_ratio?: unknown; readonly calculate_projected_usage?: unknown; readonly exclude_event?: unknown },
  c: IssueCollector,
  unitsPlaceholder = false,
): { charge: Charge; aggregation: Aggregation; options: RateOptions } | undefined {
  const before = c.list.length;
  const ch = parseChargeCached(charge);
  const ag = parseAggregation(aggregation);
  if (!ch.ok) c.addAll(ch.issues);
  if (!ag.ok) c.addAll(ag.issues);
  let subunit: Decimal | undefined;
  if (options.currency !== undefined && options.currency !== null) {
    if (isCurrencyCode(options.currency)) subunit = subunitToUnit(options.currency);
    else c.add("invalid_currency", ["currency"]);
  }
  let ratio: Decimal | null = null;
  if (options.period_ratio !== undefined && options.period_ratio !== null) {
    const r = parseDecimal(options.period_ratio);
    if (r === undefined || r.lt(ZERO)) c.add("invalid_value", ["period_ratio"]);
    else ratio = r;
  }
  const opts: RateOptions = {
    subunit_to_unit: subunit,
    period_ratio: ratio,
    calculate_projected_usage: options.calculate_projected_usage === true,
    exclude_event: options.exclude_event === true,
  };
  if (ch.ok && ag.ok) {
    const req = chargeRequirements(ch.value, ag.value, opts);
    c.addAll(unitsPlaceholder ? req.filter((i) => i.code !== "units_out_of_ranges") : req);
  }
  if (c.list.length > before || !ch.ok || !ag.ok) return undefined;
  return { charge: ch.value, aggregation: ag.value, options: opts };
}
