/**
 * Tax: a named percentage that plans, charges, add-ons, customers or the whole
 * organization apply.
 */
import { z } from "zod";
import { decimalLike, requiredText, timestamp } from "./_primitives.js";

export const taxSchema = z
  .looseObject({
    code: requiredText,
    name: requiredText,
    /** Percent (`"20.0"` = 20 %); the specification shows a number, the vectors a decimal string. */
    rate: decimalLike,
    description: z.string().nullish(),
    applied_to_organization: z.boolean().nullish(),
    svc_id: z.string().nullish(),
    created_at: timestamp.nullish(),
  })
  .meta({ id: "Tax", title: "Tax", description: "A tax of the catalog (rate in percent)." });
