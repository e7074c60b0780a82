/**
 * The contract's `simulate(input)` (../shared/docs/contract.md §4): a catalog and a
 * timeline of calls in, every response (and, in time, every invoice) out.
 */
import { type SimulationResult, runSimulation } from "../simulator/index.js";

/**
 * Replays the steps in order with the service's clock. A step the service would refuse
 * answers `{error: {code, error_details?}}` in `responses` and changes nothing.
 * This first slice does customers, subscriptions, events and current usage; what it
 * cannot do yet is listed in `warnings` (docs/simulator.md).
 *
 * @throws ValidationError naming every bad field of the catalog or of the steps' shape.
 */
export function simulate(input: unknown): SimulationResult {
  return runSimulation(input);
}
