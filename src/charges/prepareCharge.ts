/**
 * A charge prepared once for many evaluations: properties turned into scaled integers and an
 * exact kernel (safe-integer numbers, then bigint), with the Decimal models as the last resort.
 */
import { type Decimal, ZERO, fromScaledBigInt } from "../core/decimal.js";
import { ValidationError, issue } from "../core/issue.js";
import { applyChargeModel } from "./applyChargeModel.js";
import { MAX_SCALE, mantissaOf } from "./fast/_fixed.js";
import { dynamicKernel } from "./fast/dynamicKernel.js";
import { graduatedKernel } from "./fast/graduatedKernel.js";
import { graduatedPercentageKernel } from "./fast/graduatedPercentageKernel.js";
import { packageKernel } from "./fast/packageKernel.js";
import { percentageKernel } from "./fast/percentageKernel.js";
import { standardKernel } from "./fast/standardKernel.js";
import type { Kernel } from "./fast/types.js";
import { volumeKernel } from "./fast/volumeKernel.js";
import { sortByFrom } from "./_tiers.js";
import { percentageAllowance } from "./_percentageFree.js";
import { hasMinMax } from "./percentage.js";
import { type AggregationInput, type DecimalLike, parseAggregation } from "./parseAggregation.js";
import { type ChargeSpec, type RateChargeOptions, validateCharge } from "./rateCharge.js";
import type { Aggregation, Charge, RateOptions } from "./types.js";

/** Everything of the aggregation except the units, fixed for all evaluations. */
export type PrepareContext = Omit<AggregationInput, "units">;

export interface ScaledRater {
  /** The amount for `mantissa / 10^scale` units, as a mantissa at `amountScale(scale)`. */
  rate(mantissa: number | bigint, scale: number): number | bigint;
  amountScale(scale: number): number;
}

export interface PreparedCharge {
  readonly charge: Charge;
  /** The exact amount for `units` (identical to `rateCharge(...).amount`). */
  rate(units: DecimalLike): Decimal;
  /** The scaled-integer hot path; `undefined` for charges that have none (see docs/charge-models.md). */
  readonly scaled: ScaledRater | undefined;
}

/**
 * Prepares a charge for many unit values.
 *
 * @example
 * const p = prepareCharge({ charge_model: "standard", properties: { amount: "0.5" } });
 * p.rate("3").toString() //=> "1.5"
 * @throws ValidationError for a bad charge or context.
 */
export function prepareCharge(charge: ChargeSpec, context: PrepareContext = {}, options: RateChargeOptions = {}): PreparedCharge {
  const probe = validateCharge(charge, { ...context, units: "1" }, options, true);
  const base = probe.aggregation;
  const kernel = kernelFor(probe.charge, base, probe.options);
  const slow = (units: Decimal): Decimal => applyChargeModel(probe.charge, { ...base, units }, probe.options).amount;
  const scaledRater: ScaledRater | undefined = kernel && {
    amountScale(s) {
      if (!Number.isSafeInteger(s) || s < 0 || s > MAX_SCALE) throw new ValidationError([issue("invalid_value", ["aggregation", "units"])]);
      return kernel.amountScale(s);
    },
    rate(m, s) {
      if (Number.isSafeInteger(m)) {
        const r = kernel.num(m as number, s);
        if (r === r) return r;
      }
      if (!(Number.isInteger(m) || typeof m === "bigint")) {
        throw new ValidationError([issue("invalid_value", ["aggregation", "units"])]);
      }
      const b = kernel.big(BigInt(m), s);
      if (b === undefined) throw new ValidationError([issue("units_out_of_ranges", ["aggregation", "units"])]);
      return b;
    },
  };
  return {
    charge: probe.charge,
    scaled: scaledRater,
    rate(units) {
      const d = toUnits(units);
      const { m, s } = mantissaOf(d);
      if (!scaledRater || s > MAX_SCALE) return slow(d);
      const r = scaledRater.rate(m, s);
      return fromScaledBigInt(BigInt(r), scaledRater.amountScale(s));
    },
  };
}

function toUnits(x: DecimalLike): Decimal {
  const a = parseAggregation({ units: x });
  if (!a.ok) throw new ValidationError(a.issues);
  return a.value.units;
}

function kernelFor(charge: Charge, a: Aggregation, options: RateOptions): Kernel | undefined {
  if (options.exclude_event === true) return undefined;
  switch (charge.charge_model) {
    case "standard":
      return standardKernel(charge.properties.amount);
    case "graduated":
      return charge.prorated === true ? undefined : graduatedKernel(charge.properties.graduated_ranges);
    case "graduated_percentage":
      return graduatedPercentageKernel(charge.properties.graduated_percentage_ranges);
    case "package":
      return packageKernel(charge.properties);
    case "volume":
      return charge.prorated === true && a.full_units_number !== undefined
        ? undefined
        : volumeKernel(sortByFrom(charge.properties.volume_ranges));
    case "percentage": {
      const p = charge.properties;
      if (hasMinMax(p)) return undefined;
      const { freeUnits, fixedTotal } = percentageAllowance(p, a);
      return percentageKernel(p.rate, freeUnits, fixedTotal);
    }
    case "dynamic": {
      const cents = a.precise_total_amount_cents ?? ZERO;
      return dynamicKernel(cents.div(options.subunit_to_unit!), a.full_units_number);
    }
    default:
      return undefined;
  }
}
