/**
 * The split simulation run in this thread, part after part (docs/scale.md, "Every core"): what
 * the workers do, without workers — the tests' way to check the split and the merge, and the
 * reference the worker pool must agree with. Pure: no I/O.
 */
import { simulate, type SimulateOutput } from "../json/simulate.js";
import { validateSimulation } from "../simulator/simulate.js";
import { mergeParts } from "./merge.js";
import { planSplit, type SplitOptions } from "./plan.js";
import { runPart } from "./trace/part.js";
import { assemble, type PartChunk } from "./trace/result.js";

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
 * the other in this thread and merged; in one piece when it cannot be split exactly. With
 * `chunk`, each part sends its webhooks and responses in chunks of that size as a worker does.
 * @throws ValidationError as `simulate` does.
 */
export function simulateSplit(input: unknown, parts: number, chunk?: number): { output: SimulateOutput; report: SimulateManyReport } {
  validateSimulation(input);
  let options: SplitOptions = {};
  for (let pass = 1; ; pass++) {
    const split = planSplit(input, parts, options);
    if (!split.ok) return { output: simulate(input), report: { workers: 0, groups: 0, reason: split.reason } };
    const results = split.plan.tasks.map((task) => {
      if (chunk === undefined) return runPart(task);
      const sent: PartChunk[] = [];
      return assemble(sent, runPart(task, (c) => sent.push(c), chunk));
    });
    const merged = mergeParts(split.plan, results);
    if (merged.ok) return { output: merged.output, report: { workers: 0, groups: split.plan.groups } };
    // What the run found (a create_wallet refused before another, the interval rules' walks) planned for: at most three runs.
    if (merged.again !== undefined && pass < 3) {
      options = merged.again;
      continue;
    }
    return { output: simulate(input), report: { workers: 0, groups: split.plan.groups, reason: merged.reason } };
  }
}
