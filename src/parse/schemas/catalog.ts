/**
 * The catalog of a `simulate()` input: organization settings and the objects that
 * plans and steps refer to by code. Other keys (`steps`, `until`) pass through.
 */
import { z } from "zod";
import { addOnSchema } from "./addOn.js";
import { billableMetricSchema } from "./billableMetric.js";
import { couponSchema } from "./coupon.js";
import { organizationSchema } from "./organization.js";
import { planSchema } from "./plan.js";
import { pricingUnitSchema } from "./pricingUnit.js";
import { taxSchema } from "./tax.js";

export const catalogSchema = z
  .looseObject({
    organization: organizationSchema.nullish(),
    billable_metrics: z.array(billableMetricSchema).nullish(),
    plans: z.array(planSchema).nullish(),
    add_ons: z.array(addOnSchema).nullish(),
    coupons: z.array(couponSchema).nullish(),
    taxes: z.array(taxSchema).nullish(),
    pricing_units: z.array(pricingUnitSchema).nullish(),
  })
  .meta({ id: "Catalog", title: "Catalog", description: "The catalog part of a simulate() input." });
