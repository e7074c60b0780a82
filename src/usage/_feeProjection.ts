/**
 * The projection of one current-usage fee to the end of its period (invoice.md §13.2).
 */
import { type Decimal, HUNDRED, ZERO, dec, round, toScaledBigInt } from "../core/decimal.js";
import { type CurrencyCode, currencyExponent } from "../core/currency.js";
import { subunitToUnit } from "../core/money.js";
import { type Charge, type ChargeModelDef, type ChargeModelName, chargeModels } from "../charges/index.js";
import type { Fee } from "../fees/index.js";
import type { DayRatio } from "./_periodRatio.js";

export interface FeeProjection {
  readonly units: Decimal;
  /** Fiat minor units. */
  readonly amount_cents: bigint;
  /** Pricing-unit charges: the projection in pricing-unit cents. */
  readonly pricing_unit_amount_cents?: bigint;
}

export interface FeeProjectionContext {
  /** The model and properties that priced the fee (the filter's own for a filter bucket). */
  readonly priced: Charge;
  readonly recurring: boolean;
  /** Weighted sums show their weighted units as `units`; other metrics keep the aggregation's units in `total_aggregated_units`. */
  readonly weighted: boolean;
  readonly ratio: DayRatio;
  readonly currency: CurrencyCode;
}

/**
 * Recurring metric → the current figures. Ratio 0 → 0. Else `projected_units =
 * round_half_up(units / ratio, 2)`; standard, graduated, volume and package price those
 * units with the charge's properties, the other models (and prorated graduated) give
 * `amount / ratio`; the amount is rounded to the currency, negatives become 0.
 */
export function feeProjection(fee: Fee, ctx: FeeProjectionContext): FeeProjection {
  const pu = fee.pricing_unit_details;
  if (ctx.recurring) {
    return { units: fee.units, amount_cents: fee.amount_cents, ...(pu === undefined ? {} : { pricing_unit_amount_cents: pu.amount_cents }) };
  }
  const { passed, total } = ctx.ratio;
  if (passed <= 0) return zero(pu !== undefined);
  // The aggregation's units: fee units show current-usage units for prorated / in-advance charges.
  const units = ctx.weighted ? fee.units : fee.total_aggregated_units;
  const scale = (x: Decimal): Decimal => x.times(dec(total)).div(dec(passed));
  const projectedUnits = units.eq(ZERO) ? ZERO : round(scale(units), 2, "half_up");
  const byUnits = ["standard", "volume", "package"].includes(ctx.priced.charge_model)
    || (ctx.priced.charge_model === "graduated" && ctx.priced.prorated !== true);
  // The model's amount in its own money (pricing units for a pricing-unit charge), unrounded.
  const current = pu === undefined ? fee.precise_amount_cents.div(subunitToUnit(ctx.currency)) : pu.precise_amount_cents.div(HUNDRED);
  const projected = byUnits ? unitsAmount(ctx.priced, units, projectedUnits) : current.eq(ZERO) ? ZERO : scale(current);
  const amount = projected.lt(ZERO) ? ZERO : projected;
  const units2 = projectedUnits.lt(ZERO) ? ZERO : projectedUnits;
  if (pu === undefined) return { units: units2, amount_cents: toCents(amount, ctx.currency) };
  // invoice.md §13.2.1: `pricing_unit_details.projected_amount_cents` is the projected amount
  // converted to the currency (rounded in the unit, × rate, rounded), as the entry's own figure;
  // only a recurring metric's (above) stays in pricing-unit cents.
  const cents = toCents(round(amount, 2, "half_up").times(pu.conversion_rate), ctx.currency);
  return { units: units2, amount_cents: cents, pricing_unit_amount_cents: cents };
}

/** The model's projected amount for `projected` units (its `project`, which reads only the properties). */
function unitsAmount(priced: Charge, units: Decimal, projected: Decimal): Decimal {
  const def = chargeModels[priced.charge_model] as unknown as ChargeModelDef<ChargeModelName>;
  const out = def.rate({ properties: priced.properties, aggregation: { units }, prorated: priced.prorated === true, options: {} });
  return out.project(projected, null);
}

function toCents(amount: Decimal, currency: CurrencyCode): bigint {
  return toScaledBigInt(round(amount, currencyExponent(currency), "half_up").times(subunitToUnit(currency)), 0);
}

function zero(pricingUnit: boolean): FeeProjection {
  return { units: ZERO, amount_cents: 0n, ...(pricingUnit ? { pricing_unit_amount_cents: 0n } : {}) };
}
