/**
 * A fee as the specification's Fee resource writes it (interface-spec "Fee", contract
 * value conventions): `*_cents` integers, decimal strings for quantities and unrounded
 * amounts, ISO 8601 UTC timestamps, the `item` object, the `svc_*` ids.
 */
import { type Decimal, isDecimal, toDecimalString } from "../core/decimal.js";
import { ValidationError, issue } from "../core/issue.js";
import { formatInstant } from "../core/instant.js";
import { subunitToUnit } from "../core/money.js";
import type { Fee } from "./types.js";
import { boundJson } from "../charges/index.js";

export type FeeJsonValue = string | number | boolean | null | FeeJsonValue[] | { [key: string]: FeeJsonValue };

export interface FeeJson {
  svc_id: string;
  svc_subscription_id?: string;
  svc_charge_id?: string;
  svc_charge_filter_id?: string | null;
  svc_fixed_charge_id?: string;
  svc_true_up_fee_id?: string;
  svc_true_up_parent_fee_id?: string;
  item: { type: string; code: string; name: string; invoice_display_name: string | null; filter_invoice_display_name: string | null;
    filters?: { [key: string]: string[] } | null; grouped_by?: { [key: string]: string | null } };
  pay_in_advance: boolean;
  amount_cents: number;
  amount_currency: string;
  /** Unrounded amount in currency units (`precise_amount_cents / 10^E`). */
  precise_amount: string;
  /** Unit price in currency units, unrounded. */
  precise_unit_amount: string;
  units: string;
  total_aggregated_units: string;
  events_count: number;
  from_date: string;
  to_date: string;
  amount_details: { [key: string]: FeeJsonValue };
  pricing_unit_details?: { [key: string]: FeeJsonValue };
}

const IDS = [
  "svc_subscription_id", "svc_charge_id", "svc_charge_filter_id", "svc_fixed_charge_id", "svc_true_up_fee_id", "svc_true_up_parent_fee_id",
] as const;

/**
 * Renders a fee as plain JSON with the specification's field names. Taxes, invoice and
 * payment fields belong to the invoice and are not part of a fee of this area; the typed
 * fee's `precise_amount_cents` and `unit_amount_cents` are not Fee fields of the
 * specification (`precise_amount` carries the first in currency units).
 * @example toFeeJson(fee).amount_cents //=> 1115 (a number), toFeeJson(fee).units //=> "1"
 * @throws ValidationError (`<field>: value_is_out_of_range`) for a `*_cents` integer beyond 2^53,
 *   unless `large_integers: "text"` asks for such an integer as its exact decimal text.
 */
export function toFeeJson(fee: Fee, options: { readonly large_integers?: "refuse" | "text" } = {}): FeeJson {
  const integer = options.large_integers === "text" ? integerOrText : refuseLarge;
  const plainObject = (o: Readonly<Record<string, unknown>>, path: readonly (string | number)[]): { [key: string]: FeeJsonValue } => plainRecord(o, path, integer);
  const str = (d: Decimal): string => toDecimalString(d);
  const out: FeeJson = {
    svc_id: fee.svc_id,
    item: {
      type: fee.item.type,
      code: fee.item.code,
      name: fee.item.name,
      invoice_display_name: fee.item.invoice_display_name ?? null,
      filter_invoice_display_name: fee.item.filter_invoice_display_name ?? null,
      ...(fee.item.filters === undefined ? {} : { filters: fee.item.filters === null ? null : copyFilters(fee.item.filters) }),
      ...(fee.item.grouped_by === undefined ? {} : { grouped_by: { ...fee.item.grouped_by } }),
    },
    pay_in_advance: fee.pay_in_advance,
    amount_cents: integer(fee.amount_cents, ["amount_cents"]) as number,
    amount_currency: fee.amount_currency,
    precise_amount: str(fee.precise_amount_cents.div(subunitToUnit(fee.amount_currency))),
    precise_unit_amount: str(fee.precise_unit_amount),
    units: str(fee.units),
    total_aggregated_units: str(fee.total_aggregated_units),
    events_count: fee.events_count,
    from_date: formatInstant(fee.from_date),
    to_date: formatInstant(fee.to_date),
    amount_details: plainObject(fee.amount_details, ["amount_details"]),
  };
  for (const k of IDS) {
    const v = fee[k];
    if (v !== undefined) (out as unknown as Record<string, unknown>)[k] = v;
  }
  if (fee.pricing_unit_details !== undefined) out.pricing_unit_details = plainObject({ ...fee.pricing_unit_details }, ["pricing_unit_details"]);
  return out;
}

type Integer = (x: bigint, path: readonly (string | number)[]) => number | string;

function refuseLarge(x: bigint, path: readonly (string | number)[]): number {
  const n = Number(x);
  if (!Number.isSafeInteger(n)) throw new ValidationError([issue("value_is_out_of_range", path)]);
  return n;
}

/** A safe integer as a number, a larger one as its exact decimal text (a JSON number would lose digits). */
export function integerOrText(x: bigint): number | string {
  const n = Number(x);
  return Number.isSafeInteger(n) ? n : x.toString();
}

function copyFilters(f: Readonly<Record<string, readonly string[]>>): { [key: string]: string[] } {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, [...v]]));
}

/**
 * Decimals → strings (range bounds that are integers → numbers), bigints → integers, recursively.
 * `key` is the value's own key; `parent` the path of its container, extended only when a nested
 * container or an integer's refusal needs the full path (a leaf allocates none).
 */
function plainValue(x: unknown, parent: readonly (string | number)[], key: string | number, integer: Integer): FeeJsonValue {
  if (isDecimal(x)) {
    const s = toDecimalString(x);
    if (key !== "from_value" && key !== "to_value") return s;
    // charges.md §3.4: a bound keeps the JSON type it was given; one computed, an integer as a number.
    const given = boundJson(x);
    if (given !== undefined) return given;
    return /^-?\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s;
  }
  if (typeof x === "bigint") return integer(x, [...parent, key]);
  if (x === null || x === undefined) return null;
  if (typeof x === "string" || typeof x === "boolean") return x;
  if (typeof x === "number") return Number.isFinite(x) ? x : null;
  if (Array.isArray(x)) {
    const path = [...parent, key];
    const out: FeeJsonValue[] = new Array(x.length);
    for (let i = 0; i < x.length; i++) out[i] = plainValue(x[i], path, i, integer);
    return out;
  }
  if (typeof x === "object") return plainRecord(x as Readonly<Record<string, unknown>>, [...parent, key], integer);
  return null;
}

function plainRecord(o: Readonly<Record<string, unknown>>, path: readonly (string | number)[], integer: Integer): { [key: string]: FeeJsonValue } {
  const out: { [key: string]: FeeJsonValue } = {};
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = o[k];
    if (v !== undefined) out[k] = plainValue(v, path, k, integer);
  }
  return out;
}

/** A fee's `amount_details` (or any fee record) as plain JSON, integers beyond 2^53 as their exact text. */
export function feeRecordJson(o: Readonly<Record<string, unknown>>, path: readonly (string | number)[]): { [key: string]: FeeJsonValue } {
  return plainRecord(o, path, integerOrText);
}

/** A fee's item filters as JSON (fresh lists). */
export { copyFilters as filtersJson };

/**
 * Charge properties (or any parsed record) as plain JSON, the way fees write their details:
 * decimals as strings (integral range bounds as numbers), bigints as integers.
 */
export function plainJson(o: object): { [key: string]: FeeJsonValue } {
  return plainRecord(o as Readonly<Record<string, unknown>>, [], integerOrText);
}
