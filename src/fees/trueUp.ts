/**
 * Minimum spend per charge: the `min_amount_cents` true-up fee (charges.md §17,
 * invoice.md §7).
 */
import { HUNDRED, ONE, round, sum, toScaledBigInt } from "../core/decimal.js";
import type { CurrencyCode } from "../core/currency.js";
import { subunitToUnit } from "../core/money.js";
import { requireNonNegative, requirePositiveInteger } from "./_check.js";
import { dec16, roundHalfAwayToBigInt } from "../core/float.js";
import { pricingUnitNames, pricingUnitToMoney } from "./chargeFee.js";
import type { AppliedPricingUnit, FeeAmounts } from "./types.js";

export interface TrueUpInput {
  /** The charge's minimum for a full period, in minor units (pricing-unit cents with a pricing unit). */
  readonly min_amount_cents: bigint;
  /** Days of the full charges period. */
  readonly charges_duration_in_days: number;
  /**
   * Days billed: whole local days of the charges window, both ends included (the
   * period helper's `dayDiff`), minus one when terminated by an upgrade.
   */
  readonly billed_days: number;
  /** Every fee of the charge on this invoice (all filters, all groups). */
  readonly fees: readonly Pick<FeeAmounts, "amount_cents" | "precise_amount_cents">[];
  readonly currency: CurrencyCode;
  /** Pricing-unit charges: `fees` and the minimum are in pricing-unit cents. */
  readonly pricing_unit?: AppliedPricingUnit | undefined;
}

/**
 * The true-up fee's amounts, or `undefined` when the charge reached its (prorated) minimum.
 *
 * `prorated_min = double(min) / duration × days` is computed in binary floating point,
 * as the reference does; `amount_cents = round_half_away(prorated_min − used)`,
 * `precise_amount_cents = prorated_min − Σ precise`, units 1, events_count 0.
 * @example trueUpFeeAmounts({ min_amount_cents: 1000n, charges_duration_in_days: 31, billed_days: 15, fees: [200 cents], currency: "EUR" }).amount_cents //=> 284n
 */
export function trueUpFeeAmounts(input: TrueUpInput): FeeAmounts | undefined {
  requirePositiveInteger(input.charges_duration_in_days, ["charges_duration_in_days"]);
  requireNonNegative(input.billed_days, ["billed_days"]);
  if (input.min_amount_cents <= 0n) return undefined;
  const proratedMin = (Number(input.min_amount_cents) / input.charges_duration_in_days) * input.billed_days;
  const used = input.fees.reduce((acc, f) => acc + f.amount_cents, 0n);
  if (!(Number(used) < proratedMin)) return undefined;

  const cents = roundHalfAwayToBigInt(proratedMin - Number(used));
  const precise = dec16(proratedMin).minus(sum(input.fees.map((f) => f.precise_amount_cents)));
  const common = { units: ONE, events_count: 0, total_aggregated_units: ONE, amount_details: {} };
  const pu = input.pricing_unit;
  if (pu === undefined) {
    const s = subunitToUnit(input.currency);
    return Object.assign({}, common, { amount_cents: cents, precise_amount_cents: precise, unit_amount_cents: cents, precise_unit_amount: precise.div(s) });
  }
  // Pricing unit: the true-up is in pricing-unit cents (the unit's price is the precise amount,
  // its cents truncated as the reference's integer column), then converted as a charge fee's.
  return Object.assign({}, common, pricingUnitToMoney({
    ...pricingUnitNames(pu),
    amount_cents: cents,
    precise_amount_cents: precise,
    unit_amount_cents: toScaledBigInt(round(precise, 0, "down"), 0),
    precise_unit_amount: precise.div(HUNDRED),
    conversion_rate: pu.conversion_rate,
  }, input.currency));
}

