/**
 * Aggregation: billable metrics over raw usage events (semantics §12–§14).
 */
export type {
  AggregationResult, AggregationType, AggregationWarning, AggregationWindow, BillableMetric, FilterValues,
  GroupResult, RoundingFunction, UnitsResult, UsageEvent, WarningReason,
} from "./types.js";
export { AGGREGATION_TYPES } from "./types.js";
export { parseMetric } from "./parseInput.js";
export { type Aggregator, type AggregatorState, aggregateEvents, createAggregator } from "./aggregator.js";
export { dedupeEvents } from "./dedupe.js";
export { compileFilter } from "./filter.js";
export { propertyText } from "./_valueCodes.js";
export { groupValue } from "./groupBy.js";
export { roundUnits } from "./rounding.js";
export { daysBetween, floatQuotient, pgQuotient } from "./_days.js";
export { type DictColumn, type EventBatch, buildEventBatch } from "./eventBatch.js";
export { aggregateBatch } from "./aggregateBatch.js";
export { prorateEventUnits } from "./prorateEvent.js";
export { expressionFailure, expressionValue } from "./_expression.js";
