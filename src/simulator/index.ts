/**
 * The simulator: a timeline of API-shaped calls replayed against the engine (contract §4).
 */
export { OPERATIONS, type Operation, type SimulationResult, type SimulationWarning, type SubscriptionJson, runSimulation } from "./simulate.js";
export { type Catalog, type Metric, type Organization, type Plan, type PlanCharge, parseCatalog } from "./catalog.js";
