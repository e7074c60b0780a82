/**
 * Billable metric: how raw events become units (`aggregation_type`, `field_name`, …).
 */
import { z } from "zod";
import { integer, requiredText, stringList, timestamp } from "./_primitives.js";

import { AGGREGATION_TYPES } from "../../model/vocabulary.js";

export { AGGREGATION_TYPES };

export const ROUNDING_FUNCTIONS = ["round", "ceil", "floor"] as const;

/** A filter key the metric declares, with the values events may carry for it. */
/** `values` lists at least one value (the reference refuses an empty list: value_is_mandatory). */
export const metricFilterSchema = z.looseObject({ key: requiredText, values: stringList.refine((l) => l.length > 0, { params: { code: "value_is_mandatory" }, message: "expected at least one value" }) });

const metricShape = {
  code: requiredText,
  name: requiredText,
  aggregation_type: z.enum(AGGREGATION_TYPES),
  /** The event property aggregated (not used by `count_agg`). */
  field_name: z.string().nullish(),
  recurring: z.boolean().nullish(),
  weighted_interval: z.enum(["seconds"]).nullish(),
  rounding_function: z.enum(ROUNDING_FUNCTIONS).nullish(),
  /** Decimals kept by `rounding_function`; negative rounds to tens, hundreds… */
  rounding_precision: integer.nullish(),
  expression: z.string().nullish(),
  filters: z.array(metricFilterSchema).nullish(),
  description: z.string().nullish(),
  svc_id: z.string().nullish(),
  created_at: timestamp.nullish(),
};

export const billableMetricSchema = z
  .looseObject(metricShape)
  .meta({ id: "BillableMetric", title: "BillableMetric", description: "A billable metric of the catalog." });

/** The metric as `aggregate()` takes it: the catalog's shape, with `name` optional. */
export const aggregateBillableMetricSchema = z
  .looseObject({ ...metricShape, name: z.string().nullish() })
  .meta({ id: "AggregateBillableMetric", title: "AggregateBillableMetric", description: "The billable_metric input of aggregate()." });
