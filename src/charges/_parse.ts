/**
 * Field readers shared by the models' property parsers. Each reader records an issue
 * in the collector and returns `undefined` when the field is missing or malformed.
 */
import { type Decimal, ZERO, isDecimal, parseCatalogDecimal, parseDecimal } from "../core/decimal.js";
import { type IssueCode, type IssueCollector, type Path, type Result, fail, ok } from "../core/issue.js";

export type Obj = Readonly<Record<string, unknown>>;

export function isObject(x: unknown): x is Obj {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Absent means missing or `null`. */
export function isAbsent(x: unknown): boolean {
  return x === undefined || x === null;
}

export interface DecimalRule {
  /** Code for a present but malformed or negative value. */
  readonly code: IssueCode;
  /** JSON numbers accepted too (range bounds); amounts and rates must be strings. */
  readonly allowNumber?: boolean;
  readonly nonNegative?: boolean;
}

/**
 * A required decimal field. An amount or rate (a string property, charges.md §19.2) that is
 * missing or null is `rule.code` (§19.4: a null `amount` is `invalid_amount`); a range bound
 * (`allowNumber`) is `value_is_mandatory`.
 */
export function readDecimal(o: Obj, key: string, path: Path, c: IssueCollector, rule: DecimalRule): Decimal | undefined {
  const raw = o[key];
  if (isAbsent(raw)) {
    c.add(rule.allowNumber === true ? "value_is_mandatory" : rule.code, [...path, key]);
    return undefined;
  }
  return checkDecimal(raw, [...path, key], c, rule);
}

/** An optional decimal field: `null` when absent (and when `""` with `blankIsAbsent`, as the reference skips it). */
export function readOptionalDecimal(
  o: Obj,
  key: string,
  path: Path,
  c: IssueCollector,
  rule: DecimalRule & { readonly blankIsAbsent?: boolean },
): Decimal | null | undefined {
  const raw = o[key];
  if (isAbsent(raw) || (rule.blankIsAbsent === true && raw === "")) return null;
  return checkDecimal(raw, [...path, key], c, rule);
}

/**
 * The text each catalog amount was sent as (charges.md §19.2: a plan echoes `"1e3"` as sent, while
 * computations and `amount_details` use its value). Keyed by the parsed Decimal.
 */
const SENT_TEXT = new WeakMap<Decimal, string>();

/** The string a parsed catalog amount was written as, if it was parsed from one. */
export function sentText(d: Decimal): string | undefined {
  return SENT_TEXT.get(d);
}

/**
 * Range bounds (`allowNumber`) read plain decimals, strings or numbers; amounts and rates are
 * strings in the reference's grammar (charges.md §19.2: `"1e3"`, `".5"`, `"1_000"` …), or
 * Decimals from the typed API.
 */
function checkDecimal(raw: unknown, path: Path, c: IssueCollector, rule: DecimalRule): Decimal | undefined {
  const d = isDecimal(raw)
    ? raw
    : rule.allowNumber === true
      ? typeof raw === "string" || typeof raw === "number" ? parseDecimal(raw) : undefined
      : typeof raw === "string" ? parseCatalogDecimal(raw) : undefined;
  if (d === undefined || (rule.nonNegative !== false && d.lt(ZERO))) {
    c.add(rule.code, path);
    return undefined;
  }
  // parseCatalogDecimal gives a fresh Decimal per string, so the text belongs to this property.
  if (typeof raw === "string" && rule.allowNumber !== true) SENT_TEXT.set(d, raw);
  return d;
}

/** An integer field given as a JSON number (`min` inclusive); `fallback` when absent. */
export function readInteger(
  o: Obj,
  key: string,
  path: Path,
  c: IssueCollector,
  code: IssueCode,
  min: number,
  fallback: number | null | "required",
  missingCode: IssueCode = "value_is_mandatory",
): number | null | undefined {
  const raw = o[key];
  if (isAbsent(raw)) {
    if (fallback === "required") {
      c.add(missingCode, [...path, key]);
      return undefined;
    }
    return fallback;
  }
  if (typeof raw !== "number" || !Number.isSafeInteger(raw) || raw < min) {
    c.add(code, [...path, key]);
    return undefined;
  }
  return raw;
}

/** The properties object; a non-object records `invalid_value` and reads as `{}`. */
export function asObject(x: unknown, path: Path, c: IssueCollector): Obj {
  if (isObject(x)) return x;
  if (!isAbsent(x)) c.add("invalid_value", path);
  return {};
}

/** `ok(make())` when nothing was collected, else the collected issues. */
export function finish<T>(c: IssueCollector, make: () => T): Result<T> {
  const issues = c.issues();
  return issues ? fail(issues) : ok(make());
}
