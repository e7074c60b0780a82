/**
 * Usage as the customer sees it before invoicing: current usage (invoice.md §13.1).
 */
export {
  type CurrentUsageCharge, type CurrentUsageOptions, type CurrentUsageInput, type CurrentUsageResult,
  type CustomerUsageJson, type ChargeUsageJson, type FilterUsageJson, type GroupedUsageJson, type UsageFigures, currentUsage,
} from "./currentUsage.js";
