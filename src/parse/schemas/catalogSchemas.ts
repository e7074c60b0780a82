/**
 * The schema of each kind of catalog object, by the name its JSON Schema file carries.
 */
import { addOnSchema } from "./addOn.js";
import { billableMetricSchema } from "./billableMetric.js";
import { catalogSchema } from "./catalog.js";
import { chargeSchema } from "./charge.js";
import { couponSchema } from "./coupon.js";
import { customerSchema } from "./customer.js";
import { eventSchema } from "./event.js";
import { fixedChargeSchema } from "./fixedCharge.js";
import { organizationSchema } from "./organization.js";
import { planSchema } from "./plan.js";
import { pricingUnitSchema } from "./pricingUnit.js";
import { subscriptionSchema } from "./subscription.js";
import { taxSchema } from "./tax.js";
import { walletSchema } from "./wallet.js";

export const CATALOG_SCHEMAS = {
  billable_metric: billableMetricSchema,
  charge: chargeSchema,
  fixed_charge: fixedChargeSchema,
  plan: planSchema,
  add_on: addOnSchema,
  pricing_unit: pricingUnitSchema,
  coupon: couponSchema,
  tax: taxSchema,
  customer: customerSchema,
  subscription: subscriptionSchema,
  event: eventSchema,
  wallet: walletSchema,
  organization: organizationSchema,
  catalog: catalogSchema,
} as const;

/** `"plan"`, `"charge"`, `"billable_metric"`, … */
export type CatalogKind = keyof typeof CATALOG_SCHEMAS;

export const CATALOG_KINDS = Object.keys(CATALOG_SCHEMAS) as readonly CatalogKind[];
