/**
 * Prices aggregated units with a charge: the one dispatch over the charge models.
 */
import { type Decimal, ZERO, round } from "../core/decimal.js";
import { ValidationError } from "../core/issue.js";
import { dynamic } from "./dynamic.js";
import { graduated } from "./graduated.js";
import { graduatedPercentage } from "./graduatedPercentage.js";
import { packageModel } from "./package.js";
import { percentage } from "./percentage.js";
import { proratedGraduated } from "./proratedGraduated.js";
import { chargeRequirements } from "./requirements.js";
import { standard } from "./standard.js";
import type { Aggregation, Charge, ChargeResult, ModelOutput, RateOptions } from "./types.js";
import { volume } from "./volume.js";

/**
 * Applies the charge's model to an aggregation (semantics §1–§10).
 *
 * @throws ValidationError when the aggregation lacks what the model needs (a dynamic
 * charge without currency, units no volume range prices, …).
 */
export function applyChargeModel(charge: Charge, aggregation: Aggregation, options: RateOptions = {}): ChargeResult {
  const [first, ...rest] = chargeRequirements(charge, aggregation, options);
  if (first) throw new ValidationError([first, ...rest]);
  return applyCheckedChargeModel(charge, aggregation, options);
}

/** {@link applyChargeModel} for inputs whose `chargeRequirements` were already checked (`rateCharge`). */
export function applyCheckedChargeModel(charge: Charge, aggregation: Aggregation, options: RateOptions): ChargeResult {
  const out = rateModel(charge, aggregation, options);
  const result = { units: aggregation.units, amount: out.amount, unit_amount: out.unit_amount, amount_details: out.amount_details };
  if (options.calculate_projected_usage !== true) return result;
  const ratio = options.period_ratio ?? null;
  const projectedUnits = projectUnits(aggregation.units, ratio);
  return { ...result, projected_units: projectedUnits, projected_amount: out.project(projectedUnits, ratio) };
}

function rateModel(charge: Charge, aggregation: Aggregation, options: RateOptions): ModelOutput {
  const prorated = charge.prorated === true;
  switch (charge.charge_model) {
    case "standard":
      return standard.rate({ properties: charge.properties, aggregation, prorated, options });
    case "graduated":
      // Prorated needs the per-event values; without them the units are priced as plain graduated (requirements.ts).
      return (prorated && aggregation.event_prorated_values !== undefined ? proratedGraduated : graduated).rate({ properties: charge.properties, aggregation, prorated, options });
    case "graduated_percentage":
      return graduatedPercentage.rate({ properties: charge.properties, aggregation, prorated, options });
    case "package":
      return packageModel.rate({ properties: charge.properties, aggregation, prorated, options });
    case "percentage":
      return percentage.rate({ properties: charge.properties, aggregation, prorated, options });
    case "volume":
      return volume.rate({ properties: charge.properties, aggregation, prorated, options });
    case "dynamic":
      return dynamic.rate({ properties: charge.properties, aggregation, prorated, options });
    default:
      return unreachable(charge);
  }
}

/** §1: 0 at 0 units; `round(units / period_ratio, 2)` half-up when the ratio is positive; else 0. */
export function projectUnits(units: Decimal, ratio: Decimal | null): Decimal {
  if (units.eq(ZERO) || ratio === null || !ratio.gt(ZERO)) return ZERO;
  return round(units.div(ratio), 2, "half_up");
}

function unreachable(x: never): never {
  throw new Error(`[ratecard] unknown charge model: ${JSON.stringify(x)}`);
}
