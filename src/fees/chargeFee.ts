/**
 * A charge model's result → the fee's money fields (charges.md §16).
 */
import { type Decimal, HUNDRED, ZERO, dec, round, toScaledBigInt } from "../core/decimal.js";
import { type CurrencyCode, currencyExponent } from "../core/currency.js";
import { subunitToUnit, toMinorUnits } from "../core/money.js";
import type { AppliedPricingUnit, FeeAmounts, PricingUnitDetails } from "./types.js";

/** What a charge model returns (amounts in currency units, unrounded). */
export interface ChargeAmountResult {
  readonly units: Decimal;
  readonly amount: Decimal;
  readonly unit_amount: Decimal;
  readonly amount_details?: Readonly<Record<string, unknown>>;
  /** Prorated charges: the units before time proration. */
  readonly full_units_number?: Decimal | undefined;
}

/** The aggregation fields a fee reads. */
export interface ChargeFeeAggregation {
  readonly events_count: number;
  /** Weighted sums: the aggregated value before the weighting. */
  readonly total_aggregated_units?: Decimal | undefined;
  /** Current usage of prorated / pay-in-advance charges: the units shown. */
  readonly current_usage_units?: Decimal | undefined;
  readonly full_units_number?: Decimal | undefined;
}

export interface ChargeFeeInput {
  readonly result: ChargeAmountResult;
  readonly aggregation: ChargeFeeAggregation;
  readonly currency: CurrencyCode;
  readonly charge: { readonly prorated?: boolean; readonly pay_in_advance?: boolean };
  /** The fee is built for a current-usage answer, not for an invoice. */
  readonly current_usage?: boolean;
  /** Premium pricing units: the model ran in pricing-unit money at this rate to the currency. */
  readonly pricing_unit?: AppliedPricingUnit | undefined;
}

/**
 * Builds the money fields of a charge fee:
 * 1. units < 0 or amount < 0 → units, amount, unit amount and full units become 0;
 * 2. `amount_cents = round_half_up(amount, E) × 10^E`, precise cents unrounded,
 *    `unit_amount_cents` truncated, `precise_unit_amount = unit_amount`;
 * 3. fee units: current usage of a prorated or pay-in-advance charge → current-usage
 *    units; prorated → full units; otherwise units.
 * @example chargeFeeAmounts({ result: { units: dec("1"), amount: dec("11.145"), … }, currency: "EUR", … }).amount_cents //=> 1115n
 */
export function chargeFeeAmounts(input: ChargeFeeInput): FeeAmounts {
  const { result, aggregation, currency, charge } = input;
  const negative = result.units.lt(ZERO) || result.amount.lt(ZERO);
  const units = negative ? ZERO : result.units;
  const amount = negative ? ZERO : result.amount;
  const unitAmount = negative ? ZERO : result.unit_amount;
  const fullUnits = negative ? ZERO : (result.full_units_number ?? aggregation.full_units_number);

  let feeUnits = units;
  if (input.current_usage === true && (charge.prorated === true || charge.pay_in_advance === true)) {
    feeUnits = aggregation.current_usage_units ?? units;
  } else if (charge.prorated === true) {
    feeUnits = fullUnits ?? units;
  }

  const money = input.pricing_unit === undefined
    ? fiat(amount, unitAmount, currency)
    : viaPricingUnit(amount, unitAmount, currency, input.pricing_unit);
  return {
    units: feeUnits,
    ...money,
    events_count: aggregation.events_count,
    total_aggregated_units: aggregation.total_aggregated_units ?? units,
    amount_details: result.amount_details ?? {},
  };
}

type Money = Pick<FeeAmounts, "amount_cents" | "precise_amount_cents" | "unit_amount_cents" | "precise_unit_amount" | "pricing_unit_details">;

function fiat(amount: Decimal, unitAmount: Decimal, currency: CurrencyCode): Money {
  const s = subunitToUnit(currency);
  return {
    amount_cents: toMinorUnits(amount, currency),
    precise_amount_cents: amount.times(s),
    unit_amount_cents: truncateToBigInt(unitAmount.times(s)),
    precise_unit_amount: unitAmount,
  };
}

/**
 * charges.md §16.5: the model ran in pricing-unit money (2 decimals). Its figures in the unit:
 * `amount_cents = round_half_up(amount, 2) × 100`, `unit_amount_cents = unit_amount × 100`
 * truncated (the reference's integer column), precise ones unrounded; then converted
 * ({@link pricingUnitToMoney}).
 */
export function viaPricingUnit(amount: Decimal, unitAmount: Decimal, currency: CurrencyCode, pu: AppliedPricingUnit): Money {
  const puCents = round(amount, 2, "half_up").times(HUNDRED);
  const puUnitCents = truncateToBigInt(unitAmount.times(HUNDRED));
  return pricingUnitToMoney({
    ...pricingUnitNames(pu),
    amount_cents: toScaledBigInt(puCents, 0),
    precise_amount_cents: amount.times(HUNDRED),
    unit_amount_cents: puUnitCents,
    precise_unit_amount: unitAmount,
    conversion_rate: pu.conversion_rate,
  }, currency);
}

/**
 * A pricing-unit fee's money fields from its figures in the unit, as the reference converts
 * them (charges.md §16.5 — the conversion of `pu_amount_cents`, unrounded, is the precise
 * amount; the reference's `PricingUnitUsage#to_fiat_currency_cents` where the semantics are
 * silent): `converted = pu_amount_cents / 100 × rate`, `amount_cents = round_half_up(converted,
 * E) × 10^E`, `precise_amount_cents = converted × 10^E`; the unit price from the truncated
 * `pu_unit_amount_cents / 100 × rate`, its cents truncated.
 */
export function pricingUnitToMoney(details: PricingUnitDetails, currency: CurrencyCode): Money {
  const rate = details.conversion_rate;
  const converted = dec(details.amount_cents).div(HUNDRED).times(rate);
  const unit = dec(details.unit_amount_cents).div(HUNDRED).times(rate);
  const s = subunitToUnit(currency);
  return {
    amount_cents: toScaledBigInt(round(converted, currencyExponent(currency), "half_up").times(s), 0),
    precise_amount_cents: converted.times(s),
    unit_amount_cents: truncateToBigInt(unit.times(s)),
    precise_unit_amount: unit,
    pricing_unit_details: details,
  };
}

/** The pricing unit's id, code and short name as `pricing_unit_details` shows them (null when not given). */
export function pricingUnitNames(pu: AppliedPricingUnit): Pick<PricingUnitDetails, "svc_pricing_unit_id" | "pricing_unit_code" | "short_name"> {
  return { svc_pricing_unit_id: pu.svc_id ?? null, pricing_unit_code: pu.code ?? null, short_name: pu.short_name ?? null };
}

function truncateToBigInt(x: Decimal): bigint {
  return toScaledBigInt(round(x, 0, "down"), 0);
}
