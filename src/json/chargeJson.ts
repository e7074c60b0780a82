/**
 * A charge result as the JSON entry point writes it (contract §1): decimals as plain texts,
 * some `amount_details` fields with a point ("10.0") as the reference writes BigDecimal values,
 * range bounds with the JSON type they were given (charges.md §3.4).
 */
import { type Decimal, ZERO, toDecimalString, toDecimalStringWithPoint } from "../core/decimal.js";
import { type AmountDetails, type ChargeResult, boundJson } from "../charges/index.js";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ApplyChargeModelOutput {
  units: string;
  amount: string;
  unit_amount: string;
  amount_details: { [key: string]: JsonValue };
  projected_units?: string;
  projected_amount?: string;
}

export function chargeResultJson(r: ChargeResult): ApplyChargeModelOutput {
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
export function boundValue(d: Decimal | null): JsonValue {
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
          from_value: boundValue(r.from_value),
          to_value: boundValue(r.to_value),
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
          from_value: boundValue(r.from_value),
          to_value: boundValue(r.to_value),
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
