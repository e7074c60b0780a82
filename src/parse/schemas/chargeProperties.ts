/**
 * The `properties` of a charge, one shape per charge model (as in the specification's
 * Plan section). Shapes only: range ordering, non-negative amounts, `package_size > 0`
 * and the other rules of the semantics (§19) are the charge models' own checks.
 */
import { z } from "zod";
import { catalogDecimalString as decimalString, decimalLike, integer, stringList } from "./_primitives.js";

/** A range bound: an integer, or a decimal (string or exact number) for decimal ranges. */
const rangeBound = decimalLike;

/** Keys every model accepts: the event properties that split the charge into groups. */
const groupingShape = {
  pricing_group_keys: stringList.nullish(),
  /** Legacy name of `pricing_group_keys`. */
  grouped_by: stringList.nullish(),
};

const amountRange = z
  .looseObject({
    from_value: rangeBound,
    /** `null` (or absent) for the open top range. */
    to_value: rangeBound.nullish(),
    per_unit_amount: decimalString,
    flat_amount: decimalString,
  })
  .meta({ id: "AmountRange" });

const percentageRange = z
  .looseObject({
    from_value: rangeBound,
    to_value: rangeBound.nullish(),
    /** Percent (`"1.3"` = 1.3 %). */
    rate: decimalString,
    flat_amount: decimalString,
  })
  .meta({ id: "PercentageRange" });

export const standardPropertiesSchema = z
  .looseObject({ ...groupingShape, amount: decimalString })
  .meta({ id: "StandardProperties" });

export const packagePropertiesSchema = z
  .looseObject({
    ...groupingShape,
    amount: decimalString,
    package_size: integer,
    free_units: integer.nullish(),
  })
  .meta({ id: "PackageProperties" });

export const graduatedPropertiesSchema = z
  .looseObject({ ...groupingShape, graduated_ranges: z.array(amountRange) })
  .meta({ id: "GraduatedProperties" });

export const graduatedPercentagePropertiesSchema = z
  .looseObject({
    ...groupingShape,
    graduated_percentage_ranges: z.array(percentageRange),
  })
  .meta({ id: "GraduatedPercentageProperties" });

export const volumePropertiesSchema = z
  .looseObject({ ...groupingShape, volume_ranges: z.array(amountRange) })
  .meta({ id: "VolumeProperties" });

export const percentagePropertiesSchema = z
  .looseObject({
    ...groupingShape,
    rate: decimalString,
    fixed_amount: decimalString.nullish(),
    free_units_per_events: integer.nullish(),
    free_units_per_total_aggregation: decimalString.nullish(),
    per_transaction_min_amount: decimalString.nullish(),
    per_transaction_max_amount: decimalString.nullish(),
  })
  .meta({ id: "PercentageProperties" });

/** Dynamic charges are priced by the events' `precise_total_amount_cents`; no price here. */
export const dynamicPropertiesSchema = z
  .looseObject({ ...groupingShape })
  .meta({ id: "DynamicProperties" });
