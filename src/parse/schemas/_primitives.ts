/**
 * Building blocks shared by the catalog schemas: the specification's value kinds
 * (decimal strings, integers, cents, currencies, timestamps, zones) as zod schemas.
 *
 * A check whose failure has a more specific code than `invalid_value` carries it in
 * `params.code`; `fromZodIssues` reads it from there.
 */
import { z } from "zod";
import { CURRENCIES, isCurrencyCode } from "../../core/currency.js";
import { CATALOG_DECIMAL_PATTERN, DECIMAL_PATTERN, parseDecimal } from "../../core/decimal.js";
import { parseInstant, parseTimestamp } from "../../core/instant.js";
import type { IssueCode } from "../../core/issue.js";
import { isValidTimeZone } from "../../core/zone.js";

/** The refinement options that give a failed check its issue code. */
function coded(code: IssueCode, message: string): { params: { code: IssueCode }; message: string } {
  return { params: { code }, message };
}

/** A decimal as the specification writes it: a string `-?\d+(\.\d+)?` ("12.5"; never "1e5", ""). */
export const decimalString = z
  .string()
  .regex(DECIMAL_PATTERN, 'expected a decimal string such as "12.5"')
  .meta({ id: "Decimal", description: 'Decimal as a string: -?\\d+(\\.\\d+)? (e.g. "12.5")' });

/**
 * A charge's or fixed charge's decimal property (charges.md §19.2): a string in the reference's
 * grammar (`"12.5"`, `"1e3"`, `".5"`, `"1_000"` …). Its value (finite, ≥ 0) is the charge
 * model's check, which gives the property's own code (`invalid_amount`, `invalid_rate` …).
 */
export const catalogDecimalString = z
  .string()
  .regex(CATALOG_DECIMAL_PATTERN, 'expected a decimal string such as "12.5"')
  .meta({ id: "CatalogDecimal", description: "Decimal string in the grammar of charges.md §19.2 (\"12.5\", \"1e3\", \".5\", \"1_000\")" });

/** A JSON number the engine reads exactly (its shortest text form is a plain decimal). */
const exactNumber = z.number().refine((n) => parseDecimal(n) !== undefined, coded("invalid_value", "expected a plain decimal number"));

/** A decimal string or an exact JSON number, where the specification or the vectors use both. */
export const decimalLike = z
  .union([decimalString, exactNumber])
  .meta({ id: "DecimalOrNumber", description: "Decimal string, or a JSON number" });

/** An integer (a JSON number with no fraction, within the safe range). */
export const integer = z.int();

/** A count or an amount of minor units that cannot be negative. */
export const nonNegativeInteger = z.int().min(0);

/** Money in minor units (`*_cents`): a non-negative integer. */
export const cents = nonNegativeInteger;

/** An identifier or name that must be present and not empty. */
export const requiredText = z.string().min(1);

export const stringList = z.array(z.string());

/** An ISO 4217 code from the specification's currency list. */
export const currency = z
  .string()
  .refine(isCurrencyCode, coded("invalid_currency", "expected an ISO 4217 currency code of the specification's list"))
  .meta({ id: "Currency", description: "ISO 4217 currency code", enum: [...CURRENCIES] });

/** The document locales the reference's documents are translated into (its `I18n.available_locales`). */
export const DOCUMENT_LOCALES: readonly string[] = ["en", "fr", "nb", "de", "it", "es", "sv", "pt-BR", "zh-TW"];

/** A document locale of {@link DOCUMENT_LOCALES}. */
export const documentLocale = z
  .string()
  .refine((s) => DOCUMENT_LOCALES.includes(s), coded("not_a_valid_language_code", "expected a document locale: en, fr, nb, de, it, es, sv, pt-BR or zh-TW"))
  .meta({ id: "DocumentLocale", description: "document locale", enum: [...DOCUMENT_LOCALES] });

/** The reference's premium integrations (`organization.premium_integrations`), any other name refused. */
export const PREMIUM_INTEGRATIONS: readonly string[] = [
  "beta_payment_authorization", "netsuite", "okta", "entra_id", "avalara", "xero", "progressive_billing", "lifetime_usage", "hubspot",
  "auto_dunning", "revenue_analytics", "salesforce", "api_permissions", "revenue_share", "remove_branding_watermark", "manual_payments",
  "from_email", "issue_receipts", "preview", "multi_entities_pro", "multi_entities_enterprise", "analytics_dashboards", "forecasted_usage",
  "projected_usage", "custom_roles", "events_targeting_wallets", "security_logs", "granular_lifetime_usage", "order_forms", "revenue_recognition",
];

/** An IANA time zone name (or "UTC"). */
export const timezone = z
  .string()
  .refine(isValidTimeZone, coded("invalid_timezone", "expected an IANA time zone such as Europe/Paris"))
  .meta({ id: "TimeZone", description: "IANA time zone name, e.g. Europe/Paris" });

/** An ISO 8601 date-time (`2024-03-05T00:00:00Z`; an offset or a bare date is also read). */
export const timestamp = z
  .string()
  .refine((s) => parseInstant(s) !== undefined, coded("invalid_timestamp", "expected an ISO 8601 timestamp"))
  .meta({ id: "Timestamp", format: "date-time" });

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A plain date `YYYY-MM-DD`. */
export const date = z
  .string()
  .refine((s) => DATE_RE.test(s) && parseInstant(s) !== undefined, coded("invalid_date", "expected a date YYYY-MM-DD"))
  .meta({ id: "Date", format: "date" });

/** A date or a date-time (wallet `expiration_at`). */
export const dateOrTimestamp = z
  .string()
  .refine((s) => parseInstant(s) !== undefined, coded("invalid_timestamp", "expected a date or an ISO 8601 timestamp"))
  .meta({ id: "DateOrTimestamp", description: "YYYY-MM-DD or ISO 8601 date-time" });

/** An event timestamp: ISO 8601, or Unix seconds as a number or a decimal string. */
export const eventTimestamp = z
  .union([z.string(), z.number()])
  .refine((x) => parseTimestamp(x) !== undefined, coded("invalid_timestamp", "expected ISO 8601 or Unix seconds"))
  .meta({ id: "EventTimestamp", description: "ISO 8601 date-time, or Unix seconds" });

/**
 * Whether `x` is a map the reference's item metadata record takes (plans, credit notes): an object
 * of at most 50 keys of at most 100 characters, each value null or a text of at most 255.
 */
export function isItemMetadata(x: unknown): boolean {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return false;
  const entries = Object.entries(x);
  return entries.length <= 50 && entries.every(([k, v]) => [...k].length <= 100 && (v === null || (typeof v === "string" && [...v].length <= 255)));
}

/** A metadata map of {@link isItemMetadata}. */
export const itemMetadata = z
  .record(z.string(), z.string().nullable())
  .refine(isItemMetadata, coded("invalid_value", "at most 50 keys of at most 100 characters, values null or texts of at most 255"));

/** A `{key, value}` metadata entry. */
export const keyValue = z.looseObject({ key: z.string(), value: z.string().nullish() });

/** Billing intervals of plans (and of wallet recurring rules). */
export { INTERVALS } from "../../model/vocabulary.js";
