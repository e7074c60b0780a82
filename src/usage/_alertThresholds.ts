/**
 * The `thresholds` list of a `create_alert` body (invoice.md §14.1 validation), checked in
 * the reference's order: present, at most 20, no duplicate (value, recurring), every value
 * present, numeric, and positive when recurring.
 */
import { type Decimal, ZERO, parseDecimal, round, toDecimalString } from "../core/decimal.js";
import { floatToDecimal } from "../core/float.js";
import type { IssueCode } from "../core/issue.js";
import type { AlertThreshold } from "./alertTypes.js";

/** The reference's soft limit of thresholds per alert. */
export const MAX_THRESHOLDS = 20;

export type ThresholdsResult =
  | { readonly ok: true; readonly thresholds: readonly AlertThreshold[] }
  | { readonly ok: false; readonly code: IssueCode; readonly field: string };

export function parseThresholds(raw: unknown): ThresholdsResult {
  if (!Array.isArray(raw) || raw.length === 0) return { ok: false, code: "value_is_mandatory", field: "thresholds" };
  if (raw.length > MAX_THRESHOLDS) return { ok: false, code: "too_many_thresholds", field: "thresholds" };
  const items = raw.map((t) => (typeof t === "object" && t !== null && !Array.isArray(t) ? (t as Record<string, unknown>) : {}));
  const values = items.map((t) => numeric(t["value"]));
  const keys = items.map((t, i) => `${values[i] === undefined ? JSON.stringify(t["value"] ?? null) : toDecimalString(values[i]!)}|${castBoolean(t["recurring"])}`);
  if (new Set(keys).size !== keys.length) return { ok: false, code: "duplicate_threshold_values", field: "thresholds" };
  if (items.some((t) => t["value"] === undefined || t["value"] === null)) return { ok: false, code: "value_is_mandatory", field: "thresholds:value" };
  if (values.some((v) => v === undefined)) return { ok: false, code: "value_is_invalid", field: "thresholds:value" };
  if (items.some((t, i) => castBoolean(t["recurring"]) && !values[i]!.gt(ZERO))) {
    return { ok: false, code: "recurring_value_is_negative", field: "thresholds:value" };
  }
  return {
    ok: true,
    thresholds: items.map((t, i) => ({
      code: typeof t["code"] === "string" ? t["code"] : null,
      // decimal(30,5) column.
      value: round(values[i]!, 5, "half_up"),
      recurring: castBoolean(t["recurring"]),
    })),
  };
}

/** A JSON number or numeric string (plain decimal notation; numbers also in exponent form). */
function numeric(x: unknown): Decimal | undefined {
  const d = parseDecimal(typeof x === "string" ? x.trim() : x);
  if (d !== undefined) return d;
  return typeof x === "number" && Number.isFinite(x) ? floatToDecimal(x) : undefined;
}

/** Rails' boolean cast: false, 0, "0", "f", "false", "off" (any case) and blank are false. */
export function castBoolean(x: unknown): boolean {
  if (x === undefined || x === null || x === false || x === 0) return false;
  if (typeof x === "string") return !["", "0", "f", "false", "off"].includes(x.trim().toLowerCase());
  return true;
}
