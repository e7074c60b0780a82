/**
 * Texts shared by the readable outputs (the CLI's text format and the HTML report): amounts in
 * minor units written as currency units exactly, from the integer (no float arithmetic).
 */
import { currencyExponent, isCurrencyCode } from "../core/currency.js";

/** An integer amount of minor units (JSON number, bigint or digit string), exactly. */
export const minorUnits = (x: unknown): bigint | undefined =>
  typeof x === "bigint" ? x : typeof x === "number" && Number.isSafeInteger(x) ? BigInt(x) : typeof x === "string" && /^-?\d+$/.test(x) ? BigInt(x) : undefined;

/** A value as text: `-` for none, strings as they are, the rest as JSON. */
export const plainText = (x: unknown): string =>
  x === undefined || x === null ? "-" : typeof x === "string" ? x : typeof x === "bigint" ? x.toString() : JSON.stringify(x);

/**
 * Minor units as currency units with the code: 123456 USD → "1,234.56 USD", -2000 → "-20.00 USD",
 * 500 JPY → "500 JPY".
 */
export function formatMoney(amountCents: unknown, currency: unknown): string {
  const n = minorUnits(amountCents);
  if (n === undefined || typeof currency !== "string" || !isCurrencyCode(currency)) return `${plainText(amountCents)} (minor units) ${plainText(currency)}`;
  const e = currencyExponent(currency);
  const digits = (n < 0n ? -n : n).toString().padStart(e + 1, "0");
  const units = digits.slice(0, digits.length - e).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0n ? "-" : ""}${units}${e > 0 ? `.${digits.slice(digits.length - e)}` : ""} ${currency}`;
}
