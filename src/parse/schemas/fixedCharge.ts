/**
 * Fixed charge of a plan: an add-on billed every period for a number of units,
 * priced by the standard, graduated or volume model.
 */
import { z } from "zod";
import { decimalLike, requiredText, stringList, timestamp } from "./_primitives.js";
import { graduatedPropertiesSchema, standardPropertiesSchema, volumePropertiesSchema } from "./chargeProperties.js";
import { taxSchema } from "./tax.js";

const commonShape = {
  add_on_code: requiredText,
  /** Names the fixed charge (default: its add-on's code). */
  code: z.string().nullish(),
  invoice_display_name: z.string().nullish(),
  pay_in_advance: z.boolean().nullish(),
  prorated: z.boolean().nullish(),
  /** Units billed each period (an integer in the specification; decimals are read too). */
  units: decimalLike.nullish(),
  tax_codes: stringList.nullish(),
  taxes: z.array(taxSchema).nullish(),
  svc_id: z.string().nullish(),
  svc_add_on_id: z.string().nullish(),
  svc_parent_id: z.string().nullish(),
  created_at: timestamp.nullish(),
};

function variant<M extends string, P extends z.ZodType>(model: M, properties: P) {
  return z.looseObject({ ...commonShape, charge_model: z.literal(model), properties });
}

export const fixedChargeSchema = z
  .discriminatedUnion("charge_model", [
    variant("standard", standardPropertiesSchema),
    variant("graduated", graduatedPropertiesSchema),
    variant("volume", volumePropertiesSchema),
  ])
  .meta({ id: "FixedCharge", title: "FixedCharge", description: "A fixed charge of a plan (an add-on billed per period)." });
