/**
 * Usage as the customer sees it before invoicing: current usage (invoice.md §13.1).
 */
export {
  type ChargeUsageMemo, type ChargeUsageMemoEntry, type CurrentUsageCharge, type CurrentUsageOptions, type CurrentUsageInput, type CurrentUsageResult,
  type CustomerUsageJson, type ChargeUsageJson, type FilterUsageJson, type GroupedUsageJson, type UsageFigures, currentUsage,
} from "./currentUsage.js";
// Projected usage and alerts (invoice.md §13.2–§13.4, §14).
export {
  type ProjectedUsageInput, type ProjectedUsageResult, type CustomerProjectedUsageJson, type ProjectedChargeJson,
  type ProjectedFilterJson, type ProjectedGroupedJson, type ProjectedFigures, projectedUsage,
} from "./projectedUsage.js";
export { type DayRatio, periodRatio, chargeServiceRatio } from "./_periodRatio.js";
export {
  ALERT_TYPES, WALLET_ALERT_TYPES, METRIC_ALERT_TYPES, type AlertType, type AlertDirection, type AlertThreshold, type AlertMetric,
  type AlertWallet, type Alert, type WalletBalances, type CrossedThreshold, isAlertType, isWalletAlertType, isMetricAlertType, alertDirection,
} from "./alertTypes.js";
export { type Alertable, type CreateAlertContext, type CreateAlertResult, parseCreateAlert } from "./alertCreate.js";
export { type AlertFee, type AlertMeasures, alertValue } from "./alertValue.js";
export { type CrossingInput, crossedThresholdValues, crossedThresholds } from "./alertCrossing.js";
export { type AlertEvaluation, type TriggeredAlertJson, processAlert } from "./alertProcess.js";
export { type AlertJson, fetchAlert } from "./alertJson.js";
