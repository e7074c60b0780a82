/**
 * The typed API of the charge models.
 */
export { rateCharge, validateCharge, collectCharge, type ChargeSpec, type RateChargeOptions } from "./rateCharge.js";
export { applyChargeModel as rateParsedCharge, projectUnits } from "./applyChargeModel.js";
export { parseCharge, isChargeModelName, pricingGroupKeys, withCleanGroupKeys } from "./parseCharge.js";
export { boundJson } from "./_ranges.js";
export { isAdjacent } from "./_tiers.js";
export { sentText } from "./_parse.js";
export { defaultChargeProperties, withDefaultProperties } from "./defaultProperties.js";
export { parseAggregation, type AggregationInput, type DecimalLike } from "./parseAggregation.js";
export { chargeModels } from "./table.js";
export { type AggregationNeeds, aggregationNeeds } from "./aggregationNeeds.js";
export {
  CHARGE_MODELS,
  type ChargeModelName,
  type Charge,
  type ChargeModelDef,
  type Aggregation,
  type RateOptions,
  type ChargeResult,
  type AmountDetails,
  type AmountRange,
  type RateRange,
  type GraduatedRangeDetail,
  type GraduatedPercentageRangeDetail,
  type PackageDetails,
  type PercentageDetails,
  type VolumeDetails,
  type PropertiesByModel,
} from "./types.js";
export { prepareCharge, type PreparedCharge, type PrepareContext, type ScaledRater } from "./prepareCharge.js";
