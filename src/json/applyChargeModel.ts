/**
 * `applyChargeModel(input)` of the contract (§1): JSON in, JSON out.
 */
import { IssueCollector, ValidationError, invariant, reportUnknownKeys } from "../core/issue.js";
import { jsonCopy, sameJson } from "../core/jsonValue.js";
import { collectCharge, rateParsedCharge } from "../charges/index.js";
import { type ApplyChargeModelOutput, chargeResultJson } from "./chargeJson.js";
import { type CompiledCharge, compileCharge } from "./compiledCharge.js";

export type { ApplyChargeModelOutput, JsonValue } from "./chargeJson.js";

/** The contract's keys (§1). A charge may be a plan's whole charge; an aggregation what `aggregate` returned. */
const INPUT_KEYS: ReadonlySet<string> = new Set(["charge", "aggregation", "currency", "period_ratio", "calculate_projected_usage"]);
const CHARGE_KEYS: ReadonlySet<string> = new Set([
  "charge_model", "properties", "prorated", "pay_in_advance", "svc_id", "id", "code", "svc_billable_metric_id", "billable_metric_id",
  "billable_metric_code", "created_at", "invoiceable", "invoice_display_name", "regroup_paid_fees", "min_amount_cents", "filters",
  "tax_codes", "taxes", "applied_pricing_unit", "accepts_target_wallet",
]);
const AGGREGATION_KEYS: ReadonlySet<string> = new Set([
  "units", "events_count", "full_units_number", "running_total", "event_values", "total_aggregated_units", "event_prorated_values",
  "precise_total_amount_cents", "current_usage_units", "grouped_usage", "warnings",
]);

/**
 * Applies a charge model to aggregated units.
 *
 * @example
 * applyChargeModel({ charge: { charge_model: "standard", properties: { amount: "5.12345" } }, aggregation: { units: "10" } })
 * //=> { units: "10", amount: "51.2345", unit_amount: "5.12345", amount_details: {} }
 * @throws ValidationError (code `validation_errors`) naming every bad field.
 */
export function applyChargeModel(input: unknown): ApplyChargeModelOutput {
  return compiledPath(input) ?? generalPath(input);
}

/**
 * Charges that passed the general path, compiled (compiledCharge.ts), with a copy of the input
 * they were compiled from: reused while the caller's object still equals it.
 */
const COMPILED = new WeakMap<object, { readonly copy: unknown; readonly rate: CompiledCharge }>();
const objectProto = Object.prototype;

/**
 * The usual call on a charge seen before — `{charge, aggregation: {units}}`, units a plain
 * non-negative decimal of at most 15 digits — rated by the compiled charge; `undefined` for
 * anything else (the general path then validates and rates it).
 */
function compiledPath(input: unknown): ApplyChargeModelOutput | undefined {
  if (typeof input !== "object" || input === null || Object.getPrototypeOf(input) !== objectProto) return undefined;
  let charge: unknown, aggregation: unknown;
  for (const k in input) {
    if (k === "charge") charge = (input as Record<string, unknown>)[k];
    else if (k === "aggregation") aggregation = (input as Record<string, unknown>)[k];
    else return undefined;
  }
  if (typeof charge !== "object" || charge === null) return undefined;
  const hit = COMPILED.get(charge);
  if (hit === undefined || typeof aggregation !== "object" || aggregation === null || Object.getPrototypeOf(aggregation) !== objectProto) return undefined;
  let units: unknown;
  for (const k in aggregation) {
    if (k !== "units") return undefined;
    units = (aggregation as Record<string, unknown>)[k];
  }
  if (!readUnits(units) || !sameJson(charge, hit.copy)) return undefined;
  return hit.rate(unitsM, unitsS);
}

/** The units read by {@link readUnits}: `unitsM × 10^−unitsS`. */
let unitsM = 0;
let unitsS = 0;

/** Reads `-?`-less `\d+(\.\d+)?` texts of at most 15 digits and non-negative safe-integer numbers. */
function readUnits(u: unknown): boolean {
  if (typeof u === "number") {
    if (!Number.isSafeInteger(u) || u < 0) return false;
    unitsM = u + 0; // -0 is 0
    unitsS = 0;
    return true;
  }
  if (typeof u !== "string") return false;
  const n = u.length;
  if (n === 0 || n > 16) return false;
  let m = 0, s = 0, dot = false, digits = 0;
  for (let i = 0; i < n; i++) {
    const c = u.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (dot) s++;
    } else if (c === 46 && !dot && i > 0 && i < n - 1) dot = true;
    else return false;
  }
  if (digits > 15) return false;
  unitsM = m;
  unitsS = s;
  return true;
}

function generalPath(input: unknown): ApplyChargeModelOutput {
  const c = new IssueCollector();
  const o = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (o !== input) c.add("invalid_value", []);
  reportUnknownKeys(o, INPUT_KEYS, [], c);
  const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  const charge = o["charge"];
  if (isRecord(charge)) reportUnknownKeys(charge, CHARGE_KEYS, ["charge"], c);
  if (isRecord(o["aggregation"])) reportUnknownKeys(o["aggregation"], AGGREGATION_KEYS, ["aggregation"], c);
  const flag = o["calculate_projected_usage"];
  if (flag !== undefined && flag !== null && typeof flag !== "boolean") c.add("invalid_value", ["calculate_projected_usage"]);
  const parsed = collectCharge(charge, o["aggregation"], o, c);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  invariant(parsed !== undefined, "parse without issues");
  const out = chargeResultJson(rateParsedCharge(parsed.charge, parsed.aggregation, parsed.options));
  // A valid charge is compiled for its next calls (once per content).
  if (isRecord(charge)) {
    const hit = COMPILED.get(charge);
    if (hit === undefined || !sameJson(charge, hit.copy)) {
      const rate = compileCharge(parsed.charge);
      const copy = rate === undefined ? undefined : jsonCopy(charge);
      if (rate !== undefined && copy !== undefined) COMPILED.set(charge, { copy, rate });
      else if (hit !== undefined) COMPILED.delete(charge);
    }
  }
  return out;
}

/** The general path alone, and the compiled one (undefined where it does not apply), for tests that compare them. */
export const applyChargeModelUncompiled: (input: unknown) => ApplyChargeModelOutput = generalPath;
export const applyChargeModelCompiled: (input: unknown) => ApplyChargeModelOutput | undefined = compiledPath;
