/**
 * Credits ⇄ money of a wallet (invoice.md §11.2, `WalletCredit`). Everything is exact
 * decimal: the only double of the reference here is a division of integer cents by
 * `10^E`, whose shortest text is the exact quotient for any |cents| < 10^15.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { currencyExponent } from "../../core/currency.js";
import { type Decimal, dec, div, round, toScaledBigInt } from "../../core/decimal.js";
import { fromMinorUnits } from "../../core/money.js";

/** One conversion: a money amount (currency units), its minor units, and its credits. */
export interface WalletCreditValue {
  /** Currency units, rounded half up to the currency's exponent. */
  readonly amount: Decimal;
  /** `amount × S`. */
  readonly amount_cents: bigint;
  /** Credits, kept at 5 decimals (`q5`). */
  readonly credit_amount: Decimal;
}

/** User input credits: floored to 5 decimals (§0.3). */
export function floorCredits(credits: Decimal): Decimal {
  return round(credits, 5, "floor");
}

/** What a decimal(30,5) column stores: half away from zero at 5 decimals. */
export function q5(x: Decimal): Decimal {
  return round(x, 5, "half_up");
}

/** `rhu(x)`: to an integer of minor units, half up. */
export function roundCents(x: Decimal): bigint {
  return toScaledBigInt(round(x, 0, "half_up"), 0);
}

/**
 * From credits (already floored): `amount = rhu(credits × rate, E)`. An invoiceable
 * credit (a purchase) counts only whole cents: `credit_amount = amount / rate`; a
 * granted or voided one keeps the credits asked for.
 * @example creditsToMoney(dec("1034"), dec("0.001"), "EUR") //=> amount 1.03, amount_cents 103n, credit_amount 1030
 */
export function creditsToMoney(credits: Decimal, rate: Decimal, currency: CurrencyCode, invoiceable = true): WalletCreditValue {
  const e = currencyExponent(currency);
  const amount = round(credits.times(rate), e, "half_up");
  return {
    amount,
    amount_cents: toScaledBigInt(amount, e),
    credit_amount: q5(invoiceable ? div(amount, rate) : credits),
  };
}

/**
 * From minor units (an outbound on an invoice, a recomputed balance): `amount = cents / S`,
 * `credit_amount = q5(amount / rate)`.
 * @example centsToCredits(23684n, dec("2"), "KWD") //=> amount 23.684, credit_amount 11.842
 */
export function centsToCredits(cents: bigint, rate: Decimal, currency: CurrencyCode): WalletCreditValue {
  const amount = fromMinorUnits(cents, currency);
  return { amount, amount_cents: cents, credit_amount: q5(div(amount, rate)) };
}

/** `q5(cents / S / rate)`: the credits view of a balance in minor units (§11.5). */
export function creditsOfCents(cents: bigint, rate: Decimal, currency: CurrencyCode): Decimal {
  return q5(div(fromMinorUnits(dec(cents), currency), rate));
}
