/**
 * Minor-unit exponents of the currencies the specification accepts.
 *
 * Data: the `currency-codes` package (ISO 4217 list one). Codes withdrawn from the
 * current ISO list that the specification still accepts keep their last ISO exponent
 * (HRK 2, MRO 2, SLL 2, STD 2).
 */
import currencyCodes from "currency-codes";
import { ValidationError, issue } from "./issue.js";

/** The `currency` values the specification accepts. */
export const CURRENCIES = [
  "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN",
  "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLF", "CLP",
  "CNY", "COP", "CRC", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ETB", "EUR", "FJD", "FKP",
  "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR",
  "ILS", "INR", "ISK", "JMD", "JPY", "KES", "KGS", "KHR", "KMF", "KRW", "KYD", "KZT", "LAK", "LBP",
  "LKR", "LRD", "LSL", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRO", "MUR", "MVR", "MWK",
  "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PKR",
  "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SEK", "SGD", "SHP", "SLL",
  "SOS", "SRD", "STD", "SZL", "THB", "TJS", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD",
  "UYU", "UZS", "VND", "VUV", "WST", "XAF", "XCD", "XOF", "XPF", "YER", "ZAR", "ZMW",
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number];

/** Last ISO 4217 exponents of codes withdrawn from the current list. */
const WITHDRAWN: Readonly<Record<string, number>> = { HRK: 2, MRO: 2, SLL: 2, STD: 2 };

let table: ReadonlyMap<string, number> | undefined;

function exponents(): ReadonlyMap<string, number> {
  if (table) return table;
  const m = new Map<string, number>();
  for (const c of CURRENCIES) {
    const digits = currencyCodes.code(c)?.digits ?? WITHDRAWN[c];
    if (digits === undefined) throw new Error(`[ratecard] no ISO 4217 exponent for ${c}`);
    m.set(c, digits);
  }
  table = m;
  return m;
}

export function isCurrencyCode(x: unknown): x is CurrencyCode {
  return typeof x === "string" && exponents().has(x);
}

/**
 * The ISO 4217 minor-unit exponent (EUR 2, JPY 0, CLF 4).
 * @throws ValidationError (`currency: invalid_currency`) for a code cast past {@link CurrencyCode}.
 */
export function currencyExponent(code: CurrencyCode): number {
  const e = exponents().get(code);
  if (e === undefined) throw new ValidationError([issue("invalid_currency", ["currency"])]);
  return e;
}
