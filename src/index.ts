/**
 * ratecard: a pure pricing and rating engine for usage-based billing.
 *
 * The JSON entry points of the contract, plus the typed API.
 */
export * from "./json/index.js";

// core
export {
  type Decimal,
  type RoundingMode,
  parseDecimal,
  dec,
  div,
  round,
  toDecimalString,
  isDecimal,
} from "./core/decimal.js";
export { CURRENCIES, type CurrencyCode, currencyExponent, isCurrencyCode } from "./core/currency.js";
export { toMinorUnits, toPreciseMinorUnits, fromMinorUnits, allocate, subunitToUnit } from "./core/money.js";
export {
  type Issue,
  type IssueCode,
  type Issues,
  type Result,
  type Path,
  ValidationError,
  detailOf,
  reportUnknownKeys,
  toErrorDetails,
  toDotPath,
} from "./core/issue.js";
export { type Instant, type Period, parseInstant, formatInstant } from "./core/instant.js";
export { type StablePart, NAMESPACE_DNS, NAMESPACE_URL, RATECARD_NAMESPACE, isUuid, stableId, uuidV5 } from "./core/ids.js";

// typed API, one barrel per area
export * from "./parse/schemas/index.js";
export * from "./charges/index.js";
export * from "./aggregation/index.js";
export * from "./period/index.js";
export * from "./fees/index.js";
export * from "./invoice/index.js";
export * from "./usage/index.js";
export * from "./simulator/index.js";
