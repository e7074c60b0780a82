/**
 * The simulator: a timeline of API-shaped calls replayed against the engine (contract §4).
 */
export { type SimulationResult, type SimulationWarning, runSimulation, validateSimulation } from "./simulate.js";
export { OPERATIONS, type Operation } from "./steps.js";
export type { SubscriptionJson } from "./subscriptionRecord.js";
export { type Catalog, type Metric, type Organization, type Plan, type PlanCharge, parseCatalog } from "./catalog.js";
