/**
 * `applyChargeModel(input)` of the contract (§1): JSON in, JSON out.
 */
import { type Decimal, ZERO, toDecimalString, toDecimalStringWithPoint } from "../core/decimal.js";
import { IssueCollector, ValidationError, invariant, reportUnknownKeys } from "../core/issue.js";
import { type AmountDetails, type ChargeResult, boundJson, collectCharge, rateParsedCharge } from "../charges/index.js";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ApplyChargeModelOutput {
  units: string;
  amount: string;
  unit_amount: string;
  amount_details: { [key: string]: JsonValue };
  projected_units?: string;
  projected_amount?: string;
}

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
  const c = new IssueCollector();
  const o = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (o !== input) c.add("invalid_value", []);
  reportUnknownKeys(o, INPUT_KEYS, [], c);
  const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  if (isRecord(o["charge"])) reportUnknownKeys(o["charge"], CHARGE_KEYS, ["charge"], c);
  if (isRecord(o["aggregation"])) reportUnknownKeys(o["aggregation"], AGGREGATION_KEYS, ["aggregation"], c);
  const flag = o["calculate_projected_usage"];
  if (flag !== undefined && flag !== null && typeof flag !== "boolean") c.add("invalid_value", ["calculate_projected_usage"]);
  const parsed = collectCharge(o["charge"], o["aggregation"], o, c);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  invariant(parsed !== undefined, "parse without issues");
  return toJson(rateParsedCharge(parsed.charge, parsed.aggregation, parsed.options));
}

function toJson(r: ChargeResult): ApplyChargeModelOutput {
  const out: ApplyChargeModelOutput = {
    units: plain(r.units),
    amount: plain(r.amount),
    unit_amount: plain(r.unit_amount),
    amount_details: details(r.amount_details),
  };
  if (r.projected_units !== undefined) out.projected_units = plain(r.projected_units);
  if (r.projected_amount !== undefined) out.projected_amount = plain(r.projected_amount);
  return out;
}

const plain = toDecimalString;
const point = toDecimalStringWithPoint;
/**
 * A range bound with the JSON type it was given (charges.md §3.4: `0.1` stays `0.1`, `"0.1"` stays
 * `"0.1"`); one the engine computed: an integer as a JSON number, a decimal as a string.
 */
function bound(d: Decimal | null): JsonValue {
  if (d === null) return null;
  const given = boundJson(d);
  if (given !== undefined) return given;
  const s = plain(d);
  return /^-?\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s;
}

/** `amount_details` with the value forms of the semantics ("10.0" where Lago writes BigDecimal strings). */
function details(d: AmountDetails): { [key: string]: JsonValue } {
  switch (d.kind) {
    case "none":
      return {};
    case "graduated":
      return {
        graduated_ranges: d.graduated_ranges.map((r) => ({
          from_value: bound(r.from_value),
          to_value: bound(r.to_value),
          flat_unit_amount: plain(r.flat_unit_amount),
          per_unit_amount: plain(r.per_unit_amount),
          units: point(r.units),
          per_unit_total_amount: plain(r.per_unit_total_amount),
          total_with_flat_amount: plain(r.total_with_flat_amount),
        })),
      };
    case "graduated_percentage":
      return {
        graduated_percentage_ranges: d.graduated_percentage_ranges.map((r) => ({
          from_value: bound(r.from_value),
          to_value: bound(r.to_value),
          flat_unit_amount: plain(r.flat_unit_amount),
          rate: point(r.rate),
          units: point(r.units),
          per_unit_total_amount: point(r.per_unit_total_amount),
          total_with_flat_amount: plain(r.total_with_flat_amount),
        })),
      };
    case "package":
      return {
        free_units: point(d.free_units),
        paid_units: point(d.paid_units),
        per_package_size: d.per_package_size,
        per_package_unit_amount: d.per_package_size === 0 ? point(d.per_package_unit_amount) : plain(d.per_package_unit_amount),
      };
    case "percentage":
      return {
        units: point(d.units),
        free_units: point(d.free_units),
        free_events: d.free_events,
        paid_units: point(d.paid_units),
        rate: plain(d.rate),
        per_unit_total_amount: plain(d.per_unit_total_amount),
        paid_events: d.paid_events,
        fixed_fee_unit_amount: plain(d.fixed_fee_unit_amount),
        fixed_fee_total_amount: point(d.fixed_fee_total_amount),
        min_max_adjustment_total_amount: point(d.min_max_adjustment_total_amount),
      };
    case "volume":
      return {
        flat_unit_amount: plain(d.flat_unit_amount),
        per_unit_amount: point(d.per_unit_amount),
        per_unit_total_amount: d.per_unit_total_amount.eq(ZERO) ? point(d.per_unit_total_amount) : plain(d.per_unit_total_amount),
      };
  }
}
