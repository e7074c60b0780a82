/**
 * Input schemas of the catalog objects (zod), their JSON Schemas, and the edge parser.
 */
export { addOnSchema } from "./addOn.js";
export { aggregateBillableMetricSchema, billableMetricSchema, metricFilterSchema } from "./billableMetric.js";
export { catalogSchema } from "./catalog.js";
export { chargeSchema } from "./charge.js";
export {
  dynamicPropertiesSchema,
  graduatedPercentagePropertiesSchema,
  graduatedPropertiesSchema,
  packagePropertiesSchema,
  percentagePropertiesSchema,
  standardPropertiesSchema,
  volumePropertiesSchema,
} from "./chargeProperties.js";
export { couponSchema } from "./coupon.js";
export { billingConfigurationSchema, customerSchema } from "./customer.js";
export { eventSchema } from "./event.js";
export { fixedChargeSchema } from "./fixedCharge.js";
export { organizationSchema } from "./organization.js";
export { minimumCommitmentSchema, planSchema, usageThresholdSchema } from "./plan.js";
export { appliedPricingUnitSchema, pricingUnitSchema } from "./pricingUnit.js";
export { planOverridesSchema, subscriptionSchema } from "./subscription.js";
export { taxSchema } from "./tax.js";
export { recurringTransactionRuleSchema, walletSchema } from "./wallet.js";
export { CATALOG_KINDS, CATALOG_SCHEMAS, type CatalogKind } from "./catalogSchemas.js";
export { type CatalogObject, parseCatalogObject } from "./parseCatalogObject.js";
export { type CatalogJsonSchema, catalogJsonSchemas } from "./catalogJsonSchemas.js";
export { fromZodIssues } from "./fromZodIssues.js";
export { DOCUMENT_LOCALES, PREMIUM_INTEGRATIONS, isItemMetadata } from "./_primitives.js";
export { catalogKeys, unknownCatalogKeys, unknownKeys } from "./unknownKeys.js";
export { parseInto } from "./parseInto.js";
