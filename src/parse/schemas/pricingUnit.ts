/**
 * Pricing unit (premium, charges.md §16.5): a unit of money other than the currency that a
 * charge's model prices in (`applied_pricing_unit` on the charge names it and its rate).
 */
import { z } from "zod";
import { decimalLike, requiredText, timestamp } from "./_primitives.js";

export const pricingUnitSchema = z
  .looseObject({
    code: requiredText,
    name: requiredText,
    /** Shown beside amounts: at most 3 characters (the reference's limit). */
    short_name: requiredText.max(3),
    description: z.string().max(600).nullish(),
    svc_id: z.string().nullish(),
    created_at: timestamp.nullish(),
  })
  .meta({ id: "PricingUnit", title: "PricingUnit", description: "A pricing unit of the catalog (premium)." });

/** A charge's pricing unit: the catalog unit's code and its rate to the plan's currency (> 0). */
export const appliedPricingUnitSchema = z
  .looseObject({
    code: requiredText,
    conversion_rate: decimalLike,
  })
  .meta({ id: "AppliedPricingUnit", title: "AppliedPricingUnit", description: "The pricing unit of a charge and its conversion rate to the plan's currency." });
