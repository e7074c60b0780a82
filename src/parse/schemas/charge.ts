/**
 * Charge of a plan: a billable metric priced by a charge model. `charge_model`
 * discriminates the shape of `properties` (and of each filter's `properties`).
 */
import { z } from "zod";
import { cents, requiredText, stringList, timestamp } from "./_primitives.js";
import {
  dynamicPropertiesSchema,
  graduatedPercentagePropertiesSchema,
  graduatedPropertiesSchema,
  packagePropertiesSchema,
  percentagePropertiesSchema,
  standardPropertiesSchema,
  volumePropertiesSchema,
} from "./chargeProperties.js";
import { appliedPricingUnitSchema } from "./pricingUnit.js";
import { taxSchema } from "./tax.js";

const commonShape = {
  billable_metric_code: requiredText,
  /** Names the charge among the plan's charges (several may share a metric). */
  code: z.string().nullish(),
  invoice_display_name: z.string().nullish(),
  pay_in_advance: z.boolean().nullish(),
  invoiceable: z.boolean().nullish(),
  prorated: z.boolean().nullish(),
  regroup_paid_fees: z.enum(["invoice"]).nullish(),
  min_amount_cents: cents.nullish(),
  accepts_target_wallet: z.boolean().nullish(),
  /** Premium: the model prices in this pricing unit of the catalog (charges.md §16.5). */
  applied_pricing_unit: appliedPricingUnitSchema.nullish(),
  tax_codes: stringList.nullish(),
  taxes: z.array(taxSchema).nullish(),
  svc_id: z.string().nullish(),
  svc_billable_metric_id: z.string().nullish(),
  created_at: timestamp.nullish(),
};

/** One filter of a charge: its own price for events whose properties match `values`. */
function filterOf<P extends z.ZodType>(properties: P) {
  return z.looseObject({
    /** Filter key → accepted values (`__ALL_FILTER_VALUES__` stands for every declared value). */
    values: z.record(z.string(), stringList),
    properties,
    invoice_display_name: z.string().nullish(),
  });
}

function variant<M extends string, P extends z.ZodType>(model: M, properties: P) {
  return z.looseObject({
    ...commonShape,
    charge_model: z.literal(model),
    properties,
    filters: z.array(filterOf(properties)).nullish(),
  });
}

export const chargeSchema = z
  .discriminatedUnion("charge_model", [
    variant("standard", standardPropertiesSchema),
    variant("graduated", graduatedPropertiesSchema),
    variant("graduated_percentage", graduatedPercentagePropertiesSchema),
    variant("package", packagePropertiesSchema),
    variant("percentage", percentagePropertiesSchema),
    variant("volume", volumePropertiesSchema),
    variant("dynamic", dynamicPropertiesSchema.nullish()),
  ])
  .meta({ id: "Charge", title: "Charge", description: "A usage charge of a plan; properties by charge_model." });
