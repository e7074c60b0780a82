/**
 * The split simulation run in this thread, part after part (docs/scale.md, "Every core"): what
 * the workers do, without workers — the tests' way to check the split and the merge, and the
 * reference the worker pool must agree with. Pure: no I/O.
 */
import { simulate, type SimulateOutput } from "../json/simulate.js";
import { validateSimulation } from "../simulator/simulate.js";
import { mergeParts } from "./merge.js";
import { planSplit } from "./plan.js";
import { runPart } from "./trace.js";

/** How `simulateMany` ran an input. */
export interface SimulateManyReport {
  /** Worker threads used (0: the input ran in the calling thread). */
  readonly workers: number;
  /** Groups of connected customers the timeline has (0 when it was not split). */
  readonly groups: number;
  /** Why the input ran in one piece, when it did. */
  readonly reason?: string;
}

/**
 * `simulate(input)`, computed by splitting the timeline into `parts` parts replayed one after
 * the other in this thread and merged; in one piece when it cannot be split exactly.
 * @throws ValidationError as `simulate` does.
 */
export function simulateSplit(input: unknown, parts: number): { output: SimulateOutput; report: SimulateManyReport } {
  validateSimulation(input);
  const split = planSplit(input, parts);
  if (!split.ok) return { output: simulate(input), report: { workers: 0, groups: 0, reason: split.reason } };
  const merged = mergeParts(split.plan, split.plan.tasks.map(runPart));
  if (!merged.ok) return { output: simulate(input), report: { workers: 0, groups: split.plan.groups, reason: merged.reason } };
  return { output: merged.output, report: { workers: 0, groups: split.plan.groups } };
}
